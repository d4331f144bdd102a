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
import org.openjdk.jcstress.infra.results.ZZ_Result;

/**
 * The parking handshake of {@code Worker} against a submission from outside the pool. The pool has
 * one worker whose thread never runs ({@link UnstartedPools}); actor 1
 * plays that worker's first two parking steps ({@code announceParked()}: PARKED, onto the idle
 * stack by CAS of ctl, full fence; {@code lookAgain(top)}: one more scan), actor 2 submits with
 * {@code execute}, which publishes the task into an empty stripe (a volatile store of its top),
 * then wakes a worker (reads the stack and the searching count, pops the top worker by CAS and
 * writes it ACTIVE). The arbiter reads whether the worker is awake (off the stack).
 *
 * <p>FORBIDDEN: neither found nor woken, a worker that would block with work published before it
 * parked and nobody to wake it (a lost wake-up: with either fence gone, the parker's or the one
 * the submitter's volatile store carries, the store-load reordering of x86 lets both sides miss
 * each other); and a task found by a worker still on the idle stack (counted idle while it runs a
 * task: termination reads that count). Results: found by the last look, awake.
 */
@JCStressTest
@Outcome(id = "false, false", expect = FORBIDDEN, desc = "the worker parked with work published before it and nobody woke it")
@Outcome(id = "true, false", expect = FORBIDDEN, desc = "the last look took the task, yet the worker is still on the idle stack")
@Outcome(id = "false, true", expect = ACCEPTABLE, desc = "the submitter woke the worker (its look found nothing, or handed the task back: popped, not yet told)")
@Outcome(id = "true, true", expect = ACCEPTABLE, desc = "the last look took the task; the worker left the stack")
@State
public class ParkVsSignal {
    static final Runnable NOOP = () -> { };

    final BwosExecutor pool;
    final WorkerHandle w;

    public ParkVsSignal() {
        pool = UnstartedPools.of(1, 1);
        w = ExecutorTestAccess.worker(pool, 0);
    }

    @Actor
    public void worker(ZZ_Result r) {
        r.r1 = w.lookAgain(w.announceParked()) != null;
    }

    @Actor
    public void submitter() {
        pool.execute(NOOP);
    }

    @Arbiter
    public void arbiter(ZZ_Result r) {
        r.r2 = !w.isParked();
    }
}
