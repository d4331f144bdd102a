package io.github.taskpools.arraydeque;

import io.github.taskpools.api.StealResult;
import java.lang.invoke.VarHandle;

/**
 * The implementation of {@code fencefree.TheDeque}, Cilk's THE deque (Frigo et al., PLDI'98), as
 * in Morrison and Afek (ASPLOS'14) Fig. 2b: the worker takes with the flag principle and one fence,
 * thieves take a per-deque lock. The algorithm, the departures for a bounded array, the invariants
 * and the memory orderings are in {@link AbstractTheDeque} (with δ = 0).
 *
 * <p>Take: T = t (opaque), {@link VarHandle#fullFence()}, H (opaque); the two full fences (the
 * take's and the thief's after raising H) are totally ordered, which makes the flag principle a
 * Dekker handshake in the JMM as well, as in {@link AbstractChaseLevDeque}. Steals never abort:
 * {@link #trySteal} answers STOLEN or EMPTY.
 *
 * <p>Here, rather than in the exported class, so that the hooks and the fields they read stay out
 * of the exported API; {@code TheDeque} declares only its constructor and {@code toString}.
 *
 * @param <E> the task type
 */
public abstract class TheDequeImpl<E> extends AbstractTheDeque<E> {

    /** See {@code TheDeque(int)}. */
    protected TheDequeImpl(int capacity) {
        super(capacity, 0);
    }

    @Override
    final long head(long word) {
        return word;
    }

    @Override
    public final E pop() {
        long t = bottom - 1;
        BOTTOM.setOpaque(this, t);
        VarHandle.fullFence();
        if (distance(t, (long) TOP.getOpaque(this)) < 0) {
            return popLocked(t);
        }
        return takeSlot(t);
    }

    @Override
    public final E steal() {
        return Aborted.taskOrNull(stealLocked("THE"));
    }

    @Override
    public final StealResult<E> trySteal() {
        return Aborted.result(stealLocked("THE"));
    }
}
