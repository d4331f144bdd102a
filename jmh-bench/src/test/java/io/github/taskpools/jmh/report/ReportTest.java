package io.github.taskpools.jmh.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.taskpools.jmh.ExecutorIdleBenchmark;
import io.github.taskpools.jmh.ExecutorSubmitBenchmark;
import io.github.taskpools.jmh.ProducerConsumerBenchmark;
import io.github.taskpools.jmh.report.Experiments.Chart;
import io.github.taskpools.jmh.report.Experiments.Experiment;
import io.github.taskpools.jmh.report.Experiments.Ratio;
import io.github.taskpools.jmh.report.Experiments.ThreadSweep;
import io.github.taskpools.jmh.report.Report.RatioRow;
import io.github.taskpools.jmh.report.Report.Row;
import io.github.taskpools.jmh.report.Results.Metric;
import io.github.taskpools.jmh.report.Results.Result;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report code on real JMH JSON: the fixtures under {@code src/test/resources/jmh} are the output
 * of tiny real runs ({@code ./bench --no-build --only ID --forks 1 --warmup 0 --iterations 2
 * --time 100ms} with a few {@code -p} values), not hand-written. {@code pq-hold.json} is what
 * {@code ./bench} makes of a thread sweep, the merge of one JMH run per thread count ({@code ./bench
 * --no-build --full --only pq-hold --forks 1 --warmup 0 --iterations 2 --time 100ms -- -p
 * queue=CRCQ,PBQ,SkipList -p size=1024,65536} on 2 cores: threads 1 and 2).
 */
class ReportTest {
    private static final double EPS = 1e-12;

    private static String fixture(String name) throws IOException {
        try (InputStream in = ReportTest.class.getResourceAsStream("/jmh/" + name)) {
            assertNotNull(in, "missing fixture " + name);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void parsesRealJmhJsonOfAGroupBenchmarkWithCounters() throws IOException {
        List<Result> results = Results.parse(fixture("bwos-one-thief.json"));
        assertEquals(4, results.size());
        Set<String> seen = new TreeSet<>();
        for (Result r : results) {
            assertEquals("io.github.taskpools.jmh.BwosOneThiefBenchmark.ownerAndThief", r.benchmark());
            seen.add(r.params().get("queue") + "@" + r.params().get("stolenPercent"));
            Metric ops = r.metric("ops");
            assertNotNull(ops);
            assertEquals(2, ops.samples().size());
            assertEquals(1, ops.forks().size());
            assertTrue(ops.score() > 0);
            assertEquals("ops/s", ops.unit());
            assertEquals((ops.samples().get(0) + ops.samples().get(1)) / 2, ops.median(), 1e-6 * ops.median());
            for (String c : List.of("steals", "taken", "attempts", "owner", "thief", "cpuNanos", "wallNanos")) {
                assertTrue(r.secondary().containsKey(c), c);
            }
        }
        assertEquals(Set.of("bwos-lifo@0", "bwos-lifo@10", "chase-lev-opt@0", "chase-lev-opt@10"), seen);

        Experiment e = Experiments.byId("bwos-one-thief");
        List<Row> rows = Report.rows(e, results);
        assertEquals(List.of("bwos-lifo", "bwos-lifo", "chase-lev-opt", "chase-lev-opt"),
                rows.stream().map(Row::implementation).toList());
        assertEquals(List.of("0", "10", "0", "10"), rows.stream().map(Row::x).toList());
        for (Row r : rows) {
            double share = r.counters().get("stolen share");
            if (r.x().equals("0")) {
                assertEquals(0.0, share, EPS, "the thief idles at 0%");
            } else {
                assertTrue(share > 0 && share <= 0.2, "stolen share " + share);
            }
            Result src = results.stream().filter(x -> x.params().equals(r.params())).findFirst().orElseThrow();
            assertEquals(src.secondary().get("steals").score() / src.secondary().get("taken").score(), share, EPS);
        }
    }

    /**
     * {@code java -jar jmh-bench/target/benchmarks.jar ExecutorForkJoinBenchmark -p kernel=fib,matmul -p
     * parallelism=1,2 -f 1 -wi 0 -i 2 -r 100ms -rf json -rff executor-fork-join.json}.
     */
    @Test
    void parsesRealJmhJsonOfAPlainBenchmark() throws IOException {
        List<Result> results = Results.parse(fixture("executor-fork-join.json"));
        Experiment e = Experiments.byId("executor-fork-join");
        List<Row> rows = Report.rows(e, results);
        assertEquals(8, rows.size());
        assertEquals(List.of("bwos", "bwos", "bwos", "bwos", "forkjoinpool", "forkjoinpool", "forkjoinpool",
                "forkjoinpool"), rows.stream().map(Row::implementation).toList());
        assertEquals(List.of("parallelism"), Report.varyingParams(e, rows));
        for (Row r : rows) {
            assertEquals("ops/s", r.metric().unit());
            assertEquals(2, r.metric().samples().size());
            // JMH writes "NaN" for the error and interval of a two-sample run; they parse as NaN.
            assertTrue(Double.isNaN(r.metric().error()));
            assertTrue(Double.isNaN(r.metric().lo()) && Double.isNaN(r.metric().hi()));
            Result src = results.stream().filter(x -> x.params().equals(r.params())).findFirst().orElseThrow();
            assertEquals(src.secondary().get("steals").score() / src.secondary().get("work").score(),
                    r.counters().get("steals/computation"), EPS);
            if (r.implementation().equals("bwos")) {
                assertTrue(r.counters().containsKey("parks/computation"));
                assertTrue(r.counters().containsKey("grants on request/computation"));
                if (r.params().get("parallelism").equals("2")) {
                    assertTrue(r.counters().get("steals/computation") > 0, "two workers share the work");
                }
            } else {
                assertNull(r.counters().get("parks/computation"), "ForkJoinPool does not count parks: no false 0");
            }
        }
        List<RatioRow> ratios = Report.ratios(e, rows);
        assertEquals(6, ratios.size(), "bwos / forkjoinpool per kernel and parallelism, and a geomean per parallelism");
        for (RatioRow q : ratios.subList(0, 4)) {
            Row a = rows.stream().filter(r -> r.implementation().equals("bwos") && r.x().equals(q.x())
                    && r.params().get("parallelism").equals(q.setting().get("parallelism"))).findFirst().orElseThrow();
            Row b = rows.stream().filter(r -> r.implementation().equals("forkjoinpool") && r.x().equals(q.x())
                    && r.params().get("parallelism").equals(q.setting().get("parallelism"))).findFirst().orElseThrow();
            assertEquals(a.median() / b.median(), q.ratio(), EPS);
            assertTrue(Double.isNaN(q.lo()), "no spread without intervals");
        }
        for (RatioRow g : ratios.subList(4, 6)) {
            assertEquals("geomean (2)", g.x());
            List<RatioRow> kernels = ratios.subList(0, 4).stream().filter(q -> q.setting().equals(g.setting()))
                    .toList();
            assertEquals(2, kernels.size());
            assertEquals(Math.sqrt(kernels.get(0).ratio() * kernels.get(1).ratio()), g.ratio(), 1e-9 * g.ratio());
            assertTrue(Double.isNaN(g.lo()) && Double.isNaN(g.hi()), "no spread: the kernels' ratios have none");
        }
    }

    @Test
    void geometricMeanRatiosPerSetting() {
        Experiment e = Experiments.byId("executor-fork-join");
        List<RatioRow> rows = new ArrayList<>();
        rows.add(new RatioRow(e.id(), "bwos", "forkjoinpool", "kernel", "fib", Map.of("parallelism", "2"), 2.0, 1.0,
                4.0, null, null, ""));
        rows.add(new RatioRow(e.id(), "bwos", "forkjoinpool", "kernel", "nqueens", Map.of("parallelism", "2"), 0.5,
                0.25, 1.0, null, null, ""));
        rows.add(new RatioRow(e.id(), "bwos", "forkjoinpool", "kernel", "matmul", Map.of("parallelism", "2"), 8.0,
                Double.NaN, Double.NaN, null, null, ""));
        rows.add(new RatioRow(e.id(), "bwos", "forkjoinpool", "kernel", "fib", Map.of("parallelism", "1"), 3.0, 2.0,
                4.0, null, null, ""));
        rows.add(new RatioRow(e.id(), "bwos", "forkjoinpool", "kernel", "matmul", Map.of("parallelism", "1"), 12.0,
                8.0, 18.0, null, null, ""));
        rows.add(new RatioRow(e.id(), "x", "forkjoinpool", "kernel", "fib", Map.of("parallelism", "1"), 100.0, 1.0,
                1.0, null, null, ""));
        List<RatioRow> g = Report.geomeans(e, Ratio.withGeomean("bwos", "forkjoinpool", ""), rows);
        assertEquals(2, g.size(), "one per parallelism; other ratios left out");
        assertEquals(Map.of("parallelism", "2"), g.get(0).setting());
        assertEquals("geomean (3)", g.get(0).x());
        assertEquals(2.0, g.get(0).ratio(), 1e-12, "(2 * 0.5 * 8)^(1/3)");
        assertTrue(Double.isNaN(g.get(0).lo()) && Double.isNaN(g.get(0).hi()), "a kernel without spread: none");
        assertEquals(6.0, g.get(1).ratio(), 1e-12, "sqrt(3 * 12)");
        assertEquals(4.0, g.get(1).lo(), 1e-12);
        assertEquals(Math.sqrt(72), g.get(1).hi(), 1e-12);
        assertNull(g.get(1).verdict(), "no target");

        RatioRow one = rows.get(0);
        assertTrue(Report.geomeans(e, Ratio.withGeomean("bwos", "forkjoinpool", ""), List.of(one)).isEmpty(),
                "a single value has no mean to report");
        assertTrue(Double.isNaN(Report.geomean(new double[] {1, 0})));
        assertTrue(Double.isNaN(Report.geomean(new double[0])));
        List<RatioRow> t = Report.geomeans(e, new Ratio("bwos", "forkjoinpool", 1.5, "", Map.of(), true), rows);
        assertEquals("yes (no CI)", t.get(0).verdict());
        assertEquals("yes", t.get(1).verdict(), "the spread 4 .. 8.5 is above 1.5");
    }

    @Test
    void parameterSweepsFollowTheCores() {
        Experiments.ParamSweep p = new Experiments.ParamSweep("1,C", "1..C");
        assertEquals(List.of("1", "2"), p.values(true, 2));
        assertEquals(List.of("1", "8"), p.values(true, 8));
        assertEquals(List.of("1"), p.values(true, 1));
        assertEquals(List.of("1", "2", "3", "4"), p.values(false, 4));
        Experiments.ParamSweep s = new Experiments.ParamSweep("1,2,vt1000", "1,2,C,vt1000");
        boolean vt = Experiments.ParamSweep.virtualThreads();
        assertEquals(vt ? List.of("1", "2", "vt1000") : List.of("1", "2"), s.values(true, 2));
        assertEquals(vt ? List.of("1", "2", "4", "vt1000") : List.of("1", "2", "4"), s.values(false, 4));
        assertEquals(vt ? List.of("1", "vt1000") : List.of("1"), s.values(false, 1), "2 is above one core");
        assertEquals(Runtime.version().feature() >= 21, vt);

        Experiment fj = Experiments.byId("executor-fork-join");
        assertEquals(List.of("-p", "parallelism=1,2"), fj.quickArgs(2));
        assertEquals(List.of("-p", "parallelism=1,8"), fj.quickArgs(8));
        assertEquals(List.of("-p", "parallelism=1,2,3,4"), fj.fullArgs(4));
        assertEquals(6 * 2 * 2, fj.configurations(true, 4));
        assertEquals(6 * 2 * 4, fj.configurations(false, 4));
        assertEquals(List.of(), Experiments.byId("bwos-one-thief").fullArgs(4));
    }

    /**
     * {@code java -jar jmh-bench/target/benchmarks.jar ExecutorSubmitBenchmark -p submitters=1,2 -p task=empty
     * -p parallelism=2 -f 1 -wi 0 -i 2 -r 100ms -rf json -rff executor-submit.json}.
     */
    @Test
    void executorSubmitCountsCompletedTasksAndBwosParksPerBatch() throws IOException {
        List<Result> results = Results.parse(fixture("executor-submit.json"));
        Experiment e = Experiments.byId("executor-submit");
        List<Row> rows = Report.rows(e, results);
        assertEquals(List.of("bwos", "bwos", "forkjoinpool", "forkjoinpool", "threadpoolexecutor",
                "threadpoolexecutor"), rows.stream().map(Row::implementation).toList());
        assertEquals(List.of("1", "2", "1", "2", "1", "2"), rows.stream().map(Row::x).toList());
        for (Row r : rows) {
            Result src = results.stream().filter(x -> x.params().equals(r.params())).findFirst().orElseThrow();
            assertEquals(1.0, src.secondary().get("work").score() / src.primary().score(), 1e-9,
                    "the score counts completed tasks, " + ExecutorSubmitBenchmark.BATCH + " per invocation");
            assertEquals(ExecutorSubmitBenchmark.BATCH, src.secondary().get("work").score()
                    / src.secondary().get("invocations").score(), 1e-6);
            if (r.implementation().equals("bwos")) {
                assertEquals(src.secondary().get("parks").score() / src.secondary().get("invocations").score(),
                        r.counters().get("parks/batch"), EPS);
                assertTrue(r.counters().containsKey("unparks/batch"));
            } else {
                assertNull(r.counters().get("parks/batch"));
            }
            assertEquals(!r.implementation().equals("threadpoolexecutor"), r.counters().containsKey("steals/task"));
        }
        assertEquals(4, Report.ratios(e, rows).size(), "bwos over each of the two others, at 1 and 2 submitters");
    }

    /**
     * {@code java -jar jmh-bench/target/benchmarks.jar ExecutorIdleBenchmark -p parallelism=2 -f 2 -wi 0 -i 2
     * -r 100ms -rf json -rff executor-idle.json} (on a busy 2-core machine: the tests read the report's
     * arithmetic, not the figures). Each fork's percentiles and unpark probe are written by its last
     * measurement iteration, 0 in the other.
     */
    @Test
    void executorIdleShowsLatencyPercentilesUnparkCostAndPoolCpu() throws IOException {
        List<Result> results = Results.parse(fixture("executor-idle.json"));
        Experiment e = Experiments.byId("executor-idle");
        List<Row> rows = Report.rows(e, results);
        assertEquals(List.of("bwos", "forkjoinpool", "threadpoolexecutor"),
                rows.stream().map(Row::implementation).toList());
        for (Row r : rows) {
            Result src = results.stream().filter(x -> x.params().equals(r.params())).findFirst().orElseThrow();
            assertEquals("us/op", r.metric().unit());
            assertEquals(2.0, src.secondary().get("forks").score(), EPS, "EVENTS: summed over 2 forks");
            double p50 = r.counters().get("p50 start latency (µs)");
            double p99 = r.counters().get("p99 start latency (µs)");
            assertEquals((last(src, "p50Nanos", 0) + last(src, "p50Nanos", 1)) / 2 / 1000, p50, EPS,
                    "the mean of the forks' medians, in µs");
            assertTrue(p50 > 0 && p50 <= p99, p50 + " " + p99);
            double unpark = r.counters().get("worker-to-worker unpark (µs)");
            assertEquals((last(src, "unparkNanos", 0) + last(src, "unparkNanos", 1)) / 2 / 1000, unpark, EPS,
                    "the mean of the forks' median unpark costs, in µs");
            assertTrue(unpark > 0, "every fork of a 2-worker pool was probed: " + unpark);
            assertEquals(List.of("p50 start latency (µs)", "p99 start latency (µs)", "worker-to-worker unpark (µs)"),
                    new ArrayList<>(r.counters().keySet()).subList(0, 3), "the unpark cost beside the p99");
            double idle = r.counters().get("idle CPU (cores)");
            assertTrue(idle >= 0 && idle <= 2.0, "at most the pool's 2 threads busy: " + idle);
            assertTrue(src.secondary().get("idleWallNanos").score() >= 4 * 0.9 * ExecutorIdleBenchmark.IDLE_WINDOW_MILLIS
                    * 1e6, "the idle windows were slept");
            double service = r.counters().get("service CPU (cores)");
            assertTrue(service > 0 && service <= 2.0, "the bursts cost the pool's threads CPU: " + service);
            assertEquals(r.implementation().equals("bwos"), r.counters().containsKey("parks/burst"));
        }
        assertEquals(2, Report.ratios(e, rows).size());
    }

    /** The value of secondary metric {@code name} in the last iteration of fork {@code fork}. */
    private static double last(Result r, String name, int fork) {
        List<Double> f = r.secondary().get(name).forks().get(fork);
        return f.get(f.size() - 1);
    }

    /**
     * The per-fork table of executor-idle: each fork's median burst time, its own p99 and its own unpark
     * cost (median and maximum of its probe), from the fixture's raw data; and in the report and
     * summary.json, with a fork whose pool was not probed shown as n/a.
     */
    @Test
    void executorIdleTablesEachForksP99BesideItsUnparkCost(@TempDir Path dir) throws IOException {
        List<Result> results = Results.parse(fixture("executor-idle.json"));
        Experiment e = Experiments.byId("executor-idle");
        for (Row r : Report.rows(e, results)) {
            Result src = results.stream().filter(x -> x.params().equals(r.params())).findFirst().orElseThrow();
            assertEquals(2, r.forks().size());
            for (int i = 0; i < 2; i++) {
                Report.Fork f = r.forks().get(i);
                assertEquals(1, f.round());
                assertEquals(i + 1, f.fork());
                assertEquals(Report.median(src.primary().forks().get(i)), f.median(), EPS);
                assertEquals(last(src, "p99Nanos", i) / 1000, f.counters().get("p99 start latency (µs)"), EPS);
                assertEquals(last(src, "unparkNanos", i) / 1000, f.counters().get("worker-to-worker unpark (µs)"), EPS);
                assertEquals(last(src, "unparkMaxNanos", i) / 1000,
                        f.counters().get("worker-to-worker unpark max (µs)"), EPS);
            }
        }

        // The threadpoolexecutor's second fork as a pool of 1 worker would leave it: no probe.
        List<Object> json = Json.array(Json.parse(fixture("executor-idle.json")));
        Map<String, Object> tpe = Json.object(json.get(2));
        assertEquals("threadpoolexecutor", Json.object(tpe.get("params")).get("pool"));
        for (String name : List.of("unparkNanos", "unparkMaxNanos", "unparkMicrosToNanos")) {
            Json.array(Json.object(Json.object(tpe.get("secondaryMetrics")).get(name)).get("rawData"))
                    .set(1, new ArrayList<>(List.of(0.0, 0.0)));
        }
        Files.writeString(dir.resolve("executor-idle.json"), Json.write(json));
        Report.write(dir);
        String md = Files.readString(dir.resolve("REPORT.md"));
        assertTrue(md.contains("| p50 start latency (µs) | p99 start latency (µs) | worker-to-worker unpark (µs) |"
                + " idle CPU (cores) |"), "the results table gives the unpark cost beside the p99");
        String table = md.substring(md.indexOf("### Per fork"), md.indexOf("### Ratios"));
        assertEquals(List.of(
                "| implementation | fork | median (µs) | p99 start latency (µs) | worker-to-worker unpark (µs) |"
                        + " worker-to-worker unpark max (µs) |",
                "|---|--:|--:|--:|--:|--:|",
                "| bwos | 1 | 2987 | 4678.373 | 56.233 | 3304.071 |",
                "| bwos | 2 | 2231 | 1949.757 | 29.634 | 2905.949 |",
                "| forkjoinpool | 1 | 250 | 541.955 | 11.668 | 42.703 |",
                "| forkjoinpool | 2 | 270 | 599.030 | 11.508 | 1527.970 |",
                "| threadpoolexecutor | 1 | 911 | 4900.322 | 10.826 | 2815.334 |",
                "| threadpoolexecutor | 2 | 444 | 687.011 | n/a | n/a |"),
                table.lines().filter(l -> l.startsWith("|")).toList());

        Map<String, Object> summary = Json.object(Json.parse(Files.readString(dir.resolve("summary.json"))));
        Map<String, Object> bwos = Json.object(Json.array(summary.get("rows")).get(0));
        assertEquals("bwos", bwos.get("implementation"));
        Map<String, Object> fork2 = Json.object(Json.array(bwos.get("forks")).get(1));
        assertEquals(2.0, Json.number(fork2.get("fork")), EPS);
        assertEquals(29.634, Json.number(Json.object(fork2.get("counters")).get("worker-to-worker unpark (µs)")),
                1e-9);
    }

    /**
     * Rounds ({@code ./bench --rounds 2}) merged: the per-fork table lists every fork of every round,
     * labelled with its round.
     */
    @Test
    void perForkTableLabelsTheRoundsOfAMergedRun(@TempDir Path dir) throws IOException {
        List<Path> rounds = splitIntoRounds(fixture("executor-idle.json"), 2, dir);
        Report.mergeRounds(dir.resolve("executor-idle.json"), rounds);
        Report.write(dir);
        String md = Files.readString(dir.resolve("REPORT.md"));
        String table = md.substring(md.indexOf("### Per fork"), md.indexOf("### Ratios"));
        List<String> lines = table.lines().filter(l -> l.startsWith("|")).toList();
        assertEquals("| implementation | round | fork | median (µs) | p99 start latency (µs) |"
                + " worker-to-worker unpark (µs) | worker-to-worker unpark max (µs) |", lines.get(0));
        assertEquals("|---|--:|--:|--:|--:|--:|--:|", lines.get(1));
        assertEquals("| bwos | 1 | 1 | 2987 | 4678.373 | 56.233 | 3304.071 |", lines.get(2));
        assertEquals("| bwos | 2 | 1 | 2231 | 1949.757 | 29.634 | 2905.949 |", lines.get(3));
        assertEquals(8, lines.size(), "2 rounds of 1 fork for each of 3 pools");

        List<Object> merged = Json.array(Json.parse(Files.readString(dir.resolve("executor-idle.json"))));
        Map<String, Object> r = Json.object(merged.get(0));
        r.put(Report.ROUND_FORKS, new ArrayList<>(List.of(1, 2)));
        Experiment e = Experiments.byId("executor-idle");
        Result bad = Results.parse(Json.write(List.of(r))).get(0);
        assertThrows(IllegalArgumentException.class, () -> Report.forks(e, bad, bad.primary()),
                "rounds of 3 forks against 2 forks of raw data");
    }

    /** A row of a producer/consumer experiment with two samples, 1 and 2 Mops/s. */
    private static Row pcRow(String impl, String x, Map<String, String> params) {
        Metric m = new Metric(1.5e6, 0, 1e6, 2e6, "ops/s", List.of(List.of(1e6, 2e6)));
        return new Row("t", impl, x, new LinkedHashMap<>(params), m, m.median(), Map.of(), List.of());
    }

    private static Row row(String impl, String x, double lo, double hi, double... samples) {
        List<Double> s = new ArrayList<>();
        for (double v : samples) {
            s.add(v);
        }
        Map<String, String> params = new LinkedHashMap<>();
        params.put("queue", impl);
        if (x != null) {
            params.put("stolenPercent", x);
        }
        Metric m = new Metric(s.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN), 0, lo, hi,
                "ops/s", List.of(s));
        return new Row("t", impl, x, params, m, m.median(), Map.of(), List.of());
    }

    /**
     * The CAFÉ experiments' fixtures: {@code nice -n 19 java -Djmh.ignoreLock=true -jar
     * jmh-bench/target/benchmarks.jar CafeThroughputBenchmark -p pool=cafe,clq,lbq -f 1 -wi 0 -i 2 -r 300ms
     * -w 300ms -rf json -rff cafe-throughput.json} and the same for {@code CafeHeightBenchmark -p height=0,8}
     * ({@code -rff cafe-height.json}), at the default threads = 1/1, 2026-12-03 (nice: while the machine ran
     * other work, so the scores are low; the tests read the report's arithmetic, not the figures).
     */
    @Test
    void producerConsumerRowsOfCafeTakeTheHarnessScoreAndCafeCountersOnlyForCafe() throws IOException {
        List<Result> results = Results.parse(fixture("cafe-throughput.json"));
        Experiment e = Experiments.byId("cafe-throughput");
        List<Row> rows = Report.rows(e, results);
        assertEquals(List.of("cafe", "clq", "lbq"), rows.stream().map(Row::implementation).toList());
        for (Row r : rows) {
            Result src = r(results, r.implementation());
            assertEquals(src.secondary().get("ops").median(), r.median(), EPS, "the score is puts + taken per second");
            assertTrue(r.counters().containsKey("taken/s"), r.implementation());
            assertFalse(r.counters().containsKey("ops/s"), "the score is not repeated as a counter");
            if (r.implementation().equals("cafe")) {
                assertTrue(src.secondary().get("casOps").score() > 0);
                assertEquals(src.secondary().get("casFailures").score() / src.secondary().get("casOps").score(),
                        r.counters().get("CAS failures/op"), EPS);
                assertEquals(src.secondary().get("treesAppended").score(), r.counters().get("treesAppended/s"), EPS);
            } else {
                assertNull(r.counters().get("CAS failures/op"), "only CAFÉ counts CAS failures: no false 0");
                assertNull(r.counters().get("treesAppended/s"), "nor trees");
            }
        }
        List<RatioRow> ratios = Report.ratios(e, rows);
        assertEquals(List.of("cafe/lbq", "cafe/clq"),
                ratios.stream().map(q -> q.numerator() + "/" + q.denominator()).toList());
        assertNotNull(ratios.get(0).verdict(), "CAFÉ against LBQ has a target");
        assertNull(ratios.get(1).verdict(), "CAFÉ against CLQ is reported only");
        assertEquals(rows.get(0).median() / rows.get(2).median(), ratios.get(0).ratio(), EPS);
        assertTrue(Report.limits(e, rows).isEmpty(), "no limits there");

        Experiment height = Experiments.byId("cafe-height");
        List<Row> hRows = Report.rows(height, Results.parse(fixture("cafe-height.json")));
        assertEquals(List.of("0", "8"), hRows.stream().map(Row::x).toList());
        assertEquals(Set.of("cafe k=3"), Set.copyOf(hRows.stream().map(Row::implementation).toList()));
        double trees0 = hRows.get(0).counters().get("treesAppended/s");
        double trees8 = hRows.get(1).counters().get("treesAppended/s");
        assertTrue(trees0 > 100 * trees8, "h = 0 appends a tree per task, h = 8 one per hundreds");
        for (Row r : hRows) {
            assertTrue(Double.isFinite(r.counters().get("CAS failures/op")));
        }
        List<Report.LimitRow> limits = Report.limits(height, hRows);
        assertEquals(1, limits.size(), "the bound applies from h = 8 on");
        assertEquals("8", limits.get(0).x());
        assertEquals(hRows.get(1).counters().get("CAS failures/op"), limits.get(0).value(), EPS);
        assertEquals(limits.get(0).value() <= 0.1 ? "yes" : "no", limits.get(0).verdict());
        assertEquals("cafe k=3", limits.get(0).implementation(), "one thread configuration: the plain name");

        List<Row> twoConfigs = new ArrayList<>();
        for (String t : List.of("1/1", "2/2")) {
            Map<String, String> p = new LinkedHashMap<>(Map.of("height", "8", ThreadSweep.PARAM, t));
            twoConfigs.add(new Row("cafe-height", "cafe k=3", "8", p, hRows.get(1).metric(), 1,
                    Map.of("CAS failures/op", 0.05), List.of()));
        }
        assertEquals(List.of("cafe k=3 (threads 1/1)", "cafe k=3 (threads 2/2)"),
                Report.limits(height, twoConfigs).stream().map(Report.LimitRow::implementation).toList(),
                "rows of a full run (threads vary) say which configuration they are");
    }

    @Test
    void limitsCheckEveryRowFromTheirFirstSweptValue() {
        Experiment e = Experiments.byId("cafe-height");
        Metric m = new Metric(1, 0, 1, 1, "ops/s", List.of(List.of(1.0)));
        List<Row> rows = List.of(
                new Row("cafe-height", "cafe k=3", "6", Map.of("height", "6"), m, 1, Map.of("CAS failures/op", 5.0), List.of()),
                new Row("cafe-height", "cafe k=3", "8", Map.of("height", "8"), m, 1, Map.of("CAS failures/op", 0.1), List.of()),
                new Row("cafe-height", "cafe k=3", "10", Map.of("height", "10"), m, 1,
                        Map.of("CAS failures/op", 0.25), List.of()),
                new Row("cafe-height", "cafe k=3", "12", Map.of("height", "12"), m, 1, Map.of(), List.of()));
        List<Report.LimitRow> limits = Report.limits(e, rows);
        assertEquals(List.of("8", "10", "12"), limits.stream().map(Report.LimitRow::x).toList());
        assertEquals(List.of("yes", "no", "n/a"), limits.stream().map(Report.LimitRow::verdict).toList());
        assertTrue(Report.limits(Experiments.byId("cafe-throughput"), rows).isEmpty(), "no limits there");
    }

    @Test
    void ratioArithmetic() {
        Experiment e = Experiments.byId("bwos-one-thief");
        Row a = row("a", "10", 90, 110, 95, 100, 120);
        Row b = row("b", "10", 40, 60, 50, 45, 55, 70);
        RatioRow q = Report.ratio(e, new Ratio("a", "b", 1.5, "why"), a, b);
        assertEquals(100.0 / 52.5, q.ratio(), EPS, "median 100 over median (50 + 55) / 2");
        assertEquals(90.0 / 60, q.lo(), EPS);
        assertEquals(110.0 / 40, q.hi(), EPS);
        assertEquals("yes", q.verdict(), "the whole spread 1.5 .. 2.75 is at or above 1.5");
        assertEquals("10", q.x());

        assertEquals("no", Report.ratio(e, new Ratio("a", "b", 3.0, ""), a, b).verdict());
        assertEquals("yes (target inside the spread)", Report.ratio(e, new Ratio("a", "b", 1.8, ""), a, b).verdict());
        assertEquals("no (target inside the spread)", Report.ratio(e, new Ratio("a", "b", 2.5, ""), a, b).verdict());
        assertNull(Report.ratio(e, new Ratio("a", "b", null, ""), a, b).verdict());

        Row single = row("c", "10", Double.NaN, Double.NaN, 80);
        RatioRow noCi = Report.ratio(e, new Ratio("c", "b", 1.0, ""), single, b);
        assertEquals(80 / 52.5, noCi.ratio(), EPS);
        assertTrue(Double.isNaN(noCi.lo()) && Double.isNaN(noCi.hi()));
        assertEquals("yes (no CI)", noCi.verdict());

        Row wide = row("d", "10", -20, 120, 50, 50, 50);
        RatioRow below = Report.ratio(e, new Ratio("a", "d", 1.5, ""), a, wide);
        assertTrue(Double.isNaN(below.lo()) && Double.isNaN(below.hi()), "a denominator CI below zero bounds nothing");
        assertEquals("yes (no CI)", below.verdict());
    }

    @Test
    void ratiosPairOnlyTheSameSweptValue() {
        Experiment e = Experiments.byId("bwos-one-thief");
        List<Row> rows = List.of(row("bwos-lifo", "0", 1, 3, 2), row("bwos-lifo", "10", 1, 3, 4),
                row("chase-lev-opt", "0", 1, 3, 1), row("chase-lev-opt", "10", 1, 3, 8),
                row("chase-lev-sc", "5", 1, 3, 1));
        List<RatioRow> ratios = Report.ratios(e, rows);
        assertEquals(2, ratios.size(), "lifo/opt at 0 and 10; lifo/sc has no common value");
        assertEquals(2.0, ratios.get(0).ratio(), EPS);
        assertEquals("0", ratios.get(0).x());
        assertEquals(0.5, ratios.get(1).ratio(), EPS);
        assertEquals("10", ratios.get(1).x());
    }

    @Test
    void ratesAreMillionsFromTenThousandAndWholeUnitsBelow() {
        assertEquals("2.28M", Report.rate(2_281_716.4));
        assertEquals("0.01M", Report.rate(10_000));
        assertEquals("111", Report.rate(110.698));
        assertEquals("0", Report.rate(0));
        assertEquals("n/a", Report.rate(Double.NaN));
    }

    @Test
    void median() {
        assertEquals(3.0, Report.median(List.of(5.0, 1.0, 3.0)), EPS);
        assertEquals(2.5, Report.median(List.of(4.0, 1.0, 2.0, 3.0)), EPS);
        assertTrue(Double.isNaN(Report.median(List.of())));
    }

    @Test
    void writesReportSummaryAndNonEmptyCharts(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("bwos-one-thief.json"), fixture("bwos-one-thief.json"));
        Files.writeString(dir.resolve("executor-fork-join.json"), fixture("executor-fork-join.json"));
        Files.writeString(dir.resolve("cafe-throughput.json"), fixture("cafe-throughput.json"));
        Files.writeString(dir.resolve("cafe-height.json"), fixture("cafe-height.json"));
        Files.writeString(dir.resolve("executor-fork-join.env.txt"), "CPU model:      Test CPU\nlogical CPUs:   2 (nproc: 2)\n");
        List<Report.Section> sections = Report.write(dir);
        assertEquals(4, sections.size());

        String md = Files.readString(dir.resolve("REPORT.md"));
        assertTrue(md.contains("## bwos-one-thief:"));
        assertTrue(md.contains("## executor-fork-join:"));
        assertTrue(md.contains("bwos / forkjoinpool"));
        assertTrue(md.contains("| bwos / forkjoinpool | parallelism=2 | geomean (2) |"), "the geomean row");
        assertTrue(md.contains("## cafe-throughput:"));
        assertTrue(md.contains("cafe / lbq"));
        assertTrue(md.contains("## cafe-height:"));
        assertTrue(md.contains("CAS failures/op"));
        assertTrue(md.contains("### Limits"));
        assertTrue(md.contains("JDK: "));
        assertTrue(md.contains("JMH 1.37"));

        Map<String, Object> summary = Json.object(Json.parse(Files.readString(dir.resolve("summary.json"))));
        List<Object> rows = Json.array(summary.get("rows"));
        assertEquals(17, rows.size(), "one row per experiment, implementation and parameter set");
        for (Object o : rows) {
            Map<String, Object> r = Json.object(o);
            for (String k : List.of("experiment", "implementation", "params", "score", "error", "unit", "counters")) {
                assertTrue(r.containsKey(k), k);
            }
        }
        List<Object> ratios = Json.array(summary.get("ratios"));
        assertFalse(ratios.isEmpty());
        Map<String, Object> q = Json.object(ratios.get(0));
        assertEquals("bwos-one-thief", q.get("experiment"));
        assertTrue(Json.number(q.get("ratio")) > 0);
        List<Object> limits = Json.array(summary.get("limits"));
        assertEquals(1, limits.size(), "CAS failures/op of cafe-height at h = 8");
        assertEquals("8", Json.object(limits.get(0)).get("height"));

        List<String> charts = new ArrayList<>();
        sections.forEach(s -> charts.addAll(s.charts()));
        assertEquals(List.of("bwos-one-thief-throughput.png", "bwos-one-thief-stolen-share.png",
                "executor-fork-join-throughput-1.png", "executor-fork-join-throughput-2.png",
                "executor-fork-join-scaling-fib.png", "executor-fork-join-scaling-matmul.png",
                "executor-fork-join-steals-1.png", "executor-fork-join-steals-2.png", "cafe-throughput-throughput.png", "cafe-height-cas-failures.png",
                "cafe-height-throughput.png", "cafe-height-trees-appended.png"), charts);
        for (String c : charts) {
            Path p = dir.resolve(c);
            assertTrue(Files.size(p) > 1000, c + " is " + Files.size(p) + " bytes");
            BufferedImage img = ImageIO.read(p.toFile());
            assertNotNull(img, c + " is not a readable PNG");
            assertEquals(Charts.WIDTH, img.getWidth());
            assertEquals(Charts.HEIGHT, img.getHeight());
            assertTrue(md.contains("](" + c + ")"), "REPORT.md shows " + c);
        }
    }

    @Test
    void emptyDirectoryGivesAnEmptyReport(@TempDir Path dir) throws IOException {
        assertTrue(Report.write(dir).isEmpty());
        assertTrue(Files.readString(dir.resolve("REPORT.md")).contains("No results found."));
        assertTrue(Json.array(Json.object(Json.parse(Files.readString(dir.resolve("summary.json")))).get("rows"))
                .isEmpty());
    }

    @Test
    void jsonWriterRoundTrips() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("s", "a \"quoted\"\nline\t\\ \u0001");
        m.put("n", 1.5);
        m.put("i", 42);
        m.put("nan", Double.NaN);
        m.put("l", List.of(true, "x"));
        m.put("e", Map.of());
        Map<String, Object> back = Json.object(Json.parse(Json.write(m)));
        assertEquals(m.get("s"), back.get("s"));
        assertEquals(1.5, Json.number(back.get("n")), EPS);
        assertEquals(42.0, Json.number(back.get("i")), EPS);
        assertNull(back.get("nan"));
        assertTrue(back.containsKey("nan"));
        assertEquals(List.of(true, "x"), back.get("l"));
        assertEquals(Map.of(), back.get("e"));
        assertThrows(IllegalArgumentException.class, () -> Json.write(new Object()));
    }

    @Test
    void experimentDefinitionsAreConsistent() {
        Set<String> ids = new TreeSet<>();
        for (Experiment e : Experiments.ALL) {
            assertTrue(ids.add(e.id()), "duplicate id " + e.id());
            assertTrue(e.id().matches("[a-z0-9]+(-[a-z0-9]+)*"), "kebab-case id " + e.id());
            assertTrue(Pattern.compile(e.include()).matcher(e.benchmark().getName() + ".x").find());
            Map<String, List<String>> params = e.params();
            for (String p : e.seriesParams()) {
                assertTrue(params.containsKey(p), e.id() + ": series parameter " + p);
            }
            if (e.xParam() != null) {
                assertTrue(params.containsKey(e.xParam())
                        || (e.threads() != null && e.xParam().equals(ThreadSweep.PARAM)),
                        e.id() + ": swept parameter " + e.xParam());
            }
            for (String p : e.quick().keySet()) {
                assertTrue(params.containsKey(p), e.id() + ": quick parameter " + p);
                for (String v : e.quick().get(p).split(",")) {
                    assertTrue(params.get(p).contains(v), e.id() + ": quick value " + p + "=" + v);
                }
            }
            for (String p : e.sweeps().keySet()) {
                assertTrue(params.containsKey(p), e.id() + ": swept parameter " + p);
                for (int cores = 1; cores <= 8; cores++) {
                    assertFalse(e.sweeps().get(p).values(false, cores).isEmpty(), e.id() + ": " + p);
                }
            }
            for (Ratio q : e.ratios()) {
                assertTrue(e.order().contains(q.numerator()), e.id() + ": " + q.numerator());
                assertTrue(e.order().contains(q.denominator()), e.id() + ": " + q.denominator());
                q.at().forEach((p, v) -> {
                    if (p.equals(ThreadSweep.PARAM)) {
                        assertNotNull(e.threads(), e.id() + ": ratio at a thread count without a sweep");
                    } else {
                        assertTrue(params.containsKey(p) && params.get(p).contains(v), e.id() + ": ratio at " + p);
                    }
                });
            }
            if (e.threads() != null) {
                for (int cores = 1; cores <= 8; cores++) {
                    assertTrue(e.threads().runs(true, cores, false).size() <= e.threads().runs(false, cores, false).size());
                }
                if (e.threads().groups()) {
                    assertTrue(ProducerConsumerBenchmark.class.isAssignableFrom(e.benchmark()), e.id());
                    assertEquals(List.of("1/1"), params.get(ThreadSweep.PARAM), e.id() + ": one default, set per run");
                }
            }
            if (ProducerConsumerBenchmark.class.isAssignableFrom(e.benchmark())) {
                assertTrue(e.threads() != null && e.threads().groups(), e.id() + ": sweeps producers/consumers");
            }
            if (e.seriesParams().isEmpty()) {
                assertEquals(1, e.order().size(), e.id() + ": no series parameter, one fixed label");
            }
            for (String q : e.seriesParams().isEmpty() ? List.<String>of() : e.order()) {
                assertTrue(params.get(e.seriesParams().get(0)).contains(q) || e.seriesParams().size() > 1,
                        e.id() + ": " + q + " is not a value of " + e.seriesParams().get(0));
            }
            for (Experiments.Limit l : e.limits()) {
                assertNotNull(e.xParam(), e.id() + ": a limit needs a swept parameter");
                assertTrue(e.counters().stream().anyMatch(c -> c.name().equals(l.counter())), e.id() + ": "
                        + l.counter());
                assertTrue(params.get(e.xParam()).stream().anyMatch(v -> Double.parseDouble(v) >= l.from()),
                        e.id() + ": the limit applies to some swept value");
            }
            assertTrue(e.configurations(true, 2) <= e.configurations(false, 2));
            assertTrue(e.configurations(true, 2) <= 48, e.id() + ": the quick preset stays small");
            assertFalse(e.charts().isEmpty());
        }
        assertEquals(Set.of("bwos-single-owner", "ff-worker-take", "bwos-one-thief", "bwos-pool", "ff-abort-rate",
                "executor-fork-join", "executor-submit", "executor-idle", "vthread-json", "pq-hold", "pq-timeshare", "pq-channels", "salsa-producers-consumers",
                "salsa-one-producer", "salsa-balancing", "salsa-chunk-size", "salsa-fence-mode", "salsa-one-thread",
                "cafe-throughput", "cafe-height"), ids);
        int quick = 0;
        for (Experiment e : Experiments.ALL) {
            quick += e.configurations(true, 2);
            if (ProducerConsumerBenchmark.class.isAssignableFrom(e.benchmark())) {
                assertTrue(e.configurations(true, 2) <= 10, e.id() + ": the quick preset must stay small");
                assertEquals(2, e.minCores(), e.id() + ": a producer and a consumer");
            }
        }
        // On JDK 21+ (virtual-thread submitters) the quick preset runs 173 configurations with
        // vthread-json's 6, about 19 minutes on 2 cores.
        assertTrue(quick <= 176, "./bench --quick runs " + quick + " configurations, about 6.5 s each on 2 cores");
        Experiment pc = Experiments.byId("salsa-producers-consumers");
        assertEquals(4 * 2, pc.configurations(true, 2), "4 pools at 1/1 and 2/2");
        assertEquals(8 * 4, pc.configurations(false, 2), "8 pools at 1/1, 1/2, 2/1, 2/2");
        assertEquals(8 * 9, pc.configurations(false, 2, true), "each side 1, 2 or 4 when oversubscribed");
        assertEquals(8 * 25, pc.configurations(false, 16), "each side 1, 2, 4, 8 or 16");
        assertEquals(5 * 2, Experiments.byId("cafe-throughput").configurations(true, 2));
        assertEquals(7 * 2, Experiments.byId("cafe-height").configurations(false, 2));
        assertEquals(4, Experiments.byId("cafe-height").configurations(true, 2));
        assertEquals(96, Experiments.byId("bwos-pool").configurations(false, 2));
        assertEquals(16, Experiments.byId("bwos-pool").configurations(true, 2));
        Experiment hold = Experiments.byId("pq-hold");
        assertEquals(8, hold.configurations(true, 2), "8 queues at 64K, 2 threads");
        assertEquals(8, hold.configurations(true, 16), "the quick preset stays at 2 threads");
        assertEquals(11 * 3 * 2, hold.configurations(false, 2));
        assertEquals(11 * 3 * 4, hold.configurations(false, 4));
        assertEquals(List.of(4), Experiments.byId("pq-timeshare").threads().counts(true, 2));
        assertTrue(Experiments.byId("pq-channels").configurations(true, 2) <= 10);
        assertTrue(Experiments.byId("pq-timeshare").configurations(true, 2) <= 10);
    }

    @Test
    void threadSweepSpecs() {
        ThreadSweep s = new ThreadSweep("2", "1..C,2C");
        assertEquals(List.of(2), s.counts(true, 2));
        assertEquals(List.of(2), s.counts(true, 48));
        assertEquals(List.of(), s.counts(true, 1), "a count above the cores is left out");
        assertEquals(List.of(1, 2, 3, 4, 8), s.counts(false, 4));
        assertEquals(List.of(1, 2), s.counts(false, 1), "1..C and 2C on one core");
        assertEquals(List.of(3), new ThreadSweep("C", "C").counts(true, 3));
        assertThrows(IllegalArgumentException.class, () -> new ThreadSweep("0", "C").counts(true, 2));
        assertThrows(IllegalArgumentException.class, () -> s.counts(true, 0));
        assertThrows(NumberFormatException.class, () -> new ThreadSweep("x", "C").counts(true, 2));
        assertEquals(List.of("2"), s.runs(true, 2, false));
    }

    @Test
    void producerConsumerSweepSpecs() {
        ThreadSweep grid = new ThreadSweep("1/1", "pow2/pow2");
        assertTrue(grid.groups());
        assertEquals(List.of("1/1", "1/2", "2/1", "2/2"), grid.runs(false, 2, false), "by total, then producers");
        assertEquals(List.of("1/1", "1/2", "2/1", "2/2", "1/4", "4/1", "2/4", "4/2", "4/4"), grid.runs(false, 2, true),
                "oversubscribed: each side up to twice the cores");
        assertEquals(List.of("1/1", "1/2", "2/1", "1/3", "2/2", "3/1", "2/3", "3/2", "3/3"),
                grid.runs(false, 3, false), "pow2 includes the cores themselves");
        assertEquals(List.of("1/1"), grid.runs(true, 64, false));
        ThreadSweep equal = new ThreadSweep("1/1,C/=", "pow2/=");
        assertEquals(List.of("1/1", "2/2"), equal.runs(true, 2, false));
        assertEquals(List.of("1/1", "4/4"), equal.runs(true, 2, true));
        assertEquals(List.of("1/1", "2/2", "4/4", "6/6"), equal.runs(false, 6, false));
        assertEquals(List.of("1/1", "2/2", "4/4"), equal.runs(false, 2, true));
        ThreadSweep one = new ThreadSweep("1/C", "1/1..C");
        assertEquals(List.of("1/2"), one.runs(true, 2, false));
        assertEquals(List.of("1/1", "1/2", "1/3"), one.runs(false, 3, false));
        assertEquals(List.of("1/1", "1/2", "1/3", "1/4"), one.runs(false, 2, true),
                "oversubscribed: C is twice the cores");
        assertEquals(List.of(), new ThreadSweep("3/3", "3/3").runs(false, 2, false), "above the cap: left out");
        assertEquals(List.of("3/3"), new ThreadSweep("3/3", "3/3").runs(false, 2, true));
        assertThrows(IllegalStateException.class, () -> grid.counts(true, 2));
        assertThrows(IllegalArgumentException.class, () -> new ThreadSweep("1/1", "2").groups());
        assertThrows(IllegalArgumentException.class, () -> new ThreadSweep("0/1", "0/1").runs(true, 2, false));
    }

    /**
     * The charts of a producer/consumer sweep: Fig. 4(a)'s lines take the runs with as many producers as
     * consumers against their total; Fig. 4(b)'s bars every run; a chart whose x axis is another parameter
     * is drawn once per thread configuration.
     */
    @Test
    void producerConsumerSweepsAreDrawnAgainstThreads(@TempDir Path dir) throws IOException {
        Experiment pc = Experiments.byId("salsa-producers-consumers");
        List<Row> rows = new ArrayList<>();
        for (String pool : List.of("salsa", "clq")) {
            for (String t : List.of("1/1", "1/2", "2/1", "2/2")) {
                rows.add(pcRow(pool, t, Map.of("pool", pool, ThreadSweep.PARAM, t)));
            }
        }
        Chart fig4a = pc.charts().get(0);
        Chart fig4b = pc.charts().get(1);
        assertEquals("threads", fig4a.name());
        List<Row> equal = rows.stream().filter(r -> fig4a.where().test(r.params())).toList();
        assertEquals(List.of("1/1", "2/2", "1/1", "2/2"), equal.stream().map(Row::x).toList());
        assertEquals(List.of("2", "4", "2", "4"), equal.stream().map(r -> Charts.x(pc, fig4a, r)).toList());
        assertEquals(List.of(), Charts.facetParams(pc, fig4a, equal), "threads is the x axis");
        assertEquals(List.of(), Charts.facetParams(pc, fig4b, rows));
        assertEquals(List.of("salsa-producers-consumers-threads.png", "salsa-producers-consumers-throughput.png"),
                Charts.write(dir, pc, rows));

        Experiment chunks = Experiments.byId("salsa-chunk-size");
        List<Row> chunkRows = new ArrayList<>();
        for (String t : List.of("1/1", "1/2")) {
            for (String size : List.of("128", "1000")) {
                chunkRows.add(pcRow("salsa", size, Map.of("pool", "salsa", "chunkSize", size, ThreadSweep.PARAM, t)));
            }
        }
        assertEquals(List.of(ThreadSweep.PARAM), Charts.facetParams(chunks, chunks.charts().get(0), chunkRows));
        assertEquals(List.of("salsa-chunk-size-throughput-1-1.png", "salsa-chunk-size-throughput-1-2.png"),
                Charts.write(dir, chunks, chunkRows), "one chart per thread configuration, '/' kept out of names");
    }

    @Test
    void threadQuantitiesOfAResult() {
        Map<String, String> pc = Map.of(ThreadSweep.PARAM, "2/3", "pool", "salsa");
        assertEquals("2", Report.value(pc, "producers"));
        assertEquals("3", Report.value(pc, "consumers"));
        assertEquals("5", Report.value(pc, "total"));
        assertEquals("salsa", Report.value(pc, "pool"));
        assertNull(Report.value(pc, "size"));
        assertEquals("4", Report.value(Map.of(ThreadSweep.PARAM, "4"), "total"));
        assertNull(Report.value(Map.of(ThreadSweep.PARAM, "4"), "consumers"));
        assertNull(Report.value(Map.of(), "total"));
    }

    @Test
    void threadSweepRowsCarryTheThreadCountAndRatiosTheirSetting() throws IOException {
        List<Result> results = Results.parse(fixture("pq-hold.json"));
        assertEquals(12, results.size(), "3 queues x 2 sizes x threads 1 and 2");
        Experiment e = Experiments.byId("pq-hold");
        List<Row> rows = Report.rows(e, results);
        assertEquals(List.of("1", "2", "1", "2"), rows.subList(0, 4).stream().map(Row::x).toList());
        assertEquals(List.of("1024", "1024", "65536", "65536"),
                rows.subList(0, 4).stream().map(r -> r.params().get("size")).toList());
        assertEquals(List.of("size"), Report.varyingParams(e, rows));

        List<RatioRow> ratios = Report.ratios(e, rows);
        assertEquals(2, ratios.size(), "CRCQ/PBQ and CRCQ/SkipList, only at 64K events and 2 threads");
        for (RatioRow q : ratios) {
            assertEquals("2", q.x());
            assertEquals(Map.of("size", "65536"), q.setting());
            assertNotNull(q.target());
            Row a = rows.stream().filter(r -> r.implementation().equals(q.numerator()) && r.x().equals("2")
                    && r.params().get("size").equals("65536")).findFirst().orElseThrow();
            Row b = rows.stream().filter(r -> r.implementation().equals(q.denominator()) && r.x().equals("2")
                    && r.params().get("size").equals("65536")).findFirst().orElseThrow();
            assertEquals(a.median() / b.median(), q.ratio(), EPS);
        }
        Experiment channels = Experiments.byId("pq-channels");
        assertTrue(Report.ratios(channels, rows).isEmpty(), "no channel variants in these rows");
    }

    /**
     * A real 3-fork run (bwos-single-owner, 5 contenders, 5 iterations a fork), cut into three rounds of
     * one fork each, merges back into JMH's own figures: the raw data in fork order, the fork count, the
     * score (a mean) and its 99.9% error, and the event counters' scores (sums).
     */
    @Test
    void mergesRoundsIntoTheRunTheirForksMakeUp(@TempDir Path dir) throws IOException {
        String original = fixture("bwos-single-owner-3forks.json");
        List<Path> rounds = splitIntoRounds(original, 3, dir);
        Path out = dir.resolve("bwos-single-owner.json");
        Report.mergeRounds(out, rounds);

        List<Result> want = Results.parse(original);
        List<Result> got = Results.parse(Files.readString(out));
        assertEquals(want.size(), got.size());
        for (int i = 0; i < want.size(); i++) {
            Result w = want.get(i);
            Result g = got.get(i);
            assertEquals(w.params(), g.params());
            assertEquals(3.0, Json.number(g.json().get("forks")));
            assertEquals(List.of(1.0, 1.0, 1.0), Json.array(g.json().get(Report.ROUND_FORKS)).stream()
                    .map(Json::number).toList(), "each round's forks");
            assertEquals(w.primary().forks(), g.primary().forks(), "raw data in fork order");
            assertEquals(1.0, g.primary().score() / w.primary().score(), 1e-9, "score: the mean");
            assertEquals(1.0, g.primary().error() / w.primary().error(), 1e-9, "error: JMH's 99.9% half-width");
            for (String name : w.secondary().keySet()) {
                assertEquals(1.0, g.secondary().get(name).score() / w.secondary().get(name).score(), 1e-9,
                        name + ": an event counter, summed");
            }
        }
    }

    /** Cuts a run of {@code forks} forks into one file a fork ({@code roundK.json} in {@code dir}), as rounds of one fork. */
    private static List<Path> splitIntoRounds(String run, int forks, Path dir) throws IOException {
        List<Path> rounds = new ArrayList<>();
        for (int fork = 0; fork < forks; fork++) {
            List<Object> round = Json.array(Json.parse(run));
            for (Object o : round) {
                Map<String, Object> r = Json.object(o);
                r.put("forks", 1);
                keepFork(Json.object(r.get("primaryMetric")), fork, false);
                int f = fork;
                Json.object(r.get("secondaryMetrics")).values().forEach(m -> keepFork(Json.object(m), f, true));
            }
            Path p = dir.resolve("round" + fork + ".json");
            Files.writeString(p, Json.write(round));
            rounds.add(p);
        }
        return rounds;
    }

    /** Cuts a metric down to fork {@code fork}, with the score JMH gives one fork (its mean, or its sum). */
    private static void keepFork(Map<String, Object> m, int fork, boolean sum) {
        List<Object> raw = Json.array(m.get("rawData"));
        List<Object> one = new ArrayList<>(List.of(raw.get(fork)));
        m.put("rawData", one);
        double total = 0;
        List<Object> values = Json.array(one.get(0));
        for (Object v : values) {
            total += Json.number(v);
        }
        m.put("score", sum ? total : total / values.size());
    }

    @Test
    void refusesRoundsThatDoNotMatch(@TempDir Path dir) throws IOException {
        List<Object> all = Json.array(Json.parse(fixture("bwos-single-owner-3forks.json")));
        Files.writeString(dir.resolve("a.json"), Json.write(all));
        Files.writeString(dir.resolve("b.json"), Json.write(all.subList(0, all.size() - 1)));
        assertThrows(IllegalArgumentException.class, () -> Report.mergeRounds(dir.resolve("out.json"),
                List.of(dir.resolve("a.json"), dir.resolve("b.json"))));
    }

    @Test
    void mergesTheRunsOfAThreadSweep(@TempDir Path dir) throws IOException {
        List<Object> all = Json.array(Json.parse(fixture("pq-hold.json")));
        List<Object> one = new ArrayList<>();
        List<Object> two = new ArrayList<>();
        for (Object o : all) {
            (Json.number(Json.object(o).get("threads")) == 1 ? one : two).add(o);
        }
        Files.writeString(dir.resolve("t1.json"), Json.write(one));
        Files.writeString(dir.resolve("t2.json"), Json.write(two));
        Report.merge(dir.resolve("pq-hold.json"), List.of(dir.resolve("t1.json"), dir.resolve("t2.json")));
        List<Result> merged = Results.parse(Files.readString(dir.resolve("pq-hold.json")));
        List<Result> original = Results.parse(fixture("pq-hold.json"));
        assertEquals(original.size(), merged.size());
        for (int i = 0; i < merged.size(); i++) {
            assertEquals(original.get(i).params(), merged.get(i).params());
            assertEquals(original.get(i).json().get("threads"), merged.get(i).json().get("threads"));
            assertEquals(original.get(i).primary().samples(), merged.get(i).primary().samples());
        }

        Report.write(dir);
        String md = Files.readString(dir.resolve("REPORT.md"));
        assertTrue(md.contains("| implementation | size | threads | median (Mops/s) |"), "results show the size");
        assertTrue(md.contains("| CRCQ / PBQ | size=65536 | 2 |"), "the ratio shows its setting");
        assertTrue(Files.size(dir.resolve("pq-hold-throughput-65536.png")) > 1000);
        Map<String, Object> q = Json.object(Json.array(Json.object(Json.parse(
                Files.readString(dir.resolve("summary.json")))).get("ratios")).get(0));
        assertEquals("65536", q.get("size"));
        assertEquals("2", q.get("threads"));
    }

    /**
     * A SALSA experiment's fixture: {@code nice -n 19 java -jar jmh-bench/target/benchmarks.jar
     * SalsaOneProducerBenchmark -p pool=salsa,clq -tg 2,1 -p threads=1/2 -f 1 -wi 0 -i 2 -r 100ms -rf json}
     * (2026-12-03).
     */
    @Test
    void casPerTaskIsShownOnlyForThePoolsThatCountTheirCases() throws IOException {
        List<Result> results = Results.parse(fixture("salsa-one-producer.json"));
        Experiment e = Experiments.byId("salsa-one-producer");
        List<Row> rows = Report.rows(e, results);
        assertEquals(List.of("salsa", "clq"), rows.stream().map(Row::implementation).toList());
        assertEquals(List.of("1/2", "1/2"), rows.stream().map(Row::x).toList());
        Chart chart = e.charts().get(0);
        assertEquals(List.of("2", "2"), rows.stream().map(row -> Charts.x(e, chart, row)).toList(),
                "the chart's x axis: the consumers");
        Row salsa = rows.get(0);
        Row clq = rows.get(1);
        double cas = salsa.counters().get("CAS per task");
        assertEquals(r(results, "salsa").secondary().get("cas").score()
                / r(results, "salsa").secondary().get("taken").score(), cas, EPS);
        assertTrue(cas > 0 && cas <= 0.01, "SALSA's CAS per task in the fixture: " + cas);
        assertNull(clq.counters().get("CAS per task"), "CLQ does not count its CASes: no false 0");
        assertTrue(clq.counters().containsKey("taken/s"));
        assertTrue(r(results, "salsa").secondary().get("asymTaken").score() > 0, "the fixture ran ASYMMETRIC");
        assertTrue(Report.ratios(e, rows).isEmpty(), "no ratio pairs salsa with clq here");
    }

    /**
     * An experiment without a pool parameter runs SALSA and shows its CAS per task. Fixture: the
     * salsa-fence-mode run of {@code nice -n 19 ./bench --no-build --only salsa-fence-mode --warmup 0 --iterations 2
     * --time 200ms} on the project's 2-core machine while it ran other work, 2026-12-03: threads 1/1 and 1/2, two
     * JMH runs merged.
     */
    @Test
    void casPerTaskWithoutAPoolParameterIsSalsas() throws IOException {
        List<Result> results = Results.parse(fixture("salsa-fence-mode.json"));
        Experiment e = Experiments.byId("salsa-fence-mode");
        List<Row> rows = Report.rows(e, results);
        assertEquals(4, rows.size());
        for (Row row : rows) {
            double cas = row.counters().get("CAS per task");
            assertTrue(cas >= 0 && cas <= 0.01, row.implementation() + ": CAS per task " + cas);
        }
        assertEquals(2, Report.ratios(e, rows).size(), "ASYMMETRIC / FULL at 1 and 2 consumers");
        assertEquals(Set.of("1/1", "1/2"), rows.stream().map(Row::x).collect(java.util.stream.Collectors.toSet()));
    }

    private static Result r(List<Result> results, String pool) {
        return results.stream().filter(x -> pool.equals(x.params().get("pool"))).findFirst().orElseThrow();
    }
}
