package io.github.taskpools.fencefree;

import io.github.taskpools.arraydeque.TheDequeImpl;

/**
 * A bounded work-stealing deque with Cilk's THE protocol: the owner pushes and pops with one fence
 * per pop, thieves steal under a lock. The fence-free deques of this package are measured against
 * it, and it runs on every processor.
 * <pre>{@code
 * TheDeque<Runnable> tasks = new TheDeque<>(8192);
 * tasks.push(() -> System.out.println("ran"));   // owner (false if full)
 * Runnable mine = tasks.pop();                   // owner: newest first
 * Runnable stolen = tasks.steal();               // any thread: oldest first, or null
 * }</pre>
 * Every task pushed is taken exactly once. {@code push} and {@code pop} are the owner's (the
 * constructing thread, or the caller of {@link #bindOwner()}).
 *
 * <h2>Implementation notes</h2>
 * Cilk's THE deque (Frigo et al., PLDI'98), as in Morrison and Afek (ASPLOS'14) Fig. 2b: the
 * worker takes with the flag principle and one fence, thieves take a per-deque lock. The baseline
 * that {@link FfTheDeque} and {@link ThepDeque} remove the fence from; it keeps its fence, so it
 * runs on every processor. The algorithm, the departures for a bounded array and the invariants
 * are in {@code arraydeque.AbstractTheDeque} (with δ = 0) and {@code arraydeque.TheDequeImpl}, out
 * of the exported API, and the memory orderings in the table of the {@code arraydeque} package
 * overview.
 *
 * <p>Steals never abort: {@link #trySteal()} answers STOLEN or EMPTY.
 *
 * <p>Owner-only methods check the calling thread when push finds the deque full and when pop goes
 * through the lock and finds it empty; see {@link io.github.taskpools.api.WorkStealingDeque}.
 *
 * @param <E> the task type
 */
// "exports": the superclass is in arraydeque (exported only to the baselines module), which keeps
// the algorithm's hooks and fields out of the API; the deque's API is WorkStealingDeque's.
@SuppressWarnings("exports")
public final class TheDeque<E> extends TheDequeImpl<E> {

    /**
     * An empty deque of {@code capacity} slots, owned by the calling thread.
     *
     * @throws IllegalArgumentException if {@code capacity} is not a power of two in [2, 2^30]
     */
    public TheDeque(int capacity) {
        super(capacity);
    }

    @Override
    public String toString() {
        return "TheDeque[capacity " + capacity() + ", ~" + sizeEstimate() + " tasks]";
    }
}
