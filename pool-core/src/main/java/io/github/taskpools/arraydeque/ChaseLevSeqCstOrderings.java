package io.github.taskpools.arraydeque;

/**
 * The access-mode hooks of the baseline {@code baselines.chaselev.SeqCstChaseLevDeque} (module
 * pool-baselines): every shared access volatile. Its class comment has the table of the orderings;
 * the algorithm is {@link AbstractChaseLevDeque}'s, shared with {@code chaselev.ChaseLevDeque}.
 * Exported to the baselines module only.
 *
 * @param <E> the task type
 */
public abstract class ChaseLevSeqCstOrderings<E> extends AbstractChaseLevDeque<E> {

    /** See {@code SeqCstChaseLevDeque(int)}. */
    protected ChaseLevSeqCstOrderings(int capacity) {
        super(capacity);
    }

    @Override
    final long loadBottomOwner() {
        return (long) BOTTOM.getVolatile(this);
    }

    @Override
    final long loadTopAcquire() {
        return (long) TOP.getVolatile(this);
    }

    @Override
    final long loadTopRelaxed() {
        return (long) TOP.getVolatile(this);
    }

    @Override
    final long loadBottomAcquire() {
        return (long) BOTTOM.getVolatile(this);
    }

    @Override
    final void storeBottomRelaxed(long b) {
        BOTTOM.setVolatile(this, b);
    }

    @Override
    final void storeBottomRelease(long b) {
        BOTTOM.setVolatile(this, b);
    }

    @Override
    final Object loadTask(int slot) {
        return SLOTS.getVolatile(tasks, slot);
    }

    @Override
    final void storeTask(int slot, Object task) {
        SLOTS.setVolatile(tasks, slot, task);
    }
}
