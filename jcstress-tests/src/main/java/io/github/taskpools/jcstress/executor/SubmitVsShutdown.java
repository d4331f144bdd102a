package io.github.taskpools.jcstress.executor;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.github.taskpools.executor.BwosExecutor;
import io.github.taskpools.executor.BwosTask;
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
 * A submission from outside racing shutdown: BwosExecutor's class comment promises that it "is
 * either rejected (and then never runs) or accepted and run". One worker, thread never started.
 * Actor 1 submits with {@code execute}: under its stripe's lock it reads the run state and either
 * publishes the task or throws {@link RejectedExecutionException} without publishing it. Actor 2
 * shuts the pool down, then plays the worker: one poll of the shared queue, and runs what it found
 * (the task's body takes a moment, as real tasks do). The arbiter plays the worker's later polls:
 * it runs what is left in the queue.
 *
 * <p>FORBIDDEN: rejected yet run (a rejected task that was visible to a worker), or accepted and
 * not run exactly once.
 * Results: accepted (1) or rejected (0), times the task's body ran.
 */
@JCStressTest
@Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "accepted and run once")
@Outcome(id = "0, 0", expect = ACCEPTABLE, desc = "rejected and never run")
@Outcome(id = "0, 1", expect = FORBIDDEN, desc = "rejected, yet the task ran")
@Outcome(expect = FORBIDDEN, desc = "accepted but not run exactly once")
@State
public class SubmitVsShutdown {
    final BwosExecutor pool;
    final WorkerHandle w;
    int runs;
    int accepted;

    final Runnable task = () -> {
        for (int i = 0; i < 50; i++) {
            Thread.onSpinWait(); // a body that takes a moment
        }
        runs++;
    };

    public SubmitVsShutdown() {
        pool = UnstartedPools.of(1, 1);
        w = ExecutorTestAccess.worker(pool, 0);
    }

    @Actor
    public void submitter() {
        try {
            pool.execute(task);
            accepted = 1;
        } catch (RejectedExecutionException e) {
            accepted = 0;
        }
    }

    @Actor
    public void shutdownThenWorker() {
        pool.shutdown();
        BwosTask<?> t = ExecutorTestAccess.pollInjection(pool, w, true, false);
        if (t != null) {
            ExecutorTestAccess.doExec(t);
        }
    }

    @Arbiter
    public void arbiter(II_Result r) {
        for (BwosTask<?> t; (t = ExecutorTestAccess.pollInjection(pool, w, true, false)) != null; ) {
            ExecutorTestAccess.doExec(t);
        }
        r.r1 = accepted;
        r.r2 = runs;
    }
}
