package io.github.taskpools.service;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.ToDoubleFunction;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The service benchmark's report, made from {@code runs.json} and {@code env.json} in a results
 * directory: {@code REPORT.md} with, per server and endpoint, a table of every executor at every
 * connection count (the median across rounds of each figure, and its range: min-max across the
 * rounds' runs that did not fail), each executor over the baseline (ForkJoinPool unless named
 * otherwise) per cell and pooled over the run's cells with 95% intervals from the runs paired by
 * round ({@link PairedRatios}), and the BWoS paper's two charts (Fig. 14): throughput against p99 latency and throughput against the server's CPU
 * utilisation, one curve per executor through its connection counts
 * ({@code <server>-<endpoint>-latency.png}, {@code <server>-<endpoint>-cpu.png}).
 */
final class Report {
    private Report() {
    }

    /** The executor the ratios divide by unless {@code --baseline} names another. */
    static final String BASELINE = "forkjoinpool";
    /** The figures the ratios divide, in the order of their columns: req/s, p99, CPU per request. */
    private static final List<ToDoubleFunction<RunRecord>> RATIO_FIGURES = List.of(RunRecord::requestsPerSecond,
            RunRecord::p99Us, RunRecord::cpuMicrosPerRequest);
    /** How to read a ratio's interval and marks. */
    private static final String RATIO_MARKS = "; ▲ marks an interval wholly above 1, ▼ one wholly below (req/s: "
            + "higher is better; p99 and CPU µs/req: lower is better)";
    /** What the per-cell ratios are. */
    private static final String RATIO_NOTE = ", from the runs paired by round (failed runs and their pairs left out): "
            + "the geometric mean of the pairs' ratios with Student's t 95% interval of the mean log ratio (none "
            + "with one pair)" + RATIO_MARKS;
    /** The columns of a table row, in order: its header, separator and a failed row's blanks follow from it. */
    private static final List<String> COLUMNS = List.of("executor", "conn", "req/s", "p50 ms", "p90 ms", "p99 ms",
            "p99.9 ms", "CPU µs/req", "CPU cores", "steals/req", "parks/req", "wakes/req", "tasks/req", "selects/req",
            "threads", "runs ok/failed");

    private static final Color[] PALETTE = {
        new Color(0x4E79A7), new Color(0xF28E2B), new Color(0xE15759), new Color(0x76B7B2), new Color(0x59A14F),
        new Color(0xEDC948), new Color(0xB07AA1), new Color(0xFF9DA7),
    };

    /**
     * Writes REPORT.md and the charts into {@code dir} from its runs.json and env.json, with the
     * ratios to the baseline the run recorded in env.json (ForkJoinPool if it recorded none).
     */
    static void write(Path dir) throws IOException {
        write(dir, null);
    }

    /**
     * Writes REPORT.md and the charts into {@code dir} from its runs.json and env.json, with every
     * other executor's ratios to {@code baselineOrNull} (none if it did not run; {@code null}: the
     * one the run recorded, else ForkJoinPool).
     */
    static void write(Path dir, String baselineOrNull) throws IOException {
        ObjectMapper json = new ObjectMapper();
        Path runsFile = dir.resolve("runs.json");
        if (!Files.exists(runsFile)) {
            throw new IOException("no runs.json in " + dir);
        }
        List<RunRecord> runs = json.readValue(runsFile.toFile(), new TypeReference<List<RunRecord>>() { });
        Map<String, Object> env = Files.exists(dir.resolve("env.json"))
                ? json.readValue(dir.resolve("env.json").toFile(), new TypeReference<Map<String, Object>>() { })
                : Map.of();
        String baseline = baselineOrNull != null ? baselineOrNull : String.valueOf(env.getOrDefault("baseline", BASELINE));
        StringBuilder md = new StringBuilder("# Service benchmark\n\n");
        md.append("The BWoS paper's §6.3.2 set-up on the JVM: HTTP servers whose requests run on the executor under "
                + "test, loaded by `wrk` on the loopback (a closed loop: each connection sends its next request when "
                + "the last response is in, so the mean latency is connections / req/s). The percentiles are wrk's, "
                + "computed after wrk corrects its histogram for coordinated omission (every response slower than "
                + "twice the run's mean interval per connection adds a synthetic sample at each interval below it), "
                + "so from p90 up they grow with the run's few longest stalls rather than with the share of slow "
                + "responses. "
                + "Each figure is the median across rounds, with its range (min-max across the rounds' runs) in "
                + "brackets; failed runs (any wrk socket error or non-2xx/3xx response) are left out of the figures "
                + "and counted in the last column. Steals, parks and wakes are the executor's own counters per "
                + "request (n/a: it has no such counter); tasks are those the server handed to the executor per request (Jetty serves a connection's requests in one task while they keep coming); selects are the server's select-loop rounds that found connections ready, per request (n/a: the JDK's server, or runs recorded before 2026-12-06's fifteenth session); threads are its pool's threads, spares included, at the "
                + "end of each measured run (n/a: no pool). CPU is the server process's user + system time from "
                + "/proc over the measured run, per request and as cores busy. Raw data: `runs.json`, `runs.csv`; "
                + "set-up: `env.json`. docs/service-bench.md says how to read this.\n\n");
        md.append("| set-up | |\n|---|---|\n");
        for (String k : List.of("command", "started", "jdk", "os", "cpuModel", "availableProcessors", "parallelism",
                "placement", "wrk", "wrkThreads", "rounds", "durationSeconds", "warmupSeconds", "serverJvmOptions",
                "slices", "blockMicros", "selectors", "skippedExecutors")) {
            if (env.containsKey(k)) {
                md.append("| ").append(k).append(" | ").append(String.valueOf(env.get(k)).replace("|", "\\|")).append(" |\n");
            }
        }
        md.append('\n');
        Set<String> servers = new LinkedHashSet<>();
        Set<String> endpoints = new LinkedHashSet<>();
        Set<String> executors = new LinkedHashSet<>();
        Set<Integer> conns = new java.util.TreeSet<>();
        for (RunRecord r : runs) {
            servers.add(r.server());
            endpoints.add(r.endpoint());
            executors.add(r.executor());
            conns.add(r.connections());
        }
        pooled(md, runs, baseline, servers, endpoints, executors, conns);
        for (String server : servers) {
            for (String endpoint : endpoints) {
                md.append("## ").append(server).append(", ").append(endpoint).append("\n\n");
                md.append("| ").append(String.join(" | ", COLUMNS)).append(" |\n");
                md.append("|---|---:|").append("---|".repeat(COLUMNS.size() - 2)).append('\n');
                Map<String, List<double[]>> latencyCurves = new LinkedHashMap<>();
                Map<String, List<double[]>> cpuCurves = new LinkedHashMap<>();
                for (String ex : executors) {
                    for (int c : conns) {
                        List<RunRecord> all = runs.stream().filter(r -> r.server().equals(server)
                                && r.endpoint().equals(endpoint) && r.executor().equals(ex) && r.connections() == c).toList();
                        if (all.isEmpty()) {
                            continue;
                        }
                        List<RunRecord> ok = all.stream().filter(r -> !r.failed()).toList();
                        md.append("| ").append(ex).append(" | ").append(c).append(" | ");
                        if (ok.isEmpty()) {
                            // executor, conn, "failed" under req/s, blanks up to the runs column
                            md.append("failed | ").append("| ".repeat(COLUMNS.size() - 4)).append("0/").append(all.size()).append(" |\n");
                            continue;
                        }
                        md.append(cell(ok, RunRecord::requestsPerSecond, 1, "%.0f")).append(" | ")
                                .append(cell(ok, RunRecord::p50Us, 1e3, "%.2f")).append(" | ")
                                .append(cell(ok, RunRecord::p90Us, 1e3, "%.2f")).append(" | ")
                                .append(cell(ok, RunRecord::p99Us, 1e3, "%.2f")).append(" | ")
                                .append(cell(ok, RunRecord::p999Us, 1e3, "%.2f")).append(" | ")
                                .append(cell(ok, RunRecord::cpuMicrosPerRequest, 1, "%.1f")).append(" | ")
                                .append(cell(ok, RunRecord::cpuUtilisation, 1, "%.2f")).append(" | ")
                                .append(counter(ok, RunRecord::stealsPerRequest, "%.3f")).append(" | ")
                                .append(counter(ok, RunRecord::parksPerRequest, "%.3f")).append(" | ")
                                .append(counter(ok, RunRecord::wakesPerRequest, "%.3f")).append(" | ")
                                .append(counter(ok, RunRecord::tasksPerRequest, "%.3f")).append(" | ")
                                .append(counter(ok, RunRecord::selectsPerRequest, "%.3f")).append(" | ")
                                .append(counter(ok, RunRecord::threads, "%.0f")).append(" | ")
                                .append(ok.size()).append('/').append(all.size() - ok.size()).append(" |\n");
                        double rps = median(ok, RunRecord::requestsPerSecond);
                        latencyCurves.computeIfAbsent(ex, k -> new ArrayList<>()).add(new double[] {rps, median(ok, RunRecord::p99Us) / 1e3});
                        cpuCurves.computeIfAbsent(ex, k -> new ArrayList<>()).add(new double[] {rps, 100 * median(ok, RunRecord::cpuUtilisation)});
                    }
                }
                md.append('\n');
                ratios(md, runs, baseline, server, endpoint, executors, conns);
                String base = server + "-" + endpoint;
                chart(dir.resolve(base + "-latency.png"), server + ", " + endpoint + ": throughput against p99 latency",
                        "p99 latency (ms)", latencyCurves);
                chart(dir.resolve(base + "-cpu.png"), server + ", " + endpoint + ": throughput against CPU utilisation",
                        "server CPU utilisation (% of one core)", cpuCurves);
                md.append("![throughput against p99 latency](").append(base).append("-latency.png) ")
                        .append("![throughput against CPU utilisation](").append(base).append("-cpu.png)\n\n");
            }
        }
        Files.writeString(dir.resolve("REPORT.md"), md);
    }

    /**
     * Each executor over the baseline, per connection count, from runs paired by round
     * ({@link PairedRatios}): req/s, p99 and CPU per request, each with its 95% interval.
     */
    private static void ratios(StringBuilder md, List<RunRecord> runs, String baseline, String server, String endpoint,
            Set<String> executors, Set<Integer> conns) {
        if (!executors.contains(baseline) || executors.size() < 2) {
            return;
        }
        md.append("Ratios to ").append(baseline).append(RATIO_NOTE).append(
                ":\n\n| executor | conn | pairs | req/s | p99 | CPU µs/req |\n|---|---:|---:|---|---|---|\n");
        for (String ex : executors) {
            if (ex.equals(baseline)) {
                continue;
            }
            for (int c : conns) {
                List<RunRecord> a = ok(runs, server, endpoint, ex, c);
                List<RunRecord> b = ok(runs, server, endpoint, baseline, c);
                List<PairedRatios.Ratio> r = RATIO_FIGURES.stream().map(f -> PairedRatios.cell(a, b, f)).toList();
                row(md, List.of(ex, String.valueOf(c)), r);
            }
        }
        md.append('\n');
    }

    /**
     * Per server, each executor over the baseline pooled over every endpoint and connection count
     * of the run, rounds as the unit ({@link PairedRatios#pooled}).
     */
    private static void pooled(StringBuilder md, List<RunRecord> runs, String baseline, Set<String> servers, Set<String> endpoints,
            Set<String> executors, Set<Integer> conns) {
        if (!executors.contains(baseline) || executors.size() < 2) {
            return;
        }
        md.append("## Pooled over the run's cells\n\n").append("Each executor over ").append(baseline)
                .append(" over every endpoint and connection count of its server: the geometric mean of the cells' "
                        + "geometric means, with Student's t 95% interval over rounds, each round's log ratios centred "
                        + "on their cells' means (rounds are the unit: one server JVM serves all cells of a round)")
                .append(RATIO_MARKS).append(".\n\n| server | executor | rounds | req/s | p99 | CPU µs/req |\n"
                        + "|---|---|---:|---|---|---|\n");
        for (String server : servers) {
            for (String ex : executors) {
                if (ex.equals(baseline)) {
                    continue;
                }
                List<PairedRatios.Ratio> r = new ArrayList<>();
                for (ToDoubleFunction<RunRecord> f : RATIO_FIGURES) {
                    List<Map<Integer, Double>> cells = new ArrayList<>();
                    for (String endpoint : endpoints) {
                        for (int c : conns) {
                            cells.add(PairedRatios.logRatiosByRound(ok(runs, server, endpoint, ex, c),
                                    ok(runs, server, endpoint, baseline, c), f));
                        }
                    }
                    r.add(PairedRatios.pooled(cells));
                }
                row(md, List.of(server, ex), r);
            }
        }
        md.append('\n');
    }

    /**
     * A ratio row: the {@code keys}, the number of pairs (or rounds) of the first ratio, then each
     * ratio; nothing if the first has none.
     */
    private static void row(StringBuilder md, List<String> keys, List<PairedRatios.Ratio> ratios) {
        if (ratios.get(0).n() == 0) {
            return;
        }
        md.append("| ").append(String.join(" | ", keys)).append(" | ").append(ratios.get(0).n());
        for (PairedRatios.Ratio r : ratios) {
            md.append(" | ").append(r.format());
        }
        md.append(" |\n");
    }

    private static List<RunRecord> ok(List<RunRecord> runs, String server, String endpoint, String ex, int c) {
        return runs.stream().filter(r -> !r.failed() && r.server().equals(server) && r.endpoint().equals(endpoint)
                && r.executor().equals(ex) && r.connections() == c).toList();
    }

    /** "median [min-max]" of a figure over the runs, divided by {@code scale}. */
    private static String cell(List<RunRecord> ok, ToDoubleFunction<RunRecord> f, double scale, String format) {
        double[] v = ok.stream().mapToDouble(f).map(x -> x / scale).sorted().toArray();
        String m = String.format(Locale.ROOT, format, median(v));
        return v.length == 1 ? m : m + " [" + String.format(Locale.ROOT, format, v[0]) + "-"
                + String.format(Locale.ROOT, format, v[v.length - 1]) + "]";
    }

    /**
     * "median [min-max]" of an executor figure that may be absent (a counter per request, the pool's
     * threads), or n/a where any run lacks it.
     */
    private static String counter(List<RunRecord> ok, java.util.function.Function<RunRecord, ? extends Number> f,
            String format) {
        if (ok.stream().map(f).anyMatch(Objects::isNull)) {
            return "n/a";
        }
        return cell(ok, r -> f.apply(r).doubleValue(), 1, format);
    }

    static double median(List<RunRecord> runs, ToDoubleFunction<RunRecord> f) {
        return median(runs.stream().mapToDouble(f).sorted().toArray());
    }

    /** The median of sorted values. */
    static double median(double[] sorted) {
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    private static void chart(Path file, String title, String yLabel, Map<String, List<double[]>> curves) throws IOException {
        XYChart chart = new XYChartBuilder().width(900).height(540).title(title).xAxisTitle("throughput (requests/s)")
                .yAxisTitle(yLabel).build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNW);
        chart.getStyler().setChartBackgroundColor(Color.WHITE);
        chart.getStyler().setPlotGridLinesVisible(true);
        chart.getStyler().setMarkerSize(7);
        int i = 0;
        for (Map.Entry<String, List<double[]>> e : curves.entrySet()) {
            double[] xs = e.getValue().stream().mapToDouble(p -> p[0]).toArray();
            double[] ys = e.getValue().stream().mapToDouble(p -> p[1]).toArray();
            XYSeries s = chart.addSeries(e.getKey(), xs, ys);
            Color color = PALETTE[i++ % PALETTE.length];
            s.setLineColor(color);
            s.setMarkerColor(color);
            s.setMarker(SeriesMarkers.CIRCLE);
            s.setLineStyle(new BasicStroke(2.2f));
        }
        if (curves.isEmpty()) {
            chart.addSeries("no successful runs", new double[] {0}, new double[] {0});
        }
        chart.getStyler().setYAxisMin(0.0);
        BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
    }
}
