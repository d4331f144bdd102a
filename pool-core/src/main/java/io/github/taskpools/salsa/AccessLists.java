package io.github.taskpools.salsa;

/**
 * The placement and access lists of the §4 framework, shared by {@link SalsaPool} and the
 * comparison pools built in the same framework ({@link WsMsqPool}, {@link WsLifoPool}).
 *
 * <p>Consumer {@code i} is placed on CPU {@code i mod cpus}, producer {@code j} on CPU
 * {@code (consumers + j) mod cpus}. An access list holds the consumers sorted by the distance from
 * the caller's node to theirs, ties broken by index order starting at the caller's own index (so
 * producers of one node spread over that node's consumers), a consumer's own index excluded.
 */
final class AccessLists {
    private AccessLists() {
    }

    /** Producer {@code j}'s CPU. */
    static int producerCpu(NumaTopology topology, int consumers, int j) {
        return (consumers + j) % topology.cpus();
    }

    /** Consumer {@code i}'s access list: the others, closest first. */
    static int[] ofConsumer(NumaTopology topology, int consumers, int i) {
        int[] nodes = consumerNodes(topology, consumers);
        return sorted(topology, nodes, nodes[i], i, i);
    }

    /** Producer {@code j}'s access list: every consumer, closest first. */
    static int[] ofProducer(NumaTopology topology, int consumers, int j) {
        int[] nodes = consumerNodes(topology, consumers);
        return sorted(topology, nodes, topology.nodeOfCpu(producerCpu(topology, consumers, j)), -1, j);
    }

    private static int[] consumerNodes(NumaTopology topology, int consumers) {
        int[] nodes = new int[consumers];
        for (int i = 0; i < consumers; i++) {
            nodes[i] = topology.nodeOfCpu(i % topology.cpus());
        }
        return nodes;
    }

    /**
     * The consumers sorted by distance from {@code node}, ties broken by index starting at
     * {@code rotate}; {@code self} (a consumer's own pool) excluded.
     */
    private static int[] sorted(NumaTopology topology, int[] consumerNode, int node, int self, int rotate) {
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
