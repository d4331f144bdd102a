package io.github.taskpools.api;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Where the workers of a pool run: the NUMA node of each worker and the distance between nodes (the
 * ACPI SLIT values Linux reports: {@value #LOCAL_DISTANCE} for a node to itself, larger for farther
 * nodes). NUMA-aware steal policies prefer victims on the thief's node; SALSA's access lists (§4,
 * Figure 1) sort the consumers by distance.
 *
 * <p>{@link #system()} is the running machine with one worker per CPU (worker {@code i} is CPU
 * {@code i}), read from Linux sysfs ({@code /sys/devices/system/node/node<N>/cpulist} and
 * {@code .../distance}). {@link #of(int...)}, {@link #of(int[], int[][])}, {@link #singleNode} and
 * {@link #evenlySplit} describe any machine, which is how every NUMA code path is exercised on
 * machines that have one node (two nodes of one CPU each on a two-core box).
 *
 * <p>Immutable.
 */
public final class Topology {
    /** The SLIT distance of a node to itself. */
    public static final int LOCAL_DISTANCE = 10;
    /** The distance between two different nodes of a topology built without a distance matrix. */
    public static final int REMOTE_DISTANCE = 20;

    private static final Path NODES = Path.of("/sys/devices/system/node");
    private static final Path ONLINE_CPUS = Path.of("/sys/devices/system/cpu/online");

    private final int[] nodeOfWorker;
    private final int[][] distance;
    private final boolean fromSystem;

    private Topology(int[] nodeOfWorker, int[][] distance, boolean fromSystem) {
        this.nodeOfWorker = nodeOfWorker;
        this.distance = distance;
        this.fromSystem = fromSystem;
    }

    /** A topology over {@code nodeOfWorker}, whose nodes are {@code 0..max}, at the default distances. */
    private Topology(int[] nodeOfWorker) {
        this(nodeOfWorker, defaultDistances(Arrays.stream(nodeOfWorker).max().orElse(0) + 1), false);
    }

    private static int[][] defaultDistances(int nodes) {
        int[][] d = new int[nodes][nodes];
        for (int a = 0; a < nodes; a++) {
            for (int b = 0; b < nodes; b++) {
                d[a][b] = a == b ? LOCAL_DISTANCE : REMOTE_DISTANCE;
            }
        }
        return d;
    }

    /**
     * A topology giving worker {@code i} the node {@code nodeOfWorker[i]}; its nodes are 0 up to the
     * highest node given, {@value #LOCAL_DISTANCE} apart within a node and
     * {@value #REMOTE_DISTANCE} across.
     *
     * @throws IllegalArgumentException if there are no workers or a node number is negative
     */
    public static Topology of(int... nodeOfWorker) {
        if (nodeOfWorker.length == 0) {
            throw new IllegalArgumentException("a topology needs at least one worker");
        }
        for (int i = 0; i < nodeOfWorker.length; i++) {
            if (nodeOfWorker[i] < 0) {
                throw new IllegalArgumentException("worker " + i + " has negative node " + nodeOfWorker[i]);
            }
        }
        return new Topology(nodeOfWorker.clone());
    }

    /**
     * A topology giving worker {@code i} the node {@code nodeOfWorker[i]}, with the node distances
     * {@code distance[a][b]}.
     *
     * @throws IllegalArgumentException if there are no workers, a node is negative or has no row in
     *     the distance matrix, the matrix is not square, or a distance is not positive
     */
    public static Topology of(int[] nodeOfWorker, int[][] distance) {
        if (nodeOfWorker.length == 0) {
            throw new IllegalArgumentException("a topology needs at least one worker");
        }
        int nodes = distance.length;
        for (int w = 0; w < nodeOfWorker.length; w++) {
            if (nodeOfWorker[w] < 0 || nodeOfWorker[w] >= nodes) {
                throw new IllegalArgumentException("worker " + w + " is on node " + nodeOfWorker[w]
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
        return new Topology(nodeOfWorker.clone(), d, false);
    }

    /** {@code workers} workers all on node 0. */
    public static Topology singleNode(int workers) {
        return of(new int[requirePositive("workers", workers)]);
    }

    /**
     * {@code workers} workers spread over {@code nodes} nodes in contiguous groups (worker {@code i}
     * on node {@code i * nodes / workers}); with more nodes than workers some nodes have none.
     */
    public static Topology evenlySplit(int workers, int nodes) {
        requirePositive("workers", workers);
        requirePositive("nodes", nodes);
        int[] node = new int[workers];
        for (int i = 0; i < workers; i++) {
            node[i] = (int) ((long) i * nodes / workers);
        }
        return new Topology(node);
    }

    private static int requirePositive(String name, int n) {
        if (n < 1) {
            throw new IllegalArgumentException(name + " must be positive, got " + n);
        }
        return n;
    }

    /**
     * This machine, one worker per CPU, read from Linux sysfs. Without
     * {@code /sys/devices/system/node} (not Linux, or a kernel without NUMA) the result is one node
     * holding {@code availableProcessors()} CPUs.
     *
     * @throws UncheckedIOException if sysfs exists but cannot be read or parsed
     */
    public static Topology system() {
        if (!Files.isDirectory(NODES)) {
            int cpus = Runtime.getRuntime().availableProcessors();
            return new Topology(new int[cpus], new int[][] {{LOCAL_DISTANCE}}, true);
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
            return new Topology(nodeOfCpu, distance, true);
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

    /** The number of workers ({@link #system()}: the highest CPU number plus one). */
    public int workers() {
        return nodeOfWorker.length;
    }

    /** The number of nodes. */
    public int nodes() {
        return distance.length;
    }

    /** The node of worker {@code worker}. */
    public int nodeOf(int worker) {
        return nodeOfWorker[worker];
    }

    /** The distance from node {@code a} to node {@code b}. */
    public int distance(int a, int b) {
        return distance[a][b];
    }

    /** Whether this topology was read from the running machine. */
    public boolean isSystem() {
        return fromSystem;
    }

    @Override
    public String toString() {
        return "Topology" + (fromSystem ? "[system, " : "[") + "node of worker " + Arrays.toString(nodeOfWorker)
                + ", distances " + Arrays.deepToString(distance) + "]";
    }
}
