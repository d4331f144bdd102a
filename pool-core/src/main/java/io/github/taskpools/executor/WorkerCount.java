package io.github.taskpools.executor;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A number of a {@link BwosExecutor}'s workers in one state (searching for work, or woken and not
 * running yet), on cache lines of its own (JCTools-style padding by inheritance): idle workers
 * change it all the time, and neither the submitters' reads of the pool's other fields nor the
 * count's readers should share their lines. Volatile reads; CAS and getAndAdd (volatile RMWs) for
 * every change.
 */
final class WorkerCount extends WorkerCountField {
    long q00, q01, q02, q03, q04, q05, q06, q07;
    long q08, q09, q10, q11, q12, q13, q14, q15;

    /** One more, unless the count is {@code max} already. */
    boolean tryIncrement(int max) {
        for (int s; (s = get()) < max; ) {
            if (COUNT.compareAndSet(this, (long) s, (long) s + 1)) {
                return true;
            }
        }
        return false;
    }

    /** One more. */
    void increment() {
        COUNT.getAndAdd(this, 1L);
    }

    /** One fewer; returns the count before. */
    int decrement() {
        return (int) (long) COUNT.getAndAdd(this, -1L);
    }
}

abstract class WorkerCountPad {
    long p00, p01, p02, p03, p04, p05, p06, p07;
    long p08, p09, p10, p11, p12, p13, p14, p15;
}

abstract class WorkerCountField extends WorkerCountPad {
    static final VarHandle COUNT;

    static {
        try {
            COUNT = MethodHandles.lookup().findVarHandle(WorkerCountField.class, "count", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** A long, not an int: the JVM may put a 4-byte field into the gap after the header, before the padding. */
    @SuppressWarnings("unused") // through COUNT
    private volatile long count;

    final int get() {
        return (int) (long) COUNT.getVolatile(this);
    }
}
