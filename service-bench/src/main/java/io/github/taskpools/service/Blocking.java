package io.github.taskpools.service;

import java.util.concurrent.ForkJoinPool;

/**
 * How a request thread of one executor waits for a blocking call (the blocking endpoint's
 * simulated downstream call): through the executor's managed-blocking hook where it has one, so
 * the executor can keep its parallelism (ForkJoinPool adds a compensating thread), else in place.
 * Each entry of {@link ServiceExecutors} names its strategy.
 */
@FunctionalInterface
public interface Blocking {
    /** Blocks the calling thread until {@code blocker} is releasable. */
    void block(ForkJoinPool.ManagedBlocker blocker) throws InterruptedException;

    /** Blocks in place: what {@code ForkJoinPool.managedBlock} does on a thread outside any pool. */
    Blocking IN_PLACE = blocker -> {
        while (!blocker.isReleasable() && !blocker.block()) {
            // block() returned false: the blocker wants to be asked again.
        }
    };

    /** {@link ForkJoinPool#managedBlock}: on a worker of a ForkJoinPool, compensates for the blocked worker. */
    Blocking FORK_JOIN = ForkJoinPool::managedBlock;
}
