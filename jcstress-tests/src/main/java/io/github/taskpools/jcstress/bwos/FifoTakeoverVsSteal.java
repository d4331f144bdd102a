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
 * FIFO BWoS, the consumer's takeover vs thieves (Fig. 7, FIFO): 3 blocks of 2. Tasks 0-1 are in the
 * consumer's block, 2-3 in block 1 (granted), 4 in the producer's block 2. The owner gets three
 * tasks, so it finishes block 0 and takes block 1 over (exchange of S, {@code C += NE - F}) while
 * a thief steals twice. Then it puts tasks 5-7, which needs block 0 again in the next round: only
 * once the thief has finished there. Results: verdict, tasks stolen. (jcstress runs at most as many actors as the machine has CPUs, two here, so one
 * thief steals twice: its second steal is in flight across the owner's block moves.)
 */
@JCStressTest
@Outcome(id = "1, [0-2]", expect = ACCEPTABLE, desc = "every task taken once")
@Outcome(id = "0, .*", expect = FORBIDDEN, desc = "a task taken twice or seen corrupt")
@Outcome(id = "-1, .*", expect = FORBIDDEN, desc = "a task lost")
@State
public class FifoTakeoverVsSteal {
    final FifoBwosDeque<Task> q = new FifoBwosDeque<>(3, 2);
    int owner;
    int pushed;
    int thief1;
    int thief2;

    public FifoTakeoverVsSteal() {
        for (int i = 0; i < 5; i++) {
            q.push(Task.of(i));
        }
    }

    @Actor
    public void owner() {
        q.bindOwner();
        owner = Task.bitOf(q.pop()) | Task.bitOf(q.pop()) | Task.bitOf(q.pop());
        for (int i = 5; i < 8; i++) {
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
        r.r1 = Task.verdict(Task.first(5) | pushed, owner, thief1, thief2, rest);
        r.r2 = Integer.bitCount(thief1) + Integer.bitCount(thief2);
    }
}
