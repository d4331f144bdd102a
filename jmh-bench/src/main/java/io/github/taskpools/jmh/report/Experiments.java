package io.github.taskpools.jmh.report;

import io.github.taskpools.jmh.BwosSingleOwnerBenchmark;
import io.github.taskpools.jmh.FfWorkerTakeBenchmark;
import io.github.taskpools.jmh.FillDrainBenchmark;
import io.github.taskpools.jmh.OwnerQueue;
import java.util.List;

/**
 * The experiments {@code ./bench} knows: id, the JMH include pattern, the parameter naming the
 * contender, the contenders in report order, and the ratios the report computes (numerator and
 * denominator are contenders of the same run).
 */
final class Experiments {
    private Experiments() {
    }

    /** A ratio {@code numerator / denominator} of median throughputs, with an optional target. */
    record Ratio(String numerator, String denominator, Double target, String why) {
    }

    record Experiment(String id, String title, String include, String param, List<String> contenders,
            List<Ratio> ratios, String description) {
    }

    static final List<Experiment> ALL = List.of(
            new Experiment(BwosSingleOwnerBenchmark.EXPERIMENT,
                    "BWoS §6.2.1: single queue without stealing",
                    "^\\Q" + BwosSingleOwnerBenchmark.class.getName() + ".\\E",
                    "queue",
                    List.of(OwnerQueue.BWOS_LIFO, OwnerQueue.BWOS_FIFO, OwnerQueue.SEQ_STACK, OwnerQueue.SEQ_RING,
                            OwnerQueue.CHASE_LEV_OPT, OwnerQueue.CHASE_LEV_SC, OwnerQueue.JCTOOLS_SPMC,
                            OwnerQueue.ARRAYDEQUE_LOCKED),
                    List.of(
                            new Ratio(OwnerQueue.BWOS_LIFO, OwnerQueue.SEQ_STACK, 0.85,
                                    "paper §6.2.1: LIFO BWoS 10.7% below ideal on x86"),
                            new Ratio(OwnerQueue.BWOS_LIFO, OwnerQueue.CHASE_LEV_OPT, 1.25,
                                    "paper §6.2.1: 4.55x ABP (opt) on x86"),
                            new Ratio(OwnerQueue.BWOS_FIFO, OwnerQueue.SEQ_RING, 0.85,
                                    "paper §6.2.1: FIFO BWoS 5.4% below ideal on x86"),
                            new Ratio(OwnerQueue.CHASE_LEV_OPT, OwnerQueue.CHASE_LEV_SC, null,
                                    "paper §6.2.1: barrier optimisation gives ABP 1.65x on x86"),
                            new Ratio(OwnerQueue.BWOS_LIFO, OwnerQueue.CHASE_LEV_SC, null, ""),
                            new Ratio(OwnerQueue.BWOS_FIFO, OwnerQueue.JCTOOLS_SPMC, null,
                                    "paper §6.2.1: FIFO BWoS 3.55x Tokio's queue (Rust)"),
                            new Ratio(OwnerQueue.BWOS_LIFO, OwnerQueue.ARRAYDEQUE_LOCKED, null, ""),
                            new Ratio(OwnerQueue.SEQ_STACK, OwnerQueue.SEQ_RING, null, "")),
                    "One owner thread puts " + BwosSingleOwnerBenchmark.CAPACITY
                            + " tasks (the capacity), checks that one more put is refused, then gets until"
                            + " empty; one invocation = one fill+drain cycle = "
                            + BwosSingleOwnerBenchmark.OPS_PER_CYCLE + " operations. BWoS: "
                            + BwosSingleOwnerBenchmark.BLOCKS + " blocks of "
                            + BwosSingleOwnerBenchmark.CAPACITY / BwosSingleOwnerBenchmark.BLOCKS
                            + ". Tasks are pre-boxed; every task taken goes into a Blackhole."),
            new Experiment(FfWorkerTakeBenchmark.EXPERIMENT,
                    "Fence-free work stealing: the worker's own push and take, no thief",
                    "^\\Q" + FfWorkerTakeBenchmark.class.getName() + ".\\E",
                    "queue",
                    List.of(OwnerQueue.THE, OwnerQueue.FF_THE, OwnerQueue.FF_CL, OwnerQueue.THEP,
                            OwnerQueue.CHASE_LEV_OPT, OwnerQueue.SEQ_STACK),
                    List.of(
                            new Ratio(OwnerQueue.FF_CL, OwnerQueue.CHASE_LEV_OPT, 1.2,
                                    "FF-CL drops the fence of Chase-Lev's take (paper Fig. 4)"),
                            new Ratio(OwnerQueue.THEP, OwnerQueue.THE, 1.2,
                                    "THEP drops the fence of THE's take (paper Fig. 5)"),
                            new Ratio(OwnerQueue.FF_THE, OwnerQueue.THE, null,
                                    "FF-THE drops the fence of THE's take (paper Fig. 3)"),
                            new Ratio(OwnerQueue.CHASE_LEV_OPT, OwnerQueue.SEQ_STACK, null,
                                    "the fence's cost against the ideal"),
                            new Ratio(OwnerQueue.FF_CL, OwnerQueue.SEQ_STACK, null, "")),
                    "One worker thread pushes " + FillDrainBenchmark.CAPACITY
                            + " tasks (the capacity), checks that one more push is refused, then takes until"
                            + " empty; one invocation = " + FillDrainBenchmark.OPS_PER_CYCLE
                            + " operations. No thief: the fence-free deques' default δ never comes into play."
                            + " Tasks are pre-boxed; every task taken goes into a Blackhole."));

    static Experiment byId(String id) {
        for (Experiment e : ALL) {
            if (e.id().equals(id)) {
                return e;
            }
        }
        return null;
    }
}
