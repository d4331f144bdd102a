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
 * A worker the pool's monitor counted blocked: the monitor, at a later look that finds the
 * worker's thread running again inside its task, undoes its count ({@code
 * IdleStack.takeBackCount}: a CAS of the worker's {@code compensation} back to NOT_COUNTED, then
 * the blocked count down), racing the worker, whose task ends ({@code Worker.endCompensation}: a
 * getAndSet back to NOT_COUNTED, and the blocked count down if somebody had counted it). Results:
 * whether the monitor's call undid the count; the pool's blocked count after both; whether the
 * worker is still counted blocked.
 *
 * <p>FORBIDDEN: any blocked count but 0, or a worker still counted (a count undone twice goes below
 * zero and lets the pool run more threads than parallelism; one never undone keeps a spare
 * running beside a worker that runs).
 */
@JCStressTest
@Outcome(id = "1, 0, 0", expect = ACCEPTABLE, desc = "the monitor undid the count")
@Outcome(id = "0, 0, 0", expect = ACCEPTABLE, desc = "the worker undid the count first")
@Outcome(expect = FORBIDDEN, desc = "the count undone twice, or not at all")
@State
public class ObserverUncountVsRun {
    final BwosExecutor pool = UnstartedPools.of(1, 1);
    final WorkerHandle w = ExecutorTestAccess.worker(pool, 0);
    int undid;

    public ObserverUncountVsRun() {
        if (!w.countBlockedByMonitor()) {
            throw new IllegalStateException("a running worker of a fresh pool is counted: " + pool);
        }
    }

    @Actor
    public void monitor() {
        undid = w.takeBackCountByMonitor() ? 1 : 0;
    }

    @Actor
    public void worker() {
        w.endCompensation();
    }

    @Arbiter
    public void arbiter(III_Result r) {
        r.r1 = undid;
        r.r2 = pool.getBlockedThreadCount();
        r.r3 = w.countedBlocked() ? 1 : 0;
    }
}
