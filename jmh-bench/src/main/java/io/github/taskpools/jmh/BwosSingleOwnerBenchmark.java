package io.github.taskpools.jmh;

import org.openjdk.jmh.annotations.Param;

/**
 * Experiment {@code bwos-single-owner}: BWoS paper §6.2.1, "single queue without stealing": the
 * fill+drain cycle of {@link FillDrainBenchmark} on queues of the paper's shape, capacity 8192,
 * BWoS split into 8 blocks of 1024, against the sequential ideals (array stack and ring), the
 * sequential stack and ring in BWoS's blocks (what the blocks alone cost one owner), Chase-Lev
 * with and without the barrier optimisation, JCTools' SPMC ring and a locked {@code ArrayDeque}.
 */
public class BwosSingleOwnerBenchmark extends FillDrainBenchmark {
    /** The experiment id used by {@code ./bench} and the report. */
    public static final String EXPERIMENT = "bwos-single-owner";

    @Param({
        OwnerQueue.BWOS_LIFO,
        OwnerQueue.BWOS_FIFO,
        OwnerQueue.SEQ_STACK,
        OwnerQueue.SEQ_RING,
        OwnerQueue.SEQ_BLOCK_STACK,
        OwnerQueue.SEQ_BLOCK_RING,
        OwnerQueue.CHASE_LEV_OPT,
        OwnerQueue.CHASE_LEV_SC,
        OwnerQueue.JCTOOLS_SPMC,
        OwnerQueue.ARRAYDEQUE_LOCKED,
    })
    public String queue;

    @Override
    protected String contender() {
        return queue;
    }
}
