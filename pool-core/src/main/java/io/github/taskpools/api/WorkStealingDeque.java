package io.github.taskpools.api;

import java.util.random.RandomGenerator;

/**
 * A bounded work-stealing deque: one owner thread pushes and pops, any thread steals.
 *
 * <p>The owner is the thread bound to the deque (at construction, or later with
 * {@link #bindOwner()}). Methods marked <em>owner only</em> must be called by that thread; the
 * implementations check this where the check costs nothing on the fast path (for BWoS: whenever the
 * owner crosses a block boundary) and throw {@link IllegalStateException} when they catch a
 * foreign thread. Calls that slip past the check are a data race and may lose or duplicate tasks.
 *
 * <p>Which end {@link #pop()} and {@link #steal()} take from is the implementation's policy: a LIFO
 * deque pops the most recently pushed task, a FIFO deque the oldest one. No method ever drops a
 * task: a deque that cannot take a task makes {@link #push} return {@code false} and leaves the
 * task with the caller. An array deque refuses only when full; a block-based deque (BWoS) also
 * while the next block in its ring still holds tasks of the previous round, so it can refuse with
 * fewer than {@link #capacity()} tasks ({@link #remainingCapacity()} is a lower bound on the pushes
 * that will succeed).
 *
 * @param <E> the task type; {@code null} is never a task
 */
public interface WorkStealingDeque<E> {

    /**
     * Owner only. Adds a task.
     *
     * @return {@code true} if the task was added, {@code false} if the deque refused it (full, or
     *     for a block-based deque its next block not yet free; the task is not kept, the caller
     *     still owns it)
     * @throws NullPointerException if {@code task} is null
     * @throws IllegalStateException if the calling thread is caught not being the owner
     */
    boolean push(E task);

    /**
     * Owner only. Removes a task from the owner's end.
     *
     * @return a task, or {@code null} if the owner found no task it may take
     */
    E pop();

    /**
     * Any thread. Removes a task from the thieves' end.
     *
     * <p>For a deque whose steals can abort (FF-THE and FF-CL of {@code io.github.taskpools.fencefree},
     * see {@link #trySteal()}), {@code null} also stands for an aborted attempt: the deque may still
     * hold a few tasks that its owner will take. Such a deque does not retry an aborted attempt
     * here, because the abort lasts as long as the owner leaves at most δ tasks in the deque, which
     * may be for ever if the owner is blocked or busy; a caller that loops over victims on
     * {@code null} (as a work-stealing pool does) is correct for both kinds of deque, and a caller
     * that must tell the two apart uses {@link #trySteal()}.
     *
     * <p>THEP ({@code io.github.taskpools.fencefree.ThepDeque}) never aborts a thief's steal but may
     * wait instead, holding the deque's lock, until the owner takes, pushes or empties: a steal from
     * a THEP deque whose owner has stopped with tasks left waits for ever, and so do two owners of
     * THEP deques that steal from each other's deque (each waits for an echo the other would give
     * only by taking from its own deque). The owner's own steal never waits. Callers that cannot
     * rule this out use {@link #stealInto}, which THEP implements without waiting.
     *
     * @return a task, or {@code null} if there was nothing to steal or (deques that abort) the
     *     attempt aborted
     */
    E steal();

    /**
     * Any thread. Like {@link #steal()}, but tells an aborted attempt apart from an empty deque.
     * Deques whose steals never abort (BWoS, Chase-Lev) use this default, which never returns
     * {@link StealResult.Status#ABORT}; THE's own never does either. THEP's waits as its
     * {@link #steal()} does (see there) and answers ABORT only to its owner, which never waits.
     *
     * @return the outcome, never {@code null}; {@code STOLEN} carries the task
     */
    default StealResult<E> trySteal() {
        E task = steal();
        return task != null ? StealResult.stolen(task) : StealResult.empty();
    }

    /**
     * Any thread. Whether a thief's {@link #steal()} and {@link #trySteal()} may wait for the owner
     * (THEP's do, see {@link #steal()}). Such a deque cannot serve workers that steal from one
     * another's deques with {@link #steal()}: two of them could each wait for the other. Deques
     * whose steals never wait (they return at once, or abort) use this default.
     */
    default boolean stealWaitsForOwner() {
        return false;
    }

    /**
     * Steals up to {@code maxTasks} tasks in one go and pushes them into {@code destination}, which
     * the calling thread must own. Implementations claim the tasks in a batch where they can (BWoS
     * claims the rest of a block with one CAS) and never claim more than
     * {@code destination.remainingCapacity()}, so no stolen task is ever dropped.
     *
     * @return the number of tasks moved
     * @throws IllegalArgumentException if {@code destination} is this deque or {@code maxTasks < 1}
     * @throws IllegalStateException if the calling thread does not own {@code destination} (thrown
     *     by its {@code remainingCapacity()}, before any task leaves this deque)
     * @throws RefusedTasksException if {@code destination} refused a push within the room it
     *     promised; the claimed tasks it did not take are in the exception
     */
    int stealInto(WorkStealingDeque<E> destination, int maxTasks);

    /**
     * Owner only (checked). A lower bound on the number of {@link #push} calls that will succeed
     * from now on, whatever thieves do. Cheap. {@link #stealInto} calls it on its destination
     * before it claims anything, so a thief that does not own the destination is stopped before
     * any task leaves the victim.
     */
    int remainingCapacity();

    /** The most tasks the deque can hold. */
    int capacity();

    /**
     * Any thread. An estimate of the number of tasks held: exact when the deque is quiescent; while
     * the owner moves between blocks it may be off by up to a block's worth, and it is always
     * between 0 and {@link #capacity()}.
     */
    int sizeEstimate();

    /**
     * Any thread. The acceptance test of probabilistic stealing (BWoS paper §3.4): returns
     * {@code true} with a probability close to {@code size / capacity}, reading only a small fixed
     * part of the deque's metadata, so that a thief can choose victims in proportion to their
     * size without disturbing their owners.
     */
    boolean probeStealable(RandomGenerator random);

    /**
     * Any thread. Probabilistic acceptance and steal in one step: samples the deque as
     * {@link #probeStealable} does and, if the sample found work, steals. A deque that can steal
     * from the sampled part directly (FIFO BWoS's randomized stealing, §3.4) does so.
     *
     * @return a task, or {@code null} if the sample found nothing (the deque need not be empty)
     */
    default E stealSampled(RandomGenerator random) {
        return probeStealable(random) ? steal() : null;
    }

    /**
     * Any thread. Asks the owner to make stealable some of the tasks it holds where no thief can
     * reach them (grant on request). BWoS hands its blocks to thieves only when the owner leaves
     * them (BWoS §8: "if the number of outstanding work items is smaller than the block size, BWoS
     * can prevent stealing"); a thief that found nothing calls this, and the owner answers at its
     * next push, with no CAS and no fence on its fast path while nobody asks. The request is a
     * hint: it may be answered late, or not at all when thieves already have granted tasks to
     * take, and a lost request is made again by the next thief that finds nothing.
     *
     * <p>Deques whose every task is stealable (Chase-Lev, THE, the fence-free deques) use this
     * default, which asks for nothing.
     *
     * @return an estimate of whether the owner held hidden tasks (racy reads of owner fields: it
     *     may be wrong while the owner moves between blocks); for monitoring, not for deciding
     */
    default boolean requestGrant() {
        return false;
    }

    /**
     * How many times the owner granted tasks to thieves so far, at block boundaries or on request.
     * Owner only, not checked (a plain read of an owner-private count: exact for the owner, an
     * estimate for any other thread). An owner compares it before and after a push to learn that
     * the push published tasks (and wakes a thief, as an executor does). Deques that publish every
     * push to thieves return 0.
     */
    default long grantCount() {
        return 0;
    }

    /**
     * Makes the calling thread the owner. The previous owner must have stopped calling owner-only
     * methods, and there must be a happens-before edge from its last call to this one (for example
     * a thread start, a join, or a hand-off through a concurrent queue).
     */
    void bindOwner();
}
