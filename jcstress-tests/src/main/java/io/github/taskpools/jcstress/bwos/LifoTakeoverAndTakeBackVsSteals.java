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
 * Both ways the LIFO owner gets back granted tasks, against steals in flight: 4 blocks of 2, tasks
 * a-f pushed (a, b in block 0 and c, d in block 1, both granted; e, f in block 2). The owner pops
 * f and e, then takes block 1 over by moving down to it (block 1 is not the thieves' block: the
 * thieves' pointer is on block 0), pops d and c, then reaches block 0, the thieves' block, from a
 * block it holds from its first entry: a take-back, which copies block 0's unclaimed entries into
 * the owner's block and marks block 0 exhausted. It then pushes g and pops everything. The thief
 * steals three times, the later steals in flight across the owner's moves.
 * Results: verdict, number of tasks the thief got.
 */
@JCStressTest
@Outcome(id = "1, [0-3]", expect = ACCEPTABLE, desc = "every task taken once")
@Outcome(id = "0, .*", expect = FORBIDDEN, desc = "a task taken twice or seen corrupt")
@Outcome(id = "-1, .*", expect = FORBIDDEN, desc = "a task lost")
@State
public class LifoTakeoverAndTakeBackVsSteals {
    final LifoBwosDeque<Task> q = new LifoBwosDeque<>(4, 2);
    int owner;
    int thief1;
    int thief2;
    int thief3;

    public LifoTakeoverAndTakeBackVsSteals() {
        for (int i = 0; i < 6; i++) {
            q.push(Task.of(i));
        }
    }

    @Actor
    public void owner() {
        q.bindOwner();
        int got = 0;
        for (int i = 0; i < 6; i++) {
            got |= Task.bitOf(q.pop());
        }
        q.push(Task.of(6));
        for (int i = 0; i < 2; i++) {
            got |= Task.bitOf(q.pop());
        }
        owner = got;
    }

    @Actor
    public void thief() {
        thief1 = Task.bitOf(q.steal());
        thief2 = Task.bitOf(q.steal());
        thief3 = Task.bitOf(q.steal());
    }

    @Arbiter
    public void arbiter(II_Result r) {
        int rest = Task.drain(q);
        r.r1 = Task.verdict(Task.first(7), owner, thief1, thief2, thief3, rest);
        r.r2 = Integer.bitCount(thief1) + Integer.bitCount(thief2) + Integer.bitCount(thief3);
    }
}
