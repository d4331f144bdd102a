package io.github.taskpools.jcstress.executor;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.github.taskpools.executor.BwosExecutor;
import io.github.taskpools.executor.ExecutorTestAccess;
import io.github.taskpools.executor.ExecutorTestAccess.WorkerHandle;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.ZZZ_Result;

/**
 * A signal absorbed by a parking worker's last look. Two workers, threads never started. Set-up:
 * task 1 is queued, worker 1 has announced itself parked (idle, PARKED). Actor 1 plays worker 0
 * parking: {@code announceParked()}, then {@code lookAgain(top)}, which takes task 1. Actor 2
 * submits task 2, whose {@code wakeOne} may pop worker 0 off the idle stack while it looks: worker
 * 0 then runs task 1, and the wake-up meant for task 2 is spent unless worker 0 passes it on. The
 * arbiter reads whether worker 0's look took a task, and whether each worker is awake (off the
 * idle stack).
 *
 * <p>FORBIDDEN: worker 1 parked: one of the two tasks stays queued with worker 0 busy with the
 * other (found on Temurin 25 under load: two tasks meeting at a barrier, the second never ran);
 * worker 0 took a task but is still on the idle stack; worker 0 parked with nothing, though task 1
 * was queued before it parked. Results: worker 0's look took a task; worker 1 awake; worker 0
 * awake.
 */
@JCStressTest
@Outcome(id = "true, true, true", expect = ACCEPTABLE, desc = "worker 0 took one task, worker 1 was woken for the other")
@Outcome(id = "false, true, true", expect = ACCEPTABLE, desc = "worker 0 was popped before its look could leave the stack: it handed task 1 back and woke worker 1")
@Outcome(id = ".*, false, .*", expect = FORBIDDEN, desc = "a task queued, worker 1 parked and not woken")
@Outcome(id = "true, true, false", expect = FORBIDDEN, desc = "worker 0 took a task but is still on the idle stack")
@Outcome(id = "false, true, false", expect = FORBIDDEN, desc = "worker 0's last look missed task 1, queued before it")
@State
public class AbsorbedSignal {
    static final Runnable NOOP = () -> { };

    final BwosExecutor pool;
    final WorkerHandle w0;
    final WorkerHandle w1;

    public AbsorbedSignal() {
        pool = UnstartedPools.of(2, 1);
        w0 = ExecutorTestAccess.worker(pool, 0);
        w1 = ExecutorTestAccess.worker(pool, 1);
        pool.execute(NOOP);
        w1.announceParked();
    }

    @Actor
    public void worker0Parks(ZZZ_Result r) {
        r.r1 = w0.lookAgain(w0.announceParked()) != null;
    }

    @Actor
    public void submitter() {
        pool.execute(NOOP);
    }

    @Arbiter
    public void arbiter(ZZZ_Result r) {
        r.r2 = !w1.isParked();
        r.r3 = !w0.isParked();
    }
}
