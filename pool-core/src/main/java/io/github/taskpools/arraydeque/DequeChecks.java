package io.github.taskpools.arraydeque;

import io.github.taskpools.api.RefusedTasksException;
import io.github.taskpools.api.WorkStealingDeque;
import java.util.List;

/**
 * The checks every work-stealing deque of the library makes on its callers, with the same messages:
 * the owner-only operations' thread check, the null task, the arguments of {@code stealInto}, and
 * the destination that refuses a stolen task within the room it promised. The array deques of this
 * package and the BWoS deques ({@code bwos.BwosBlocks}) share them; public only for the latter, in
 * a package exported to the baselines module alone.
 */
public final class DequeChecks {
    private DequeChecks() {
    }

    /**
     * Throws unless the calling thread is {@code owner}, the deque's owner (a plain field written
     * only by {@code bindOwner()}, whose contract gives happens-before).
     *
     * @throws IllegalStateException naming both threads
     */
    public static void checkOwner(Thread owner) {
        if (Thread.currentThread() != owner) {
            throw new IllegalStateException("owner-only operation called from " + Thread.currentThread()
                    + "; the owner is " + owner);
        }
    }

    /** @throws NullPointerException if {@code task} is null */
    public static void checkNotNull(Object task) {
        if (task == null) {
            throw new NullPointerException("null is not a task");
        }
    }

    /**
     * The arguments of {@link WorkStealingDeque#stealInto} on {@code victim}.
     *
     * @throws IllegalArgumentException if {@code destination} is the victim or {@code maxTasks < 1}
     */
    public static void checkStealInto(Object victim, Object destination, int maxTasks) {
        if (destination == victim) {
            throw new IllegalArgumentException("cannot steal into the victim itself");
        }
        if (maxTasks < 1) {
            throw new IllegalArgumentException("maxTasks must be positive, got " + maxTasks);
        }
    }

    /**
     * What {@code stealInto} throws when its destination refuses a push within its
     * {@code remainingCapacity()}: a bug in the destination, reported with the claimed tasks it did
     * not take (in order), so that none is dropped.
     */
    public static RefusedTasksException refusedWithinRoom(List<?> notPlaced) {
        return new RefusedTasksException("destination refused a push within its remainingCapacity()", notPlaced);
    }
}
