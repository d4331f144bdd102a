package io.github.taskpools.api;

import java.util.List;

/**
 * Thrown by {@link WorkStealingDeque#stealInto} when its destination refuses a push within the room
 * its {@link WorkStealingDeque#remainingCapacity()} promised (a destination that breaks that
 * contract). The tasks already claimed from the victim and not placed are not lost: they travel in
 * this exception, for the caller, which owns the destination, to run or place elsewhere.
 */
public final class RefusedTasksException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    /** Not serialized: tasks need not be serializable. */
    private final transient List<Object> tasks;

    /** {@code tasks}: the claimed tasks the destination did not take, oldest first. */
    public RefusedTasksException(String message, List<?> tasks) {
        super(message + " (" + tasks.size() + " claimed tasks not placed: see tasks())");
        this.tasks = List.copyOf(tasks);
    }

    /** The claimed tasks the destination did not take: the caller now holds them. */
    public List<Object> tasks() {
        return tasks;
    }
}
