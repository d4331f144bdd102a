package io.github.taskpools.numapq;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The operation descriptor of thesis §3.1: what a thread publishes on a delegation channel so
 * that a thread of the destination node can run the operation for it.
 *
 * <ul>
 *   <li>{@code type} and {@code event}: the method and its argument;</li>
 *   <li>{@code state} (blocking variants, §3.1): {@link #FREE}, {@link #IN_HANDLING} or
 *       {@link #DONE}; a thread runs the operation only after moving it from FREE to IN_HANDLING,
 *       so one operation never runs twice at the same time;</li>
 *   <li>{@code id} and {@code candidate} (non-blocking variants, §3.1.1): several threads may run
 *       the same operation at once and agree through {@code candidate} on the node it inserts
 *       (Algorithm 4) or extracts (Algorithm 6), so an enqueue inserts once and a dequeue extracts
 *       one node. A dequeue's {@code id} is stamped into the node it deletes.</li>
 * </ul>
 */
final class Operation<E> {
    static final int ENQUEUE = 0;
    static final int DEQUEUE = 1;

    static final int FREE = 0;
    static final int IN_HANDLING = 1;
    static final int DONE = 2;

    /** The candidate of a dequeue that found the queue empty (the thesis' special value 1). */
    static final Object EMPTY = new Object();

    /** Dequeue ids, unique per JVM (a static counter); 0 is "no operation" in a node's state word. */
    private static final AtomicLong IDS = new AtomicLong();

    private static final VarHandle STATE;
    private static final VarHandle CANDIDATE;
    private static final VarHandle DONE_FLAG;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            STATE = l.findVarHandle(Operation.class, "state", int.class);
            CANDIDATE = l.findVarHandle(Operation.class, "candidate", Object.class);
            DONE_FLAG = l.findVarHandle(Operation.class, "done", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    final int type;
    /** The event to insert (enqueue); null for a dequeue. */
    final Event<E> event;
    /** Unique per dequeue (§3.1.1); enqueues do not stamp nodes and use 0. */
    final long id;
    /**
     * FREE / IN_HANDLING / DONE: CAS to take the operation; release stores of FREE (a repost) and
     * of DONE (after {@link #result}); acquire read by the requester (pairs with the DONE store).
     * No store-then-load pairing relies on it: ownership always comes from the CAS.
     */
    volatile int state;
    /**
     * Null, a {@link CalendarNode}, or {@link #EMPTY}; CAS only (Algorithms 4-6). Moves off a
     * node only once that node can never be deleted by this operation (see CalendarQueue).
     */
    volatile Object candidate;
    /**
     * The outcome: the dequeued event or null; plain, written before the release store of
     * {@link #state} DONE or of {@link #done}, which publish it. In the non-blocking variants
     * several executors write it, always with the same agreed value, so the race is harmless: a
     * reader that saw {@code done} sees that value, never the initial null of a dequeued event.
     */
    Event<E> result;
    /**
     * Non-blocking variants: release store of true by each executor after {@link #result};
     * acquire read by the requester (pairs with that store).
     */
    volatile boolean done;
    /**
     * P channel with repost: set (volatile) by a delegate that stopped because the operation's
     * locality changed, cleared by the requester before it reposts (§3.6).
     */
    volatile boolean bounced;

    private Operation(int type, Event<E> event) {
        this.type = type;
        this.event = event;
        this.id = type == DEQUEUE ? IDS.incrementAndGet() : 0;
    }

    static <E> Operation<E> enqueue(Event<E> event) {
        return new Operation<>(ENQUEUE, event);
    }

    static <E> Operation<E> dequeue() {
        return new Operation<>(DEQUEUE, null);
    }

    boolean tryHandle() {
        return STATE.compareAndSet(this, FREE, IN_HANDLING);
    }

    /** Blocking variants: back to FREE after a repost-on-locality-change failure. */
    void release() {
        STATE.setRelease(this, FREE); // release: the next owner's tryHandle CAS acquires it
    }

    void complete(Event<E> outcome) {
        result = outcome;
        STATE.setRelease(this, DONE); // release: publishes result; pairs with isComplete
    }

    /** Non-blocking variants: record the agreed outcome (every executor computes the same). */
    void completeShared(Event<E> outcome) {
        result = outcome;
        DONE_FLAG.setRelease(this, true); // release: publishes result; pairs with isComplete
    }

    /** Acquire reads (pair with the release stores above): {@link #result} may be read after. */
    boolean isComplete() {
        return (boolean) DONE_FLAG.getAcquire(this) || (int) STATE.getAcquire(this) == DONE;
    }

    boolean casCandidate(Object expect, Object update) {
        return CANDIDATE.compareAndSet(this, expect, update);
    }
}
