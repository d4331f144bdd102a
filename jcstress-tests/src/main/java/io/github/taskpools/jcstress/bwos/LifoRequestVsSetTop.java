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
 * LIFO BWoS, a grant request racing the owner's block moves (the CAS on the push limit in
 * {@code setTop}): 3 blocks of 2 entries, tasks 0 and 1 fill block 0, task 2 (pushed in the
 * constructor) granted block 0 and sits in block 1. The owner pops 2 and takes block 0 over (a
 * {@code setTop} backwards), pops 1, then pushes 3 and 4, moving forward again (a second
 * {@code setTop}, a grant on request if the request came before); the thief requests once. A
 * request that reported hidden tasks and whose store of the 0 limit came before a
 * {@code setTop}'s read must survive it: after both actors and one more push, something must be
 * stealable (the request was answered by a grant on request, or dropped because a granted block
 * holds tasks). Results: verdict, requestGrant's answer, whether a steal after that push got a
 * task.
 */
@JCStressTest
@Outcome(id = "1, 0, .*", expect = ACCEPTABLE, desc = "every task once; the thief found the owner's block empty")
@Outcome(id = "1, 1, 1", expect = ACCEPTABLE, desc = "every task once; the request made tasks stealable")
@Outcome(id = "1, 1, 0", expect = FORBIDDEN, desc = "a request that reported hidden tasks was lost")
@Outcome(id = "0, .*", expect = FORBIDDEN, desc = "a task taken twice, not pushed, or with a stale payload")
@Outcome(id = "-1, .*", expect = FORBIDDEN, desc = "a task lost")
@State
public class LifoRequestVsSetTop {
    final LifoBwosDeque<Task> q = new LifoBwosDeque<>(3, 2);
    int owner;
    boolean requested;

    public LifoRequestVsSetTop() {
        q.push(Task.of(0));
        q.push(Task.of(1));
        q.push(Task.of(2)); // grants block 0 (0, 1), moves to block 1
    }

    @Actor
    public void owner() {
        q.bindOwner();
        int got = Task.add(0, q.pop()); // 2
        got = Task.add(got, q.pop()); // takes block 0 over: 1
        q.push(Task.of(3));
        q.push(Task.of(4));
        owner = got;
    }

    @Actor
    public void thief() {
        requested = q.requestGrant();
    }

    @Arbiter
    public void arbiter(III_Result r) {
        q.bindOwner();
        boolean pushed = q.push(Task.of(5)); // answers a request still waiting
        int stolen = Task.bitOf(q.steal()); // any thread may steal; the arbiter is one
        int rest = Task.drain(q);
        r.r1 = Task.verdict(pushed ? Task.first(6) : Task.first(5), owner, stolen, rest);
        r.r2 = requested ? 1 : 0;
        r.r3 = stolen != 0 ? 1 : 0;
    }
}
