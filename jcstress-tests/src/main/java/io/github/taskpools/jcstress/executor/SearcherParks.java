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
 * A searching worker parks while three tasks are submitted. Two workers, threads never started.
 * Set-up: worker 1 has announced itself parked; worker 0 counts as the pool's searcher. Actor 1
 * plays worker 0 giving up its search and parking: {@code announceParked()} (which ends its
 * search), then {@code lookAgain(top)}. Actor 2 submits three tasks into one stripe: each one's
 * {@code wakeOne} wakes nobody while it sees worker 0 searching, counting on worker 0's look. That
 * look takes one task at most. The arbiter reads whether tasks are still queued with no worker
 * woken to take them (awake and not running the task its look took): a woken worker takes a task
 * and, seeing more, wakes the next ({@code Worker.foundWork}), so one woken worker is enough while
 * tasks are queued, and none is too few. Results: worker 0's look found a task; a task is
 * stranded.
 *
 * <p>FORBIDDEN: a stranded task: queued behind parked workers nobody woke (found on Temurin 25
 * under load, two tasks meeting at a barrier: the second never ran, until the parking look
 * signalled for what it left).
 */
@JCStressTest
@Outcome(id = ".*, true", expect = FORBIDDEN, desc = "a task queued with no worker woken to take it")
@Outcome(id = "true, false", expect = ACCEPTABLE, desc = "worker 0's look took a task; the rest has a woken worker")
@Outcome(id = "false, false", expect = ACCEPTABLE, desc = "worker 0 looked before the submissions, the first of which woke a worker (or it handed a task back)")
@State
public class SearcherParks {
    static final Runnable NOOP = () -> { };

    final BwosExecutor pool;
    final WorkerHandle w0;
    final WorkerHandle w1;

    public SearcherParks() {
        pool = UnstartedPools.of(2, 1);
        w0 = ExecutorTestAccess.worker(pool, 0);
        w1 = ExecutorTestAccess.worker(pool, 1);
        w1.announceParked();
        if (!w0.tryStartSearching()) {
            throw new IllegalStateException("set-up: worker 0 could not search");
        }
    }

    @Actor
    public void worker0Parks(ZZ_Result r) {
        r.r1 = w0.lookAgain(w0.announceParked()) != null;
    }

    @Actor
    public void submitter() {
        pool.execute(NOOP);
        pool.execute(NOOP);
        pool.execute(NOOP);
    }

    @Arbiter
    public void arbiter(ZZ_Result r) {
        boolean w0Free = !w0.isParked() && !r.r1; // awake, and not running the task its look took
        r.r2 = !ExecutorTestAccess.queuesEmpty(pool) && !w0Free && w1.isParked();
    }
}
