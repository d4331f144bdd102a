package io.github.taskpools.api;

/**
 * A pool of work-stealing deques, one per worker: a worker puts into and takes from its own deque
 * and, when that is empty, steals from the others, choosing victims with a {@link StealPolicy}.
 *
 * <p>As a {@link TaskPool}, the first call of {@link #producer()} or {@link #consumer()} on a thread
 * claims the next free worker for it (both return that same worker afterwards); a pool with
 * {@code n} workers serves {@code n} threads. {@link #worker(int)} hands out a worker by index for
 * callers that manage their own threads; the thread that uses a worker must first call
 * {@link Worker#bind()}.
 *
 * @param <E> the task type
 */
public interface WorkStealingPool<E> extends TaskPool<E> {

    /** The number of workers. */
    int workers();

    /** The worker with the given index. */
    Worker<E> worker(int index);

    @Override
    Worker<E> producer();

    @Override
    Worker<E> consumer();

    /** One worker: its deque plus its place in the pool. Used by one thread at a time. */
    interface Worker<E> extends TaskPool.Producer<E>, TaskPool.Consumer<E> {
        /** The worker's index. */
        int index();

        /** Makes the calling thread the worker's thread (and the owner of its deque). */
        void bind();

        /**
         * Puts a task into the worker's own deque.
         *
         * @return {@code false} if the deque refused it (see {@link WorkStealingDeque#push}); the
         *     caller keeps the task (and typically runs it at once, as work-stealing schedulers do)
         */
        @Override
        boolean put(E task);

        /** Takes a task: the worker's own first, otherwise one stolen from another worker. */
        @Override
        E get();

        /**
         * Steals one task from another worker, as {@link #get()} does when its deque is empty.
         *
         * @return a task, or {@code null} if the steal found none; see {@link #trySteal()} for what
         *     {@code null} can mean with deques whose steals abort
         */
        E steal();

        /**
         * Like {@link #steal()}, but tells the two reasons for finding nothing apart: {@code EMPTY}
         * when every other worker's deque answered empty, {@code ABORT} when at least one answered
         * {@link StealResult.Status#ABORT} and none had a task to give. ABORT comes only from deques
         * whose steals abort (FF-THE and FF-CL, see {@link StealResult}): such a deque may still hold
         * up to δ tasks, which its owner will take.
         *
         * <p>The default, for pools whose deques never abort, answers {@code STOLEN} or
         * {@code EMPTY} from {@link #steal()}.
         *
         * @return the outcome, never {@code null}; {@code STOLEN} carries the task
         */
        default StealResult<E> trySteal() {
            E task = steal();
            return task != null ? StealResult.stolen(task) : StealResult.empty();
        }

        /** The number of tasks this worker has stolen. */
        long stolen();
    }
}
