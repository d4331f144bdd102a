package io.github.taskpools.jcstress.executor;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.github.taskpools.executor.BwosExecutor;
import io.github.taskpools.executor.ExecutorTestAccess;
import io.github.taskpools.executor.ExecutorTestAccess.WorkerHandle;
import java.util.concurrent.RejectedExecutionException;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * {@code shutdownNow()} racing a task's {@code execute} from inside the pool, which goes into its
 * worker's FIFO queue in a hand-over (BwosExecutor.shutdownNow: every accepted task that never
 * started is returned; a task submitted after the stop is rejected). One worker, thread never
 * started; actor 1 plays the worker's task, actor 2 stops the pool. Nobody runs the task.
 *
 * <p>FORBIDDEN: accepted but not returned (offered into the FIFO queue after shutdownNow drained
 * it), or rejected yet returned. Results: accepted (1) or rejected (0), tasks returned.
 */
@JCStressTest
@Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "accepted before the stop, returned by shutdownNow")
@Outcome(id = "0, 0", expect = ACCEPTABLE, desc = "rejected: the worker read STOP in its hand-over")
@Outcome(expect = FORBIDDEN, desc = "an accepted task lost, or a rejected one returned")
@State
public class ShutdownNowVsInsideSubmit {
    final BwosExecutor pool;
    final WorkerHandle w;
    int accepted;
    int returned;

    public ShutdownNowVsInsideSubmit() {
        pool = UnstartedPools.of(1, 1);
        w = ExecutorTestAccess.worker(pool, 0);
    }

    @Actor
    public void task() {
        try {
            w.submit(ExecutorTestAccess.executeTask(() -> { }, pool));
            accepted = 1;
        } catch (RejectedExecutionException e) {
            accepted = 0;
        }
    }

    @Actor
    public void stopper() {
        returned = pool.shutdownNow().size();
    }

    @Arbiter
    public void arbiter(II_Result r) {
        r.r1 = accepted;
        r.r2 = returned;
    }
}
