package io.github.taskpools.jcstress.bwos;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.github.taskpools.bwos.FifoBwosDeque;
import io.github.taskpools.jcstress.Task;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * FIFO BWoS, a grant on request vs a thief vs the consumer's pops and takeover at the cut: 2 blocks
 * of 4. Tasks 0-2 are hidden in the consumer's block 0, the producer's, and a thief has asked for a
 * grant. The owner pushes task 3, which answers: tasks 2 and 3 move to block 1, filled before its
 * grant (the release of S publishes them, task 3's payload written by the owner actor itself), and
 * block 0 is cut after task 1. The owner then pops three times: 0, 1, and at the cut it takes
 * block 1 over (exchange of S, {@code C += NE - F}) while the thief steals from it twice. Then it
 * pushes tasks 4-7: 4-5 fill block 1, 6 needs the cut block 0 again in the next round (round
 * control: F and C of block 0 must both say NE), granted at reset, so the thief may steal 6 or 7
 * too. Results: verdict, and the number of tasks stolen, or 9 if the thief stole a task it may
 * not: 0-1 (the consumer's), or 4-5 (pushed after the takeover of block 1).
 */
@JCStressTest
@Outcome(id = "1, [0-2]", expect = ACCEPTABLE, desc = "every task taken once")
@Outcome(id = "1, 9", expect = FORBIDDEN, desc = "the thief stole a task hidden from it")
@Outcome(id = "0, .*", expect = FORBIDDEN, desc = "a task taken twice or seen corrupt")
@Outcome(id = "-1, .*", expect = FORBIDDEN, desc = "a task lost")
@State
public class FifoGrantOnRequestVsStealAndTakeover {
    /** Tasks the thief may steal: 2-3 (granted on request) and 6-7 (block 0, granted at reset). */
    static final int STEALABLE = (1 << 2) | (1 << 3) | (1 << 6) | (1 << 7);

    final FifoBwosDeque<Task> q = new FifoBwosDeque<>(2, 4);
    int owner;
    int pushed;
    int thief1;
    int thief2;

    public FifoGrantOnRequestVsStealAndTakeover() {
        for (int i = 0; i < 3; i++) {
            q.push(Task.of(i));
        }
        q.requestGrant(); // a thief that found nothing
    }

    @Actor
    public void owner() {
        q.bindOwner();
        q.push(Task.of(3));
        owner = Task.bitOf(q.pop()) | Task.bitOf(q.pop()) | Task.bitOf(q.pop());
        for (int i = 4; i < 8; i++) {
            if (q.push(Task.of(i))) {
                pushed |= 1 << i;
            }
        }
    }

    @Actor
    public void thief() {
        thief1 = Task.bitOf(q.steal());
        thief2 = Task.bitOf(q.steal());
    }

    @Arbiter
    public void arbiter(II_Result r) {
        int rest = Task.drain(q);
        r.r1 = Task.verdict(Task.first(4) | pushed, owner, thief1, thief2, rest);
        int thief = thief1 | thief2;
        r.r2 = (thief & ~STEALABLE & ~Task.CORRUPT) != 0 ? 9 : Integer.bitCount(thief & ~Task.CORRUPT);
    }
}
