package io.github.taskpools.executor;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The number of a {@link BwosExecutor}'s workers that are searching for work, on cache lines of its
 * own (JCTools-style padding by inheritance): idle workers change it all the time, and neither the
 * submitters' reads of the pool's other fields nor the count's readers should share their lines.
 * Volatile reads; CAS and getAndAdd (volatile RMWs) for every change. With it, on the same line:
 * the index of the worker that parked last (plain write by that worker, plain read by wakers: a
 * hint of which worker to wake first; a stale or torn-free old value only changes that choice),
 * which wakers read right after the count.
 */
final class SearchCount extends SearchCountField {
    long q00, q01, q02, q03, q04, q05, q06, q07;
    long q08, q09, q10, q11, q12, q13, q14, q15;

    /** One more searcher, unless {@code max} search already. */
    boolean tryIncrement(int max) {
        for (int s; (s = get()) < max; ) {
            if (COUNT.compareAndSet(this, (long) s, (long) s + 1)) {
                return true;
            }
        }
        return false;
    }

    /** One more searcher, whatever the maximum (a signalled worker). */
    void increment() {
        COUNT.getAndAdd(this, 1L);
    }

    /** One searcher fewer; returns the count before. */
    int decrement() {
        return (int) (long) COUNT.getAndAdd(this, -1L);
    }
}

abstract class SearchCountPad {
    long p00, p01, p02, p03, p04, p05, p06, p07;
    long p08, p09, p10, p11, p12, p13, p14, p15;
}

abstract class SearchCountField extends SearchCountPad {
    static final VarHandle COUNT;

    static {
        try {
            COUNT = MethodHandles.lookup().findVarHandle(SearchCountField.class, "count", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** A long, not an int: the JVM may put a 4-byte field into the gap after the header, before the padding. */
    @SuppressWarnings("unused") // through COUNT
    private volatile long count;
    /** A long like {@code count}; see {@link SearchCount}. */
    private long lastParked;

    final int get() {
        return (int) (long) COUNT.getVolatile(this);
    }

    final void lastParked(int index) {
        lastParked = index;
    }

    final int lastParked() {
        return (int) lastParked;
    }
}
