package io.github.taskpools.numapq;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;

/**
 * A node of a physical bucket (thesis §2.3.2): an element of a Harris-style ordered list.
 *
 * <p>The thesis keeps the node state in the low bits of {@code next} (and, for the non-blocking
 * variants, widens {@code next} to a 128-bit pair with the deleting operation's id, §3.1.1). Java
 * has no tagged references, so the state lives in its own word, {@link #state}:
 * <ul>
 *   <li>{@link #DEL}: logically deleted (set by a dequeue's fetch-and-or, or by a losing copy);</li>
 *   <li>{@link #MOV}: frozen by a resize (set by a CAS loop, thesis Algorithm 3 lines 13-14, 25);
 *       {@link #MOV_DEAD} is set with it when DEL was already there, so a DEL bit that arrives
 *       after MOV (a dequeue's failed fetch-and-or) is not mistaken for a deletion;</li>
 *   <li>{@link #TEMP}: inserted but not yet valid (the thesis' INV/TEMP, opID = 1): copies made
 *       by a resize and nodes of non-blocking enqueues (Algorithm 4);</li>
 *   <li>bits from {@link #OP_SHIFT} up: the id of the non-blocking dequeue that deleted it.</li>
 * </ul>
 * A node whose state has none of DEL, MOV, TEMP is valid (the thesis' VAL). States only gain
 * bits, except the one move TEMP to valid.
 *
 * <p>What the mark in {@code next} buys Harris (no insertion after a deleted node, no unlinking
 * of a deleted node's successor by a stale CAS) is obtained as in {@code ConcurrentSkipListMap}:
 * before a DEL or MOV node is unlinked or migrated its {@code next} is frozen by a marker node
 * ({@link #isMarker}) that holds the successor; a bucket's own head pointer, a slot of
 * {@link CalendarTable#buckets}, is frozen the same way. An insertion after the node that wins the race
 * against the marker is captured by the marker and never lost; one that loses fails its CAS.
 */
final class CalendarNode<E> {
    static final long DEL = 1L;
    static final long MOV = 1L << 1;
    static final long TEMP = 1L << 2;
    static final long MOV_DEAD = 1L << 3;
    static final int OP_SHIFT = 4;

    static final VarHandle NEXT;
    static final VarHandle STATE;
    static final VarHandle REPLICA;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            NEXT = l.findVarHandle(CalendarNode.class, "next", CalendarNode.class);
            STATE = l.findVarHandle(CalendarNode.class, "state", long.class);
            REPLICA = l.findVarHandle(CalendarNode.class, "replica", CalendarNode.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The timestamp; markers hold 0, never compared. */
    final long key;
    /** The event; null for markers only (so no separate flag: the node stays at 56 bytes). */
    final Event<E> event;
    /** The non-blocking enqueue that inserted this node, read by a resize (Algorithm 5). */
    final Operation<E> requestor;
    /**
     * The epoch of {@code current} read before insertion (Algorithm 1 line 10); plain, written
     * before the insertion CAS (a volatile write) that publishes the node.
     */
    long epoch;
    /**
     * The table this node was inserted into; plain, written with {@link #epoch} before the
     * publishing CAS. Non-blocking executors that reach the node through a descriptor's
     * {@code candidate} use it to lower that table's {@code current} and count its size.
     */
    CalendarTable<E> home;
    /**
     * The successor: CAS (insertion, unlinking, freezing by a marker), volatile reads. Written
     * plainly ({@code NEXT.set}) only before publication, which is always a CAS that pairs with
     * the readers' volatile reads. A marker's {@code next} never changes.
     */
    volatile CalendarNode<E> next;
    /**
     * See the class comment. Plain write in the constructor (published with the node);
     * fetch-and-or (DEL: dequeue, losing copy or insertion); CAS (MOV, TEMP to valid by an
     * executor); fetch-and-and (TEMP to valid of a resize copy); compare-and-exchange (the
     * stamped DEL of a non-blocking dequeue); volatile reads.
     */
    volatile long state;
    /** The copy of this node in the new table (Algorithm 3 line 35): CAS once from null. */
    volatile CalendarNode<E> replica;

    /** A node of {@code event}, which must not be null. */
    CalendarNode(long key, Event<E> event, Operation<E> requestor, long state) {
        this.key = key;
        this.event = Objects.requireNonNull(event, "event");
        this.requestor = requestor;
        if (state != 0) {
            STATE.set(this, state); // plain: published by the insertion CAS (or casCandidate)
        }
    }

    /** A marker freezing the {@code next} of the node before it; holds that node's successor. */
    private CalendarNode(CalendarNode<E> successor) {
        this.key = 0;
        this.event = null;
        this.requestor = null;
        NEXT.set(this, successor); // plain: published by the freezing CAS (of a next or a bucket slot)
    }

    /** A marker holding {@code successor}, to freeze a {@code next} or a bucket's head pointer. */
    static <E> CalendarNode<E> marker(CalendarNode<E> successor) {
        return new CalendarNode<>(successor);
    }

    /** Whether this is a marker (see the class comment). */
    boolean isMarker() {
        return event == null;
    }

    /** The successor, looking through a marker. */
    CalendarNode<E> successor() {
        return throughMarker(next);
    }

    /** {@code f}, or the node a marker {@code f} holds. */
    static <E> CalendarNode<E> throughMarker(CalendarNode<E> f) {
        return f != null && f.isMarker() ? f.next : f;
    }

    /** Freezes {@code next} with a marker (idempotent); returns the final successor. */
    CalendarNode<E> freezeNext() {
        for (;;) {
            CalendarNode<E> f = next;
            if (f != null && f.isMarker()) {
                return f.next;
            }
            if (NEXT.compareAndSet(this, f, new CalendarNode<>(f))) {
                return f;
            }
        }
    }

    /**
     * Marks the node MOV (CAS loop, Algorithm 3), recording whether it was already deleted, and
     * freezes its {@code next}. Returns the state read after freezing, which may hold a DEL that
     * came after MOV (a dequeue's failed fetch-and-or); callers look only at MOV_DEAD and TEMP,
     * which cannot change once MOV is set, so every helper gets the same answer.
     */
    long freezeForMove() {
        long s;
        do {
            s = state;
            if ((s & MOV) != 0) {
                break;
            }
        } while (!STATE.compareAndSet(this, s, s | MOV | ((s & DEL) != 0 ? MOV_DEAD : 0)));
        freezeNext();
        return state;
    }

    /** Fetch-and-or of DEL (a losing copy or a losing non-blocking insertion). */
    void markDeleted() {
        STATE.getAndBitwiseOr(this, DEL);
    }

    static boolean isValid(long s) {
        return (s & (DEL | MOV | TEMP)) == 0;
    }

    static long deletedBy(long opId) {
        return DEL | (opId << OP_SHIFT);
    }

    static long opOf(long s) {
        return s >>> OP_SHIFT;
    }
}
