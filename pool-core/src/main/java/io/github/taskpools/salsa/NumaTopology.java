package io.github.taskpools.salsa;

import io.github.taskpools.internal.LinuxNative;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The machine as SALSA's access lists see it (§4, Figure 1): CPUs, the NUMA node of each CPU and
 * the distance between nodes (the ACPI SLIT values Linux reports: 10 for a node to itself, larger
 * for farther nodes).
 *
 * <p>{@link #system()} reads Linux sysfs ({@code /sys/devices/system/node/node<N>/cpulist} and
 * {@code .../distance}); {@link #synthetic(int, int)} and {@link #of(int[], int[][])} describe
 * any machine, which is how every NUMA path of the pool is exercised on a one-node machine (two
 * nodes of one CPU each on a two-core box). {@link #currentCpu()} is {@code sched_getcpu} and
 * {@link #pin(int)} {@code sched_setaffinity}, both through JNA.
 *
 * <p>Immutable.
 */
public final class NumaTopology {
    /** The SLIT distance of a node to itself. */
    public static final int LOCAL_DISTANCE = 10;
    /** The distance {@link #synthetic} gives between two different nodes. */
    public static final int REMOTE_DISTANCE = 20;

    private static final Path NODES = Path.of("/sys/devices/system/node");
    private static final Path ONLINE_CPUS = Path.of("/sys/devices/system/cpu/online");

    private final int[] nodeOfCpu;
    private final int[][] distance;
    private final boolean fromSystem;

    private NumaTopology(int[] nodeOfCpu, int[][] distance, boolean fromSystem) {
        this.nodeOfCpu = nodeOfCpu;
        this.distance = distance;
        this.fromSystem = fromSystem;
    }

    /**
     * A topology giving CPU {@code i} the node {@code nodeOfCpu[i]}, with the node distances
     * {@code distance[a][b]}.
     *
     * @throws IllegalArgumentException if there are no CPUs, a node is negative or has no row in
     *     the distance matrix, the matrix is not square, or a distance is not positive
     */
    public static NumaTopology of(int[] nodeOfCpu, int[][] distance) {
        if (nodeOfCpu.length == 0) {
            throw new IllegalArgumentException("a topology needs at least one CPU");
        }
        int nodes = distance.length;
        for (int cpu = 0; cpu < nodeOfCpu.length; cpu++) {
            if (nodeOfCpu[cpu] < 0 || nodeOfCpu[cpu] >= nodes) {
                throw new IllegalArgumentException("CPU " + cpu + " is on node " + nodeOfCpu[cpu]
                        + ", but the distance matrix has " + nodes + " nodes");
            }
        }
        int[][] d = new int[nodes][];
        for (int a = 0; a < nodes; a++) {
            if (distance[a].length != nodes) {
                throw new IllegalArgumentException("distance row " + a + " has " + distance[a].length
                        + " entries, expected " + nodes);
            }
            d[a] = distance[a].clone();
            for (int b = 0; b < nodes; b++) {
                if (d[a][b] <= 0) {
                    throw new IllegalArgumentException("distance[" + a + "][" + b + "] = " + d[a][b]
                            + " is not positive");
                }
            }
        }
        return new NumaTopology(nodeOfCpu.clone(), d, false);
    }

    /**
     * {@code cpus} CPUs split over {@code nodes} nodes in contiguous groups, distance
     * {@value #LOCAL_DISTANCE} within a node and {@value #REMOTE_DISTANCE} across.
     *
     * @throws IllegalArgumentException unless {@code 1 <= nodes <= cpus}
     */
    public static NumaTopology synthetic(int cpus, int nodes) {
        if (cpus < 1 || nodes < 1 || nodes > cpus) {
            throw new IllegalArgumentException("need 1 <= nodes <= cpus, got " + nodes + " nodes, " + cpus + " cpus");
        }
        int[] node = new int[cpus];
        for (int i = 0; i < cpus; i++) {
            node[i] = (int) ((long) i * nodes / cpus);
        }
        int[][] d = new int[nodes][nodes];
        for (int a = 0; a < nodes; a++) {
            for (int b = 0; b < nodes; b++) {
                d[a][b] = a == b ? LOCAL_DISTANCE : REMOTE_DISTANCE;
            }
        }
        return new NumaTopology(node, d, false);
    }

    /**
     * This machine, read from Linux sysfs. Without {@code /sys/devices/system/node} (not Linux, or a
     * kernel without NUMA) the result is one node holding {@code availableProcessors()} CPUs.
     *
     * @throws UncheckedIOException if sysfs exists but cannot be read or parsed
     */
    public static NumaTopology system() {
        if (!Files.isDirectory(NODES)) {
            int cpus = Runtime.getRuntime().availableProcessors();
            return new NumaTopology(new int[cpus], new int[][] {{LOCAL_DISTANCE}}, true);
        }
        try {
            List<Integer> nodeIds = new ArrayList<>();
            try (var dirs = Files.list(NODES)) {
                dirs.map(p -> p.getFileName().toString())
                        .filter(n -> n.matches("node\\d+"))
                        .map(n -> Integer.parseInt(n.substring(4)))
                        .sorted()
                        .forEach(nodeIds::add);
            }
            int maxCpu = Arrays.stream(parseCpuList(Files.readString(ONLINE_CPUS))).max().orElse(0);
            int[] nodeOfCpu = new int[maxCpu + 1];
            int[][] distance = new int[nodeIds.size()][];
            for (int i = 0; i < nodeIds.size(); i++) {
                Path dir = NODES.resolve("node" + nodeIds.get(i));
                for (int cpu : parseCpuList(Files.readString(dir.resolve("cpulist")))) {
                    if (cpu <= maxCpu) {
                        nodeOfCpu[cpu] = i;
                    }
                }
                distance[i] = Arrays.stream(Files.readString(dir.resolve("distance")).trim().split("\\s+"))
                        .mapToInt(Integer::parseInt).toArray();
                if (distance[i].length != nodeIds.size()) {
                    throw new IOException(dir + "/distance has " + distance[i].length + " entries for "
                            + nodeIds.size() + " nodes");
                }
            }
            return new NumaTopology(nodeOfCpu, distance, true);
        } catch (IOException | RuntimeException e) {
            throw new UncheckedIOException("cannot read the NUMA topology from " + NODES,
                    e instanceof IOException io ? io : new IOException(e));
        }
    }

    /** Parses a Linux CPU list such as {@code 0-3,8,10-11}. */
    static int[] parseCpuList(String list) {
        String s = list.trim();
        if (s.isEmpty()) {
            return new int[0];
        }
        List<Integer> cpus = new ArrayList<>();
        for (String part : s.split(",")) {
            int dash = part.indexOf('-');
            int lo = Integer.parseInt(dash < 0 ? part : part.substring(0, dash));
            int hi = dash < 0 ? lo : Integer.parseInt(part.substring(dash + 1));
            if (lo < 0 || hi < lo) {
                throw new IllegalArgumentException("bad CPU range '" + part + "' in '" + s + "'");
            }
            for (int c = lo; c <= hi; c++) {
                cpus.add(c);
            }
        }
        return cpus.stream().mapToInt(Integer::intValue).toArray();
    }

    /** The number of CPUs (the highest CPU number plus one). */
    public int cpus() {
        return nodeOfCpu.length;
    }

    /** The number of nodes. */
    public int nodes() {
        return distance.length;
    }

    /** The node of {@code cpu}. */
    public int nodeOfCpu(int cpu) {
        return nodeOfCpu[cpu];
    }

    /** The distance from node {@code a} to node {@code b}. */
    public int distance(int a, int b) {
        return distance[a][b];
    }

    /** Whether this topology was read from the running machine. */
    public boolean isSystem() {
        return fromSystem;
    }

    /**
     * The CPU the calling thread runs on ({@code sched_getcpu} through JNA), or -1 where that is
     * unavailable ({@code LinuxNative}'s reason).
     */
    public static int currentCpu() {
        return LinuxNative.currentCpu();
    }

    /**
     * Pins the calling thread to {@code cpu} with {@code sched_setaffinity}.
     *
     * @return whether the thread is now pinned; false where the call is unavailable or refused
     * @throws IllegalArgumentException if {@code cpu} is negative
     */
    public static boolean pin(int cpu) {
        return LinuxNative.pinCurrentThread(cpu);
    }

    @Override
    public String toString() {
        return "NumaTopology[" + (fromSystem ? "system, " : "") + "node of cpu " + Arrays.toString(nodeOfCpu)
                + ", distances " + Arrays.deepToString(distance) + "]";
    }
}
