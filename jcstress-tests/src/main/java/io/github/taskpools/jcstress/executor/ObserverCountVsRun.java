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
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * The pool's monitor counting a worker blocked where the pool cannot see ({@code
 * IdleStack.countBlocked}: the blocked count up, then a CAS of the worker's {@code compensation}
 * from NOT_COUNTED) racing the worker running again ({@code Worker.endCompensation}: a getAndSet
 * back to NOT_COUNTED, and the blocked count down if somebody had counted it). Results: whether
 * the monitor's call counted the worker; the pool's blocked count after both; whether the worker
 * is still counted blocked.
 *
 * <p>FORBIDDEN: a blocked count that does not match the worker's state (a count never undone
 * makes the pool believe a worker blocked for good and keeps a spare running beside it; a count
 * undone twice goes below zero and lets the pool run more threads than parallelism).
 */
@JCStressTest
@Outcome(id = "1, 1, 1", expect = ACCEPTABLE, desc = "counted after the worker ran again: undone at its next task")
@Outcome(id = "1, 0, 0", expect = ACCEPTABLE, desc = "counted, then undone by the worker")
@Outcome(expect = FORBIDDEN, desc = "the blocked count and the worker's state disagree")
@State
public class ObserverCountVsRun {
    final BwosExecutor pool = UnstartedPools.of(1, 1);
    final WorkerHandle w = ExecutorTestAccess.worker(pool, 0);
    int counted;

    @Actor
    public void monitor() {
        counted = w.countBlockedByMonitor() ? 1 : 0;
    }

    @Actor
    public void worker() {
        w.endCompensation();
    }

    @Arbiter
    public void arbiter(III_Result r) {
        r.r1 = counted;
        r.r2 = pool.getBlockedThreadCount();
        r.r3 = w.countedBlocked() ? 1 : 0;
    }
}
