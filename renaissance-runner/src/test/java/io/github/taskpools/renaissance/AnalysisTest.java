package io.github.taskpools.renaissance;

import static io.github.taskpools.renaissance.HarnessJsonTest.fixture;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The summary on repetition times of real Renaissance 0.16.1 runs, with a failed invocation among them. */
class AnalysisTest {

    static InvocationResult ok(String bench, String jvm, int inv, int warmup, List<Long> ns, double pauseMs) {
        GcLog.Pause p = new GcLog.Pause(1, "Pause Young (Normal) (G1 Evacuation Pause)", 1.0, pauseMs,
                pauseMs / 2, pauseMs / 2, 0.1, 0.2, 2, 0.01, 0.0, 512.0);
        return new InvocationResult(bench, jvm, inv, 0, null, 0, 1, warmup, ns, GcLog.Summary.of(List.of(p)),
                List.of(p), "runs/" + bench + "/" + jvm + "-" + inv);
    }

    @Test
    void speedupFromHarnessTimesAndFailuresAsData() throws IOException {
        List<Long> kmeans = HarnessJson.read(fixture("scala-kmeans.json")).benchmark("scala-kmeans").durationNs();
        List<Long> fj = HarnessJson.read(fixture("fj-kmeans.json")).benchmark("fj-kmeans").durationNs();
        List<InvocationResult> rs = new ArrayList<>();
        // stock: the real scala-kmeans repetitions; bwos: the same run 10% faster; warm-up 1 discards the first.
        rs.add(ok("scala-kmeans", "stock", 1, 1, kmeans, 30));
        rs.add(ok("scala-kmeans", "bwos", 1, 1, kmeans.stream().map(n -> n * 10 / 11).toList(), 20));
        rs.add(ok("fj-kmeans", "stock", 1, 0, fj, 100));
        rs.add(new InvocationResult("fj-kmeans", "bwos", 1, 0, "java.lang.RuntimeException: boom", 1, 1, 0,
                List.of(), GcLog.Summary.of(List.of()), List.of(), "runs/fj-kmeans/bwos-1"));

        Analysis.Summary s = Analysis.summarize(rs, "stock", "bwos", List.of("scala-kmeans", "fj-kmeans", "als"),
                1000, 1, Stats.Method.STUDENTIZED);
        assertEquals(2, s.benchmarks().size(), "als never ran");
        assertEquals("STUDENTIZED", s.interval());
        Analysis.BenchmarkSummary k = s.benchmarks().get(0);
        assertEquals(212412847L / 1e6 / ((212412847L * 10 / 11) / 1e6), k.speedup(), 1e-12);
        assertEquals(212.412847, k.jvms().get(0).medianMs(), 1e-9);
        assertEquals(1, k.jvms().get(0).repetitions());
        assertEquals(30.0, k.jvms().get(0).pauseTotalMs());
        assertEquals(10.0, k.jvms().get(1).objectCopyPerPauseMs());
        // One invocation, one measured repetition each: every replicate is the estimate.
        assertEquals(k.speedup(), k.speedupLow(), 1e-12);
        assertTrue(k.significant());
        assertEquals("faster", k.direction());
        assertEquals(20.0 / 30.0, k.pauseTotalRatio(), 1e-12);
        assertEquals("lower", k.pauseTotalDirection());
        assertEquals(1, k.pairs());

        Analysis.BenchmarkSummary f = s.benchmarks().get(1);
        assertNull(f.speedup());
        assertEquals(List.of(new Analysis.Failure("bwos", 1, "java.lang.RuntimeException: boom",
                "runs/fj-kmeans/bwos-1")), f.failures());
        assertEquals(1, f.jvms().get(1).invocationsFailed());
        assertEquals(2, f.jvms().get(0).repetitions());
        assertEquals(1, s.geomeanBenchmarks());
        assertEquals(k.speedup(), s.geomean(), 1e-12);

        String md = ReportWriter.markdown(RunInfo.of("./renaissance test", new JavaCommand("x", "Main"), 1, 1,
                List.of(new RunInfo.Jvm("stock", "/a", List.of(), "v"), new RunInfo.Jvm("bwos", "/b", List.of(), "v")),
                Map.of(), 1000, 1, Stats.Method.STUDENTIZED), s, true, rs.size(), List.of());
        assertTrue(md.contains("| fj-kmeans | failed |"), md);
        assertTrue(md.contains("| fj-kmeans | bwos | 1 | java.lang.RuntimeException: boom |"), md);
        assertTrue(md.contains("| scala-kmeans | **1.100 [1.100, 1.100]** | ▲ faster |"), md);
        assertTrue(md.contains("| 30.0 / 20.0 | 0.667 [0.667, 0.667] ▼ |"), md);
        assertTrue(md.contains("| fj-kmeans | failed |  | "), md);
        assertTrue(md.contains("Interval: 95% studentized bootstrap"), md);
    }
}
