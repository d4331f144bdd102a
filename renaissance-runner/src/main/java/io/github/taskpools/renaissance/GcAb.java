package io.github.taskpools.renaissance;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.ToDoubleFunction;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The analysis of {@code hotspot-patch/check.sh ab}: interleaved pairs of runs of one workload on a baseline
 * and a candidate JVM, compared per unit of GC work (see {@link GcWork}) rather than by wall time alone, which
 * on shared machines swings more between identical runs than the patch changes.
 *
 * <p>Input: a directory with, for pairs {@code i = 1..N}, the G1 logs {@code <a>-<i>.log} and {@code <b>-<i>.log}
 * (written with {@link GcLog#XLOG_OPTION}), each run's wall time in milliseconds in {@code <a>-<i>.wall} and
 * {@code <b>-<i>.wall}, and which JVM ran first in {@code order-<i>} ({@code <a>} or {@code <b>}). Output, per
 * metric: the median of each JVM and the geometric mean of the paired ratios b/a with its 95% bootstrap interval
 * over pairs ({@link Stats#pairedRatio}), and the same ratio over the pairs where each JVM ran first (a
 * difference between those two is drift within pairs, not the JVMs). Written to standard output and to
 * {@code ab.md} in the directory. A run that lacks a kind of collection the metric needs fails the analysis
 * (exit status 1), as does a directory without pairs: a comparison that measured nothing is not reported.
 */
@Command(name = "gc-ab", mixinStandardHelpOptions = true, usageHelpWidth = 110,
        description = "Per-unit-of-work GC phase ratios with bootstrap intervals for interleaved A/B pairs.")
public final class GcAb implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "<dir>", description = "directory of the pairs' logs and wall times")
    Path dir;

    @Option(names = "--baseline", defaultValue = "stock", description = "baseline JVM's file prefix (default: ${DEFAULT-VALUE})")
    String baseline;

    @Option(names = "--candidate", defaultValue = "bwos", description = "candidate JVM's file prefix (default: ${DEFAULT-VALUE})")
    String candidate;

    @Option(names = "--replicates", defaultValue = "10000", description = "bootstrap replicates (default: ${DEFAULT-VALUE})")
    int replicates;

    @Option(names = "--seed", defaultValue = "1", description = "bootstrap seed (default: ${DEFAULT-VALUE})")
    long seed;

    /** One run: its wall time and its GC work. */
    record Run(double wallMs, GcWork work) {
    }

    /** A metric of a run, lower is better, with the unit it is printed in. */
    record Metric(String name, String unit, ToDoubleFunction<Run> value) {
    }

    static final List<Metric> METRICS = List.of(
            new Metric("wall time", "ms", Run::wallMs),
            new Metric("young pauses, total", "ms", r -> r.work().youngPauses() == 0 ? Double.NaN : r.work().youngPauseMs()),
            new Metric("Object Copy per copied MiB", "worker-ms", r -> r.work().objectCopyMsPerMb()),
            new Metric("Termination per evacuation pause", "ms", r -> r.work().terminationMsPerPause()),
            new Metric("concurrent marking per MiB at cycle start", "ms", r -> r.work().concurrentMarkMsPerMb()),
            new Metric("full-GC marking per MiB live", "ms", r -> r.work().fullMarkMsPerMb()));

    public static void main(String[] args) {
        System.exit(new CommandLine(new GcAb()).execute(args));
    }

    @Override
    public Integer call() throws IOException {
        List<Run> a = new ArrayList<>();
        List<Run> b = new ArrayList<>();
        List<Boolean> baselineFirst = new ArrayList<>();
        for (int i = 1; Files.exists(dir.resolve(baseline + "-" + i + ".log")); i++) {
            a.add(run(baseline, i));
            b.add(run(candidate, i));
            String first = Files.readString(dir.resolve("order-" + i), StandardCharsets.UTF_8).trim();
            if (!first.equals(baseline) && !first.equals(candidate)) {
                throw new IllegalArgumentException("order-" + i + " names " + first + ", neither " + baseline
                        + " nor " + candidate);
            }
            baselineFirst.add(first.equals(baseline));
        }
        if (a.isEmpty()) {
            System.err.println("gc-ab: no pairs in " + dir + " (expected " + baseline + "-1.log)");
            return 1;
        }
        String table = table(a, b, baselineFirst);
        System.out.print(table);
        Files.writeString(dir.resolve("ab.md"), table, StandardCharsets.UTF_8);
        return table.contains("MISSING") ? 1 : 0;
    }

    private Run run(String jvm, int i) throws IOException {
        double wall = Double.parseDouble(Files.readString(dir.resolve(jvm + "-" + i + ".wall"), StandardCharsets.UTF_8).trim());
        return new Run(wall, GcWork.of(dir.resolve(jvm + "-" + i + ".log")));
    }

    /** The Markdown table of every metric over the pairs. */
    String table(List<Run> a, List<Run> b, List<Boolean> baselineFirst) {
        int n = a.size();
        long firstCount = baselineFirst.stream().filter(x -> x).count();
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "%d pairs (%s first in %d, %s first in %d); ratio = %s / %s, lower is"
                + " better; 95%% bootstrap interval over pairs (%d replicates, seed %d)%n%n", n, baseline, firstCount,
                candidate, n - firstCount, candidate, baseline, replicates, seed));
        sb.append(String.format(Locale.ROOT, "committed heap, the largest after a pause in each run (MiB): %s %s, %s %s%n%n",
                baseline, committedRange(a), candidate, committedRange(b)));
        sb.append(String.format(Locale.ROOT, "| metric | %s median | %s median | ratio [95%% interval] | %s first | %s first |%n",
                baseline, candidate, baseline, candidate));
        sb.append("|---|--:|--:|--:|--:|--:|\n");
        for (Metric m : METRICS) {
            double[] x = new double[n];
            double[] y = new double[n];
            int missing = 0;
            for (int i = 0; i < n; i++) {
                x[i] = m.value().applyAsDouble(a.get(i));
                y[i] = m.value().applyAsDouble(b.get(i));
                if (!(x[i] > 0) || !(y[i] > 0)) {
                    missing++;
                }
            }
            if (missing > 0) {
                sb.append(String.format(Locale.ROOT, "| %s (%s) | MISSING in %d of %d pairs: a run without that kind of collection | | | | |%n",
                        m.name(), m.unit(), missing, n));
                continue;
            }
            Stats.Interval r = Stats.pairedRatio(x, y, replicates, seed);
            sb.append(String.format(Locale.ROOT, "| %s (%s) | %.4g | %.4g | %.3f [%.3f, %.3f] | %s | %s |%n", m.name(),
                    m.unit(), Stats.median(x), Stats.median(y), r.estimate(), r.low(), r.high(),
                    orderRatio(x, y, baselineFirst, true), orderRatio(x, y, baselineFirst, false)));
        }
        return sb.toString();
    }

    /** The range over runs of the largest committed heap: one number when the heap was fixed. */
    private static String committedRange(List<Run> runs) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (Run r : runs) {
            double c = r.work().committedMaxMb();
            if (Double.isNaN(c)) {
                return "not in every log";
            }
            lo = Math.min(lo, c);
            hi = Math.max(hi, c);
        }
        return lo == hi ? String.format(Locale.ROOT, "%.0f", lo) : String.format(Locale.ROOT, "%.0f to %.0f", lo, hi);
    }

    private String orderRatio(double[] x, double[] y, List<Boolean> baselineFirst, boolean first) {
        double s = 0;
        int k = 0;
        for (int i = 0; i < x.length; i++) {
            if (baselineFirst.get(i) == first) {
                s += Math.log(y[i] / x[i]);
                k++;
            }
        }
        return k == 0 ? "-" : String.format(Locale.ROOT, "%.3f (%d)", Math.exp(s / k), k);
    }
}
