package io.github.taskpools.jcstress.executor;

import io.github.taskpools.executor.BwosExecutor;
import io.github.taskpools.executor.ExecutorTestAccess;

/**
 * Pools for the executor's jcstress tests, whose actors play the workers: the thread factory's
 * threads do nothing on {@code start()}, so no worker thread runs and none leaks. The pool's own
 * lazy start brings each worker up (a signal that finds no worker idle), then the worker leaves the
 * waking count as its thread's {@code run()} would: every worker is awake, none idle. Small deques
 * (fork blocks of {@code forkBlockSize}, submission blocks of 1).
 */
final class UnstartedPools {
    private UnstartedPools() {
    }

    static BwosExecutor of(int parallelism, int forkBlockSize) {
        return of(BwosExecutor.builder().parallelism(parallelism), parallelism, forkBlockSize);
    }

    /** {@code workers} workers up (at most the builder's parallelism) on the builder's settings. */
    static BwosExecutor of(BwosExecutor.Builder builder, int workers, int forkBlockSize) {
        BwosExecutor pool = builder.forkDeque(3, forkBlockSize).submitDeque(2, 1)
                .threadFactory(r -> new Thread(r) {
                    @Override
                    public void start() {
                        // never runs: an actor plays this worker
                    }
                }).build();
        for (int i = 0; i < workers; i++) {
            ExecutorTestAccess.signalWork(pool);
            ExecutorTestAccess.worker(pool, i).endWaking();
        }
        if (ExecutorTestAccess.created(pool) != workers || pool.getPoolSize() != workers) {
            throw new IllegalStateException("set-up: " + ExecutorTestAccess.created(pool) + " workers for " + workers);
        }
        return pool;
    }
}
