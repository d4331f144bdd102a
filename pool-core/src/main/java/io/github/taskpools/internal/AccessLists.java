package io.github.taskpools.internal;

import io.github.taskpools.api.Topology;

/**
 * The placement and access lists of the §4 framework, shared by {@code salsa.SalsaPool} and the
 * comparison pools built in the same framework ({@code WsMsqPool} and {@code WsLifoPool} of the
 * pool-baselines module, to which this package is exported).
 *
 * <p>Consumer {@code i} is placed on worker {@code i mod workers} of the {@link Topology} (a CPU of
 * {@link Topology#system()}), producer {@code j} on worker {@code (consumers + j) mod workers}. An
 * access list holds the consumers sorted by the distance from the caller's node to theirs, ties
 * broken by index order starting at the caller's own index (so producers of one node spread over
 * that node's consumers), a consumer's own index excluded.
 */
public final class AccessLists {
    private AccessLists() {
    }

    /** Producer {@code j}'s worker (CPU) in the topology. */
    public static int producerCpu(Topology topology, int consumers, int j) {
        return (consumers + j) % topology.workers();
    }

    /** Consumer {@code i}'s access list: the others, closest first. */
    public static int[] ofConsumer(Topology topology, int consumers, int i) {
        int[] nodes = consumerNodes(topology, consumers);
        return sorted(topology, nodes, nodes[i], i, i);
    }

    /** Producer {@code j}'s access list: every consumer, closest first. */
    public static int[] ofProducer(Topology topology, int consumers, int j) {
        int[] nodes = consumerNodes(topology, consumers);
        return sorted(topology, nodes, topology.nodeOf(producerCpu(topology, consumers, j)), -1, j);
    }

    private static int[] consumerNodes(Topology topology, int consumers) {
        int[] nodes = new int[consumers];
        for (int i = 0; i < consumers; i++) {
            nodes[i] = topology.nodeOf(i % topology.workers());
        }
        return nodes;
    }

    /**
     * The consumers sorted by distance from {@code node}, ties broken by index starting at
     * {@code rotate}; {@code self} (a consumer's own pool) excluded.
     */
    private static int[] sorted(Topology topology, int[] consumerNode, int node, int self, int rotate) {
        int n = consumerNode.length;
        int[] list = new int[self < 0 ? n : n - 1];
        int size = 0;
        for (int k = 0; k < n; k++) {
            int c = (rotate + k) % n; // index order starting at rotate: the tie-break
            if (c == self) {
                continue;
            }
            int d = topology.distance(node, consumerNode[c]);
            int at = size++;
            while (at > 0 && topology.distance(node, consumerNode[list[at - 1]]) > d) { // stable insertion
                list[at] = list[at - 1];
                at--;
            }
            list[at] = c;
        }
        return list;
    }
}
