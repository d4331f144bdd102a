package io.github.taskpools.cafe;

import io.github.taskpools.internal.Waiters;

/**
 * The test-access point of the {@code cafe} package: what the jcstress tests in
 * {@code io.github.taskpools.jcstress.cafe} read of a pool's package-private state. Test sources
 * only (pool-core's tests jar, on the jcstress tests' class path): never part of the library.
 */
public final class CafeTestAccess {
    private CafeTestAccess() {
    }

    /** The pool's blocked consumers (its {@code waiters}): a consumer's last look against a put. */
    public static Waiters waiters(CafePool<?> pool) {
        return pool.waiters;
    }
}
