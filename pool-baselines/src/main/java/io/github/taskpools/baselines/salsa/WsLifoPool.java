package io.github.taskpools.baselines.salsa;

import io.github.taskpools.api.Topology;

/**
 * WS-LIFO, a comparison pool of the SALSA evaluation (§6.2): "our work-stealing framework with
 * SCPool implemented by Michael's LIFO stack [20]", here a Treiber stack ({@link TreiberStack})
 * whose nodes the garbage collector reclaims (Michael's contribution is safe reclamation, which
 * Java does not need). A consume and a steal are the same pop. See {@link WorkStealingFramework}
 * for the framework (access lists, stealing order, the non-linearizable null).
 *
 * @param <E> the task type
 */
public final class WsLifoPool<E> extends WorkStealingFramework<E> {
    /**
     * A pool of {@code consumers} consumers and {@code producers} producers placed on the system's topology.
     *
     * @throws IllegalArgumentException if either count is below 1
     */
    public WsLifoPool(int consumers, int producers) {
        this(consumers, producers, Topology.system());
    }

    /**
     * A pool placed on {@code topology}.
     *
     * @throws IllegalArgumentException if either count is below 1
     */
    public WsLifoPool(int consumers, int producers, Topology topology) {
        super(consumers, producers, topology, TreiberStack::new);
    }

    @Override
    public String toString() {
        return "WsLifoPool[" + consumers() + " consumers, " + producers() + " producers]";
    }
}
