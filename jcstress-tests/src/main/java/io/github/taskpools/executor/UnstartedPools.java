package io.github.taskpools.executor;

/**
 * Pools for the executor's jcstress tests: no worker thread is started (the builder's
 * {@code startThreads = false}), so the actors play the workers and no thread leaks; small deques
 * (fork blocks of {@code forkBlockSize}, submission blocks of 1).
 */
final class UnstartedPools {
    private UnstartedPools() {
    }

    static BwosExecutor of(int parallelism, int forkBlockSize) {
        BwosExecutor.Builder b = BwosExecutor.builder().parallelism(parallelism).forkDeque(3, forkBlockSize)
                .submitDeque(2, 1);
        b.startThreads = false;
        return b.build();
    }
}
