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
 * LIFO BWoS, a grant request racing the owner's pushes and pops: 3 blocks of 4 entries, tasks 0
 * and 1 in the owner's block (hidden from thieves). The owner pushes 2, pops, pushes 3 and 4, pops;
 * a thief requests a grant and then steals twice. Whichever push sees the request moves the older
 * half of the block to its end, grants it (release store of S) and continues in block 1 with the
 * newer half; the thief steals what the grant made stealable, with the payloads written before.
 * Results: verdict, number of tasks the thief got.
 */
@JCStressTest
@Outcome(id = "1, 0", expect = ACCEPTABLE, desc = "every task once; the request came too late for the thief")
@Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "every task once; the thief stole one granted task")
@Outcome(id = "1, 2", expect = ACCEPTABLE, desc = "every task once; the thief stole two granted tasks")
@Outcome(id = "0, .*", expect = FORBIDDEN, desc = "a task taken twice, not pushed, or with a stale payload")
@Outcome(id = "-1, .*", expect = FORBIDDEN, desc = "a task lost")
@State
public class LifoRequestVsPushPop {
    final LifoBwosDeque<Task> q = new LifoBwosDeque<>(3, 4);
    int owner;
    int thief1;
    int thief2;

    public LifoRequestVsPushPop() {
        q.push(Task.of(0));
        q.push(Task.of(1));
    }

    @Actor
    public void owner() {
        q.bindOwner();
        q.push(Task.of(2));
        int got = Task.add(0, q.pop());
        q.push(Task.of(3));
        q.push(Task.of(4));
        owner = Task.add(got, q.pop());
    }

    @Actor
    public void thief() {
        q.requestGrant();
        thief1 = Task.bitOf(q.steal());
        thief2 = Task.bitOf(q.steal());
    }

    @Arbiter
    public void arbiter(II_Result r) {
        int rest = Task.drain(q);
        r.r1 = Task.verdict(Task.first(5), owner, thief1, thief2, rest);
        r.r2 = Integer.bitCount(thief1) + Integer.bitCount(thief2);
    }
}
