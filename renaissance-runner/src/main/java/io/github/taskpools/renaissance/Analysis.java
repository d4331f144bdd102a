package io.github.taskpools.renaissance;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.SplittableRandom;

/**
 * Turns the finished invocations into the per-benchmark summary of the report: per JVM the median and mean of
 * the post-warm-up repetitions pooled across its successful invocations, the GC figures averaged per
 * invocation, and the speedup baseline / candidate with its bootstrap interval (see {@link Stats}) and which
 * side of 1 that interval lies on ({@code faster}: the candidate is faster, {@code slower}, or {@code none});
 * over the benchmarks that ran on both JVMs, the geometric mean of the speedups with its interval. Failed
 * invocations are listed, not measured; a benchmark needs a successful invocation on both JVMs to get a speedup.
 * How many pairs ran the baseline first comes from the invocations' run order ({@code sequence}).
 */
public final class Analysis {

    private Analysis() {
    }

    /**
     * GC figures are means per successful invocation; the per-pause ones are means over evacuation pauses;
     * {@code committedMaxMb} is the mean over invocations of the largest heap committed after a pause (what
     * G1's sizing chose; equal on both JVMs when the heap is fixed with {@code --heap}). {@code gcSharePercent}: the
     * mean over invocations of the pause total as a share of the launch's wall time, in percent (how much of the
     * run a faster collector could win at most; BWoS §6.3.1 found the speedups where GC runs often).
     */
    public record JvmStats(String jvm, int invocationsOk, int invocationsFailed, int repetitions,
                           Double medianMs, Double meanMs, Double gcPauses, Double youngPauses,
                           Double pauseTotalMs, Double pauseMaxMs, Double objectCopyMs, Double terminationMs,
                           Double objectCopyPerPauseMs, Double terminationPerPauseMs, Double gcCpuS,
                           Double committedMaxMb, Double gcSharePercent) {
    }

    public record Failure(String jvm, int invocation, String message, String runDir) {
    }

    /**
     * {@code significant}: the interval excludes 1; {@code direction}: {@code faster} (interval above 1),
     * {@code slower} (below 1) or {@code none}, null without a speedup. {@code pairs}: pairs in which both JVMs
     * ran (an invocation number of each), {@code baselineFirst}: how many of them ran the baseline first.
     * {@code pauseTotalRatio}: the candidate's mean pause total per invocation over the baseline's, with its
     * interval (the same bootstrap over invocations) and {@code pauseTotalDirection} {@code higher},
     * {@code lower} or {@code none}; null when a JVM had no successful invocation or no pause.
     */
    public record BenchmarkSummary(String benchmark, List<JvmStats> jvms, Double speedup, Double speedupLow,
                                   Double speedupHigh, Boolean significant, List<Failure> failures,
                                   String direction, int pairs, int baselineFirst, Double pauseTotalRatio,
                                   Double pauseTotalRatioLow, Double pauseTotalRatioHigh,
                                   String pauseTotalDirection) {
    }

    /** {@code interval}: the bootstrap method of every interval (a {@link Stats.Method} name). */
    public record Summary(String baseline, String candidate, int bootstrapReplicates, long seed,
                          List<BenchmarkSummary> benchmarks, int geomeanBenchmarks, Double geomean,
                          Double geomeanLow, Double geomeanHigh, Boolean geomeanSignificant,
                          String interval, String geomeanDirection) {
    }

    /** {@code faster}, {@code slower} or {@code none}: where a speedup's interval lies relative to 1. */
    static String direction(Stats.Interval iv) {
        return switch (iv.side()) {
            case ABOVE -> "faster";
            case BELOW -> "slower";
            case CONTAINS_ONE -> "none";
        };
    }

    /**
     * The summary of {@code results} for the two JVMs (baseline first) and the benchmarks, in that order, with
     * intervals by {@code method}.
     */
    public static Summary summarize(List<InvocationResult> results, String baseline, String candidate,
                                    List<String> benchmarks, int replicates, long seed, Stats.Method method) {
        List<BenchmarkSummary> out = new ArrayList<>();
        List<Stats.SpeedupBootstrap> boots = new ArrayList<>();
        for (String bench : benchmarks) {
            List<InvocationResult> mine = results.stream().filter(r -> r.benchmark().equals(bench)).toList();
            if (mine.isEmpty()) {
                continue; // not reached (interrupted run)
            }
            List<Failure> failures = mine.stream().filter(r -> !r.ok())
                    .map(r -> new Failure(r.jvm(), r.invocation(), r.failure(), r.runDir())).toList();
            List<double[]> a = measured(mine, baseline);
            List<double[]> b = measured(mine, candidate);
            Double s = null, lo = null, hi = null;
            Boolean sig = null;
            String dir = null;
            if (!a.isEmpty() && !b.isEmpty()) {
                Stats.SpeedupBootstrap boot = Stats.speedupBootstrap(a, b, replicates,
                        new SplittableRandom(seed ^ bench.hashCode()));
                Stats.Interval iv = boot.interval(method);
                s = iv.estimate();
                lo = iv.low();
                hi = iv.high();
                sig = iv.excludesOne();
                dir = direction(iv);
                boots.add(boot);
            }
            int[] order = pairOrder(mine, baseline, candidate);
            Stats.Interval pause = pauseTotalRatio(mine, baseline, candidate, replicates,
                    seed ^ (bench + " pause total").hashCode(), method);
            out.add(new BenchmarkSummary(bench, List.of(jvmStats(mine, baseline), jvmStats(mine, candidate)),
                    s, lo, hi, sig, failures, dir, order[0], order[1],
                    pause == null ? null : pause.estimate(), pause == null ? null : pause.low(),
                    pause == null ? null : pause.high(), pause == null ? null : switch (pause.side()) {
                        case ABOVE -> "higher";
                        case BELOW -> "lower";
                        case CONTAINS_ONE -> "none";
                    }));
        }
        if (boots.isEmpty()) {
            return new Summary(baseline, candidate, replicates, seed, out, 0, null, null, null, null, method.name(),
                    null);
        }
        Stats.Interval g = Stats.geometricMean(boots, method);
        return new Summary(baseline, candidate, replicates, seed, out, boots.size(), g.estimate(), g.low(),
                g.high(), g.excludesOne(), method.name(), direction(g));
    }

    /**
     * The candidate's mean pause total per successful invocation over the baseline's, with its interval: each
     * invocation one value, resampled as the speedup's invocations are; null without a successful invocation
     * with pauses on each JVM.
     */
    private static Stats.Interval pauseTotalRatio(List<InvocationResult> rs, String baseline, String candidate,
                                                  int replicates, long seed, Stats.Method method) {
        List<double[]> a = pauseTotals(rs, baseline);
        List<double[]> b = pauseTotals(rs, candidate);
        if (a.isEmpty() || b.isEmpty() || a.stream().allMatch(x -> x[0] == 0) || b.stream().allMatch(x -> x[0] == 0)) {
            return null;
        }
        return Stats.speedup(b, a, replicates, seed, method);
    }

    private static List<double[]> pauseTotals(List<InvocationResult> rs, String jvm) {
        return rs.stream().filter(r -> r.ok() && r.jvm().equals(jvm)).map(r -> new double[] {r.gc().pauseTotalMs()})
                .toList();
    }

    /**
     * Pairs (an invocation number that both JVMs ran, successfully or not) and how many of them ran the
     * baseline first, by the launches' {@code sequence}.
     */
    private static int[] pairOrder(List<InvocationResult> rs, String baseline, String candidate) {
        Map<Integer, Integer> baseSeq = new HashMap<>();
        for (InvocationResult r : rs) {
            if (r.jvm().equals(baseline)) {
                baseSeq.put(r.invocation(), r.sequence());
            }
        }
        int pairs = 0;
        int first = 0;
        for (InvocationResult r : rs) {
            Integer bs = baseSeq.get(r.invocation());
            if (r.jvm().equals(candidate) && bs != null) {
                pairs++;
                first += bs < r.sequence() ? 1 : 0;
            }
        }
        return new int[] {pairs, first};
    }

    private static List<double[]> measured(List<InvocationResult> rs, String jvm) {
        return rs.stream().filter(r -> r.ok() && r.jvm().equals(jvm)).map(InvocationResult::measuredMs)
                .filter(ms -> ms.length > 0).toList();
    }

    private static JvmStats jvmStats(List<InvocationResult> rs, String jvm) {
        List<InvocationResult> ok = rs.stream().filter(r -> r.ok() && r.jvm().equals(jvm)).toList();
        int failed = (int) rs.stream().filter(r -> !r.ok() && r.jvm().equals(jvm)).count();
        double[] pooled = Stats.pooled(measured(rs, jvm));
        if (ok.isEmpty() || pooled.length == 0) {
            return new JvmStats(jvm, ok.size(), failed, 0, null, null, null, null, null, null, null, null, null,
                    null, null, null, null);
        }
        double[] copyPerPause = ok.stream().flatMap(r -> r.pauses().stream())
                .filter(p -> p.objectCopyAvgMs() != null).mapToDouble(GcLog.Pause::objectCopyAvgMs).toArray();
        double[] termPerPause = ok.stream().flatMap(r -> r.pauses().stream())
                .filter(p -> p.terminationAvgMs() != null).mapToDouble(GcLog.Pause::terminationAvgMs).toArray();
        return new JvmStats(jvm, ok.size(), failed, pooled.length, Stats.median(pooled), Stats.mean(pooled),
                avg(ok, r -> r.gc().pauses()), avg(ok, r -> r.gc().youngPauses()),
                avg(ok, r -> r.gc().pauseTotalMs()), avg(ok, r -> r.gc().pauseMaxMs()),
                avg(ok, r -> r.gc().objectCopyMs()), avg(ok, r -> r.gc().terminationMs()),
                copyPerPause.length == 0 ? null : Stats.mean(copyPerPause),
                termPerPause.length == 0 ? null : Stats.mean(termPerPause),
                avg(ok, r -> r.gc().cpuUserS() + r.gc().cpuSysS()), committedMean(ok),
                avg(ok, r -> 100.0 * r.gc().pauseTotalMs() / (r.wallNs() / 1e6)));
    }

    /** Mean over invocations of the largest committed heap; null when no invocation's log said it. */
    private static Double committedMean(List<InvocationResult> ok) {
        OptionalDouble m = ok.stream().map(r -> r.gc().committedMaxMb()).filter(Objects::nonNull)
                .mapToDouble(Double::doubleValue).average();
        return m.isPresent() ? m.getAsDouble() : null;
    }

    private static double avg(List<InvocationResult> rs, java.util.function.ToDoubleFunction<InvocationResult> f) {
        return rs.stream().mapToDouble(f).average().orElse(Double.NaN);
    }
}
