package io.github.taskpools.arraydeque;

import io.github.taskpools.api.StealResult;

/**
 * The implementation of {@code fencefree.FfTheDeque}, FF-THE, the fence-free THE deque of Morrison
 * and Afek (ASPLOS'14, §4, Fig. 3): the worker takes without a fence; a thief steals task h only if
 * it sees T - δ > h after raising H, and otherwise returns ABORT (the deque may still hold up to δ
 * tasks). The algorithm, the departures for a bounded array, the invariants and the memory
 * orderings are in {@link AbstractTheDeque}; why the worker's store of T and load of H stay in
 * order without a fence, where the deque may run and how δ is chosen are in
 * {@code fencefree.BoundedTso}, and the checks in {@link BoundedTsoChecks}.
 *
 * <p>Take: T = t ({@code setOpaque}), H ({@code getOpaque}), no fence; then the slot is cleared,
 * the second store of every take. Steal: {@link #steal()} answers {@code null} for EMPTY and ABORT
 * alike, {@link #trySteal()} tells them apart.
 *
 * <p>Here, rather than in the exported class, so that the hooks and the fields they read stay out
 * of the exported API; {@code FfTheDeque} declares only its constructors and {@code toString}.
 *
 * @param <E> the task type
 */
public abstract class FfTheDequeImpl<E> extends AbstractTheDeque<E> {

    /** See {@code FfTheDeque(int, int)}. */
    protected FfTheDequeImpl(int capacity, int delta) {
        super(capacity, delta);
        BoundedTsoChecks.requireBoundedTso("FF-THE");
        BoundedTsoChecks.checkAbortingDelta(delta, capacity);
    }

    @Override
    final long head(long word) {
        return word;
    }

    @Override
    public final E pop() {
        long t = bottom - 1;
        BOTTOM.setOpaque(this, t);
        if (distance(t, (long) TOP.getOpaque(this)) < 0) {
            return popLocked(t);
        }
        return takeSlot(t);
    }

    @Override
    public final E steal() {
        return Aborted.taskOrNull(stealLocked("FF-THE"));
    }

    @Override
    public final StealResult<E> trySteal() {
        return Aborted.result(stealLocked("FF-THE"));
    }

    /** δ: a thief steals only when it sees more than δ tasks. */
    public final int delta() {
        return delta;
    }
}
