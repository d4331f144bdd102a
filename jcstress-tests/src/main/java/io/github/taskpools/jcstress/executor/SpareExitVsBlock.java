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
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * A retired spare's exit racing a worker that blocks. Parallelism 1, threads never run ({@link
 * UnstartedPools}). Set-up: worker 1 a spare (see {@link RetireVsWake}), idle, has retired (left
 * the idle stack) and still counts as a thread; a task is queued (the blocking worker's join
 * handed it to the shared queue). Actor 1 plays worker 1's exit ({@code workerExited}: frees its
 * slot, takes itself off the thread count, then signals if work is queued). Actor 2 plays worker 0
 * blocking ({@code beginBlock}: counts itself blocked, then reads {@code ctl}; with no worker idle
 * it adds a thread only if fewer than parallelism could run tasks). Worker 0 may count worker 1
 * as a thread that can run tasks; then worker 1's exit must see worker 0 blocked (each side writes,
 * then reads the other's count: volatile accesses) and add a thread for the queued task. Results:
 * threads; threads that can run tasks (threads minus blocked).
 *
 * <p>FORBIDDEN: worker 0 blocked and no other thread: the queued task, and with it the join, would
 * wait for ever.
 */
@JCStressTest
@Outcome(id = "2, 1", expect = ACCEPTABLE, desc = "worker 0 or worker 1's exit added a thread for the queued task")
@Outcome(id = "3, 2", expect = ACCEPTABLE, desc = "both added one (the spare retires when idle)")
@Outcome(expect = FORBIDDEN, desc = "worker 0 blocked with no thread left to run tasks")
@State
public class SpareExitVsBlock {
    static final Runnable NOOP = () -> { };

    final BwosExecutor pool;
    final WorkerHandle w1;

    public SpareExitVsBlock() {
        pool = UnstartedPools.of(BwosExecutor.builder().parallelism(1).keepAlive(Duration.ofNanos(1)), 1, 1);
        ExecutorTestAccess.beginBlock(pool);
        w1 = ExecutorTestAccess.worker(pool, 1);
        w1.endWaking();
        ExecutorTestAccess.endBlock(pool);
        if (w1.lookAgain(w1.announceParked()) != null || !ExecutorTestAccess.tryRetire(pool, w1)) {
            throw new IllegalStateException("set-up: " + pool);
        }
        pool.execute(NOOP); // nobody idle, two threads for parallelism 1: wakes and starts nobody
        if (pool.getPoolSize() != 2) {
            throw new IllegalStateException("set-up: " + pool);
        }
    }

    @Actor
    public void spareExits() {
        ExecutorTestAccess.workerExited(pool, w1, true);
    }

    @Actor
    public void worker0Blocks() {
        ExecutorTestAccess.beginBlock(pool);
    }

    @Arbiter
    public void arbiter(II_Result r) {
        r.r1 = pool.getPoolSize();
        r.r2 = pool.getPoolSize() - pool.getBlockedThreadCount();
    }
}
