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
 * LIFO BWoS, a put reusing a block while a thief still finishes (finished-steal counter and round
 * check, §4.2.2): 3 blocks of 1 entry holding a (block 0, granted), b (block 1, granted) and c
 * (block 2, the owner's). A thief steals a and b and move the thieves' pointer on; the owner
 * pops c and pushes d, e, f, wrapping around into block 0 of the next round as soon as the reset
 * check lets it. A thief still copying a out must never see d, and no push may overwrite a task.
 * Results: verdict, number of pushes refused (0-3), tasks stolen. (jcstress runs at most as many actors as the machine has CPUs, two here, so one
 * thief steals twice: its second steal is in flight across the owner's block moves.)
 */
@JCStressTest
@Outcome(id = "1, [0-3], [0-2]", expect = ACCEPTABLE, desc = "every task taken once; refused pushes kept nothing")
@Outcome(id = "0, .*", expect = FORBIDDEN, desc = "a task taken twice (a slot overwritten under a thief)")
@Outcome(id = "-1, .*", expect = FORBIDDEN, desc = "a task lost")
@State
public class LifoReuseVsFinishingThief {
    final LifoBwosDeque<Task> q = new LifoBwosDeque<>(3, 1);
    int owner;
    int pushed;
    int refused;
    int thief1;
    int thief2;

    public LifoReuseVsFinishingThief() {
        q.push(Task.of(0));
        q.push(Task.of(1));
        q.push(Task.of(2));
    }

    @Actor
    public void owner() {
        q.bindOwner();
        owner = Task.bitOf(q.pop());
        for (int i = 3; i < 6; i++) {
            if (q.push(Task.of(i))) {
                pushed |= 1 << i;
            } else {
                refused++;
            }
        }
    }

    @Actor
    public void thief() {
        thief1 = Task.bitOf(q.steal());
        thief2 = Task.bitOf(q.steal());
    }

    @Arbiter
    public void arbiter(III_Result r) {
        int rest = Task.drain(q);
        r.r1 = Task.verdict(Task.first(3) | pushed, owner, thief1, thief2, rest);
        r.r2 = refused;
        r.r3 = Integer.bitCount(thief1) + Integer.bitCount(thief2);
    }
}
