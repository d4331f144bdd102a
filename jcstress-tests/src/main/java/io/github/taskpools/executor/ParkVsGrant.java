package io.github.taskpools.executor;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.ZZZ_Result;

/**
 * The parking handshake of {@link Worker} against a grant on request. Two workers, threads never
 * started. Set-up: worker 0's fork deque (blocks of 2) holds task A in its current block, hidden
 * from thieves, and a thief's {@code requestGrant()} is pending (the push limit is 0). Actor 1
 * plays worker 0: it becomes the deque's owner and forks task B through {@code Worker.fork}; the
 * push takes the slow path, grants A to thieves and, seeing the grant count move, calls
 * {@code signalWork()}. Actor 2 plays worker 1 parking: {@code announceParked()}, then
 * {@code lookAgain(top)}, which steals from worker 0. The arbiter reads whether worker 1 is awake
 * (off the idle stack) and whether the grant happened.
 *
 * <p>FORBIDDEN: a grant, yet worker 1 neither found A nor was woken (a lost wake-up: granted work
 * sits behind a parked worker while worker 0 runs on alone); worker 1 took A but is still on the
 * idle stack; or no grant at all (the push did not answer the request: the set-up does not test
 * what it means to). Results: found, awake, granted.
 */
@JCStressTest
@Outcome(id = "false, false, true", expect = FORBIDDEN, desc = "granted work published before worker 1 parked, and nobody woke it")
@Outcome(id = "true, false, true", expect = FORBIDDEN, desc = "worker 1 took A but is still on the idle stack")
@Outcome(id = "false, true, true", expect = ACCEPTABLE, desc = "worker 0's signal woke worker 1 (its look found nothing, or handed A back)")
@Outcome(id = "true, true, true", expect = ACCEPTABLE, desc = "worker 1's last look stole the granted task and left the stack")
@Outcome(id = ".*, .*, false", expect = FORBIDDEN, desc = "the push did not grant on request: set-up broken")
@State
public class ParkVsGrant {
    static final class Noop extends BwosRecursiveAction {
        @Override
        protected void compute() {
        }
    }

    final BwosExecutor pool;
    final Worker w0;
    final Worker w1;

    public ParkVsGrant() {
        pool = UnstartedPools.of(2, 2);
        w0 = pool.workers[0];
        w1 = pool.workers[1];
        w0.forks.bindOwner();
        if (!w0.forks.push(new Noop()) || !w0.forks.requestGrant()) {
            throw new IllegalStateException("set-up: task A not hidden in worker 0's current block");
        }
    }

    @Actor
    public void worker0Forks() {
        w0.forks.bindOwner();
        w0.fork(new Noop());
    }

    @Actor
    public void worker1Parks(ZZZ_Result r) {
        r.r1 = w1.lookAgain(w1.announceParked()) != null;
    }

    @Arbiter
    public void arbiter(ZZZ_Result r) {
        r.r2 = !w1.isParked();
        r.r3 = w0.forks.grantCount() == 1;
    }
}
