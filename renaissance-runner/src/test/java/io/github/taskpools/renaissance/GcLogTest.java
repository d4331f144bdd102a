package io.github.taskpools.renaissance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The GC-log parser on a log written during the test by a real JVM (the one running the tests) with the
 * runner's {@code -Xlog} option, checked against that JVM's own collector counts.
 */
class GcLogTest {

    @TempDir
    static Path dir;
    static List<GcLog.Pause> pauses;
    static Map<String, Long> mxCounts = new HashMap<>();

    static Path testClasses() {
        try {
            return Path.of(AllocationWorkload.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @BeforeAll
    static void runAJvm() throws IOException, InterruptedException {
        Path log = dir.resolve("gc.log");
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:+UseG1GC", "-Xmx256m", "-XX:ParallelGCThreads=2", String.format(GcLog.XLOG_OPTION, log),
                "-cp", testClasses().toString(), AllocationWorkload.class.getName(), "2000", "--system-gc")
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        for (String l : out.split("\n")) {
            int eq = l.lastIndexOf('=');
            if (eq > 0 && l.startsWith("G1 ")) {
                mxCounts.put(l.substring(0, eq), Long.parseLong(l.substring(eq + 1).trim()));
            }
        }
        pauses = GcLog.parse(log);
    }

    @Test
    void pauseCountsMatchTheJvmsOwnCounters() {
        long young = pauses.stream().filter(GcLog.Pause::young).count();
        long full = pauses.stream().filter(p -> p.kind().startsWith("Pause Full")).count();
        assertTrue(young >= 3, "the workload triggers young collections: " + young);
        // The workload prints its collector counts just before it exits; a collection can still
        // happen after that read (seen on JDK 25), so the log may hold one pause more, never fewer.
        long mxYoung = mxCounts.get("G1 Young Generation");
        long mxFull = mxCounts.get("G1 Old Generation");
        assertTrue(young >= mxYoung && young <= mxYoung + 1, "young pauses " + young + ", MXBean " + mxYoung);
        assertTrue(full >= mxFull && full <= mxFull + 1, "full pauses " + full + ", MXBean " + mxFull);
        assertTrue(full >= 1, "System.gc() is a full collection");
    }

    @Test
    void everyEvacuationPauseHasObjectCopyAndTermination() {
        for (GcLog.Pause p : pauses) {
            assertTrue(p.durationMs() > 0, p.toString());
            assertNotNull(p.cpuUserS(), "gc+cpu line of " + p);
            if (p.young()) {
                assertNotNull(p.objectCopyAvgMs(), p.toString());
                assertNotNull(p.terminationAvgMs(), p.toString());
                assertTrue(p.objectCopyAvgMs() <= p.objectCopyMaxMs(), p.toString());
                assertTrue(p.terminationAvgMs() <= p.terminationMaxMs(), p.toString());
                assertTrue(p.objectCopyAvgMs() <= p.durationMs(), p.toString());
                assertEquals(2, p.workers(), p.toString());
            } else if (p.kind().startsWith("Pause Full")) {
                assertNull(p.objectCopyAvgMs(), "a full collection has no evacuation phases");
            }
        }
        assertTrue(pauses.stream().filter(GcLog.Pause::young).mapToDouble(GcLog.Pause::objectCopyAvgMs).sum() > 0);
    }

    @Test
    void summaryAddsUpThePauses() {
        GcLog.Summary s = GcLog.Summary.of(pauses);
        assertEquals(pauses.size(), s.pauses());
        assertEquals(pauses.stream().mapToDouble(GcLog.Pause::durationMs).sum(), s.pauseTotalMs(), 1e-9);
        assertEquals(pauses.stream().mapToDouble(GcLog.Pause::durationMs).max().orElseThrow(), s.pauseMaxMs());
        assertEquals(pauses.stream().filter(p -> p.terminationAvgMs() != null)
                .mapToDouble(GcLog.Pause::terminationAvgMs).sum(), s.terminationMs(), 1e-9);
    }

    @Test
    void remarkAndCleanupOfOneCycleAreTwoPauses() {
        // A concurrent cycle's pauses share its GC id (lines as JDK 17's G1 writes them).
        List<GcLog.Pause> ps = GcLog.parse(Stream.of(
                "[4.458s][info ][gc          ] GC(14) Pause Young (Concurrent Start) (G1 Evacuation Pause) 103M->66M(128M) 6.228ms",
                "[4.459s][info ][gc          ] GC(15) Concurrent Mark Cycle",
                "[4.600s][info ][gc          ] GC(15) Pause Remark 104M->64M(128M) 7.807ms",
                "[4.600s][info ][gc,cpu      ] GC(15) User=0.01s Sys=0.00s Real=0.01s",
                "[4.700s][info ][gc          ] GC(15) Pause Cleanup 70M->70M(128M) 0.123ms",
                "[4.700s][info ][gc,cpu      ] GC(15) User=0.02s Sys=0.00s Real=0.00s",
                "[4.701s][info ][gc          ] GC(15) Concurrent Mark Cycle 211.667ms"));
        assertEquals(List.of("Pause Young (Concurrent Start) (G1 Evacuation Pause)", "Pause Remark", "Pause Cleanup"),
                ps.stream().map(GcLog.Pause::kind).toList());
        assertEquals(0.01, ps.get(1).cpuUserS());
        assertEquals(0.02, ps.get(2).cpuUserS());
        assertEquals(0.123, ps.get(2).durationMs());
    }

    @Test
    void committedHeapIsReadInItsUnit() {
        List<GcLog.Pause> ps = GcLog.parse(Stream.of(
                "[1.000s][info ][gc          ] GC(1) Pause Young (Normal) (G1 Evacuation Pause) 103M->66M(128M) 6.228ms",
                "[2.000s][info ][gc          ] GC(2) Pause Full (System.gc()) 1500M->900M(2G) 90.000ms",
                "[3.000s][info ][gc          ] GC(3) Pause Young (Normal) (G1 Evacuation Pause) 900M->800M(1572864K) 5.000ms",
                "[4.000s][info ][gc          ] GC(4) Pause Remark 7.807ms"));
        assertEquals(java.util.Arrays.asList(128.0, 2048.0, 1536.0, null),
                ps.stream().map(GcLog.Pause::committedMb).toList());
        assertEquals(2048.0, GcLog.Summary.of(ps).committedMaxMb());
        assertEquals(null, GcLog.Summary.of(ps.subList(3, 4)).committedMaxMb(), "no pause said its committed heap");
    }
}
