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
 * The scenario of the BWoS paper's Fig. 7 (LIFO): 3 blocks of 4 entries, tasks a-f pushed (a-d in block 0,
 * granted; e, f in block 1). A thief steals twice while the owner gets three tasks (f, e, then takes
 * block 0 over by exchanging S and gets d or less), puts g and gets again. In-flight steals may
 * finish in either order; the takeover's old S value splits block 0 between them and the owner.
 * Results: verdict, number of tasks the thief got. (jcstress runs at most as many actors as the machine has CPUs, two here, so one
 * thief steals twice: its second steal is in flight across the owner's block moves.)
 */
@JCStressTest
@Outcome(id = "1, 0", expect = ACCEPTABLE, desc = "every task taken once; the thief got none")
@Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "every task taken once; the thief got one")
@Outcome(id = "1, 2", expect = ACCEPTABLE, desc = "every task taken once; the thief got two")
@Outcome(id = "0, .*", expect = FORBIDDEN, desc = "a task taken twice or seen corrupt")
@Outcome(id = "-1, .*", expect = FORBIDDEN, desc = "a task lost")
@State
public class LifoTakeoverVsInFlightSteals {
    final LifoBwosDeque<Task> q = new LifoBwosDeque<>(3, 4);
    int owner;
    int thief1;
    int thief2;

    public LifoTakeoverVsInFlightSteals() {
        for (int i = 0; i < 6; i++) {
            q.push(Task.of(i));
        }
    }

    @Actor
    public void owner() {
        q.bindOwner();
        int got = Task.bitOf(q.pop()) | Task.bitOf(q.pop()) | Task.bitOf(q.pop());
        q.push(Task.of(6));
        owner = got | Task.bitOf(q.pop());
    }

    @Actor
    public void thief() {
        thief1 = Task.bitOf(q.steal());
        thief2 = Task.bitOf(q.steal());
    }

    @Arbiter
    public void arbiter(II_Result r) {
        int rest = Task.drain(q);
        r.r1 = Task.verdict(Task.first(7), owner, thief1, thief2, rest);
        r.r2 = Integer.bitCount(thief1) + Integer.bitCount(thief2);
    }
}
