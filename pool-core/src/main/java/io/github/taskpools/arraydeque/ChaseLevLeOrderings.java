package io.github.taskpools.arraydeque;

import java.lang.invoke.VarHandle;

/**
 * The access-mode hooks of {@code chaselev.ChaseLevDeque}: the barrier-optimised orderings of Lê et
 * al. (PPoPP'13). Its class comment has the table of the orderings and why each; the algorithm is
 * {@link AbstractChaseLevDeque}'s. Here, rather than in the exported class, so that the hooks and
 * the fields they read stay out of the exported API.
 *
 * @param <E> the task type
 */
public abstract class ChaseLevLeOrderings<E> extends AbstractChaseLevDeque<E> {

    /** See {@code ChaseLevDeque(int)}. */
    protected ChaseLevLeOrderings(int capacity) {
        super(capacity);
    }

    @Override
    final long loadBottomOwner() {
        return bottom;
    }

    @Override
    final long loadTopAcquire() {
        return (long) TOP.getAcquire(this);
    }

    @Override
    final long loadTopRelaxed() {
        return (long) TOP.getOpaque(this);
    }

    @Override
    final long loadBottomAcquire() {
        return (long) BOTTOM.getAcquire(this);
    }

    @Override
    final void storeBottomRelaxed(long b) {
        BOTTOM.setOpaque(this, b);
    }

    @Override
    final void storeBottomRelease(long b) {
        VarHandle.releaseFence();
        BOTTOM.setOpaque(this, b);
    }

    @Override
    final Object loadTask(int slot) {
        return tasks[slot];
    }

    @Override
    final void storeTask(int slot, Object task) {
        tasks[slot] = task;
    }
}
