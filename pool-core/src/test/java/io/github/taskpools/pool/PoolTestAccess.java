package io.github.taskpools.pool;

import io.github.taskpools.internal.Waiters;

/**
 * The test-access point of the {@code pool} package: what the jcstress tests in
 * {@code io.github.taskpools.jcstress.pool} read of a pool's package-private state. Test sources
 * only (pool-core's tests jar, on the jcstress tests' class path): never part of the library.
 */
public final class PoolTestAccess {
    private PoolTestAccess() {
    }

    /** The pool's workers blocked in take/poll (its {@code waiters}): a grant against a last look. */
    public static Waiters waiters(BwosPool<?> pool) {
        return pool.waiters;
    }
}
