package io.github.taskpools.renaissance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@link GcWork} on a real log: GcStress (hotspot-patch) with 10 iterations on the patched JDK 17.0.19, 2 GC
 * threads, {@link GcLog#XLOG_OPTION}. The expected totals were summed from the log independently of this
 * parser (a script over the same lines).
 */
class GcWorkTest {

    static Path fixture() {
        try {
            return Path.of(GcWorkTest.class.getResource("/gc/gcstress-bwos-17.0.19.log").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void totalsOfARealLog() {
        GcWork w = GcWork.of(fixture());
        assertEquals(11, w.youngPauses());
        assertEquals(422.111, w.youngPauseMs(), 1e-9);
        assertEquals(585.0, w.objectCopyWorkerMs(), 1e-9);
        assertEquals(70_128_632L, w.copiedBytes());
        assertEquals(11, w.terminationPauses());
        assertEquals(55.56, w.terminationAvgMs(), 1e-9);
        assertEquals(1, w.markCycles());
        assertEquals(70.515, w.concurrentMarkMs(), 1e-9);
        assertEquals(29, w.markStartHeapMb(), 1e-9);
        assertEquals(1, w.fullPauses());
        assertEquals(60.618, w.fullMarkMs(), 1e-9);
        assertEquals(55, w.fullLiveMb(), 1e-9);
        assertEquals(512, w.committedMaxMb(), 1e-9);
        assertEquals(585.0 / (70_128_632 / 1048576.0), w.objectCopyMsPerMb(), 1e-9);
        assertEquals(55.56 / 11, w.terminationMsPerPause(), 1e-9);
        assertEquals(70.515 / 29, w.concurrentMarkMsPerMb(), 1e-9);
        assertEquals(60.618 / 55, w.fullMarkMsPerMb(), 1e-9);
    }

    @Test
    void heapSizesInEveryUnitAndOptionalEvacuationLeftOut() {
        GcWork w = GcWork.of(Stream.of(
                "[1.0s][debug][gc,phases   ] GC(0)     Object Copy (ms):              Min:  1.0, Avg:  1.5, Max:  2.0, Diff:  1.0, Sum:  3.0, Workers: 2",
                "[1.0s][debug][gc,phases   ] GC(0)       Opt Object Copy (ms):        Min:  1.0, Avg:  1.0, Max:  1.0, Diff:  0.0, Sum:  2.0, Workers: 2",
                "[1.0s][debug][gc,phases   ] GC(0)     Termination (ms):              Min:  0.0, Avg:  0.5, Max:  1.0, Diff:  1.0, Sum:  1.0, Workers: 2",
                "[1.0s][debug][gc,phases   ] GC(0)         Copied Bytes                   Min: 1048576, Avg: 1048576.0, Max: 1048576, Diff: 0, Sum: 2097152, Workers: 2",
                "[1.0s][info ][gc          ] GC(0) Pause Young (Concurrent Start) (G1 Humongous Allocation) 900K->512K(2048K) 4.000ms",
                "[2.0s][info ][gc,marking  ] GC(1) Concurrent Mark From Roots 3.000ms",
                "[3.0s][info ][gc          ] GC(2) Pause Young (Concurrent Start) (G1 Evacuation Pause) 3G->2G(4G) 6.000ms",
                "[3.5s][info ][gc,marking  ] GC(3) Concurrent Mark From Roots 2.000ms",
                "[4.0s][info ][gc          ] GC(4) Pause Full (System.gc()) 1.5G->1.5G(4G) 9.000ms",
                "[4.0s][info ][gc          ] GC(3) Pause Remark 3G->3G(4G) 1.000ms",
                "not a log line"));
        assertEquals(2, w.youngPauses());
        assertEquals(10.0, w.youngPauseMs(), 1e-9);
        assertEquals(1.5, w.objectCopyMsPerMb(), 1e-9); // 3 worker-ms (Opt Object Copy left out) over 2 MiB
        assertEquals(2, w.markCycles());
        assertEquals(0.5 + 2048, w.markStartHeapMb(), 1e-9);
        assertEquals(1536, w.fullLiveMb(), 1e-9);
        assertEquals(5.0 / 2048.5, w.concurrentMarkMsPerMb(), 1e-12);
        assertTrue(Double.isNaN(w.fullMarkMsPerMb()), "no Phase 1 line, no full-GC marking figure");
    }

    @Test
    void anEmptyLogHasNoFigures() {
        GcWork w = GcWork.of(Stream.empty());
        assertTrue(Double.isNaN(w.objectCopyMsPerMb()));
        assertTrue(Double.isNaN(w.terminationMsPerPause()));
        assertTrue(Double.isNaN(w.concurrentMarkMsPerMb()));
        assertTrue(Double.isNaN(w.fullMarkMsPerMb()));
    }
}
