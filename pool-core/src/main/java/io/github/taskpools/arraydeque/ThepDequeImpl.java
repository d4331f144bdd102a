package io.github.taskpools.arraydeque;

import io.github.taskpools.api.StealResult;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The implementation of {@code fencefree.ThepDeque}, THEP, the fence-free THE deque with worker
 * echoes of Morrison and Afek (ASPLOS'14, §5, Fig. 5): the worker takes without a fence, and a
 * thief that cannot rule out the worker's buffered takes does not abort but waits for the worker to
 * echo its counter back. A thief's steals never abort: the deque meets the ordinary work-stealing
 * specification (§3.1), at the price of waiting on the owner (see "Blocking" in
 * {@code ThepDeque}'s class comment: who must not count on the wait; only the owner's own steals
 * and {@link #stealInto} give up instead).
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
 *               if T - δ > h: x = tasks[h]; unlock; return x      (not in Fig. 5: line 113 again)
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
 * store and H's load stay in order without a fence, and δ, are in {@code fencefree.BoundedTso}.
 *
 * <h2>Memory orderings</h2>
 * The column THEP of the table in the package overview: those of {@link AbstractTheDeque} on the
 * word ⟨s, h⟩ (the thief stores ⟨s + 1, h + 1⟩ with release, then the FULL FENCE, and restores
 * ⟨s + 1, h⟩ with release), and P, stored with release by the worker and read with acquire by the
 * waiting thief (see its field).
 *
 * <p>Here, rather than in the exported class, so that the hooks and the fields they read stay out
 * of the exported API; {@code ThepDeque} declares only its constructors and {@code toString}.
 *
 * @param <E> the task type
 */
public abstract class ThepDequeImpl<E> extends ThepEchoField<E> {
    private static final long LOW32 = 0xFFFF_FFFFL;

    // Padding after the echo, up to the object's end.
    long e00, e01, e02, e03, e04, e05, e06, e07;
    long e08, e09, e10, e11, e12, e13, e14, e15;

    /**
     * See {@code ThepDeque(int, int)}, with the first task at index {@code first}: tests cross the
     * 2^32 wrap of h.
     */
    protected ThepDequeImpl(int capacity, int delta, long first) {
        super(capacity, delta);
        BoundedTsoChecks.requireBoundedTso("THEP");
        if (delta < 1) {
            throw new IllegalArgumentException("delta must be at least 1, got " + delta);
        }
        TOP.set(this, first & LOW32);
        bottom = first;
    }

    @Override
    final long head(long word) {
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
    public final E pop() {
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
    final void lockAsWorker() {
        for (int spins = 0; !tryLock(); spins++) {
            ECHO.setRelease(this, echo((long) TOP.getOpaque(this)));
            backOff(spins);
        }
        ECHO.setRelease(this, NO_ECHO);
    }

    // ------------------------------------------------------------------ thieves

    /**
     * {@inheritDoc}
     *
     * <p>THEP: may wait for the owner's echo (see "Blocking" in {@code ThepDeque}'s class comment),
     * except when the caller is the owner, which gets {@code null} where a thief would wait (see
     * {@link #trySteal}).
     */
    @Override
    public final E steal() {
        return Aborted.taskOrNull(steal(Thread.currentThread() != owner));
    }

    /**
     * {@inheritDoc}
     *
     * <p>THEP: STOLEN or EMPTY for every thread but the owner, after waiting for the lock and for
     * the echo where needed (a thief's steal never aborts, §5). The owner never waits, since only
     * it could end the wait: where a thief would wait, for the echo or for the lock (whose holder
     * may be waiting for the owner's echo), it gets ABORT and the deque is left as it was (it
     * holds tasks, which the owner should {@link #pop()} instead).
     */
    @Override
    public final StealResult<E> trySteal() {
        return Aborted.result(steal(Thread.currentThread() != owner));
    }

    /** {@inheritDoc} THEP: yes, for the echo while the deque holds δ tasks or fewer (§5). */
    @Override
    public final boolean stealWaitsForOwner() {
        return true;
    }

    /** Never waits: neither for the lock (another thief may be waiting for the echo) nor for the echo. */
    @Override
    final E stealForBatch() {
        return Aborted.taskOrNull(steal(false));
    }

    /**
     * Fig. 5 lines 108-130. With {@code mayWait} false it never waits: it gives up (ABORT) at once if
     * another thief holds the lock (that thief may be waiting for an echo only the caller could
     * give, when the caller is the owner), and where line 114 would wait it restores H and gives
     * up. Giving up is safe for any caller, so an owner test that misjudges the thread (a stale
     * read of {@code owner}) costs at most a steal.
     *
     * @return the task, {@code null} for EMPTY, or {@link Aborted#ABORT}
     */
    private Object steal(boolean mayWait) {
        if (mayWait) {
            lock();
        } else if (!tryLock()) {
            return Aborted.ABORT;
        }
        long word = (long) TOP.get(this);
        long s1 = echo(word) + 1 & LOW32;
        long h = head(word);
        Object outcome = null;
        if (distance((long) BOTTOM.getAcquire(this), h) > 0) {
            TOP.setRelease(this, word(s1, h + 1));
            VarHandle.fullFence();
            int decision;
            if (BoundedTsoChecks.beyondDelta((long) BOTTOM.getAcquire(this), h, delta)) {
                decision = GREW;                                      // line 113
            } else if (!mayWait) {
                decision = GAVE_UP;
            } else {
                decision = awaitEcho(s1, h);
                if (decision == ECHOED) {                             // lines 117-120: THE's test
                    decision = distance((long) BOTTOM.getAcquire(this), h) >= 1 ? GREW : EMPTIED;
                }
            }
            if (decision == GREW) {
                Object task = tasks[(int) h & mask];
                if (task == null) {
                    unlock();
                    throw Aborted.claimedEmptySlot("THEP");
                }
                outcome = task;
            } else {
                TOP.setRelease(this, word(s1, h));
                outcome = decision == GAVE_UP ? Aborted.ABORT : null;
            }
        }
        unlock();
        return outcome;
    }

    /** {@link #awaitEcho} and {@link #steal(boolean)}: task h is the thief's. */
    private static final int GREW = 1;
    /** P echoed s + 1: THE's exact test on a fresh T decides. */
    private static final int ECHOED = 0;
    /** T fell below h + 1: the worker is taking the last task under the lock (or took it). */
    private static final int EMPTIED = -1;
    /** The caller may not wait (batch steal, the owner): H restored, ABORT. */
    private static final int GAVE_UP = -2;

    /**
     * Lines 114-116: waits until P echoes s + 1 (ECHOED) or T falls below h + 1 (EMPTIED), or until
     * T is more than δ above h (GREW). The last exit is not in Fig. 5; it is line 113's test read
     * later, and sound for the same reason (§4, the FF-THE argument of Fig. 3 line 61): H = h + 1
     * is globally visible since the FENCE, so when a later read shows T - δ > h, at most δ of the
     * worker's takes are still in its store buffer and its own T is above h: it has not yet
     * stored T = h for the task at h, and when it does, its later load of H sees h + 1 (no other
     * thief can move H while this one holds the lock) and sends it to the lock. Without this exit
     * a thief that found 1..δ tasks would keep waiting after the worker pushed more (a worker that
     * pushes does not echo).
     */
    private int awaitEcho(long s1, long h) {
        for (int spins = 0; (long) ECHO.getAcquire(this) != s1; spins++) {
            long t = (long) BOTTOM.getAcquire(this);
            if (distance(t, h) < 1) {
                return EMPTIED;
            }
            if (BoundedTsoChecks.beyondDelta(t, h, delta)) {
                return GREW;
            }
            backOff(spins);
        }
        return ECHOED;
    }

    /** The head as a 64-bit index: T minus the 32-bit distance from h. */
    @Override
    final long headEstimate() {
        long b = (long) BOTTOM.getOpaque(this);
        return b - distance(b, head((long) TOP.getOpaque(this)));
    }

    /** δ: a thief waits for the echo unless it sees more than δ tasks. */
    public final int delta() {
        return delta;
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

    /**
     * P: the last counter the worker echoed, or ⊥; through {@link #ECHO} only. Release stores by
     * the worker (s by a take, after its store of T and load of H, and while it waits for the lock;
     * ⊥ once it holds it); acquire reads by a waiting thief, which pair with them: the thief's later
     * reads of T see the echoing take's store of T or a later one.
     */
    long echo = NO_ECHO;

    ThepEchoField(int capacity, int delta) {
        super(capacity, delta);
    }
}
