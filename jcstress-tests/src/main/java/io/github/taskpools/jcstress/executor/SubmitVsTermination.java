package io.github.taskpools.jcstress.executor;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.github.taskpools.executor.BwosExecutor;
import io.github.taskpools.executor.ExecutorTestAccess;
import io.github.taskpools.executor.ExecutorTestAccess.WorkerHandle;
import java.util.concurrent.RejectedExecutionException;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * A submission from outside racing the commit of graceful termination. One worker, thread never
 * started, parked (on the idle stack, its last look done), so that {@code shutdown()} can commit
 * QUIESCED at once. Actor 1 submits with {@code execute}; actor 2 shuts the pool down. The submitter decides
 * under its stripe's lock, reading the run state; the terminator moves the run state, then reads
 * waits out every stripe's lock before it reads the indices ({@code
 * SubmissionQueue.isEmptyForTermination}). Results: accepted (1) or rejected (0); termination
 * committed (1) or not (0).
 *
 * <p>FORBIDDEN: accepted and terminated. The task would sit in a stripe after the commit, and a
 * worker exits once its look after QUIESCED finds nothing: nobody would run it. Without the lock
 * (a stripe empty when its indices are equal), the terminator can read the indices between the
 * submitter's check of the run state and its store of top. Also FORBIDDEN: rejected and not
 * terminated. The only submitter was turned away, the worker is parked, and nobody would try to
 * terminate again: {@code close()} would wait for ever. A terminator that took a held lock for
 * "not empty", instead of waiting for it, did that.
 */
@JCStressTest
@Outcome(id = "1, 0", expect = ACCEPTABLE, desc = "accepted; the terminator saw the task and did not commit")
@Outcome(id = "0, 1", expect = ACCEPTABLE, desc = "rejected; terminated")
@Outcome(id = "0, 0", expect = FORBIDDEN, desc = "rejected, and the pool never terminates: the terminator gave up on a submitter it then rejected")
@Outcome(id = "1, 1", expect = FORBIDDEN, desc = "accepted after termination was committed: nobody would run it")
@State
public class SubmitVsTermination {
    static final Runnable NOOP = () -> { };

    final BwosExecutor pool;

    public SubmitVsTermination() {
        pool = UnstartedPools.of(1, 1);
        WorkerHandle w = ExecutorTestAccess.worker(pool, 0);
        if (w.lookAgain(w.announceParked()) != null) { // parked, its look done: termination can commit at once
            throw new IllegalStateException("set-up: the look found a task");
        }
    }

    @Actor
    public void submitter(II_Result r) {
        try {
            pool.execute(NOOP);
            r.r1 = 1;
        } catch (RejectedExecutionException e) {
            r.r1 = 0;
        }
    }

    @Actor
    public void terminator(II_Result r) {
        pool.shutdown();
        r.r2 = ExecutorTestAccess.runState(pool) == ExecutorTestAccess.QUIESCED ? 1 : 0;
    }
}
