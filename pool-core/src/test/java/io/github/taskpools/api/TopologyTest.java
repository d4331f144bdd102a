package io.github.taskpools.api;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.taskpools.internal.LinuxNative;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** The running machine's topology (sysfs) and the calls SALSA makes on it, synthetic topologies, CPU lists. */
class TopologyTest {

    @Test
    void topologyOfThisMachineAndItsCalls() throws InterruptedException {
        Topology sys = Topology.system();
        assertTrue(sys.isSystem());
        assertTrue(sys.workers() >= 1 && sys.nodes() >= 1);
        assertEquals(Topology.LOCAL_DISTANCE, sys.distance(0, 0));
        assumeTrue(LinuxNative.available(), "no Linux C library: " + LinuxNative.unavailableReason());
        int cpu = LinuxNative.currentCpu();
        assertTrue(cpu >= 0 && cpu < sys.workers(), "sched_getcpu gave " + cpu);
        int target = sys.workers() - 1;
        AtomicReference<String> seen = new AtomicReference<>();
        Thread t = new Thread(() -> {
            boolean pinned = LinuxNative.pinCurrentThread(target);
            seen.set(pinned + " " + LinuxNative.currentCpu());
        });
        t.start();
        t.join();
        assertEquals("true " + target, seen.get());
    }

    @Test
    void syntheticTopologyAndCpuLists() {
        Topology t = Topology.evenlySplit(4, 2);
        assertEquals(2, t.nodes());
        assertEquals(0, t.nodeOf(1));
        assertEquals(1, t.nodeOf(2));
        assertEquals(Topology.REMOTE_DISTANCE, t.distance(0, 1));
        assertArrayEquals(new int[] {0, 1, 2, 3, 8, 10, 11}, Topology.parseCpuList("0-3,8,10-11\n"));
        assertArrayEquals(new int[0], Topology.parseCpuList(" "));
        assertThrows(IllegalArgumentException.class, () -> Topology.parseCpuList("3-1"));
    }

    /** Each refusal names the parameter the caller passed and its value. */
    @Test
    void refusalsNameTheParameter() {
        assertEquals("workers must be positive, got 0",
                assertThrows(IllegalArgumentException.class, () -> Topology.evenlySplit(0, 1)).getMessage());
        assertEquals("nodes must be positive, got 0",
                assertThrows(IllegalArgumentException.class, () -> Topology.evenlySplit(2, 0)).getMessage());
        assertEquals("workers must be positive, got 0",
                assertThrows(IllegalArgumentException.class, () -> Topology.singleNode(0)).getMessage());
    }
}
