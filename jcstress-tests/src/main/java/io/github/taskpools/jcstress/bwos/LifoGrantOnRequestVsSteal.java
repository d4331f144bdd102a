package io.github.taskpools.jcstress.bwos;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.github.taskpools.bwos.LifoBwosDeque;
import io.github.taskpools.jcstress.Task;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * LIFO BWoS, a grant on request vs steals, and the owner's takeover of the block granted on
 * request: 3 blocks of 4 entries, tasks 0-2 in the owner's block and a request already made (in
 * the constructor, so it is certain). The owner pushes task 3, which grants the older half
 * (0, 1 moved to entries 2, 3 of block 0, positions 0-1 counted in C) and continues in block 1
 * with 2 and 3; then it pops everything: 3, 2, then it takes block 0 over by exchanging S and pops
 * what the thief has not claimed. The thief steals twice: it may see block 0 before the grant
 * (nothing), or claim 0 and 1 in either order relative to the takeover. Results: verdict, number
 * of tasks the thief got.
 */
@JCStressTest
@Outcome(id = "1, 0", expect = ACCEPTABLE, desc = "every task once; the owner took the granted block back whole")
@Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "every task once; the thief got task 0, the owner the rest")
@Outcome(id = "1, 2", expect = ACCEPTABLE, desc = "every task once; the thief got the whole grant")
@Outcome(id = "0, .*", expect = FORBIDDEN, desc = "a task taken twice, not pushed, or with a stale payload")
@Outcome(id = "-1, .*", expect = FORBIDDEN, desc = "a task lost")
@State
public class LifoGrantOnRequestVsSteal {
    final LifoBwosDeque<Task> q = new LifoBwosDeque<>(3, 4);
    int owner;
    int thief1;
    int thief2;

    public LifoGrantOnRequestVsSteal() {
        q.push(Task.of(0));
        q.push(Task.of(1));
        q.push(Task.of(2));
        q.requestGrant(); // the constructor's thread is the owner here: a request is only a store
    }

    @Actor
    public void owner() {
        q.bindOwner();
        q.push(Task.of(3)); // answers the request: grants 0, 1; keeps 2, 3
        int got = 0;
        for (int i = 0; i < 5; i++) { // 3, 2, then the takeover of block 0: 1, 0 (what is left)
            got = Task.add(got, q.pop());
        }
        owner = got;
    }

    @Actor
    public void thief() {
        thief1 = Task.bitOf(q.steal());
        thief2 = Task.bitOf(q.steal());
    }

    @Arbiter
    public void arbiter(II_Result r) {
        int rest = Task.drain(q);
        r.r1 = Task.verdict(Task.first(4), owner, thief1, thief2, rest);
        r.r2 = Integer.bitCount(thief1) + Integer.bitCount(thief2);
    }
}
