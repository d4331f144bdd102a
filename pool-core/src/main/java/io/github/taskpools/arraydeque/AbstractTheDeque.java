package io.github.taskpools.arraydeque;

import static io.github.taskpools.arraydeque.DequeChecks.checkNotNull;
import static io.github.taskpools.arraydeque.DequeChecks.checkOwner;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The THE family on a bounded circular array: Cilk's THE (Frigo et al., PLDI'98; Morrison and
 * Afek, ASPLOS'14, Fig. 2b), its fence-free FF-THE (Fig. 3) and THEP (Fig. 5). What they share is
 * here: put, the per-deque lock, the worker's locked take, and the thief of THE and FF-THE. H is
 * {@code top}, T is {@code bottom}; put is {@link #push}, take is {@link #pop}.
 *
 * <h2>Algorithm</h2>
 * <pre>
 * put(x):   t = T; h = H (acquire)
 *           if t - h >= W - 1:                         (maybe full: see "bounded array")
 *               lock; h = H; unlock; if t - h >= W: return false
 *           tasks[t] = x; T = t + 1 (release)
 * take():   t = T - 1; T = t; [THE: FENCE]; h = H        (the flag principle, §3.2)
 *           if t &lt; h:                                    (empty, or a thief raised H past t)
 *               lock; h = H
 *               if h >= t + 1: T = t + 1; unlock; return EMPTY
 *               unlock
 *           x = tasks[t]; tasks[t] = null; return x
 * steal():  lock; h = H; t = T (acquire)                 (THE and FF-THE; THEP in ThepDequeImpl)
 *           if t - h &lt;= δ: unlock; return t - h &lt;= 0 ? EMPTY : ABORT
 *           H = h + 1 (release); FENCE; t = T (acquire)
 *           if t - δ > h: x = tasks[h]; unlock; return x      (Fig. 3 lines 61-62)
 *           H = h; unlock; return δ == 0 ? EMPTY : ABORT
 * </pre>
 * THE is this with δ = 0 and the FENCE in take: a thief steals when H &lt;= T after its increment
 * (§3.2). FF-THE drops the take's fence and asks T - δ > h instead (§4): a thief that reads T = t
 * knows the worker's own T is at least t - δ, since at most δ of its takes can still be in its
 * store buffer ({@code fencefree.BoundedTso}). If the worker is about to take task h, its T store
 * is one of those, the thief sees T &lt;= h + δ and backs off; otherwise the worker's later read of
 * H sees the increment (the thief's FENCE) and takes the lock.
 *
 * <h2>Bounded array: where this departs from the figures</h2>
 * The paper leaves out what happens when the array fills (§3.2). Here it cannot grow, and a slot
 * is reused for index i + W once index i is gone, which forces two changes, both outside the
 * worker's take:
 * <ul>
 *   <li><b>Put does not trust a single read of H near the full mark.</b> A thief raises H by one
 *       and may put it back (ABORT, EMPTY), so H can read one higher than the head, and a put
 *       that believed it would overwrite a task still in the deque. Put therefore treats the
 *       deque as full-looking at W - 1 tasks and then reads H under the lock, where it is exact
 *       (thieves change H only under the lock, the worker never does). For the same reason
 *       {@link #remainingCapacity} counts one slot less. This also keeps slot h still while a
 *       thief that raised H to h + 1 holds the lock: a put without the lock writes index
 *       t &lt;= (h + 1) + W - 2, never h + W. So the thief reads {@code tasks[h]} after its check,
 *       as in the figures, and the worker reuses the slot (index h + W) only after reading
 *       H >= h + 2 with acquire, or under the lock. H >= h + 2 is stored by a later thief (this
 *       thief's own release of h + 1 comes before its read of the slot and orders nothing after
 *       it); the read pairs with that later thief's release, which the lock orders after this
 *       thief's read.</li>
 *   <li>A thief that sees T &lt;= H + δ before raising H returns at once, leaving H alone: an
 *       early form of the same answer that spares the worker a trip through the lock. The
 *       slot is never read before the check: between an early read and the raise of H the worker
 *       could take index h, push a new task there and make T - δ > h true again.</li>
 * </ul>
 *
 * <h2>Invariants</h2>
 * (1) H changes only under the lock, by thieves, by +1 and back by -1 within one critical section;
 * (2) between worker operations H &lt;= T &lt;= H + W, and a slot is written for index i only
 * when index i - W is gone and its thief read it; (3) each index is taken once: by a thief under
 * the lock after its check, or by the worker, which without the lock takes only indices it has
 * announced with T and found above H, and otherwise decides under the lock; (4) the worker's take
 * makes two stores, T then the slot it clears, and THEP a third (P), so x >= 1 (§4).
 *
 * <h2>Memory orderings</h2>
 * The columns THE and FF-THE of the table in the package overview, with the pairings listed
 * there: put publishes with a release fence and an opaque store of T, which a thief's acquire of T
 * pairs with; a thief under the lock reads H plain, raises it with a release store and a FULL
 * FENCE, and gives it back with a release store; the worker reads H opaque (acquire in put, which
 * pairs with a later thief's release). Each field's comment gives its modes.
 *
 * <p>The exported deques ({@code fencefree.TheDeque}, {@code FfTheDeque} and {@code ThepDeque})
 * declare only their constructors and extend {@link TheDequeImpl}, {@link FfTheDequeImpl} and
 * {@link ThepDequeImpl}, which extend this class: public, so that the exported classes inherit the
 * public methods, with the hooks, the lock and δ package-private, out of the exported API.
 *
 * @param <E> the task type
 */
public abstract class AbstractTheDeque<E> extends TheLockField<E> {
    // Padding after the lock and δ, before THEP's echo.
    long s00, s01, s02, s03, s04, s05, s06, s07;
    long s08, s09, s10, s11, s12, s13, s14, s15;

    AbstractTheDeque(int capacity, int delta) {
        super(capacity, delta);
    }

    // ------------------------------------------------------------------ hooks

    /** The head index in a word read from H: the word itself, or its low 32 bits in THEP. */
    abstract long head(long word);

    /**
     * The worker takes the lock: {@link #lock()} here; THEP keeps echoing while it waits, since a
     * thief that holds the lock may be waiting for its echo (Fig. 5 line 114).
     */
    void lockAsWorker() {
        lock();
    }

    // ------------------------------------------------------------------ worker

    @Override
    public final boolean push(E task) {
        checkNotNull(task);
        long t = bottom;
        if (distance(t, head((long) TOP.getAcquire(this))) >= tasks.length - 1 && isFull(t)) {
            checkOwner(owner);
            return false;
        }
        tasks[(int) t & mask] = task;
        VarHandle.releaseFence();
        BOTTOM.setOpaque(this, t + 1);
        return true;
    }

    /** Put's slow path: H under the lock is the head (no thief is between raise and restore). */
    private boolean isFull(long t) {
        lockAsWorker();
        long h = head((long) TOP.getAcquire(this));
        unlock();
        return distance(t, h) >= tasks.length;
    }

    /**
     * Take after finding {@code t < h} (Fig. 2b lines 3-10): the deque was empty or a thief raised
     * H past t. Under the lock H is exact.
     */
    final E popLocked(long t) {
        lockAsWorker();
        long h = head((long) TOP.getOpaque(this));
        if (distance(h, t) >= 1) {
            BOTTOM.setOpaque(this, t + 1);
            unlock();
            checkOwner(owner);
            return null;
        }
        unlock();
        return takeSlot(t);
    }

    /** The worker owns index {@code t}: takes its task and clears the slot (the take's 2nd store). */
    final E takeSlot(long t) {
        int slot = (int) t & mask;
        @SuppressWarnings("unchecked")
        E task = (E) tasks[slot];
        tasks[slot] = null;
        return task;
    }

    /**
     * {@inheritDoc} One less than the free slots seen, because H may read one above the head
     * while a thief is between its raise and its restore.
     */
    @Override
    public final int remainingCapacity() {
        checkOwner(owner); // as TaskArrayDeque's: stealInto's destination check
        return Math.max(0, tasks.length - 1 - distance(bottom, head((long) TOP.getOpaque(this))));
    }

    // ------------------------------------------------------------------ thieves of THE and FF-THE

    /**
     * Fig. 2b lines 15-27 (δ = 0) and Fig. 3 (δ >= 1), with an early look at T.
     *
     * @return the task, {@code null} for EMPTY, or {@link Aborted#ABORT}
     */
    final Object stealLocked(String algorithm) {
        lock();
        long h = head((long) TOP.get(this));
        long t = (long) BOTTOM.getAcquire(this);
        Object outcome;
        if (!BoundedTsoChecks.beyondDelta(t, h, delta)) {
            outcome = distance(t, h) <= 0 ? null : Aborted.ABORT;
        } else {
            TOP.setRelease(this, h + 1);
            VarHandle.fullFence();
            if (BoundedTsoChecks.beyondDelta((long) BOTTOM.getAcquire(this), h, delta)) {
                Object task = tasks[(int) h & mask];
                if (task == null) {
                    unlock();
                    throw Aborted.claimedEmptySlot(algorithm);
                }
                outcome = task;
            } else {
                TOP.setRelease(this, h);
                outcome = delta == 0 ? null : Aborted.ABORT;
            }
        }
        unlock();
        return outcome;
    }

    // ------------------------------------------------------------------ the lock

    /** Takes the per-deque lock: test-and-test-and-set, spinning, then yielding. */
    final void lock() {
        for (int spins = 0; !tryLock(); spins++) {
            backOff(spins);
        }
    }

    final boolean tryLock() {
        return (int) LOCK.getOpaque(this) == 0 && LOCK.compareAndSet(this, 0, 1);
    }

    final void unlock() {
        LOCK.setRelease(this, 0);
    }

    /** Spins briefly, then yields: the lock holder or the worker may be off-CPU. */
    static void backOff(int spins) {
        if (spins < 256) {
            Thread.onSpinWait();
        } else {
            Thread.yield();
        }
    }

    /**
     * {@code a - b} for indices that differ by far less than 2^31, computed modulo 2^32 so that
     * THEP's 32-bit head compares correctly with the 64-bit T after either wraps.
     */
    static int distance(long a, long b) {
        return (int) (a - b);
    }
}

/** The per-deque lock and δ, on their own cache lines: thieves write the lock and read δ. */
abstract class TheLockField<E> extends TaskArrayDeque<E> {
    static final VarHandle LOCK;

    static {
        try {
            LOCK = MethodHandles.lookup().findVarHandle(TheLockField.class, "lock", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * 0 free, 1 held; through {@link #LOCK} only: taken by a CAS (volatile) after an opaque test,
     * freed by a release store, so each holder's critical section follows the previous one's.
     */
    int lock;
    /** δ: 0 for THE, the reordering bound in takes for FF-THE and THEP. */
    final int delta;

    TheLockField(int capacity, int delta) {
        super(capacity);
        this.delta = delta;
    }
}
