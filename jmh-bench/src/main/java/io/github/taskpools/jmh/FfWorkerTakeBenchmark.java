package io.github.taskpools.jmh;

import org.openjdk.jmh.annotations.Param;

/**
 * Experiment {@code ff-worker-take}: the worker's own push and take throughput of the fence-free
 * deques (Morrison and Afek, ASPLOS'14) with no thief, the case the paper optimises (§1, §4: the
 * worker's take loses its memory fence). The fill+drain cycle of {@link FillDrainBenchmark},
 * capacity 8192, on Cilk's THE (a fence per take), FF-THE and FF-CL (no fence, default δ), THEP,
 * Chase-Lev with the Lê et al. orderings (a fence per take) and a sequential array stack (the
 * ideal). Without thieves δ never matters: every take stays far from the head.
 */
public class FfWorkerTakeBenchmark extends FillDrainBenchmark {
    /** The experiment id used by {@code ./bench} and the report. */
    public static final String EXPERIMENT = "ff-worker-take";

    @Param({
        OwnerQueue.THE,
        OwnerQueue.FF_THE,
        OwnerQueue.FF_CL,
        OwnerQueue.THEP,
        OwnerQueue.CHASE_LEV_OPT,
        OwnerQueue.SEQ_STACK,
    })
    public String queue;

    @Override
    protected String contender() {
        return queue;
    }
}
