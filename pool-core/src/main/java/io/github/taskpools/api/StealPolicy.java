package io.github.taskpools.api;

import java.util.random.RandomGenerator;

/**
 * Chooses the victim of a steal in a multi-queue work-stealing pool (the P_select phase of the BWoS
 * paper's §3.4). Implementations are stateless, or keep their per-thief state in the
 * {@link Thief} they are given, so one policy instance serves every thief of a pool.
 *
 * <p>The standard policies of the BWoS paper's §6.2.3 are in {@link StealPolicies}.
 */
@FunctionalInterface
public interface StealPolicy {

    /**
     * Returns the index of the queue to steal from next, never {@code thief.index()} unless the pool
     * has a single queue.
     */
    int selectVictim(Thief thief, Victims victims);

    /** What a policy may read of the pool's queues: their count and size estimates. */
    interface Victims {
        /** The number of queues in the pool. */
        int count();

        /** The size estimate of queue {@code index}; reading it may disturb that queue's owner. */
        int sizeEstimate(int index);
    }

    /** The stealing thread as a policy sees it. */
    interface Thief {
        /** The index of the thief's own queue. */
        int index();

        /** The thief's random source. */
        RandomGenerator random();

        /** The NUMA node of the thief. */
        int node();

        /** The topology of the pool's workers. */
        Topology topology();

        /** The queue of the last successful steal, or -1. */
        int lastVictim();

        /** A cursor the policy may keep between calls (used by the sequential policy). */
        int cursor();

        /** Sets the cursor. */
        void cursor(int value);
    }
}
