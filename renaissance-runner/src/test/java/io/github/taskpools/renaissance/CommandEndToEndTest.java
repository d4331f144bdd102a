package io.github.taskpools.renaissance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code --command} adapter end to end, on real JVM launches of {@link AllocationWorkload}: with the
 * hotspot-patch cache's jdk-stock and jdk-bwos when present, else with two flag sets of the JDK running the
 * tests (2 and 1 parallel GC threads).
 */
class CommandEndToEndTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private final ByteArrayOutputStream console = new ByteArrayOutputStream();

    /** {@code --jvm}/{@code --jvm-opts} arguments of the two configurations. */
    static List<String> twoJvms() {
        String cache = System.getenv().getOrDefault("TASKPOOLS_CACHE",
                Path.of(System.getProperty("user.home"), ".cache", "taskpools").toString());
        Path stock = Path.of(cache, "jdk-stock");
        Path bwos = Path.of(cache, "jdk-bwos");
        if (Files.isExecutable(stock.resolve("bin/java")) && Files.isExecutable(bwos.resolve("bin/java"))) {
            return List.of("--jvm", "jdk-stock=" + stock, "--jvm", "jdk-bwos=" + bwos);
        }
        String home = System.getProperty("java.home");
        return List.of("--jvm", "gc2=" + home, "--jvm", "gc1=" + home, "--jvm-opts", "gc1=-XX:ParallelGCThreads=1");
    }

    private String[] args(String... extra) {
        List<String> a = new ArrayList<>(List.of("--command",
                "-cp " + GcLogTest.testClasses() + " " + AllocationWorkload.class.getName() + " 1500",
                "--name", "alloc", "--heap", "256m", "--gc-threads", "2",
                "--out", dir.toString(), "--bootstrap", "2000"));
        a.addAll(twoJvms());
        a.addAll(List.of(extra));
        return a.toArray(String[]::new);
    }

    private int run(String... args) {
        return RenaissanceRunner.run(new PrintStream(console, true, StandardCharsets.UTF_8), Map.of(), args);
    }

    @Test
    void comparesTwoJvmsInterleavedAndWritesTheReport() throws IOException {
        assertEquals(0, run(args("--invocations", "3")), console.toString());

        List<InvocationResult> rs = ResultStore.load(dir);
        String a = rs.get(0).jvm();
        String b = rs.get(1).jvm();
        assertEquals(List.of(a, b, b, a, a, b), rs.stream().map(InvocationResult::jvm).toList(),
                "pairs alternate which JVM goes first: A B, B A, A B");
        assertEquals(List.of(1, 1, 2, 2, 3, 3), rs.stream().map(InvocationResult::invocation).toList());
        assertEquals(List.of(1, 2, 3, 4, 5, 6), rs.stream().map(InvocationResult::sequence).toList());
        for (InvocationResult r : rs) {
            assertTrue(r.ok(), r.failure());
            assertEquals(List.of(r.wallNs()), r.repetitionNs());
            assertTrue(r.gc().youngPauses() > 0, "the workload collects: " + r);
            assertTrue(r.gc().objectCopyMs() > 0);
            assertTrue(Files.readString(dir.resolve(r.runDir()).resolve("console.txt")).contains("checksum="));
        }

        JsonNode sum = JSON.readTree(dir.resolve(ReportWriter.SUMMARY).toFile());
        assertTrue(sum.get("complete").asBoolean());
        JsonNode bench = sum.get("summary").get("benchmarks").get(0);
        assertEquals("alloc", bench.get("benchmark").asText());
        assertEquals(3, bench.get("pairs").asInt());
        assertEquals(2, bench.get("baselineFirst").asInt());
        assertEquals("STUDENTIZED", sum.get("summary").get("interval").asText());
        assertEquals(Analysis.direction(new Stats.Interval(bench.get("speedup").asDouble(),
                bench.get("speedupLow").asDouble(), bench.get("speedupHigh").asDouble())), bench.get("direction").asText());
        double s = bench.get("speedup").asDouble();
        assertTrue(bench.get("speedupLow").asDouble() <= s && s <= bench.get("speedupHigh").asDouble(), bench.toString());
        double meanA = rs.stream().filter(r -> r.jvm().equals(a)).mapToLong(InvocationResult::wallNs).average()
                .orElseThrow();
        double meanB = rs.stream().filter(r -> r.jvm().equals(b)).mapToLong(InvocationResult::wallNs).average()
                .orElseThrow();
        assertEquals(meanA / meanB, s, 1e-9);
        assertEquals(3, bench.get("jvms").get(0).get("invocationsOk").asInt());
        assertEquals(3, bench.get("jvms").get(1).get("invocationsOk").asInt());
        for (JsonNode jvm : bench.get("jvms")) {
            assertEquals(256.0, jvm.get("committedMaxMb").asDouble(), "--heap 256m fixes the committed heap: " + jvm);
        }
        assertEquals(s, sum.get("summary").get("geomean").asDouble(), 1e-12, "one benchmark: its own speedup");
        JsonNode flags = sum.get("run").get("jvms").get(0).get("flags");
        assertEquals("-XX:+UseG1GC", flags.get(0).asText());
        assertEquals("-XX:+DisableExplicitGC", flags.get(1).asText());
        assertTrue(sum.get("run").get("jvms").get(1).get("version").asText().contains("64-Bit Server VM"));

        String md = Files.readString(dir.resolve(ReportWriter.REPORT));
        assertTrue(md.contains("| alloc | "), md);
        assertTrue(md.contains("in interleaved pairs: " + a + " ran first in 2 of the 3 pairs, " + b + " in 1."), md);
        assertTrue(md.contains("openjdk version") || md.contains("java version"), md);
        for (String png : List.of(Charts.SPEEDUP, Charts.GC_PHASES)) {
            BufferedImage img = ImageIO.read(dir.resolve(png).toFile());
            assertNotNull(img, png);
            assertTrue(img.getWidth() >= 700 && img.getHeight() == 520, png);
        }

        // The report is a function of invocations.jsonl and the seed: rebuilding it gives the same summary.
        String before = Files.readString(dir.resolve(ReportWriter.SUMMARY));
        assertEquals(0, run("--report-only", "--out", dir.toString()));
        assertEquals(before, Files.readString(dir.resolve(ReportWriter.SUMMARY)));

        // The percentile interval of runners before BCa, on request; and from summary.json when run.json is gone
        // (the measurements committed under docs/ keep summary.json, not run.json).
        assertEquals(0, run("--report-only", "--out", dir.toString(), "--interval", "percentile"));
        JsonNode pct = JSON.readTree(dir.resolve(ReportWriter.SUMMARY).toFile());
        assertEquals("PERCENTILE", pct.get("summary").get("interval").asText());
        assertEquals(s, pct.get("summary").get("benchmarks").get(0).get("speedup").asDouble());
        assertTrue(Files.readString(dir.resolve(ReportWriter.REPORT)).contains("Interval: 95% percentile bootstrap"));
        Files.delete(dir.resolve(ReportWriter.RUN_INFO));
        assertEquals(0, run("--report-only", "--out", dir.toString()));
        assertEquals(pct, JSON.readTree(dir.resolve(ReportWriter.SUMMARY).toFile()), "the run of summary.json");
        assertEquals(2, run("--report-only", "--out", dir.toString(), "--interval", "t"), "no such method");
    }

    @Test
    void aHeapPerBenchmarkOverridesHeapOnBothJvmsAndTheReportSaysSo() throws IOException {
        Path heaps = dir.resolveSibling(dir.getFileName() + "-heaps.txt");
        Files.writeString(heaps, "# chosen for the test\nalloc = 128m\nnot-run=1g  # listed, not run\n");
        assertEquals(0, run(args("--invocations", "1", "--heaps", heaps.toString())), console.toString());

        JsonNode sum = JSON.readTree(dir.resolve(ReportWriter.SUMMARY).toFile());
        assertEquals(Map.of("alloc", "128m"), JSON.convertValue(sum.get("run").get("heaps"), Map.class),
                "run.json keeps the sizes of the benchmarks run");
        List<InvocationResult> rs = ResultStore.load(dir);
        for (JsonNode jvm : sum.get("summary").get("benchmarks").get(0).get("jvms")) {
            assertEquals(128.0, jvm.get("committedMaxMb").asDouble(), "--heaps' 128m overrides --heap 256m: " + jvm);
            InvocationResult r = rs.stream().filter(x -> x.jvm().equals(jvm.get("jvm").asText())).findFirst()
                    .orElseThrow();
            assertEquals(100.0 * r.gc().pauseTotalMs() / (r.wallNs() / 1e6), jvm.get("gcSharePercent").asDouble(),
                    1e-9, "the pause total's share of the launch's wall time");
            assertTrue(jvm.get("gcSharePercent").asDouble() > 0 && jvm.get("gcSharePercent").asDouble() < 100);
        }
        String md = Files.readString(dir.resolve(ReportWriter.REPORT));
        assertTrue(md.contains("Fixed heap per benchmark, the same on both JVMs (`--heaps`): alloc 128m."), md);
        assertTrue(md.contains(" | GC share % "), md);
    }

    @Test
    void aBadHeapsFileIsRefusedBeforeAnythingRunsAndNamesTheLine() throws IOException {
        assertEquals(0, run(args("--invocations", "1")), console.toString());
        String before = Files.readString(dir.resolve(ResultStore.FILE));
        Path heaps = dir.resolveSibling(dir.getFileName() + "-bad-heaps.txt");
        Files.writeString(heaps, "alloc=128m\nalloc=lots\n");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream old = System.err;
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            assertEquals(2, run(args("--invocations", "1", "--heaps", heaps.toString())));
            assertEquals(2, run(args("--invocations", "1", "--heaps", heaps + ".missing")));
        } finally {
            System.setErr(old);
        }
        String msg = err.toString(StandardCharsets.UTF_8);
        assertTrue(msg.contains("--heaps " + heaps + " line 2: the size of alloc must be digits"), msg);
        assertTrue(msg.contains("--heaps: no file " + heaps + ".missing"), msg);
        assertEquals(before, Files.readString(dir.resolve(ResultStore.FILE)), "the previous run's results are kept");
    }

    @Test
    void aJvmThatFailsIsRecordedAndTheRunGoesOn() throws IOException {
        // 8 MiB of heap cannot hold the workload's live window: OutOfMemoryError on the second JVM only.
        List<String> jvms = twoJvms();
        String second = jvms.get(3).substring(0, jvms.get(3).indexOf('='));
        assertEquals(1, run(args("--invocations", "2", "--jvm-opts", second + "=-Xms8m -Xmx8m")), console.toString());

        List<InvocationResult> rs = ResultStore.load(dir);
        assertEquals(4, rs.size());
        // Run order A B, B A: the second JVM's launches are the second and third.
        assertTrue(rs.get(0).ok() && rs.get(3).ok());
        for (InvocationResult r : List.of(rs.get(1), rs.get(2))) {
            assertEquals(second, r.jvm());
            assertFalse(r.ok());
            assertTrue(r.failure().startsWith("exit code 1: ") && r.failure().contains("OutOfMemoryError"), r.failure());
        }
        JsonNode bench = JSON.readTree(dir.resolve(ReportWriter.SUMMARY).toFile()).get("summary").get("benchmarks").get(0);
        assertTrue(bench.get("speedup").isNull());
        assertEquals(2, bench.get("failures").size());
        String md = Files.readString(dir.resolve(ReportWriter.REPORT));
        assertTrue(md.contains("| alloc | failed |"), md);
        assertTrue(md.contains("## Failures"), md);
        assertTrue(Files.exists(dir.resolve(Charts.GC_PHASES)) || !Files.exists(dir.resolve(Charts.SPEEDUP)));
    }

    @Test
    void terminatingTheRunnerKeepsTheFinishedInvocations() throws IOException, InterruptedException {
        // The runner in its own JVM; SIGTERM (like Ctrl-C's SIGINT) runs its shutdown hook.
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djava.awt.headless=true", "-cp", System.getProperty("java.class.path"),
                RenaissanceRunner.class.getName()));
        cmd.addAll(List.of(args("--invocations", "50")));
        Process runner = new ProcessBuilder(cmd).redirectErrorStream(true)
                .redirectOutput(dir.resolve("runner.txt").toFile()).start();
        Path jsonl = dir.resolve(ResultStore.FILE);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (lines(jsonl) < 2 && System.nanoTime() < deadline && runner.isAlive()) {
            Thread.sleep(100);
        }
        assertTrue(lines(jsonl) >= 2, Files.readString(dir.resolve("runner.txt")));
        runner.destroy();
        assertTrue(runner.waitFor(60, TimeUnit.SECONDS));

        int finished = lines(jsonl);
        assertTrue(finished < 100, "the run was cut short");
        JsonNode sum = JSON.readTree(dir.resolve(ReportWriter.SUMMARY).toFile());
        assertFalse(sum.get("complete").asBoolean());
        assertEquals(finished, sum.get("invocationsFinished").asInt());
        assertTrue(Files.readString(dir.resolve(ReportWriter.REPORT)).contains("**Incomplete run**"));
        assertTrue(Files.readString(dir.resolve("runner.txt")).contains("interrupted; report of"));
    }

    private static int lines(Path f) throws IOException {
        return Files.exists(f) ? (int) Files.readAllLines(f).stream().filter(l -> !l.isBlank()).count() : 0;
    }
}
