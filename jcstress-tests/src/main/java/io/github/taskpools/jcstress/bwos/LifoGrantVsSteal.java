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
 * LIFO BWoS, grant vs steal: 3 blocks of 2 entries. The owner pushes two tasks, both written by
 * the owner actor itself, and the second push crosses into block 1, granting block 0 by a release
 * store of S. A concurrent thief either sees block 0 not yet granted (steals nothing) or steals
 * task 0 and must see the payload written before the grant. Results: verdict, thief's mask.
 */
@JCStressTest
@Outcome(id = "1, 0", expect = ACCEPTABLE, desc = "steal before the grant: nothing to steal")
@Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "steal after the grant: task 0 with its payload")
@Outcome(id = "0, .*", expect = FORBIDDEN, desc = "duplicate, or a stolen task with a stale payload")
@Outcome(id = "-1, .*", expect = FORBIDDEN, desc = "a task lost")
@State
public class LifoGrantVsSteal {
    final LifoBwosDeque<Task> q = new LifoBwosDeque<>(3, 2);
    int thief;

    @Actor
    public void owner() {
        q.bindOwner();
        q.push(Task.of(0));
        q.push(Task.of(1));
        q.push(Task.of(2)); // block 0 is full: grant it, move to block 1
    }

    @Actor
    public void thief() {
        thief = Task.bitOf(q.steal());
    }

    @Arbiter
    public void arbiter(II_Result r) {
        int rest = Task.drain(q);
        r.r1 = Task.verdict(Task.first(3), thief, rest);
        r.r2 = thief;
    }
}
