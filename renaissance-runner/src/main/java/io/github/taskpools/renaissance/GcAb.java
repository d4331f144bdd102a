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
 * (written with {@link GcLog#XLOG_OPTION}; {@code .log.gz} when compressed), each run's wall time in
 * milliseconds in {@code <a>-<i>.wall} and {@code <b>-<i>.wall}, and which JVM ran first in {@code order-<i>}
 * ({@code <a>} or {@code <b>}). With {@code --recompute}, instead, the directory's {@code runs.csv} (see
 * {@link AbRuns}), the per-run sums an earlier analysis wrote: the table from it is the same.
 *
 * <p>Output, per metric: the median of each JVM and the geometric mean of the paired ratios b/a with its 95%
 * bootstrap interval over pairs ({@link Stats#pairedRatio}, studentized unless {@code --interval} says
 * otherwise), a marker when the interval excludes 1 (▼ wholly below: b lower, ▲ wholly above: b higher), and the
 * same ratio over the pairs where each JVM ran first (a difference between those two is drift within pairs, not
 * the JVMs). Written to standard output, to {@code ab.md} and, one line per metric, to {@code ab.csv} in the
 * directory; the per-run sums go to {@code runs.csv} there. A run that lacks a kind of collection the metric needs
 * fails the analysis (exit status 1), as does a directory without pairs: a comparison that measured nothing is
 * not reported.
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

    @Option(names = "--interval", defaultValue = "STUDENTIZED", paramLabel = "<method>",
            description = "bootstrap interval: studentized, bca or percentile (tables before 2026-12-05 used "
                    + "percentile) (default: ${DEFAULT-VALUE})")
    Stats.Method interval;

    @Option(names = "--recompute", description = "read the per-run sums of <dir>/runs.csv (or runs.csv.gz) instead "
            + "of the logs; runs.csv is left as it is")
    boolean recompute;

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
        System.exit(commandLine().execute(args));
    }

    /** The command line of a new GcAb (enum values case-insensitive). */
    static CommandLine commandLine() {
        return new CommandLine(new GcAb()).setCaseInsensitiveEnumValuesAllowed(true);
    }

    @Override
    public Integer call() throws IOException {
        try {
            return analyse();
        } catch (IllegalArgumentException e) {
            System.err.println("gc-ab: " + e.getMessage());
            return 1;
        }
    }

    private int analyse() throws IOException {
        List<Run> a = new ArrayList<>();
        List<Run> b = new ArrayList<>();
        List<Boolean> baselineFirst = new ArrayList<>();
        if (recompute) {
            Path file = AbRuns.find(dir);
            if (file == null) {
                System.err.println("gc-ab: --recompute: no " + AbRuns.FILE + " or " + AbRuns.FILE + ".gz in " + dir);
                return 1;
            }
            fromRuns(AbRuns.read(file), a, b, baselineFirst);
        } else {
            List<AbRuns.Row> rows = new ArrayList<>();
            for (int i = 1; log(baseline, i) != null; i++) {
                String first = Files.readString(dir.resolve("order-" + i), StandardCharsets.UTF_8).trim();
                if (!first.equals(baseline) && !first.equals(candidate)) {
                    throw new IllegalArgumentException("order-" + i + " names " + first + ", neither " + baseline
                            + " nor " + candidate);
                }
                rows.add(row(baseline, i, first.equals(baseline)));
                rows.add(row(candidate, i, first.equals(candidate)));
            }
            fromRuns(rows, a, b, baselineFirst);
            if (!rows.isEmpty()) {
                Files.writeString(dir.resolve(AbRuns.FILE), AbRuns.format(rows), StandardCharsets.UTF_8);
            }
        }
        if (a.isEmpty()) {
            System.err.println("gc-ab: no pairs in " + dir + " (expected " + baseline + "-1.log or "
                    + baseline + "-1.log.gz" + (recompute ? ", or pairs in " + AbRuns.FILE : "") + ")");
            return 1;
        }
        List<Row> rows = rows(a, b, baselineFirst);
        String table = table(rows, a, b, baselineFirst);
        System.out.print(table);
        Files.writeString(dir.resolve("ab.md"), table, StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("ab.csv"), csv(rows), StandardCharsets.UTF_8);
        return rows.stream().anyMatch(r -> r.missing() > 0) ? 1 : 0;
    }

    /** The log of pair {@code i}'s run of {@code jvm}: {@code .log}, else {@code .log.gz}; null when neither exists. */
    private Path log(String jvm, int i) {
        for (String ext : new String[] {".log", ".log.gz"}) {
            Path p = dir.resolve(jvm + "-" + i + ext);
            if (Files.isRegularFile(p)) {
                return p;
            }
        }
        return null;
    }

    private AbRuns.Row row(String jvm, int i, boolean first) throws IOException {
        Path log = log(jvm, i);
        if (log == null) {
            throw new IllegalArgumentException("pair " + i + " has no log of " + jvm + " in " + dir);
        }
        double wall = Double.parseDouble(Files.readString(dir.resolve(jvm + "-" + i + ".wall"), StandardCharsets.UTF_8).trim());
        return new AbRuns.Row(i, jvm, first, wall, GcWork.of(log));
    }

    /**
     * Sorts the rows into the pairs' runs of the baseline ({@code a}) and the candidate ({@code b}), pair 1 first,
     * and whether the baseline ran first in each.
     *
     * @throws IllegalArgumentException when the pairs are not 1..N with one run of each JVM, exactly one of them first
     */
    private void fromRuns(List<AbRuns.Row> rows, List<Run> a, List<Run> b, List<Boolean> baselineFirst) {
        int n = rows.stream().mapToInt(AbRuns.Row::pair).max().orElse(0);
        for (int i = 1; i <= n; i++) {
            final int pair = i;
            List<AbRuns.Row> of = rows.stream().filter(r -> r.pair() == pair).toList();
            List<AbRuns.Row> x = of.stream().filter(r -> r.jvm().equals(baseline)).toList();
            List<AbRuns.Row> y = of.stream().filter(r -> r.jvm().equals(candidate)).toList();
            if (of.size() != 2 || x.size() != 1 || y.size() != 1 || x.get(0).first() == y.get(0).first()) {
                throw new IllegalArgumentException("pair " + i + " must have one run of " + baseline + " and one of "
                        + candidate + ", one of them first; it has " + of.stream()
                        .map(r -> r.jvm() + (r.first() ? " (first)" : "")).toList());
            }
            a.add(new Run(x.get(0).wallMs(), x.get(0).work()));
            b.add(new Run(y.get(0).wallMs(), y.get(0).work()));
            baselineFirst.add(x.get(0).first());
        }
    }

    /**
     * One metric's line of the table: medians, the paired ratio's interval (null when {@code missing} pairs lack
     * the metric), and the ratios over the pairs each JVM ran first in (NaN without such a pair).
     */
    record Row(Metric metric, int missing, double baselineMedian, double candidateMedian, Stats.Interval ratio,
               double baselineFirstRatio, int baselineFirstPairs, double candidateFirstRatio,
               int candidateFirstPairs) {
    }

    /** Every metric's row over the pairs. */
    List<Row> rows(List<Run> a, List<Run> b, List<Boolean> baselineFirst) {
        int n = a.size();
        long firstCount = baselineFirst.stream().filter(x -> x).count();
        List<Row> rows = new ArrayList<>();
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
                rows.add(new Row(m, missing, Double.NaN, Double.NaN, null, Double.NaN, 0, Double.NaN, 0));
                continue;
            }
            rows.add(new Row(m, 0, Stats.median(x), Stats.median(y),
                    Stats.pairedRatio(x, y, replicates, seed, interval),
                    orderRatio(x, y, baselineFirst, true), (int) firstCount,
                    orderRatio(x, y, baselineFirst, false), (int) (n - firstCount)));
        }
        return rows;
    }

    /** The marker of an interval: ▼ wholly below 1 (the candidate lower), ▲ wholly above (higher), else empty. */
    private String marker(Stats.Interval r) {
        return switch (r.side()) {
            case BELOW -> "▼ " + candidate + " lower";
            case ABOVE -> "▲ " + candidate + " higher";
            case CONTAINS_ONE -> "";
        };
    }

    /** The Markdown table of every metric over the pairs. */
    String table(List<Row> rows, List<Run> a, List<Run> b, List<Boolean> baselineFirst) {
        int n = a.size();
        long firstCount = baselineFirst.stream().filter(x -> x).count();
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "%d pairs (%s first in %d, %s first in %d); ratio = %s / %s, lower is"
                + " better; 95%% bootstrap interval over pairs (%d replicates, seed %d): %s%n%n", n, baseline,
                firstCount, candidate, n - firstCount, candidate, baseline, replicates, seed, interval.description()));
        sb.append(String.format(Locale.ROOT, "excludes 1: ▼ the interval lies wholly below 1 (%s lower, better), "
                + "▲ wholly above 1 (%s higher, worse); empty: it contains 1, no difference shown%n%n",
                candidate, candidate));
        sb.append(String.format(Locale.ROOT, "committed heap, the largest after a pause in each run (MiB): %s %s, %s %s%n%n",
                baseline, committedRange(a), candidate, committedRange(b)));
        sb.append(String.format(Locale.ROOT, "| metric | %s median | %s median | ratio [95%% interval] | excludes 1 | %s first | %s first |%n",
                baseline, candidate, baseline, candidate));
        sb.append("|---|--:|--:|--:|---|--:|--:|\n");
        for (Row row : rows) {
            Metric m = row.metric();
            if (row.missing() > 0) {
                sb.append(String.format(Locale.ROOT, "| %s (%s) | MISSING in %d of %d pairs: a run without that kind of collection | | | | | |%n",
                        m.name(), m.unit(), row.missing(), n));
                continue;
            }
            Stats.Interval r = row.ratio();
            sb.append(String.format(Locale.ROOT, "| %s (%s) | %.4g | %.4g | %.3f [%.3f, %.3f] | %s | %s | %s |%n", m.name(),
                    m.unit(), row.baselineMedian(), row.candidateMedian(), r.estimate(), r.low(), r.high(), marker(r),
                    orderCell(row.baselineFirstRatio(), row.baselineFirstPairs()),
                    orderCell(row.candidateFirstRatio(), row.candidateFirstPairs())));
        }
        return sb.toString();
    }

    private static String orderCell(double ratio, int pairs) {
        return pairs == 0 ? "-" : String.format(Locale.ROOT, "%.3f (%d)", ratio, pairs);
    }

    /**
     * The table as CSV, one line per metric: {@code side} is {@code below} or {@code above} when the interval
     * excludes 1, else {@code none}; a metric missing from some pairs has empty number fields.
     */
    String csv(List<Row> rows) {
        StringBuilder sb = new StringBuilder("metric,unit,missing_pairs,baseline,candidate,baseline_median,"
                + "candidate_median,ratio,low,high,side,interval,baseline_first_ratio,baseline_first_pairs,"
                + "candidate_first_ratio,candidate_first_pairs\n");
        for (Row row : rows) {
            sb.append('"').append(row.metric().name()).append("\",").append(row.metric().unit()).append(',')
                    .append(row.missing()).append(',').append(baseline).append(',').append(candidate).append(',');
            Stats.Interval r = row.ratio();
            if (r == null) {
                sb.append(",,,,,,").append(interval.name()).append(",,,,\n");
                continue;
            }
            sb.append(row.baselineMedian()).append(',').append(row.candidateMedian()).append(',')
                    .append(r.estimate()).append(',').append(r.low()).append(',').append(r.high()).append(',')
                    .append(switch (r.side()) {
                        case BELOW -> "below";
                        case ABOVE -> "above";
                        case CONTAINS_ONE -> "none";
                    }).append(',').append(interval.name()).append(',')
                    .append(row.baselineFirstPairs() == 0 ? "" : Double.toString(row.baselineFirstRatio())).append(',')
                    .append(row.baselineFirstPairs()).append(',')
                    .append(row.candidateFirstPairs() == 0 ? "" : Double.toString(row.candidateFirstRatio())).append(',')
                    .append(row.candidateFirstPairs()).append('\n');
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

    /** The geometric mean of y/x over the pairs whose baseline-first flag is {@code first}; NaN without one. */
    private static double orderRatio(double[] x, double[] y, List<Boolean> baselineFirst, boolean first) {
        double s = 0;
        int k = 0;
        for (int i = 0; i < x.length; i++) {
            if (baselineFirst.get(i) == first) {
                s += Math.log(y[i] / x[i]);
                k++;
            }
        }
        return k == 0 ? Double.NaN : Math.exp(s / k);
    }
}
