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
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * {@code shutdownNow()} racing a worker that moves a batch of a stripe's tasks into its inbox
 * (BwosExecutor.shutdownNow: every accepted task that never started is returned). Three tasks
 * accepted before the race, one worker (thread never started). Actor 1 plays the worker: one poll
 * of the shared queue with a batch, which takes a task to run and moves the others into its inbox
 * by the stripe's CAS, inside a hand-over; it "runs" the task it took. Actor 2 calls
 * {@code shutdownNow()}, which drains the stripes, waits out the worker's hand-over and drains its
 * inbox.
 *
 * <p>FORBIDDEN: a task neither run nor returned (lost in the worker's hands between the stripe's
 * CAS and the inbox), or both. Results: tasks run, tasks returned.
 */
@JCStressTest
@Outcome(id = "1, 2", expect = ACCEPTABLE, desc = "the worker took one first, the other two came back")
@Outcome(id = "0, 3", expect = ACCEPTABLE, desc = "shutdownNow drained the stripe first")
@Outcome(expect = FORBIDDEN, desc = "a task lost or counted twice")
@State
public class ShutdownNowVsBatch {
    final BwosExecutor pool;
    final WorkerHandle w;
    int ran;
    int returned;

    public ShutdownNowVsBatch() {
        pool = UnstartedPools.of(1, 1);
        w = ExecutorTestAccess.worker(pool, 0);
        for (int i = 0; i < 3; i++) {
            pool.execute(() -> { });
        }
    }

    @Actor
    public void worker() {
        if (ExecutorTestAccess.pollInjection(pool, w, false, true) != null) {
            ran = 1;
        }
    }

    @Actor
    public void stopper() {
        returned = pool.shutdownNow().size();
    }

    @Arbiter
    public void arbiter(II_Result r) {
        r.r1 = ran;
        r.r2 = returned;
    }
}
