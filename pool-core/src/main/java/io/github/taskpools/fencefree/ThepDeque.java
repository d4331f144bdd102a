package io.github.taskpools.fencefree;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * THEP, the fence-free THE deque with worker echoes of Morrison and Afek (ASPLOS'14, §5, Fig. 5):
 * the worker takes without a fence, and a thief that cannot rule out the worker's buffered takes
 * does not abort but waits for the worker to echo its counter back. Steals never abort: the deque
 * meets the ordinary work-stealing specification (§3.1).
 *
 * <h2>Algorithm</h2>
 * H is one 64-bit word ⟨s, h⟩: the echo counter s in the high 32 bits, the head index h in the
 * low 32 bits (Fig. 5 line 85); T is 64-bit and compared with h modulo 2^32
 * ({@link AbstractTheDeque#distance}). P is the echo, initially ⊥ (here -1, outside s's range).
 * <pre>
 * take():   t = T - 1; T = t; ⟨s, h⟩ = H                           (no fence)
 *           if t &lt; h: lock (echoing, see below); P = ⊥; then as THE (lines 93-102)
 *           else: P = s                                          (line 104, the echo)
 *           x = tasks[t]; tasks[t] = null; return x
 * steal():  lock; ⟨s, h⟩ = H; t = T (acquire)
 *           if t - h &lt;= 0: unlock; return EMPTY
 *           H = ⟨s + 1, h + 1⟩ (release); FENCE                      (lines 110-112)
 *           if T - δ > h: x = tasks[h]; unlock; return x          (line 113: certain)
 *           while P != s + 1:                                     (lines 114-116)
 *               if h + 1 > T: H = ⟨s + 1, h⟩; unlock; return EMPTY
 *           if h + 1 &lt;= T: x = tasks[h]; unlock; return x          (lines 117-120, THE's test)
 *           H = ⟨s + 1, h⟩; unlock; return EMPTY                   (line 122)
 * </pre>
 * Once P = s + 1 the worker has read H with the thief's increment, and every T the thief reads
 * afterwards was stored before that echo (P is stored with release and read with acquire, which
 * on x86-64 are plain moves and in the JMM make the worker's earlier T store visible): the worker
 * can no longer take task h without the lock, and THE's exact test decides (§5).
 *
 * <p>The thief waits while holding the lock, so a worker that needs the lock must not wait
 * silently: THE's locked take sets T below h + 1, which ends the wait (§5, "THEP algorithm
 * correctness"), and here put's slow path (see {@link AbstractTheDeque}, "bounded array") takes
 * the lock too, so the worker echoes H's counter into P on every failed attempt to take it,
 * which ends the wait by the other exit. The put, the lock, the bounded-array departures, the
 * invariants and the orderings not listed below are those of {@link AbstractTheDeque}; why T's
 * store and H's load stay in order without a fence, and δ, are in {@link BoundedTso}.
 *
 * <h2>Blocking</h2>
 * A steal from a deque that holds δ tasks or fewer waits until the worker takes a task, empties
 * the deque or needs the lock (§6: THEP sidesteps the "laws of order" by blocking). Work-stealing
 * workers take until their deque is empty, so the wait ends; a caller whose owner may stop with
 * tasks left (blocked, or done with the deque) must not call {@link #steal()} on it. {@link
 * #stealInto} does not wait: when it would, it restores H and stops, as FF-THE would abort.
 * δ = {@link Integer#MAX_VALUE} (the paper's δ = ∞, §8.1) makes every steal wait for the echo.
 *
 * <h2>Memory orderings (besides {@link AbstractTheDeque}'s)</h2>
 * <pre>
 * variable  writer: mode                              reader: mode
 * P         worker's take: release store of s (after thief, waiting: acquire (pairs with it:
 *           its T store and H load); locked take:     T's later reads see the echoing take's
 *           release store of ⊥; worker waiting for    store of T or a later one)
 *           the lock: release stores of s
 * H         thief: release ⟨s + 1, h + 1⟩, FENCE;      as in AbstractTheDeque, on ⟨s, h⟩
 *           release restore ⟨s + 1, h⟩
 * </pre>
 *
 * @param <E> the task type
 */
public final class ThepDeque<E> extends ThepEchoPad<E> {
    private static final long LOW32 = 0xFFFF_FFFFL;

    /**
     * An empty deque of {@code capacity} slots with δ = {@link BoundedTso#defaultDelta()}, owned by
     * the calling thread.
     *
     * @throws IllegalArgumentException if {@code capacity} is not a power of two in [2, 2^30]
     * @throws UnsupportedOperationException if the processor is not x86-64
     */
    public ThepDeque(int capacity) {
        this(capacity, BoundedTso.defaultDelta());
    }

    /**
     * An empty deque of {@code capacity} slots whose thieves wait for the echo unless they see more
     * than {@code delta} tasks, owned by the calling thread. Any δ >= 1 is valid; a δ of
     * {@code capacity} or more makes every steal wait.
     *
     * @throws IllegalArgumentException if {@code capacity} is not a power of two in [2, 2^30], or
     *     {@code delta < 1}
     * @throws UnsupportedOperationException if the processor is not x86-64
     */
    public ThepDeque(int capacity, int delta) {
        this(capacity, delta, 0);
    }

    /** As above, with the first task at index {@code first}: tests cross the 2^32 wrap of h. */
    ThepDeque(int capacity, int delta, long first) {
        super(capacity, delta);
        BoundedTso.requireBoundedTso("THEP");
        if (delta < 1) {
            throw new IllegalArgumentException("delta must be at least 1, got " + delta);
        }
        TOP.set(this, first & LOW32);
        bottom = first;
    }

    @Override
    long head(long word) {
        return word & LOW32;
    }

    private static long echo(long word) {
        return word >>> 32;
    }

    private static long word(long s, long h) {
        return s << 32 | h & LOW32;
    }

    // ------------------------------------------------------------------ worker

    @Override
    public E pop() {
        long t = bottom - 1;
        BOTTOM.setOpaque(this, t);
        long word = (long) TOP.getOpaque(this);
        if (distance(t, head(word)) < 0) {
            return popLocked(t);
        }
        ECHO.setRelease(this, echo(word));
        return takeSlot(t);
    }

    /** Echoes H's counter while the lock is taken (a thief may wait for it), then P = ⊥. */
    @Override
    void lockAsWorker() {
        for (int spins = 0; !tryLock(); spins++) {
            ECHO.setRelease(this, echo((long) TOP.getOpaque(this)));
            backOff(spins);
        }
        ECHO.setRelease(this, NO_ECHO);
    }

    // ------------------------------------------------------------------ thieves

    @Override
    public E steal() {
        return steal(true);
    }

    @Override
    protected E stealForBatch() {
        return steal(false);
    }

    /** Fig. 5 lines 108-130; with {@code wait} false, gives up where line 114 would wait. */
    private E steal(boolean wait) {
        lock();
        long word = (long) TOP.get(this);
        long s1 = echo(word) + 1 & LOW32;
        long h = head(word);
        E outcome = null;
        if (distance((long) BOTTOM.getAcquire(this), h) > 0) {
            TOP.setRelease(this, word(s1, h + 1));
            VarHandle.fullFence();
            boolean mine = distance((long) BOTTOM.getAcquire(this), h) > delta
                    || wait && awaitEcho(s1, h) && distance((long) BOTTOM.getAcquire(this), h) >= 1;
            if (!mine) {
                TOP.setRelease(this, word(s1, h));
            } else {
                @SuppressWarnings("unchecked")
                E task = (E) tasks[(int) h & mask];
                if (task == null) {
                    unlock();
                    throw Aborted.claimedEmptySlot("THEP");
                }
                outcome = task;
            }
        }
        unlock();
        return outcome;
    }

    /** Lines 114-116: true once P echoes s + 1, false if T fell below h + 1 first. */
    private boolean awaitEcho(long s1, long h) {
        for (int spins = 0; (long) ECHO.getAcquire(this) != s1; spins++) {
            if (distance((long) BOTTOM.getOpaque(this), h) < 1) {
                return false;
            }
            backOff(spins);
        }
        return true;
    }

    /** The head as a 64-bit index: T minus the 32-bit distance from h. */
    @Override
    protected long headEstimate() {
        long b = (long) BOTTOM.getOpaque(this);
        return b - distance(b, head((long) TOP.getOpaque(this)));
    }

    /** δ: a thief waits for the echo unless it sees more than δ tasks. */
    public int delta() {
        return delta;
    }

    @Override
    public String toString() {
        return "ThepDeque[capacity " + capacity() + ", delta " + delta + ", ~" + sizeEstimate() + " tasks]";
    }
}

/** P, the worker's echo, on its own cache lines: the worker writes it on every take. */
abstract class ThepEchoField<E> extends AbstractTheDeque<E> {
    static final VarHandle ECHO;
    /** ⊥. */
    static final long NO_ECHO = -1;

    static {
        try {
            ECHO = MethodHandles.lookup().findVarHandle(ThepEchoField.class, "echo", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** P: the last counter the worker echoed, or ⊥; accessed through {@link #ECHO} only. */
    long echo = NO_ECHO;

    ThepEchoField(int capacity, int delta) {
        super(capacity, delta);
    }
}

abstract class ThepEchoPad<E> extends ThepEchoField<E> {
    long e00, e01, e02, e03, e04, e05, e06, e07;
    long e08, e09, e10, e11, e12, e13, e14, e15;

    ThepEchoPad(int capacity, int delta) {
        super(capacity, delta);
    }
}
