package io.github.taskpools.service;

import java.util.OptionalLong;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * An executor under test, as the servers of the benchmark use it: the {@link ExecutorService} that
 * runs the requests (and the fan-out endpoint's subtasks), its blocking strategy, its counters of
 * steals, parks and wakes where it has them (empty where it has none: reported as n/a, never as
 * zero) and its occupancy for Jetty's {@code ThreadPool} view ({@link JettyThreadPool}). Made by
 * {@link ServiceExecutors}. The servers hand it their work through {@link #execute}, which counts
 * the tasks: how many a request takes (Jetty serves a connection's requests in one task while
 * they keep arriving) says as much about a run as its throughput.
 */
public abstract class ServiceExecutor implements AutoCloseable {
    private final String name;
    private final int parallelism;
    private final ExecutorService executor;
    private final Blocking blocking;
    private final LongAdder handed = new LongAdder();

    protected ServiceExecutor(String name, int parallelism, ExecutorService executor, Blocking blocking) {
        this.name = name;
        this.parallelism = parallelism;
        this.executor = executor;
        this.blocking = blocking;
    }

    /** The entry's name in {@link ServiceExecutors}. */
    public final String name() {
        return name;
    }

    /** The parallelism it was made with. */
    public final int parallelism() {
        return parallelism;
    }

    /** The executor that runs the requests. */
    public final ExecutorService executor() {
        return executor;
    }

    /** Hands a server's task to the executor, and counts it ({@link #tasks}). */
    public final void execute(Runnable task) {
        handed.increment();
        executor.execute(task);
    }

    /** Tasks the server handed to the executor so far (the fan-out endpoint's subtasks not included). */
    public final long tasks() {
        return handed.sum();
    }

    /** Blocks the calling request thread until {@code blocker} is releasable, as this executor should. */
    public final void block(ForkJoinPool.ManagedBlocker blocker) throws InterruptedException {
        blocking.block(blocker);
    }

    /** Steals so far, where the executor counts them; empty (the default) where it does not. */
    public OptionalLong steals() {
        return OptionalLong.empty();
    }

    /** Times a worker parked so far, where the executor counts them; empty (the default) where it does not. */
    public OptionalLong parks() {
        return OptionalLong.empty();
    }

    /** Times a parked worker was woken so far, where the executor counts them; empty (the default) where it does not. */
    public OptionalLong wakes() {
        return OptionalLong.empty();
    }

    /** Threads of the pool now; -1 where there is no pool (a virtual thread per task). */
    public abstract int threads();

    /** Threads of the pool with nothing to run now (0 where there is no pool). */
    public abstract int idleThreads();

    /** Tasks queued and not started now (0 where there is no queue). */
    public abstract long queuedTasks();

    /** Shuts the executor down and waits for its threads (at most 10 s). */
    @Override
    public void close() throws InterruptedException {
        executor.shutdown();
        if (!executor.awaitTermination(10, TimeUnit.SECONDS)) {
            executor.shutdownNow();
            throw new IllegalStateException(name + " did not terminate within 10 s");
        }
    }
}
