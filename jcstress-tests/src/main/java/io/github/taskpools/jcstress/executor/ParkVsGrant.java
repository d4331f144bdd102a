package io.github.taskpools.jcstress.executor;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.github.taskpools.executor.BwosExecutor;
import io.github.taskpools.executor.BwosRecursiveAction;
import io.github.taskpools.executor.BwosTask;
import io.github.taskpools.executor.ExecutorTestAccess;
import io.github.taskpools.executor.ExecutorTestAccess.WorkerHandle;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.ZZZ_Result;

/**
 * The parking handshake of {@code Worker} against a grant on request. Two workers, threads never
 * started. Set-up: worker 0's fork deque (blocks of 2) holds task A in its current block, hidden
 * from thieves, and a thief's {@code requestGrant()} is pending (the push limit is 0). Actor 1
 * plays worker 0: it becomes the deque's owner and forks task B through {@code Worker.fork}: if it
 * sees worker 1 busy, the push takes the slow path, grants A to thieves and, seeing the grant
 * count move, calls {@code signalWork()}; if it sees worker 1 idle, B goes into worker 0's FIFO
 * queue and it calls {@code signalWork()}. Actor 2 plays worker 1 parking: {@code
 * announceParked()}, then {@code lookAgain(top)}, which steals from worker 0's deque and FIFO
 * queue. The arbiter reads whether worker 1 is awake (off the idle stack) and whether worker 0
 * published work (the grant, or B in its FIFO queue, taken from there, or handed back by the look).
 *
 * <p>FORBIDDEN: a grant, yet worker 1 neither found A nor was woken (a lost wake-up: granted work
 * sits behind a parked worker while worker 0 runs on alone); worker 1 took A but is still on the
 * idle stack; or nothing published (the fork neither answered the request nor went into the
 * FIFO queue: the set-up does not test what it means to). Results: found, awake, published.
 */
@JCStressTest
@Outcome(id = "false, false, true", expect = FORBIDDEN, desc = "granted work published before worker 1 parked, and nobody woke it")
@Outcome(id = "true, false, true", expect = FORBIDDEN, desc = "worker 1 took A but is still on the idle stack")
@Outcome(id = "false, true, true", expect = ACCEPTABLE, desc = "worker 0's signal woke worker 1 (its look found nothing, or handed A back)")
@Outcome(id = "true, true, true", expect = ACCEPTABLE, desc = "worker 1's last look stole the granted task and left the stack")
@Outcome(id = ".*, .*, false", expect = FORBIDDEN, desc = "the fork published nothing: set-up broken")
@State
public class ParkVsGrant {
    static final class Noop extends BwosRecursiveAction {
        @Override
        protected void compute() {
        }
    }

    final BwosExecutor pool;
    final WorkerHandle w0;
    final WorkerHandle w1;
    final Noop b = new Noop();
    BwosTask<?> found;

    public ParkVsGrant() {
        pool = UnstartedPools.of(2, 2);
        w0 = ExecutorTestAccess.worker(pool, 0);
        w1 = ExecutorTestAccess.worker(pool, 1);
        w0.forks.bindOwner();
        if (!w0.forks.push(new Noop()) || !w0.forks.requestGrant()) {
            throw new IllegalStateException("set-up: task A not hidden in worker 0's current block");
        }
    }

    @Actor
    public void worker0Forks() {
        w0.forks.bindOwner();
        w0.fork(b);
    }

    @Actor
    public void worker1Parks(ZZZ_Result r) {
        found = w1.lookAgain(w1.announceParked());
        r.r1 = found != null;
    }

    @Arbiter
    public void arbiter(ZZZ_Result r) {
        r.r2 = !w1.isParked();
        // B shared: taken by worker 1's look, still in worker 0's FIFO queue, or handed back by a
        // look that could not leave the idle stack (into the spill queue).
        r.r3 = w0.forks.grantCount() == 1 || found == b || w0.submissions.poll() == b
                || ExecutorTestAccess.takeSpilled(pool, b) == b;
    }
}
