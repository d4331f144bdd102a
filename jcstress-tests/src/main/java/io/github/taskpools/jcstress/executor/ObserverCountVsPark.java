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
 * IdleStack.countBlocked}: the blocked count up, a CAS of the worker's {@code compensation}
 * from NOT_COUNTED, then a volatile read of its phase) racing the worker, whose task just ended,
 * parking ({@code Worker.announceParked}: LOOKING, onto the idle stack, a full fence, then a read
 * of {@code compensation} that undoes an observer's count). Results: whether the monitor's call
 * counted the worker; the pool's blocked count after both; whether the worker is still counted
 * blocked.
 *
 * <p>FORBIDDEN: an idle worker still counted blocked (the pool would wake or start a thread for a
 * worker that waits for work), or a blocked count that does not match the worker's state. Either
 * the worker's read sees the claim, or the monitor's read sees LOOKING (a Dekker pair).
 */
@JCStressTest
@Outcome(id = "0, 0, 0", expect = ACCEPTABLE, desc = "the monitor found the worker parking and took its count back, or the worker undid it")
@Outcome(id = "1, 0, 0", expect = ACCEPTABLE, desc = "counted while running, undone by the worker as it parked")
@Outcome(expect = FORBIDDEN, desc = "a parked worker counted blocked, or the blocked count and the worker's state disagree")
@State
public class ObserverCountVsPark {
    final BwosExecutor pool = UnstartedPools.of(1, 1);
    final WorkerHandle w = ExecutorTestAccess.worker(pool, 0);
    int counted;

    @Actor
    public void monitor() {
        counted = w.countBlockedByMonitor() ? 1 : 0;
    }

    @Actor
    public void worker() {
        w.announceParked();
    }

    @Arbiter
    public void arbiter(III_Result r) {
        r.r1 = counted;
        r.r2 = pool.getBlockedThreadCount();
        r.r3 = w.countedBlocked() ? 1 : 0;
    }
}
