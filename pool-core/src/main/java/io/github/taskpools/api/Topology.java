package io.github.taskpools.api;

import java.util.Arrays;

/**
 * Where the workers of a pool run: the NUMA node of each worker. NUMA-aware steal policies prefer
 * victims on the thief's node.
 *
 * <p>A topology can be synthetic (for example two nodes on a two-core machine), which is how every
 * NUMA code path is exercised on machines that have one node.
 */
public final class Topology {
    private final int[] nodeOfWorker;
    private final int nodeCount;

    private Topology(int[] nodeOfWorker) {
        this.nodeOfWorker = nodeOfWorker;
        this.nodeCount = Arrays.stream(nodeOfWorker).max().orElse(0) + 1;
    }

    /**
     * A topology giving worker {@code i} the node {@code nodeOfWorker[i]}.
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

    /** {@code workers} workers all on node 0. */
    public static Topology singleNode(int workers) {
        return of(new int[requirePositive("workers", workers)]);
    }

    /** {@code workers} workers spread over {@code nodes} nodes in contiguous groups. */
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

    /** The number of workers. */
    public int workers() {
        return nodeOfWorker.length;
    }

    /** The number of nodes (the highest node number plus one). */
    public int nodes() {
        return nodeCount;
    }

    /** The node of worker {@code worker}. */
    public int nodeOf(int worker) {
        return nodeOfWorker[worker];
    }

    @Override
    public String toString() {
        return "Topology" + Arrays.toString(nodeOfWorker);
    }
}
