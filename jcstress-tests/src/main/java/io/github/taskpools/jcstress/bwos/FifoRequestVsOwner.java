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
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * FIFO BWoS, a request for a grant racing the owner's pushes and pop (grant on request, BWoS §8):
 * 3 blocks of 4. Tasks 0-1 are hidden in the consumer's block 0, which is the producer's, so
 * nothing is stealable. A thief asks for a grant and tries to steal, up to four times, stopping at
 * the first task; meanwhile the owner pushes task 2, pops (task 0) and pushes task 3. The request,
 * an opaque store of the owner's push limit, is taken up by whichever push reads it first: push 2
 * moves task 1 and its own to block 1, granted, and push 3 then joins them there; push 3, after the
 * pop, moves task 2 and its own. Task 0 is the consumer's whatever happens. The arbiter steals once
 * more before it drains, which tells which push answered (the thief's own steals mostly come
 * before either). Every task must be taken once, with the payload written before its push.
 * Results: verdict, thief's mask, the arbiter's stolen mask.
 */
@JCStressTest
@Outcome(id = "1, 0, 0", expect = ACCEPTABLE, desc = "the request came after push 3: no grant")
@Outcome(id = "1, 0, 2", expect = ACCEPTABLE, desc = "push 2 answered (tasks 1-3 granted); the thief came before")
@Outcome(id = "1, 2, 4", expect = ACCEPTABLE, desc = "push 2 answered; the thief stole task 1")
@Outcome(id = "1, 0, 4", expect = ACCEPTABLE, desc = "push 3 answered (tasks 2-3 granted); the thief came before")
@Outcome(id = "1, 4, 8", expect = ACCEPTABLE, desc = "push 3 answered; the thief stole task 2")
@Outcome(id = "0, .*", expect = FORBIDDEN, desc = "a task taken twice or seen corrupt")
@Outcome(id = "-1, .*", expect = FORBIDDEN, desc = "a task lost")
@Outcome(expect = FORBIDDEN, desc = "anything else: task 0 stolen, a grant out of FIFO order, or a lost grant")
@State
public class FifoRequestVsOwner {
    final FifoBwosDeque<Task> q = new FifoBwosDeque<>(3, 4);
    int owner;
    int thief;

    public FifoRequestVsOwner() {
        q.push(Task.of(0));
        q.push(Task.of(1));
    }

    @Actor
    public void owner() {
        q.bindOwner();
        q.push(Task.of(2));
        owner = Task.bitOf(q.pop());
        q.push(Task.of(3));
    }

    @Actor
    public void thief() {
        q.requestGrant();
        Task t = null;
        for (int i = 0; i < 4 && t == null; i++) {
            t = q.steal();
        }
        thief = Task.bitOf(t);
    }

    @Arbiter
    public void arbiter(III_Result r) {
        int late = Task.bitOf(q.steal());
        int rest = Task.drain(q);
        r.r1 = Task.verdict(Task.first(4), owner, thief, late, rest);
        r.r2 = thief;
        r.r3 = late;
    }
}
