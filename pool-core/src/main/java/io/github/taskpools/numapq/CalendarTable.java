package io.github.taskpools.numapq;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/** Padding before {@code current} (JCTools style: 128 bytes either side of each hot word). */
abstract class CalendarTablePad0 {
    long p00, p01, p02, p03, p04, p05, p06, p07;
    long p08, p09, p0a, p0b, p0c, p0d, p0e, p0f;
}

abstract class CalendarTableCurrent extends CalendarTablePad0 {
    /**
     * The virtual bucket holding the minimum and the epoch (thesis §2.3.2), one immutable pair
     * swapped by CAS on the reference; volatile reads. Epochs never decrease.
     */
    volatile CalendarTable.Current current;
}

abstract class CalendarTablePad1 extends CalendarTableCurrent {
    long p10, p11, p12, p13, p14, p15, p16, p17;
    long p18, p19, p1a, p1b, p1c, p1d, p1e, p1f;
}

abstract class CalendarTableSize extends CalendarTablePad1 {
    /** Element count, fetch-and-add (thesis Algorithm 1 line 17); volatile reads, an estimate. */
    volatile long size;
}

abstract class CalendarTablePad2 extends CalendarTableSize {
    long p20, p21, p22, p23, p24, p25, p26, p27;
    long p28, p29, p2a, p2b, p2c, p2d, p2e, p2f;
}

/**
 * One table of the calendar queue (thesis Figure 2.10): the physical buckets, the bucket width,
 * {@code current}, {@code size} and the {@code new_table} link of a resize.
 */
final class CalendarTable<E> extends CalendarTablePad2 {
    /** A value of {@code current}: virtual bucket index and epoch. */
    static final class Current {
        final long vb;
        final long epoch;

        Current(long vb, long epoch) {
            this.vb = vb;
            this.epoch = epoch;
        }
    }

    static final VarHandle CURRENT;
    static final VarHandle SIZE;
    static final VarHandle NEW_TABLE;
    static final VarHandle BW;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            CURRENT = l.findVarHandle(CalendarTableCurrent.class, "current", Current.class);
            SIZE = l.findVarHandle(CalendarTableSize.class, "size", long.class);
            NEW_TABLE = l.findVarHandle(CalendarTable.class, "newTable", CalendarTable.class);
            BW = l.findVarHandle(CalendarTable.class, "bw", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The physical buckets' head sentinels; the array is final, heads never change. */
    final CalendarNode<E>[] heads;
    /** A power of two. */
    final int length;
    /**
     * The bucket width: -1 in a new table until the resize computes it, then CAS once (thesis
     * Algorithm 3 line 16); volatile reads (pairs with that CAS, which follows the freezing).
     */
    volatile long bw;
    /**
     * The table a resize migrates to: CAS once from null (Algorithm 3 line 7); volatile reads.
     * Set before any node of this table is frozen.
     */
    volatile CalendarTable<E> newTable;
    /**
     * Set (volatile) by a dequeue that crossed too many empty virtual buckets: the bucket width
     * no longer fits the keys, so the next ReadTable resizes to recompute it.
     */
    volatile boolean rebalance;

    @SuppressWarnings("unchecked")
    CalendarTable(int length, long bw, Current current) {
        this.length = length;
        BW.set(this, bw); // plain: the table is published by the newTable CAS (or volatile table)
        this.heads = (CalendarNode<E>[]) new CalendarNode<?>[length];
        for (int i = 0; i < length; i++) {
            heads[i] = CalendarNode.head();
        }
        CURRENT.set(this, current); // plain: published with the table, as bw
    }

    /** The physical bucket of virtual bucket {@code vb} (mask: floor modulo for negatives too). */
    int bucketOf(long vb) {
        return (int) (vb & (length - 1));
    }

    long addSize(long delta) {
        return (long) SIZE.getAndAdd(this, delta);
    }

    boolean casCurrent(Current expect, Current update) {
        return CURRENT.compareAndSet(this, expect, update);
    }

    /**
     * Lowers {@code current} to virtual bucket {@code vb} with a new epoch if it is not already
     * at or below it (Algorithm 1 lines 12-16: an enqueue "in the past").
     */
    void enqueuedAt(long vb) {
        for (;;) {
            Current old = current;
            if (vb > old.vb) {
                return;
            }
            if (casCurrent(old, new Current(vb, old.epoch + 1))) {
                return;
            }
        }
    }
}
