package io.github.taskpools.fencefree;

import io.github.taskpools.arraydeque.FfTheDequeImpl;

/**
 * A bounded work-stealing deque whose owner pops without a fence (x86-64 only): a thief may abort
 * instead of stealing when the deque holds δ tasks or fewer. Use it where the owner's pops dominate
 * and thieves can come back later.
 * <pre>{@code
 * FfTheDeque<Runnable> tasks = new FfTheDeque<>(8192);    // δ from BoundedTso for this machine
 * tasks.push(() -> System.out.println("ran"));            // owner (false if full)
 * StealResult<Runnable> r = tasks.trySteal();             // any thread: STOLEN, EMPTY or ABORT
 * Runnable mine = tasks.pop();                            // owner: newest first
 * }</pre>
 * Every task pushed is taken exactly once; a deque with δ tasks or fewer is not stolen from (ABORT).
 * {@code push} and {@code pop} are the owner's. The constructor throws on a processor or JIT
 * where the bounded-TSO assumption is not known to hold ({@link BoundedTso}).
 *
 * <h2>Implementation notes</h2>
 * FF-THE, the fence-free THE deque of Morrison and Afek (ASPLOS'14, §4, Fig. 3): the worker takes
 * without a fence; a thief steals task h only if it sees T - δ > h after raising H, and otherwise
 * returns ABORT (the deque may still hold up to δ tasks). Why the worker's store of T and load of
 * H stay in order without a fence, where the deque may run and how δ is chosen are in
 * {@link BoundedTso}; the algorithm, the departures for a bounded array and the invariants are in
 * {@code arraydeque.AbstractTheDeque} and {@code arraydeque.FfTheDequeImpl}, out of the exported
 * API, and the memory orderings in the table of the {@code arraydeque} package overview.
 *
 * <p>Steal: {@link #steal()} answers {@code null} for EMPTY and ABORT alike, {@link #trySteal()}
 * tells them apart. A thief never steals from a deque that holds δ tasks or fewer (§6: the relaxed
 * specification that sidesteps the "laws of order"). {@link #delta()} returns δ.
 *
 * <p>Owner-only methods check the calling thread when push finds the deque full and when pop goes
 * through the lock and finds it empty; see {@link io.github.taskpools.api.WorkStealingDeque}.
 *
 * @param <E> the task type
 */
// "exports": the superclass is in arraydeque (exported only to the baselines module), which keeps
// the algorithm's hooks and fields out of the API; the deque's API is WorkStealingDeque's and
// delta().
@SuppressWarnings("exports")
public final class FfTheDeque<E> extends FfTheDequeImpl<E> {

    /**
     * An empty deque of {@code capacity} slots with δ = {@link BoundedTso#defaultDelta()}, owned by
     * the calling thread.
     *
     * @throws IllegalArgumentException if {@code capacity} is not a power of two in [2, 2^30], or
     *     {@code capacity} is not above the default δ
     * @throws UnsupportedOperationException if the processor is not x86-64, or the JIT may not be
     *     C2 (see {@link BoundedTso#isSupported()})
     */
    public FfTheDeque(int capacity) {
        this(capacity, BoundedTso.defaultDeltaFor(capacity));
    }

    /**
     * An empty deque of {@code capacity} slots whose thieves steal only when they see more than
     * {@code delta} tasks, owned by the calling thread. The guarantee holds only for a δ at least
     * the reordering bound of this processor for the worker's takes ({@link BoundedTso}); a smaller
     * δ is accepted (the tests use δ = 1 with a fenced worker) but lets a thief take a task the
     * worker is taking too, or a slot it has already emptied.
     *
     * @throws IllegalArgumentException if {@code capacity} is not a power of two in [2, 2^30], or
     *     {@code delta} is not in [1, capacity - 1]
     * @throws UnsupportedOperationException if the processor is not x86-64, or the JIT may not be
     *     C2 (see {@link BoundedTso#isSupported()})
     */
    public FfTheDeque(int capacity, int delta) {
        super(capacity, delta);
    }

    @Override
    public String toString() {
        return "FfTheDeque[capacity " + capacity() + ", delta " + delta() + ", ~" + sizeEstimate() + " tasks]";
    }
}
