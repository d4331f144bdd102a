package io.github.taskpools.fencefree;

import io.github.taskpools.api.StealResult;
import java.lang.invoke.VarHandle;

/**
 * Cilk's THE deque (Frigo et al., PLDI'98), as in Morrison and Afek (ASPLOS'14) Fig. 2b: the
 * worker takes with the flag principle and one fence, thieves take a per-deque lock. The baseline
 * that {@link FfTheDeque} and {@link ThepDeque} remove the fence from; it keeps its fence, so it
 * runs on every processor. The algorithm, the departures for a bounded array, the invariants and
 * the memory orderings are in {@link AbstractTheDeque} (with δ = 0).
 *
 * <p>Take: T = t (opaque), {@link VarHandle#fullFence()}, H (opaque); the two full fences (the
 * take's and the thief's after raising H) are totally ordered, which makes the flag principle a
 * Dekker handshake in the JMM as well, as in {@link io.github.taskpools.chaselev.ChaseLevDeque}.
 * Steals never abort: {@link #trySteal} answers STOLEN or EMPTY.
 *
 * <p>Owner-only methods check the calling thread when push finds the deque full and when pop goes
 * through the lock and finds it empty; see {@link io.github.taskpools.api.WorkStealingDeque}.
 *
 * @param <E> the task type
 */
public final class TheDeque<E> extends AbstractTheDeque<E> {

    /**
     * An empty deque of {@code capacity} slots, owned by the calling thread.
     *
     * @throws IllegalArgumentException if {@code capacity} is not a power of two in [2, 2^30]
     */
    public TheDeque(int capacity) {
        super(capacity, 0);
    }

    @Override
    long head(long word) {
        return word;
    }

    @Override
    public E pop() {
        long t = bottom - 1;
        BOTTOM.setOpaque(this, t);
        VarHandle.fullFence();
        if (distance(t, (long) TOP.getOpaque(this)) < 0) {
            return popLocked(t);
        }
        return takeSlot(t);
    }

    @Override
    public E steal() {
        return Aborted.taskOrNull(stealLocked("THE"));
    }

    @Override
    public StealResult<E> trySteal() {
        return Aborted.result(stealLocked("THE"));
    }

    @Override
    public String toString() {
        return "TheDeque[capacity " + capacity() + ", ~" + sizeEstimate() + " tasks]";
    }
}
