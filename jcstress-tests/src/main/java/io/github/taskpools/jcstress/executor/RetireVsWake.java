package io.github.taskpools.jcstress.executor;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.github.taskpools.executor.BwosExecutor;
import io.github.taskpools.executor.ExecutorTestAccess;
import io.github.taskpools.executor.ExecutorTestAccess.WorkerHandle;
import java.time.Duration;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

/**
 * An idle spare whose keep-alive ran out leaves the idle stack while a submission wakes it.
 * Parallelism 1, threads never run ({@link UnstartedPools}). Set-up: worker 0 blocks
 * (compensated: {@code beginBlock} adds worker 1, a spare), worker 1 comes up, worker 0's wait
 * ends ({@code endBlock}): two threads for parallelism 1. Worker 0 parks, then worker 1 (looks
 * done; worker 1 on top). Actor 1 plays worker 1's timed-out park: {@code tryRetire}, then, if it
 * left the stack, its exit ({@code workerExited}: frees its slot, leaves the thread count, signals
 * if work is queued). Actor 2 submits a task, whose wake pops the top worker while fewer than
 * parallelism are awake: the pop and the retirement are CASes of the same {@code ctl} word and
 * exclude each other; a wake that still counts the retiring worker as awake wakes nobody, and the
 * exit's signal, which reads the queues after the thread count fell, wakes worker 0. Results:
 * worker 1 retired; threads; idle workers; worker 1 still PARKED.
 *
 * <p>FORBIDDEN: the task queued with every worker left idle or gone (worker 0 idle, worker 1
 * retired), a thread count that does not match, or worker 1 PARKED though popped or retired.
 */
@JCStressTest
@Outcome(id = "1, 1, 0, 0", expect = ACCEPTABLE, desc = "worker 1 retired; worker 0 woken for the task (by the submission or the exit's signal)")
@Outcome(id = "0, 2, 1, 0", expect = ACCEPTABLE, desc = "the submission popped worker 1 first; it runs and does not retire")
@Outcome(id = "1, 1, 1, 0", expect = FORBIDDEN, desc = "a task queued, worker 1 gone and worker 0 left parked")
@Outcome(expect = FORBIDDEN, desc = "a wrong thread count, or worker 1 PARKED though off the stack")
@State
public class RetireVsWake {
    static final Runnable NOOP = () -> { };

    final BwosExecutor pool;
    final WorkerHandle w0;
    final WorkerHandle w1;
    boolean retired;

    public RetireVsWake() {
        pool = UnstartedPools.of(BwosExecutor.builder().parallelism(1).keepAlive(Duration.ofNanos(1)), 1, 1);
        w0 = ExecutorTestAccess.worker(pool, 0);
        ExecutorTestAccess.beginBlock(pool); // worker 0 blocks: the pool adds worker 1
        w1 = ExecutorTestAccess.worker(pool, 1);
        w1.endWaking();
        ExecutorTestAccess.endBlock(pool);
        if (pool.getPoolSize() != 2 || w0.lookAgain(w0.announceParked()) != null
                || w1.lookAgain(w1.announceParked()) != null || !ExecutorTestAccess.hasSpares(pool)) {
            throw new IllegalStateException("set-up: " + pool);
        }
    }

    @Actor
    public void spareTimesOut() {
        retired = ExecutorTestAccess.tryRetire(pool, w1);
        if (retired) {
            ExecutorTestAccess.workerExited(pool, w1, true);
        }
    }

    @Actor
    public void submitter() {
        pool.execute(NOOP);
    }

    @Arbiter
    public void arbiter(IIII_Result r) {
        r.r1 = retired ? 1 : 0;
        r.r2 = pool.getPoolSize();
        r.r3 = ExecutorTestAccess.idleCount(pool);
        r.r4 = w1.isParked() ? 1 : 0;
    }
}
