package io.github.taskpools.api;

/**
 * A producer/consumer task pool with per-thread handles.
 *
 * <p>Each thread that puts or gets tasks first obtains a handle; the handle carries the thread's
 * place in the pool (its own queue, its chunk lists, its position in an access list), so the
 * common-case operation touches only memory that thread owns. A handle belongs to the thread that
 * obtained it and must not be shared.
 *
 * <p>A pool never loses a task: every task successfully put is returned by exactly one
 * {@link Consumer#get()}.
 *
 * @param <E> the task type; {@code null} is never a task
 */
public interface TaskPool<E> {

    /** The calling thread's producer handle (created on first call, the same one afterwards). */
    Producer<E> producer();

    /** The calling thread's consumer handle (created on first call, the same one afterwards). */
    Consumer<E> consumer();

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
         * Removes a task, taking the handle's own tasks first and stealing otherwise.
         *
         * @return a task, or {@code null} if none was found
         */
        E get();
    }
}
