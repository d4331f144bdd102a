package io.github.taskpools.numapq;

import java.util.OptionalLong;

/**
 * A concurrent, unbounded min-priority queue of {@link Event}s keyed by {@code long} timestamps:
 * the interface behind which the calendar queue, its NUMA delegation layer and the thesis'
 * comparison points (flat combining, ACRCQH, {@code PriorityBlockingQueue}, a skip list: the
 * pool-baselines module) sit.
 *
 * <p>Events with equal keys leave in an unspecified order.
 */
public interface ConcurrentPriorityQueue<E> {
    /**
     * Inserts {@code value} with priority {@code key}. The queue is unbounded: this never fails
     * short of running out of memory.
     *
     * @throws NullPointerException if {@code value} is null
     */
    void offer(long key, E value);

    /** Removes and returns an event with the smallest key, or null if the queue is empty. */
    Event<E> poll();

    /**
     * The smallest key, or empty if the queue is empty. Under concurrency this is a hint: the
     * event may be gone, or a smaller one arrive, by the time the caller looks.
     */
    OptionalLong peekKey();

    /** The number of events, an estimate under concurrency (never negative). */
    long size();

    /**
     * Gives back what binds the calling thread to this queue, if anything: the worker index of a
     * queue that binds each thread to a worker of a topology ({@link NumaCalendarQueue}), which
     * another thread may then take; the thread's next operation binds it again. A thread that
     * terminates gives it back by itself; a thread of an executor that runs unrelated work between
     * uses (a request thread, a virtual thread) releases when done. Queues that bind nothing answer
     * {@code false}.
     *
     * @return whether the calling thread held something of this queue
     */
    default boolean release() {
        return false;
    }
}
