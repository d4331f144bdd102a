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
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * LIFO BWoS, owner pop vs steal at a block boundary: 3 blocks of 1 entry, task 0 in the granted
 * bottom block, task 1 in the owner's block. The owner pops twice; its second pop walks back and
 * takes the bottom block over (exchange of S) while the thief may be stealing from it (CAS of S).
 * Exactly one of them may get task 0. Results: verdict, owner's mask, thief's mask.
 */
@JCStressTest
@Outcome(id = "1, 3, 0", expect = ACCEPTABLE, desc = "owner took both, the steal came too late or too early")
@Outcome(id = "1, 2, 1", expect = ACCEPTABLE, desc = "thief won task 0 from the bottom block")
@Outcome(id = "0, .*", expect = FORBIDDEN, desc = "a task taken twice or seen corrupt")
@Outcome(id = "-1, .*", expect = FORBIDDEN, desc = "a task lost")
@State
public class LifoPopVsStealAtBlockBoundary {
    final LifoBwosDeque<Task> q = new LifoBwosDeque<>(3, 1);
    int owner;
    int thief;

    public LifoPopVsStealAtBlockBoundary() {
        q.push(Task.of(0));
        q.push(Task.of(1)); // grants block 0
    }

    @Actor
    public void owner() {
        q.bindOwner();
        owner = Task.bitOf(q.pop()) | Task.bitOf(q.pop());
    }

    @Actor
    public void thief() {
        thief = Task.bitOf(q.steal());
    }

    @Arbiter
    public void arbiter(III_Result r) {
        int rest = Task.drain(q);
        r.r1 = Task.verdict(Task.first(2), owner, thief, rest);
        r.r2 = owner;
        r.r3 = thief;
    }
}
