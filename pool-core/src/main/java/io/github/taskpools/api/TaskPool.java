package io.github.taskpools.api;

import java.util.concurrent.TimeUnit;

/**
 * A producer/consumer task pool with per-thread handles.
 *
 * <p>Each thread that puts or gets tasks first obtains a handle; the handle carries the thread's
 * place in the pool (its own queue, its chunk lists, its position in an access list), so the
 * common-case operation touches only memory that thread owns. A handle belongs to the thread that
 * obtained it, until the thread gives it back ({@link #release()}) or terminates, and must not be
 * shared.
 *
 * <p>A pool never loses a task: every task successfully put is returned by exactly one
 * {@link Consumer#get()}.
 *
 * @param <E> the task type; {@code null} is never a task
 */
public interface TaskPool<E> {

    /**
     * The calling thread's producer handle (claimed on first call, the same one afterwards). In a
     * pool with a fixed number of handles, a thread that finds them all held by live threads waits
     * up to a second for one to be released or its thread to terminate.
     *
     * @throws IllegalStateException if every handle stayed held by a live thread for that second
     */
    Producer<E> producer();

    /**
     * The calling thread's consumer handle (claimed on first call, the same one afterwards); as
     * {@link #producer()} when the handles are all held.
     *
     * @throws IllegalStateException if every handle stayed held by a live thread for a second
     */
    Consumer<E> consumer();

    /**
     * Gives back the calling thread's producer and consumer handles: its next {@link #producer()}
     * or {@link #consumer()} gets a handle again (perhaps another), and the handles it held throw
     * {@link IllegalStateException} on their next use by this thread. A thread that terminates gives
     * its handles back by itself. Nothing is lost: tasks in a released consumer's part of the pool
     * are taken by the other consumers or by the next thread that gets that handle. A thread of an
     * executor that runs unrelated work between uses (a request thread, a virtual thread) releases
     * when done; one that lives as long as the pool need not.
     *
     * @return whether the calling thread held a handle of this pool
     */
    boolean release();

    /** The producer side of a handle. */
    interface Producer<E> {
        /**
         * Adds a task.
         *
         * @return {@code false} only if the pool is bounded and had no room; the task is not kept
         * @throws NullPointerException if {@code task} is null
         */
        boolean put(E task);
    }

    /** The consumer side of a handle. */
    interface Consumer<E> {
        /**
         * Removes a task, taking the handle's own tasks first and stealing otherwise. Never blocks.
         *
         * @return a task, or {@code null} if none was found
         */
        E get();

        /**
         * Removes a task, waiting for a put if there is none: the thread parks (it does not spin)
         * and a put wakes it. Puts pay for this only with a fence and a read of a shared word (or,
         * in a pool that opted into an asymmetric fence, the read alone).
         *
         * @return a task
         * @throws InterruptedException if the thread is interrupted while waiting (or on entry)
         */
        E take() throws InterruptedException;

        /**
         * Removes a task, waiting up to {@code timeout} for a put if there is none, as
         * {@link #take()} does.
         *
         * @return a task, or {@code null} if none came within the timeout ({@code timeout <= 0}:
         *     one {@link #get()}, no wait)
         * @throws InterruptedException if the thread is interrupted while waiting (or on entry)
         */
        E poll(long timeout, TimeUnit unit) throws InterruptedException;
    }
}
