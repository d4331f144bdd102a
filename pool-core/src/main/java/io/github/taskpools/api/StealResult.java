package io.github.taskpools.api;

import java.util.Objects;

/**
 * What one steal attempt found: a task, an empty deque, or an aborted attempt. Returned by
 * {@link WorkStealingDeque#trySteal()}.
 *
 * <p>{@link Status#ABORT} comes from the fence-free deques of Morrison and Afek (ASPLOS'14, §4):
 * a thief of FF-THE or FF-CL that cannot rule out that the owner has already taken the task it is
 * after (the owner takes without a fence, so up to δ of its takes may still sit in its store
 * buffer) refuses to steal and leaves the deque as it was. An aborted attempt says nothing about
 * whether the deque is empty: it may hold up to δ tasks, which its owner will take. A thief should
 * move on to another victim; retrying the same one steals only once the owner has grown the deque
 * beyond δ tasks again (once the owner has emptied it, a retry answers EMPTY). THEP answers ABORT
 * only to its own owner, whose steal never waits for itself.
 *
 * <p>The empty and aborted results are shared constants, so only a successful steal allocates.
 *
 * @param <E> the task type
 */
public final class StealResult<E> {
    /** The kind of result. */
    public enum Status {
        /** A task was stolen: {@link #task()} holds it. */
        STOLEN,
        /** The thief saw no task. */
        EMPTY,
        /** The thief gave up without changing the deque; it may hold tasks. */
        ABORT
    }

    private static final StealResult<?> EMPTY = new StealResult<>(Status.EMPTY, null);
    private static final StealResult<?> ABORT = new StealResult<>(Status.ABORT, null);

    private final Status status;
    private final E task;

    private StealResult(Status status, E task) {
        this.status = status;
        this.task = task;
    }

    /** A successful steal of {@code task}. */
    public static <E> StealResult<E> stolen(E task) {
        return new StealResult<>(Status.STOLEN, Objects.requireNonNull(task, "task"));
    }

    /** The result of a steal that saw an empty deque. */
    @SuppressWarnings("unchecked")
    public static <E> StealResult<E> empty() {
        return (StealResult<E>) EMPTY;
    }

    /** The result of an aborted steal. */
    @SuppressWarnings("unchecked")
    public static <E> StealResult<E> abort() {
        return (StealResult<E>) ABORT;
    }

    /** What the attempt found. */
    public Status status() {
        return status;
    }

    /** The stolen task, or {@code null} unless {@link #status()} is {@link Status#STOLEN}. */
    public E task() {
        return task;
    }

    @Override
    public String toString() {
        return status == Status.STOLEN ? "STOLEN " + task : status.name();
    }
}
