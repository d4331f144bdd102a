package io.github.taskpools.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The report a reader gets from runs.json: its tables, counters and threads, and the CSV's columns. */
class ReportTest {
    private static RunRecord run(int round, String executor, double rps, Double steals, Integer threads, boolean failed) {
        double tasks = 2.0 / round; // the server's tasks per request: recorded for every executor
        double selects = 1.0 / round; // the server's select rounds per request
        return new RunRecord(round, round, "jetty", executor, "json-small", 64, 2, 2, 10, (long) (rps * 10), rps,
                1000, 2000, 3000, 4000, failed ? 3 : 0, 4.0, 10.0, 40.0, 0.4, steals, steals, steals, tasks, selects, threads,
                (long) (rps * 10), failed, failed ? "3 errors or non-2xx/3xx responses" : "");
    }

    @Test
    void theTablesGiveMediansRangesCountersThreadsAndFailures(@TempDir Path dir) throws Exception {
        List<RunRecord> runs = List.of(
                run(1, "bwos", 100, 0.5, 2, false), run(2, "bwos", 300, 0.7, 3, false), run(3, "bwos", 200, 0.6, 2, false),
                run(1, "forkjoinpool", 200, null, 2, false), run(2, "forkjoinpool", 400, null, 2, false),
                run(3, "forkjoinpool", 999, null, 2, true),
                run(1, "virtual", 150, null, null, false));
        new ObjectMapper().writeValue(dir.resolve("runs.json").toFile(), runs);
        Report.write(dir);
        String md = Files.readString(dir.resolve("REPORT.md"));
        // Columns: executor, conn, req/s, p50, p90, p99, p99.9, CPU µs, cores, steals, parks, wakes, tasks, selects,
        // threads, runs.
        String bwos = row(md, "| bwos | 64 |");
        assertTrue(bwos.startsWith("| bwos | 64 | 200 [100-300] |"), bwos);
        assertTrue(bwos.endsWith("| 0.600 [0.500-0.700] | 1.000 [0.667-2.000] | 0.500 [0.333-1.000] | 2 [2-3] | 3/0 |"), bwos);
        String fjp = row(md, "| forkjoinpool | 64 |");
        assertTrue(fjp.startsWith("| forkjoinpool | 64 | 300 [200-400] |"), () -> "the failed run left out: " + fjp);
        assertTrue(fjp.endsWith("| n/a | n/a | n/a | 1.500 [1.000-2.000] | 0.750 [0.500-1.000] | 2 [2-2] | 2/1 |"), fjp);
        assertTrue(row(md, "| virtual | 64 |").endsWith("| n/a | 1/0 |"), "no pool: threads n/a");
        assertEquals(16, row(md, "| executor | conn |").split("\\|", -1).length - 2, "16 columns");
        // Paired by round: 100/200 and 300/400 (round 3's ForkJoinPool run failed); t interval at 1 degree of freedom.
        assertTrue(md.contains("| bwos | 64 | 2 | 0.612x [0.047, 8.049] | 1.000x [1.000, 1.000] | 1.000x [1.000, 1.000] |"),
                () -> "the paired ratios to ForkJoinPool's: " + md);
        assertTrue(md.contains("| jetty | bwos | 2 | 0.612x [0.047, 8.049] |"), () -> "pooled over the run's one cell: " + md);
        assertTrue(Files.exists(dir.resolve("jetty-json-small-latency.png")) && Files.exists(dir.resolve("jetty-json-small-cpu.png")));
    }

    /** A run of {@code endpoint} at 64 connections with its own throughput, p99 and CPU per request. */
    private static RunRecord run(int round, String executor, String endpoint, double rps, double p99Us, double cpuUs) {
        return new RunRecord(round, round, "jetty", executor, endpoint, 64, 2, 2, 10, (long) (rps * 10), rps,
                1, 2, p99Us, 4, 0, 4.0, 10.0, cpuUs, 0.4, null, null, null, null, null, null, (long) (rps * 10), false, "");
    }

    @Test
    void theRatiosDivideByTheBaselineNamedColumnByColumnAndPoolOverEndpoints(@TempDir Path dir) throws Exception {
        List<RunRecord> runs = List.of(
                run(1, "virtual", "json-small", 100, 1000, 50), run(2, "virtual", "json-small", 200, 2000, 40),
                run(1, "virtual-bwos", "json-small", 110, 900, 45), run(2, "virtual-bwos", "json-small", 240, 1600, 36),
                run(1, "virtual", "json-medium", 50, 3000, 100), run(2, "virtual", "json-medium", 50, 3000, 100),
                run(1, "virtual-bwos", "json-medium", 50, 3000, 110), run(2, "virtual-bwos", "json-medium", 55, 3300, 120),
                run(1, "forkjoinpool", "json-small", 100, 1000, 50));
        new ObjectMapper().writeValue(dir.resolve("runs.json").toFile(), runs);
        Report.write(dir, "virtual");
        String md = Files.readString(dir.resolve("REPORT.md"));
        assertTrue(md.contains("Ratios to virtual, from the runs paired by round"), md);
        // json-small: req/s 1.1 and 1.2, p99 0.9 and 0.8, CPU 0.9 twice; t at 1 degree of freedom.
        assertTrue(md.contains("| virtual-bwos | 64 | 2 | 1.149x [0.661, 1.997] | 0.849x [0.402, 1.793] | 0.900x [0.900, 0.900] ▼ |"), md);
        // json-medium: req/s 1.0 and 1.1, p99 1.0 and 1.1, CPU 1.1 and 1.2.
        assertTrue(md.contains("| virtual-bwos | 64 | 2 | 1.049x [0.572, 1.922] | 1.049x [0.572, 1.922] | 1.149x [0.661, 1.997] |"), md);
        assertTrue(md.contains("| forkjoinpool | 64 | 1 | 1.000x (1 pair) | 1.000x (1 pair) | 1.000x (1 pair) |"), md);
        // Pooled: per round the mean log ratio over both endpoints, then t over the two rounds.
        assertTrue(md.contains("| jetty | virtual-bwos | 2 | 1.098x [0.615, 1.959] | 0.943x [0.878, 1.013] | 1.017x [0.771, 1.341] |"), md);
        assertTrue(md.contains("| jetty | forkjoinpool | 1 | 1.000x (1 round) |"), md);
        assertTrue(md.lines().noneMatch(l -> l.startsWith("| virtual | 64 | 2 |") || l.startsWith("| jetty | virtual |")),
                "no ratio of the baseline to itself");
        Report.write(dir, "threadpoolexecutor");
        String none = Files.readString(dir.resolve("REPORT.md"));
        assertTrue(!none.contains("Ratios to") && !none.contains("## Pooled"), "a baseline that did not run: no ratios");
        Report.write(dir);
        assertTrue(Files.readString(dir.resolve("REPORT.md")).contains("Ratios to forkjoinpool"), "no env.json: ForkJoinPool");
        Files.writeString(dir.resolve("env.json"), "{\"baseline\":\"virtual\"}");
        Report.write(dir);
        assertTrue(Files.readString(dir.resolve("REPORT.md")).contains("Ratios to virtual"), "the baseline the run recorded");
    }

    @Test
    void aCsvLineHasAFieldForEveryHeaderColumn() {
        int columns = RunRecord.CSV_HEADER.split(",").length;
        for (RunRecord r : List.of(run(1, "bwos", 100, 0.5, 2, false), run(1, "virtual", 100, null, null, true))) {
            // The error is the last field, quoted and without commas here.
            assertEquals(columns, r.csv().split(",", -1).length, r::csv);
        }
        assertTrue(RunRecord.CSV_HEADER.contains(",wakesPerRequest,tasksPerRequest,selectsPerRequest,threads,serverReplies,"), RunRecord.CSV_HEADER);
    }

    @Test
    void runsRecordedBeforeTheThreadsColumnStillMakeAReport(@TempDir Path dir) throws Exception {
        // A runs.json of 2026-12-06 (tenth session) has no threads, tasks or selects field: read as n/a.
        Files.writeString(dir.resolve("runs.json"), "[{\"round\":1,\"sequence\":1,\"server\":\"jetty\",\"executor\":\"bwos\","
                + "\"endpoint\":\"json-small\",\"connections\":64,\"wrkThreads\":2,\"parallelism\":2,\"durationSeconds\":10,"
                + "\"requests\":1000,\"requestsPerSecond\":100.0,\"p50Us\":1.0,\"p90Us\":2.0,\"p99Us\":3.0,\"p999Us\":4.0,"
                + "\"errors\":0,\"cpuSeconds\":1.0,\"wallSeconds\":10.0,\"cpuMicrosPerRequest\":1000.0,\"cpuUtilisation\":0.1,"
                + "\"stealsPerRequest\":0.1,\"parksPerRequest\":0.1,\"wakesPerRequest\":0.1,\"serverReplies\":1000,"
                + "\"failed\":false,\"error\":\"\"}]");
        Report.write(dir);
        assertTrue(row(Files.readString(dir.resolve("REPORT.md")), "| bwos | 64 |").endsWith("| 0.100 | n/a | n/a | n/a | 1/0 |"));
    }

    private static String row(String md, String start) {
        return md.lines().filter(l -> l.startsWith(start)).findFirst()
                .orElseThrow(() -> new AssertionError("no row " + start + " in:\n" + md));
    }
}
