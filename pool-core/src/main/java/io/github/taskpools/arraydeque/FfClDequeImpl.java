package io.github.taskpools.arraydeque;

import static io.github.taskpools.arraydeque.DequeChecks.checkNotNull;
import static io.github.taskpools.arraydeque.DequeChecks.checkOwner;

import io.github.taskpools.api.StealResult;
import java.lang.invoke.VarHandle;

/**
 * The implementation of {@code fencefree.FfClDeque}, FF-CL, the fence-free Chase-Lev deque of
 * Morrison and Afek (ASPLOS'14, §4.1, Fig. 4): the bounded Chase-Lev deque of
 * {@code chaselev.ChaseLevDeque} without the worker's fence, and a thief that steals task h only
 * if it sees T - δ > h, returning ABORT otherwise. H is {@code top}, T is {@code bottom}.
 *
 * <h2>Algorithm</h2>
 * <pre>
 * push(x):  b = T; h = H (acquire)
 *           if b - h >= capacity: return false              (full; no resizing)
 *           tasks[b] = x; T = b + 1 (release)
 * pop():    b = T - 1; T = b; h = H                          (no fence)
 *           if h > b:  T = b + 1; return null                 (empty)
 *           x = tasks[b]
 *           if h == b:                                       (the last task: race the thieves)
 *               if !CAS(H, h, h + 1): x = null
 *               tasks[b] = null; T = b + 1; return x
 *           tasks[b] = null; return x
 * steal():  h = H (acquire); t = T (acquire)                 (Fig. 4 lines 71-82)
 *           if h >= t: return EMPTY
 *           if t - δ &lt;= h: return ABORT
 *           x = tasks[h]
 *           if CAS(H, h, h + 1): return x
 *           retry                                            (lost to a thief or to the worker)
 * </pre>
 * Why the thief may skip the worker's fence (§4.1): if the worker is about to take task h without
 * the CAS, it has stored T = h and then read H &lt; h + 1. When the thief reads T = t, at most δ
 * of the worker's takes are still in its store buffer ({@code fencefree.BoundedTso}), so the
 * worker's own T is at least t - δ > h: the store T = h is not yet executed, the worker's later
 * read of H will see the value the thief read or a higher one, and the worker reaches index h only
 * through the CAS of the last-task path (or finds the deque empty). The thief needs no fence of
 * its own: its two loads are ordered (acquire; on x86-64 any two loads are), and the CAS decides
 * every race on H.
 *
 * <h2>Invariants</h2>
 * Those of Chase-Lev (see {@link AbstractChaseLevDeque}): H only grows, by CAS;
 * H &lt;= T &lt;= H + capacity between worker operations; each index is taken once, by CAS or by a
 * worker take that announced it with T and found it above H; a thief reads its slot before its
 * CAS, and the worker reuses a slot only after reading H past the index it held. Every take stores
 * T and then a second location (the slot it clears), so x >= 1 (§4).
 *
 * <h2>Memory orderings</h2>
 * The column FF-CL of the table in the package overview: Chase-Lev's without its two fences. The
 * slots are plain (a thief reads its slot after its acquire of T and before its CAS); T is
 * published by a release fence and an opaque store and read by thieves with acquire; the pop's
 * opaque decrement of T is ordered before its opaque load of H without a fence by bounded TSO
 * ({@code fencefree.BoundedTso}); H moves only by CAS and is read with acquire by push and
 * thieves, opaque by pop. The release fence of push, the acquire of H in push, the CAS and the
 * slot-clearing rule are those of {@code ChaseLevDeque} and are argued there. Both of its fences
 * are gone: the worker's in pop, and the thief's between its loads of H and T (the δ test takes
 * the place of the first, the acquire loads that of the second, see above).
 *
 * <p>Here, rather than in the exported class, so that the fields and δ stay out of the exported
 * API; {@code FfClDeque} declares only its constructors and {@code toString}.
 *
 * @param <E> the task type
 */
public abstract class FfClDequeImpl<E> extends TaskArrayDeque<E> {
    /** δ (final, read-mostly, after the hot fields' padding): a thief steals only beyond δ tasks. */
    final int delta;

    /** See {@code FfClDeque(int, int)}. */
    protected FfClDequeImpl(int capacity, int delta) {
        super(capacity);
        this.delta = delta;
        BoundedTsoChecks.requireBoundedTso("FF-CL");
        BoundedTsoChecks.checkAbortingDelta(delta, capacity);
    }

    // ------------------------------------------------------------------ owner

    @Override
    public final boolean push(E task) {
        checkNotNull(task);
        long b = bottom;
        long h = (long) TOP.getAcquire(this);
        if (b - h >= tasks.length) {
            checkOwner(owner);
            return false;
        }
        tasks[(int) b & mask] = task;
        VarHandle.releaseFence();
        BOTTOM.setOpaque(this, b + 1);
        return true;
    }

    @Override
    public final E pop() {
        long b = bottom - 1;
        BOTTOM.setOpaque(this, b);
        long h = (long) TOP.getOpaque(this);
        if (h > b) {
            BOTTOM.setOpaque(this, b + 1);
            checkOwner(owner);
            return null;
        }
        if (h == b) {
            return popLast(b);
        }
        int slot = (int) b & mask;
        @SuppressWarnings("unchecked")
        E task = (E) tasks[slot];
        tasks[slot] = null;
        return task;
    }

    /**
     * The last task, index {@code b == H}: thieves may claim it too; the CAS on H decides. A
     * separate method so that the CAS stays out of the loop a caller's pops are compiled into
     * (the fast path then needs fewer registers: perfasm showed the inlined CAS path spilling
     * the caller's loop counter).
     */
    private E popLast(long b) {
        int slot = (int) b & mask;
        @SuppressWarnings("unchecked")
        E task = (E) tasks[slot];
        if (!TOP.compareAndSet(this, b, b + 1)) {
            task = null;
        }
        tasks[slot] = null;
        BOTTOM.setOpaque(this, b + 1);
        return task;
    }

    // ------------------------------------------------------------------ thieves

    /** Fig. 4: the task, {@code null} for EMPTY, or {@link Aborted#ABORT}. */
    private Object stealOnce() {
        for (;;) {
            long h = (long) TOP.getAcquire(this);
            long t = (long) BOTTOM.getAcquire(this);
            if (h >= t) {
                return null;
            }
            if (!BoundedTsoChecks.beyondDelta(t, h, delta)) {
                return Aborted.ABORT;
            }
            // Read before the CAS: once H moves past h, the worker may overwrite the slot.
            Object task = tasks[(int) h & mask];
            if (TOP.compareAndSet(this, h, h + 1)) {
                if (task == null) {
                    throw Aborted.claimedEmptySlot("FF-CL");
                }
                return task;
            }
        }
    }

    @Override
    public final E steal() {
        return Aborted.taskOrNull(stealOnce());
    }

    @Override
    public final StealResult<E> trySteal() {
        return Aborted.result(stealOnce());
    }

    /** δ: a thief steals only when it sees more than δ tasks. */
    public final int delta() {
        return delta;
    }
}
