package io.github.taskpools.fencefree;

import io.github.taskpools.arraydeque.ThepDequeImpl;

/**
 * A bounded work-stealing deque whose owner pops without a fence (x86-64 only) and whose thieves
 * never abort: a thief that cannot rule out the owner's buffered takes waits for the owner's echo.
 * Use it where the owner's pops dominate and the owner keeps working its deque (see Blocking below).
 * <pre>{@code
 * ThepDeque<Runnable> tasks = new ThepDeque<>(8192);
 * tasks.push(() -> System.out.println("ran"));   // owner (false if full)
 * Runnable mine = tasks.pop();                   // owner: newest first
 * Runnable stolen = tasks.steal();               // any thread: may wait on the owner; null when empty
 * }</pre>
 * Every task pushed is taken exactly once. {@code push} and {@code pop} are the owner's. The
 * constructor throws where the bounded-TSO assumption is not known to hold ({@link BoundedTso}).
 *
 * <h2>Implementation notes</h2>
 * THEP, the fence-free THE deque with worker echoes of Morrison and Afek (ASPLOS'14, §5, Fig. 5):
 * the worker takes without a fence, and a thief that cannot rule out the worker's buffered takes
 * does not abort but waits for the worker to echo its counter back. A thief's steals never abort:
 * the deque meets the ordinary work-stealing specification (§3.1), at the price of waiting on the
 * owner (see "Blocking"; only the owner's own steals and {@link #stealInto} give up instead). Why
 * the worker's store of T and load of H stay in order without a fence, and δ, are in
 * {@link BoundedTso}; the algorithm and the invariants are in {@code arraydeque.AbstractTheDeque}
 * and {@code arraydeque.ThepDequeImpl}, out of the exported API, and the memory orderings in the
 * table of the {@code arraydeque} package overview.
 *
 * <h3>Blocking</h3>
 * A steal from a deque that holds δ tasks or fewer waits, holding the deque's lock, until the
 * worker takes a task, empties the deque, needs the lock, or pushes the deque beyond δ tasks (§6:
 * THEP sidesteps the "laws of order" by blocking). Work-stealing workers take until their deque is
 * empty, so the wait ends; but the wait is on the owner, and three callers must not count on it:
 * <ul>
 *   <li><b>The owner itself.</b> Only it could echo, so its own {@link #steal()} and
 *       {@link #trySteal()} never wait: where a thief would wait (for the echo, or for the lock,
 *       whose holder may be waiting for the owner's echo) they give up, restore H and answer
 *       {@code null} and ABORT. The owner is the bound thread: the one that built the deque until
 *       another calls {@code bindOwner()}. Giving up is safe for any thread, so a stale read of
 *       the owner costs at most a steal.</li>
 *   <li><b>An owner stealing from another owner's THEP deque.</b> While it waits for the other
 *       owner's echo it takes none of its own tasks, so it echoes nothing to thieves of its own
 *       deque. Two owners that steal from each other's deques with {@link #steal()} (a pool whose
 *       workers help while they join, say), each holding the other's lock and each holding 1..δ
 *       tasks of its own, wait for each other for ever; so do longer cycles. Such callers use
 *       {@link #stealInto}, which never waits.</li>
 *   <li><b>Any thread, if the owner may stop with tasks left</b> (blocked, or done with the
 *       deque): it must not call {@link #steal()} or {@link #trySteal()} on it.</li>
 * </ul>
 * {@link #stealInto} never waits: it takes the lock only if it is free (another thief may be
 * waiting for an echo in it) and where a steal would wait it restores H and stops, as FF-THE would
 * abort. δ = {@link Integer#MAX_VALUE} (the paper's δ = ∞, §8.1) makes every steal wait for the
 * echo. {@link #delta()} returns δ.
 *
 * @param <E> the task type
 */
// "exports": the superclass is in arraydeque (exported only to the baselines module), which keeps
// the algorithm's hooks and fields out of the API; the deque's API is WorkStealingDeque's and
// delta().
@SuppressWarnings("exports")
public final class ThepDeque<E> extends ThepDequeImpl<E> {

    /**
     * An empty deque of {@code capacity} slots with δ = {@link BoundedTso#defaultDelta()}, owned by
     * the calling thread.
     *
     * @throws IllegalArgumentException if {@code capacity} is not a power of two in [2, 2^30]
     * @throws UnsupportedOperationException if the processor is not x86-64, or the JIT may not be
     *     C2 (see {@link BoundedTso#isSupported()})
     */
    public ThepDeque(int capacity) {
        this(capacity, BoundedTso.defaultDelta());
    }

    /**
     * An empty deque of {@code capacity} slots whose thieves wait for the echo unless they see more
     * than {@code delta} tasks, owned by the calling thread. A δ of {@code capacity} or more makes
     * every steal wait. The guarantee holds only for a δ at least the reordering bound of this
     * processor for the worker's takes ({@link BoundedTso}); a smaller δ is accepted (the tests use
     * δ = 1 with a fenced worker) but lets a thief and an unfenced worker take the same task.
     *
     * @throws IllegalArgumentException if {@code capacity} is not a power of two in [2, 2^30], or
     *     {@code delta < 1}
     * @throws UnsupportedOperationException if the processor is not x86-64, or the JIT may not be
     *     C2 (see {@link BoundedTso#isSupported()})
     */
    public ThepDeque(int capacity, int delta) {
        this(capacity, delta, 0);
    }

    /** As above, with the first task at index {@code first}: tests cross the 2^32 wrap of h. */
    ThepDeque(int capacity, int delta, long first) {
        super(capacity, delta, first);
    }

    @Override
    public String toString() {
        return "ThepDeque[capacity " + capacity() + ", delta " + delta() + ", ~" + sizeEstimate() + " tasks]";
    }
}
