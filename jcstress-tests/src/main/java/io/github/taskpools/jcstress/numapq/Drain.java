package io.github.taskpools.jcstress.numapq;

import io.github.taskpools.numapq.CalendarQueue;
import io.github.taskpools.numapq.Event;

/**
 * Arbiter helpers for the calendar-queue tests: events carry their key as value, so an event
 * read back whole is checked, and what is left is drained in order.
 */
public final class Drain {
    /** Everything was drained once, in key order, and matched the expected multiset. */
    public static final int OK = 1;
    static final int LOST_OR_EXTRA = -1;
    static final int OUT_OF_ORDER = -2;
    static final int TORN = -3;

    private Drain() {
    }

    /** The key of an event (checking its value), 0 for none, {@link #TORN} if inconsistent. */
    public static long keyOf(Event<Long> e) {
        if (e == null) {
            return 0;
        }
        return e.value() == e.key() ? e.key() : TORN;
    }

    /**
     * Drains {@code q} and checks that the drained keys plus {@code taken} are exactly
     * {@code expected} (sorted ascending, taken keys removed), in ascending order.
     */
    public static int verdict(CalendarQueue<Long> q, long[] expected, long... taken) {
        long[] left = expected.clone();
        for (long t : taken) {
            if (t == 0) {
                continue;
            }
            if (!remove(left, t)) {
                return LOST_OR_EXTRA;
            }
        }
        long prev = Long.MIN_VALUE;
        for (Event<Long> e; (e = q.poll()) != null;) {
            long k = keyOf(e);
            if (k == TORN) {
                return TORN;
            }
            if (k < prev) {
                return OUT_OF_ORDER;
            }
            prev = k;
            if (!remove(left, k)) {
                return LOST_OR_EXTRA;
            }
        }
        for (long l : left) {
            if (l != 0) {
                return LOST_OR_EXTRA;
            }
        }
        return q.size() == 0 ? OK : LOST_OR_EXTRA;
    }

    private static boolean remove(long[] left, long k) {
        for (int i = 0; i < left.length; i++) {
            if (left[i] == k) {
                left[i] = 0;
                return true;
            }
        }
        return false;
    }

    public static CalendarQueue<Long> filled(long... keys) {
        CalendarQueue<Long> q = new CalendarQueue<>();
        for (long k : keys) {
            q.offer(k, k);
        }
        return q;
    }
}
