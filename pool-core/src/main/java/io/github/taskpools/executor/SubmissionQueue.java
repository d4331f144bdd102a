package io.github.taskpools.executor;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.function.Consumer;
import org.jctools.queues.MpmcUnboundedXaddArrayQueue;
import org.jctools.queues.SpmcArrayQueue;

/**
 * One stripe of a {@link BwosExecutor}'s shared submission queue ({@link SharedQueue}): a ring of
 * tasks that threads outside the pool push under a lock and workers take without one, as {@code
 * ForkJoinPool}'s external submission queues are pushed under their lock.
 *
 * <h2>Algorithm</h2>
 * A submitter takes the lock (CAS 0 to 1; a taken lock sends it to another stripe), reads the
 * pool's run state and, only while the pool runs, stores the task into slot {@code top} and
 * publishes {@code top + 1}; then it releases the lock. Deciding acceptance under the lock is what
 * makes a submission racing shutdown either rejected before anyone can see it, or visible to the
 * thread that commits termination: that thread moves the run state first and then waits out each
 * stripe's lock before it reads the indices ({@link #isEmptyForTermination()}), so a submitter
 * either published before or reads the new run state. No per-task claim is needed. After
 * publishing, the submitter reads {@code base}: a task pushed behind two or more queued ones
 * ({@link #ACCEPTED_BEHIND}) needs no wake-up, as in ForkJoinPool's external push (see {@code
 * SharedQueue.enqueue}).
 *
 * <p>A worker takes tasks by one CAS of {@code base} from {@code b} to {@code b + k}, having read
 * {@code top >= b + k}; the indices it moved over are its own, and it reads their slots and clears
 * them. A single CAS can take a batch ({@link #moveTo}), and a taker never waits for another
 * thread: every slot below {@code top} was stored before {@code top} was published.
 *
 * <h2>Invariants</h2>
 * {@code base <= top}. Slots of indices in {@code [base, top)} hold the queued tasks; a slot of an
 * index below {@code base} holds its task until the worker that took the index clears it; every
 * other slot is null. A submitter writes only a null slot: it finds slot {@code top} still set when
 * the ring is full or a taker of the index one lap before has not cleared it yet, and then tries
 * another stripe, or, once it has tried as many as the pool has, puts the task into the pool's
 * spill queue (still under the lock): a slot is never overwritten and nothing is dropped.
 *
 * <h2>Memory orderings</h2>
 * <pre>
 * field   writer: mode                                reader: mode
 * lock    submitter, shutdownNow: CAS (volatile),     submitters: volatile read, then CAS;
 *         release store to unlock (in a finally)      isEmpty (the terminator waits while it is
 *                                                       held): volatile
 * top     lock holder: volatile store, after the      takers: volatile read, then the slots
 *         slot (the store-load order of the parking    (plain); isEmpty, size, the monitor's
 *         handshake)                                    QueueAge: volatile; lock holder: plain
 * base    takers: CAS (volatile)                      takers, isEmpty, size, QueueAge: volatile; the
 *                                                     submitter: volatile, after its volatile
 *                                                       store of top and its unlock (with a
 *                                                       taker's CAS of base, then
 *                                                       its volatile read of top, a Dekker pair)
 * slots   lock holder: plain store, published by      taker: plain read after its CAS;
 *         top's volatile store; taker: release store   lock holder: acquire read (pairs with the
 *         of null after its read                      taker's release: its read is done)
 * array   lock holder: plain, once                     lock holder: plain
 * ring    lock holder: release, once, before the first  takers: acquire (a null ring: nothing
 *         volatile store of top                         was ever pushed)
 * slots   (relaxedPoll's look)                        searchers: opaque, a hint checked
 *                                                       against top before the CAS
 * topCache takers (relaxedPoll, moveTo): release store  takers: acquire; a value above base
 *         of a value of top they read (volatile),       means the index base was published
 *         only if above the cache                        (pairs with the release: the slot's
 *                                                        store happened before that read of top)
 * </pre>
 * {@code lock}, {@code top} and {@code array} share the submitters' lines; {@code base},
 * {@code topCache} and {@code ring}, written by takers and once by the first submitter, are padded
 * onto lines of their own (JCTools-style padding by inheritance). The takers' hot paths
 * ({@link #relaxedPoll()}, {@link #moveTo}) read {@code top} only when the slot of {@code base}
 * holds a task and {@code topCache} is not above {@code base}: a submitter's next push then finds
 * its line still in its cache, where a read of top per take moved the line to the taker's core at
 * every task (ForkJoinPool's takers likewise read only base and the slot). The strict
 * {@link #poll()} of the parking look reads top.
 */
final class SubmissionQueue extends SubmissionQueueBase {
    long q00, q01, q02, q03, q04, q05, q06, q07;
    long q08, q09, q10, q11, q12, q13, q14, q15;

    static final int ACCEPTED = 0;
    /** Accepted behind at least two tasks queued in this stripe: no wake-up is needed for it. */
    static final int ACCEPTED_BEHIND = 4;
    static final int REJECTED = 1;
    static final int CONTENDED = 2;
    static final int FULL = 3;

    /**
     * Slots of a pool's stripe: 4096 references, allocated on the stripe's first submission. A
     * submitter that finds its stripe full tries the others before it spills.
     */
    static final int CAPACITY = 1 << 12;

    private static final VarHandle SLOTS = MethodHandles.arrayElementVarHandle(BwosTask[].class);

    private final int mask;

    /** A stripe of {@code capacity} slots, a power of two (small ones in the jcstress tests). */
    SubmissionQueue(int capacity) {
        if (Integer.bitCount(capacity) != 1) {
            throw new IllegalArgumentException("capacity must be a power of two, got " + capacity);
        }
        this.mask = capacity - 1;
    }

    /**
     * Pushes {@code task} if the pool runs (the run state of {@code ctl}): {@link #ACCEPTED} (into
     * this ring or, if its slot is not free and {@code spillIfFull}, into {@code spills}, the pool's
     * spill queue), {@link #ACCEPTED_BEHIND} (into this ring, behind at least two queued tasks),
     * {@link #REJECTED} (the pool is shut down; the task was not published), {@link
     * #CONTENDED} (another submitter holds the lock) or {@link #FULL} (the slot is not free): try
     * another stripe.
     */
    int push(BwosTask<?> task, IdleStack ctl, MpmcUnboundedXaddArrayQueue<BwosTask<?>> spills, boolean spillIfFull) {
        if ((long) LOCK.getVolatile(this) != 0L || !LOCK.compareAndSet(this, 0L, 1L)) {
            return CONTENDED; // read first: a failed CAS would take the line from the holder
        }
        long t;
        try {
            if (ctl.runState() != IdleStack.RUNNING) {
                return REJECTED;
            }
            BwosTask<?>[] a = array;
            if (a == null) {
                a = new BwosTask<?>[mask + 1];
                array = a; // plain: the submitters' own copy, read under the lock
                RING.setRelease(this, a); // the takers' copy, on their line (pairs with their acquire)
            }
            t = (long) TOP.get(this); // plain: written only under the lock, which we hold
            int i = (int) t & mask;
            if (SLOTS.getAcquire(a, i) != null) {
                // Full, or the slot's last taker has not cleared it: never overwrite.
                if (!spillIfFull) {
                    return FULL;
                }
                spills.offer(task);
                return ACCEPTED;
            }
            a[i] = task; // plain: published by the volatile store of top
            TOP.setVolatile(this, t + 1);
        } finally {
            // Released on every path, an exception too (an allocation failure): a lock held for
            // good would turn every later push away and keep termination waiting.
            LOCK.setRelease(this, 0L);
        }
        // Volatile, after the volatile store of top (a Dekker pair with a taker's CAS of base and
        // its volatile read of top, see Worker.pollInjection; the release of the lock between
        // them does not reorder two volatile accesses), and outside the lock, so that its miss on
        // the takers' line does not lengthen the critical section: at least two tasks were queued
        // before this one, so the submission that queued the first of them signalled, and
        // whoever takes them passes the signal on while tasks are left.
        return (long) BASE.getVolatile(this) < t - 1 ? ACCEPTED_BEHIND : ACCEPTED;
    }

    /** Whether {@code r}, a result of {@link #push}, means the task was accepted. */
    static boolean accepted(int r) {
        return r == ACCEPTED || r == ACCEPTED_BEHIND;
    }

    /** Takes the oldest task, or returns {@code null} if there is none. */
    BwosTask<?> poll() {
        for (;;) {
            long b = (long) BASE.getVolatile(this);
            if ((long) TOP.getVolatile(this) <= b) {
                return null;
            }
            if (BASE.compareAndSet(this, b, b + 1)) {
                return take((BwosTask<?>[]) RING.getAcquire(this), b, mask);
            }
        }
    }

    /**
     * As {@link #poll()}, but looks at the slot of {@code base} first and answers {@code null}
     * when it is empty, without reading {@code top}: a searching worker's look leaves the
     * submitters' line (lock and top) alone, so that a submitter's next push finds it still in its
     * own cache (ForkJoinPool's scanners likewise read only base and the slot). It may answer
     * {@code null} while tasks are queued: when another taker took the task of {@code base} between
     * the two reads. Not for a look that must see every published task (the parking look).
     */
    BwosTask<?> relaxedPoll() {
        BwosTask<?>[] a = (BwosTask<?>[]) RING.getAcquire(this);
        if (a == null) {
            return null;
        }
        for (;;) {
            long b = (long) BASE.getVolatile(this);
            // Opaque: a hint. Null: nothing was pushed at b yet, or its taker has cleared it.
            // Non-null: the task of b, or of b - capacity not cleared yet, which top tells apart.
            if (SLOTS.getOpaque(a, (int) b & mask) == null || topAbove(b) <= b) {
                return null;
            }
            if (BASE.compareAndSet(this, b, b + 1)) {
                return take(a, b, mask);
            }
        }
    }

    /**
     * Takes a share of the oldest tasks by one CAS, at most {@code max} and at most the
     * {@code shares}-th part of those queued (rounded up; counted up to the takers' cache of top
     * while that is above base, see {@link #topAbove}), and offers them to {@code inbox} (its
     * owner's, which offers only into an empty inbox, so they fit; else to {@code spills}, the pool's
     * spill queue); returns how many it took, 0 only
     * when a volatile read of top (after the caller's earlier CAS of base) found none queued.
     */
    int moveTo(SpmcArrayQueue<BwosTask<?>> inbox, int max, int shares, MpmcUnboundedXaddArrayQueue<BwosTask<?>> spills) {
        for (;;) {
            long b = (long) BASE.getVolatile(this);
            long n = Math.min(max, (topAbove(b) - b + shares - 1) / shares);
            if (n <= 0) {
                return 0;
            }
            if (BASE.compareAndSet(this, b, b + n)) {
                BwosTask<?>[] a = (BwosTask<?>[]) RING.getAcquire(this);
                for (long k = b; k < b + n; k++) {
                    BwosTask<?> t = take(a, k, mask);
                    if (!inbox.offer(t)) {
                        spills.offer(t); // only if the inbox was not empty: never drop (in a hand-over)
                    }
                }
                return (int) n;
            }
        }
    }

    /**
     * {@code top}, or a smaller value it had, that is above {@code b} if the takers' cache of it is:
     * a take of index {@code b} then leaves the submitters' line alone (JCTools' SPMC queue keeps
     * such a producer-index cache for its consumers). Otherwise reads {@code top} (volatile) and
     * caches it if it is above the cache. The cache only grows, except that two takers may store
     * their reads out of order, which leaves a smaller value: a later take reads top again.
     */
    private long topAbove(long b) {
        long c = (long) TOP_CACHE.getAcquire(this);
        if (c > b) {
            return c; // index b was published: the cached top was read after its slot was stored
        }
        long t = (long) TOP.getVolatile(this);
        if (t > c) {
            TOP_CACHE.setRelease(this, t); // after our volatile read: passes its publication on
        }
        return t;
    }

    /** The task of index {@code k}, which the caller took by its CAS of base; clears the slot. */
    private static BwosTask<?> take(BwosTask<?>[] a, long k, int mask) {
        int i = (int) k & mask;
        BwosTask<?> t = a[i]; // plain: stored before the top our CAS was checked against
        SLOTS.setRelease(a, i, null); // after the read: the submitter may then reuse the slot
        return t;
    }

    /**
     * Whether the stripe holds no task (volatile reads of top, then base). A task a submitter is
     * pushing may not be seen yet.
     */
    boolean isEmpty() {
        return (long) TOP.getVolatile(this) == (long) BASE.getVolatile(this);
    }

    /**
     * For the commit of termination, after the run state moved off RUNNING: waits while a submitter
     * holds the lock, then whether the stripe is empty. A holder either read RUNNING before the run
     * state moved, and its push is then seen here, or reads the new state and rejects, so the wait
     * is one short critical section (the holder spins on nothing). Failing instead, as a plain
     * "not empty", would leave a pool whose only submitter was rejected never terminating: the
     * workers are parked and nobody would try again.
     */
    boolean isEmptyForTermination() {
        for (int spins = 0; (long) LOCK.getVolatile(this) != 0L; spins++) {
            if (spins < 64) {
                Thread.onSpinWait();
            } else {
                Thread.yield(); // the holder may be descheduled
            }
        }
        return isEmpty();
    }

    /** The index the next push stores into (volatile): tasks pushed so far. */
    long topIndex() {
        return (long) TOP.getVolatile(this);
    }

    /** The index the next take takes (volatile): tasks taken so far. */
    long baseIndex() {
        return (long) BASE.getVolatile(this);
    }

    /** Tasks queued (an estimate while submitters and takers run). */
    long size() {
        return Math.max(0L, (long) TOP.getVolatile(this) - (long) BASE.getVolatile(this));
    }

    /**
     * For {@code shutdownNow}: takes the lock (waiting out a submitter that holds it, which then
     * finished its push; later ones read the changed run state), moves every queued task to
     * {@code drain}, and releases the lock.
     */
    void drainLocked(Consumer<BwosTask<?>> drain) {
        while ((long) LOCK.getVolatile(this) != 0L || !LOCK.compareAndSet(this, 0L, 1L)) {
            Thread.onSpinWait();
        }
        try {
            for (BwosTask<?> t; (t = poll()) != null; ) {
                drain.accept(t);
            }
        } finally {
            LOCK.setRelease(this, 0L);
        }
    }
}

abstract class SubmissionQueuePad0 {
    long p00, p01, p02, p03, p04, p05, p06, p07;
    long p08, p09, p10, p11, p12, p13, p14, p15;
}

/** The submitters' fields. */
abstract class SubmissionQueueProducer extends SubmissionQueuePad0 {
    static final VarHandle LOCK;
    static final VarHandle TOP;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            LOCK = l.findVarHandle(SubmissionQueueProducer.class, "lock", long.class);
            TOP = l.findVarHandle(SubmissionQueueProducer.class, "top", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** 0 free, 1 held by a submitter (or shutdownNow). Longs: no 4-byte field in the header's gap. */
    @SuppressWarnings("unused") // through LOCK
    private volatile long lock;
    /** One past the newest task. */
    @SuppressWarnings("unused") // through TOP
    private volatile long top;
    /** The ring, allocated by the first submitter; the submitters' copy. Plain: under the lock. */
    BwosTask<?>[] array;
}

abstract class SubmissionQueuePad1 extends SubmissionQueueProducer {
    long r00, r01, r02, r03, r04, r05, r06, r07;
    long r08, r09, r10, r11, r12, r13, r14, r15;
}

/** The takers' fields. */
abstract class SubmissionQueueBase extends SubmissionQueuePad1 {
    static final VarHandle BASE;
    static final VarHandle RING;
    static final VarHandle TOP_CACHE;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            BASE = l.findVarHandle(SubmissionQueueBase.class, "base", long.class);
            TOP_CACHE = l.findVarHandle(SubmissionQueueBase.class, "topCache", long.class);
            RING = l.findVarHandle(SubmissionQueueBase.class, "ring", BwosTask[].class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The oldest index not taken yet. */
    @SuppressWarnings("unused") // through BASE
    private volatile long base;
    /** A value {@code top} had, read by a taker (see {@link SubmissionQueue#topAbove}). */
    @SuppressWarnings("unused") // through TOP_CACHE
    private long topCache;
    /**
     * The ring, the takers' copy of {@code array}, beside base so that takers never read the
     * submitters' line for it. Release store once by the first submitter (before its first
     * volatile store of top); acquire loads by takers.
     */
    @SuppressWarnings("unused") // through RING
    private BwosTask<?>[] ring;
}
