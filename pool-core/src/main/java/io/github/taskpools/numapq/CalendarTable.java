package io.github.taskpools.numapq;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Padding before {@code current} (JCTools style: 128 bytes either side of each hot word). Bytes, not
 * longs: HotSpot (JDK 15+) puts a subclass's narrow fields into alignment holes of its superclasses,
 * and the 4-byte {@code current} would land in the hole after the header, in front of long padding;
 * PaddingLayoutTest checks the layout.
 */
abstract class CalendarTablePad0 {
    byte p000, p001, p002, p003, p004, p005, p006, p007, p008, p009, p010, p011, p012, p013, p014, p015;
    byte p016, p017, p018, p019, p020, p021, p022, p023, p024, p025, p026, p027, p028, p029, p030, p031;
    byte p032, p033, p034, p035, p036, p037, p038, p039, p040, p041, p042, p043, p044, p045, p046, p047;
    byte p048, p049, p050, p051, p052, p053, p054, p055, p056, p057, p058, p059, p060, p061, p062, p063;
    byte p064, p065, p066, p067, p068, p069, p070, p071, p072, p073, p074, p075, p076, p077, p078, p079;
    byte p080, p081, p082, p083, p084, p085, p086, p087, p088, p089, p090, p091, p092, p093, p094, p095;
    byte p096, p097, p098, p099, p100, p101, p102, p103, p104, p105, p106, p107, p108, p109, p110, p111;
    byte p112, p113, p114, p115, p116, p117, p118, p119, p120, p121, p122, p123, p124, p125, p126, p127;
}

abstract class CalendarTableCurrent extends CalendarTablePad0 {
    /**
     * The virtual bucket holding the minimum and the epoch (thesis §2.3.2), one immutable pair
     * swapped by CAS on the reference; volatile reads. Epochs never decrease.
     */
    volatile CalendarTable.Current current;
}

abstract class CalendarTablePad1 extends CalendarTableCurrent {
    byte q000, q001, q002, q003, q004, q005, q006, q007, q008, q009, q010, q011, q012, q013, q014, q015;
    byte q016, q017, q018, q019, q020, q021, q022, q023, q024, q025, q026, q027, q028, q029, q030, q031;
    byte q032, q033, q034, q035, q036, q037, q038, q039, q040, q041, q042, q043, q044, q045, q046, q047;
    byte q048, q049, q050, q051, q052, q053, q054, q055, q056, q057, q058, q059, q060, q061, q062, q063;
    byte q064, q065, q066, q067, q068, q069, q070, q071, q072, q073, q074, q075, q076, q077, q078, q079;
    byte q080, q081, q082, q083, q084, q085, q086, q087, q088, q089, q090, q091, q092, q093, q094, q095;
    byte q096, q097, q098, q099, q100, q101, q102, q103, q104, q105, q106, q107, q108, q109, q110, q111;
    byte q112, q113, q114, q115, q116, q117, q118, q119, q120, q121, q122, q123, q124, q125, q126, q127;
}

abstract class CalendarTableSize extends CalendarTablePad1 {
    /** Element count, fetch-and-add (thesis Algorithm 1 line 17); volatile reads, an estimate. */
    volatile long size;
}

abstract class CalendarTablePad2 extends CalendarTableSize {
    byte r000, r001, r002, r003, r004, r005, r006, r007, r008, r009, r010, r011, r012, r013, r014, r015;
    byte r016, r017, r018, r019, r020, r021, r022, r023, r024, r025, r026, r027, r028, r029, r030, r031;
    byte r032, r033, r034, r035, r036, r037, r038, r039, r040, r041, r042, r043, r044, r045, r046, r047;
    byte r048, r049, r050, r051, r052, r053, r054, r055, r056, r057, r058, r059, r060, r061, r062, r063;
    byte r064, r065, r066, r067, r068, r069, r070, r071, r072, r073, r074, r075, r076, r077, r078, r079;
    byte r080, r081, r082, r083, r084, r085, r086, r087, r088, r089, r090, r091, r092, r093, r094, r095;
    byte r096, r097, r098, r099, r100, r101, r102, r103, r104, r105, r106, r107, r108, r109, r110, r111;
    byte r112, r113, r114, r115, r116, r117, r118, r119, r120, r121, r122, r123, r124, r125, r126, r127;
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
    /** Element access of {@link #buckets}. */
    static final VarHandle FIRST = MethodHandles.arrayElementVarHandle(CalendarNode[].class);

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

    /**
     * The physical buckets: slot b holds the first node of bucket b's list, or null. The slot is
     * the list's head pointer, so a bucket has no sentinel node and an operation reaches its first
     * node without a miss on a head object. CAS (insertion at the front, cutting a deleted
     * prefix, freezing by a marker), volatile reads; pairs like a node's {@code next}. A marker in
     * the slot freezes the bucket for a resize, for good.
     */
    final CalendarNode<E>[] buckets;
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
        this.buckets = (CalendarNode<E>[]) new CalendarNode<?>[length];
        CURRENT.set(this, current); // plain: published with the table, as bw
    }

    /** The physical bucket of virtual bucket {@code vb} (mask: floor modulo for negatives too). */
    int bucketOf(long vb) {
        return (int) (vb & (length - 1));
    }

    /** The first node of bucket {@code b}, or a marker if the bucket is frozen, or null. */
    @SuppressWarnings("unchecked")
    CalendarNode<E> first(int b) {
        return (CalendarNode<E>) FIRST.getVolatile(buckets, b);
    }

    /** CAS of bucket {@code b}'s head pointer. */
    boolean casFirst(int b, CalendarNode<E> expect, CalendarNode<E> update) {
        return FIRST.compareAndSet(buckets, b, expect, update);
    }

    /**
     * CAS of the link after {@code left}, or of bucket {@code b}'s head pointer if {@code left}
     * is null: the one write that inserts, unlinks or cuts in a bucket's list.
     */
    boolean casLink(int b, CalendarNode<E> left, CalendarNode<E> expect, CalendarNode<E> update) {
        return left == null
                ? casFirst(b, expect, update)
                : CalendarNode.NEXT.compareAndSet(left, expect, update);
    }

    /** The successor of {@code left}, or bucket {@code b}'s first node if {@code left} is null. */
    CalendarNode<E> after(int b, CalendarNode<E> left) {
        return left == null ? first(b) : left.next;
    }

    /**
     * Freezes bucket {@code b} with a marker in its slot (idempotent; thesis Algorithm 3 lines
     * 9-14 mark the head instead); returns the frozen first node.
     */
    CalendarNode<E> freezeBucket(int b) {
        for (;;) {
            CalendarNode<E> f = first(b);
            if (f != null && f.isMarker()) {
                return f.next;
            }
            if (casFirst(b, f, CalendarNode.marker(f))) {
                return f;
            }
        }
    }

    /** The first node of a bucket that may be frozen, looking through its marker. */
    CalendarNode<E> firstThroughMarker(int b) {
        return CalendarNode.throughMarker(first(b));
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
