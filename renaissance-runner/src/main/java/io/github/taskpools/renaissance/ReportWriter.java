package io.github.taskpools.renaissance;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Writes {@code summary.json}, {@code REPORT.md} and the charts of a run into its output directory. Each file is
 * written to a temporary name first and then moved into place, so a reader never sees half a report.
 */
final class ReportWriter {

    static final String SUMMARY = "summary.json";
    static final String REPORT = "REPORT.md";
    static final String RUN_INFO = "run.json";

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** The content of {@code summary.json}. */
    record SummaryFile(RunInfo run, boolean complete, int invocationsFinished, Analysis.Summary summary,
                       List<String> charts) {
    }

    private ReportWriter() {
    }

    static void writeRunInfo(RunInfo info, Path dir) throws IOException {
        writeAtomically(dir.resolve(RUN_INFO), MAPPER.writeValueAsString(info));
    }

    /** The run of {@code dir}: its {@code run.json}, or without one the run recorded in its {@code summary.json}. */
    static RunInfo readRunInfo(Path dir) throws IOException {
        if (Files.isRegularFile(dir.resolve(RUN_INFO))) {
            return MAPPER.readValue(dir.resolve(RUN_INFO).toFile(), RunInfo.class);
        }
        return MAPPER.treeToValue(MAPPER.readTree(dir.resolve(SUMMARY).toFile()).get("run"), RunInfo.class);
    }

    /** Summarizes {@code results} and writes the report; returns the summary. */
    static Analysis.Summary write(RunInfo run, List<InvocationResult> results, boolean complete, Path dir)
            throws IOException {
        Analysis.Summary s = Analysis.summarize(results, run.jvms().get(0).name(), run.jvms().get(1).name(),
                run.benchmarks(), run.bootstrapReplicates(), run.seed(), run.intervalMethod());
        List<String> charts = Charts.names(s);
        // The data first: should drawing fail, summary.json and REPORT.md are there.
        writeAtomically(dir.resolve(SUMMARY),
                MAPPER.writeValueAsString(new SummaryFile(run, complete, results.size(), s, charts)));
        writeAtomically(dir.resolve(REPORT), markdown(run, s, complete, results.size(), charts));
        Charts.write(s, dir);
        return s;
    }

    private static void writeAtomically(Path file, String content) throws IOException {
        Path tmp = file.resolveSibling("." + file.getFileName() + ".tmp");
        Files.writeString(tmp, content, StandardCharsets.UTF_8);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    static String markdown(RunInfo run, Analysis.Summary s, boolean complete, int finished, List<String> charts) {
        String a = s.baseline();
        String b = s.candidate();
        StringBuilder md = new StringBuilder();
        md.append("# Renaissance runner: ").append(b).append(" against ").append(a).append("\n\n");
        if (!complete) {
            md.append("**Incomplete run**: interrupted after ").append(finished)
                    .append(" finished invocations; the table covers those.\n\n");
        }
        int pairs = s.benchmarks().stream().mapToInt(Analysis.BenchmarkSummary::pairs).sum();
        int baselineFirst = s.benchmarks().stream().mapToInt(Analysis.BenchmarkSummary::baselineFirst).sum();
        md.append("Workload: ").append(run.workload()).append(". ")
                .append(run.invocations()).append(" invocations per JVM, in interleaved pairs: ").append(a)
                .append(" ran first in ").append(baselineFirst).append(" of the ").append(pairs).append(" pairs, ")
                .append(b).append(" in ").append(pairs - baselineFirst).append(".");
        if (run.heaps() != null && !run.heaps().isEmpty()) {
            md.append(" Fixed heap per benchmark, the same on both JVMs (`--heaps`): ")
                    .append(run.heaps().entrySet().stream().map(e -> e.getKey() + " " + e.getValue())
                            .collect(Collectors.joining(", ")))
                    .append('.');
        }
        md.append("\n\n");
        md.append("Speedup = mean time on ").append(a).append(" / mean time on ").append(b)
                .append(" over the post-warm-up repetitions of all successful invocations (above 1: ").append(b)
                .append(" is faster). Interval: 95% ").append(Stats.Method.valueOf(s.interval()).description())
                .append(", ").append(s.bootstrapReplicates())
                .append(" replicates resampling invocations and then their repetitions, seed ").append(s.seed())
                .append("; **bold** when it excludes 1, and then marked: ▲ faster (the interval lies wholly above 1: ")
                .append(b).append(" is faster), ▼ slower (wholly below 1: ").append(b)
                .append(" is slower). Pause total ").append(b).append(" / ").append(a)
                .append(": the ratio of the mean pause totals per invocation, with the same kind of interval over "
                        + "invocations; ▲ when it lies wholly above 1 (").append(b)
                .append(" paused longer), ▼ wholly below. GC columns: mean per invocation over its whole GC log "
                        + "(start-up and warm-up included): pauses, total pause time, and the sums over pauses of the "
                        + "worker-average Object Copy and Termination times; GC share: the pause total as a share of the "
                        + "launch's wall time, the most a faster collector can win; heap: the largest heap committed "
                        + "after a pause, MiB.\n\n");
        md.append("| benchmark | speedup [95% interval] | significant | median ms ").append(a).append(" / ").append(b)
                .append(" | GC pauses ").append(a).append(" / ").append(b)
                .append(" | pause total ms ").append(a).append(" / ").append(b)
                .append(" | pause total ").append(b).append(" / ").append(a).append(" [95% interval]")
                .append(" | GC share % ").append(a).append(" / ").append(b)
                .append(" | Object Copy ms ").append(a).append(" / ").append(b)
                .append(" | Termination ms ").append(a).append(" / ").append(b)
                .append(" | heap MiB ").append(a).append(" / ").append(b).append(" |\n");
        md.append("|---|--:|---|--:|--:|--:|--:|--:|--:|--:|--:|\n");
        for (Analysis.BenchmarkSummary bs : s.benchmarks()) {
            Analysis.JvmStats x = bs.jvms().get(0);
            Analysis.JvmStats y = bs.jvms().get(1);
            String speed = bs.speedup() == null ? "failed"
                    : interval(bs.speedup(), bs.speedupLow(), bs.speedupHigh(), bs.significant());
            md.append("| ").append(bs.benchmark()).append(" | ").append(speed)
                    .append(" | ").append(marker(bs.direction()))
                    .append(" | ").append(pair(x.medianMs(), y.medianMs(), "%.1f"))
                    .append(" | ").append(pair(x.gcPauses(), y.gcPauses(), "%.1f"))
                    .append(" | ").append(pair(x.pauseTotalMs(), y.pauseTotalMs(), "%.1f"))
                    .append(" | ").append(pauseRatio(bs))
                    .append(" | ").append(pair(x.gcSharePercent(), y.gcSharePercent(), "%.1f"))
                    .append(" | ").append(pair(x.objectCopyMs(), y.objectCopyMs(), "%.1f"))
                    .append(" | ").append(pair(x.terminationMs(), y.terminationMs(), "%.2f"))
                    .append(" | ").append(pair(x.committedMaxMb(), y.committedMaxMb(), "%.0f")).append(" |\n");
        }
        if (s.geomean() != null) {
            md.append("| **geometric mean** (").append(s.geomeanBenchmarks())
                    .append(s.geomeanBenchmarks() == 1 ? " benchmark) | " : " benchmarks) | ")
                    .append(interval(s.geomean(), s.geomeanLow(), s.geomeanHigh(), s.geomeanSignificant()))
                    .append(" | ").append(marker(s.geomeanDirection())).append(" | | | | | | | | |\n");
        }
        md.append('\n');
        md.append("Per-pause means (evacuation pauses, worker average), ").append(a).append(" / ").append(b)
                .append(": ");
        boolean first = true;
        for (Analysis.BenchmarkSummary bs : s.benchmarks()) {
            Analysis.JvmStats x = bs.jvms().get(0);
            Analysis.JvmStats y = bs.jvms().get(1);
            md.append(first ? "" : "; ").append(bs.benchmark()).append(" Object Copy ")
                    .append(pair(x.objectCopyPerPauseMs(), y.objectCopyPerPauseMs(), "%.2f"))
                    .append(" ms, Termination ").append(pair(x.terminationPerPauseMs(), y.terminationPerPauseMs(), "%.3f"))
                    .append(" ms");
            first = false;
        }
        md.append(".\n\n");
        List<Analysis.BenchmarkSummary> failed = s.benchmarks().stream().filter(x -> !x.failures().isEmpty()).toList();
        if (!failed.isEmpty()) {
            md.append("## Failures\n\n| benchmark | JVM | invocation | failure | files |\n|---|---|--:|---|---|\n");
            for (Analysis.BenchmarkSummary bs : failed) {
                for (Analysis.Failure f : bs.failures()) {
                    md.append("| ").append(bs.benchmark()).append(" | ").append(f.jvm()).append(" | ")
                            .append(f.invocation()).append(" | ").append(f.message().replace("|", "\\|"))
                            .append(" | `").append(f.runDir()).append("` |\n");
                }
            }
            md.append('\n');
        }
        if (!charts.isEmpty()) {
            md.append("## Charts\n\n");
            for (String c : charts) {
                md.append("![").append(c).append("](").append(c).append(")\n\n");
            }
        }
        md.append("## Environment\n\n");
        md.append("- started: ").append(run.started()).append('\n');
        md.append("- command: `").append(run.command()).append("`\n");
        md.append("- CPU: ").append(run.cpu()).append(", ").append(run.cores()).append(" cores available; memory ")
                .append(run.memory()).append("; ").append(run.os()).append('\n');
        md.append("- load average (1, 5, 15 min) at the start: ").append(run.loadAverage()).append('\n');
        for (RunInfo.Jvm j : run.jvms()) {
            md.append("- JVM `").append(j.name()).append("`: ").append(j.javaHome()).append(", flags `")
                    .append(String.join(" ", j.flags())).append("` plus `")
                    .append(String.format(GcLog.XLOG_OPTION, "<run dir>/gc.log")).append("`\n\n");
            md.append("  ```\n");
            for (String l : j.version().split("\n")) {
                md.append("  ").append(l).append('\n');
            }
            md.append("  ```\n");
        }
        md.append("\nPer invocation: `runs/<benchmark>/<jvm>-<i>/` holds the console output and the GC log; "
                + "`invocations.jsonl` every repetition time and pause, in run order (`sequence`). "
                + "`./renaissance --report-only --out <this directory>` recomputes this report from it.\n");
        return md.toString();
    }

    private static String interval(double v, double lo, double hi, boolean sig) {
        String s = String.format(Locale.ROOT, "%.3f [%.3f, %.3f]", v, lo, hi);
        return sig ? "**" + s + "**" : s;
    }

    /** The pause-total ratio with its interval, and ▲ or ▼ when the interval lies above or below 1. */
    private static String pauseRatio(Analysis.BenchmarkSummary bs) {
        if (bs.pauseTotalRatio() == null) {
            return "–";
        }
        String s = String.format(Locale.ROOT, "%.3f [%.3f, %.3f]", bs.pauseTotalRatio(), bs.pauseTotalRatioLow(),
                bs.pauseTotalRatioHigh());
        return switch (bs.pauseTotalDirection()) {
            case "higher" -> s + " ▲";
            case "lower" -> s + " ▼";
            default -> s;
        };
    }

    /** The significance marker of a speedup's {@link Analysis#direction}: empty unless the interval excludes 1. */
    private static String marker(String direction) {
        if (direction == null) {
            return "";
        }
        return switch (direction) {
            case "faster" -> "▲ faster";
            case "slower" -> "▼ slower";
            default -> "";
        };
    }

    private static String pair(Double x, Double y, String fmt) {
        return fmt(x, fmt) + " / " + fmt(y, fmt);
    }

    private static String fmt(Double v, String fmt) {
        return v == null || v.isNaN() ? "–" : String.format(Locale.ROOT, fmt, v);
    }
}
