package io.github.taskpools.baselines.salsa;

import io.github.taskpools.api.Topology;

/**
 * WS-MSQ, a comparison pool of the SALSA evaluation (§6.2): "our work-stealing framework with
 * SCPools implemented by Michael-Scott non-blocking queue [21]. Both consume() and steal()
 * operations invoke the dequeue() function." See {@link WorkStealingFramework} for the framework
 * (access lists, stealing order, the non-linearizable null) and {@link MsQueue} for the queue and
 * its orderings.
 *
 * <p>The queue is this package's own Michael-Scott queue rather than
 * {@link java.util.concurrent.ConcurrentLinkedQueue} (itself a Michael-Scott queue with a lazily
 * updated tail, which would keep the paper's semantics) so that each consumer can count the CASes
 * its dequeues make, the metric of the paper's Fig. 5(b); JCTools' MPMC queues are bounded arrays,
 * not the paper's linked queue.
 *
 * @param <E> the task type
 */
public final class WsMsqPool<E> extends WorkStealingFramework<E> {
    /**
     * A pool of {@code consumers} consumers and {@code producers} producers placed on the system's topology.
     *
     * @throws IllegalArgumentException if either count is below 1
     */
    public WsMsqPool(int consumers, int producers) {
        this(consumers, producers, Topology.system());
    }

    /**
     * A pool placed on {@code topology}.
     *
     * @throws IllegalArgumentException if either count is below 1
     */
    public WsMsqPool(int consumers, int producers, Topology topology) {
        super(consumers, producers, topology, MsQueue::new);
    }

    @Override
    public String toString() {
        return "WsMsqPool[" + consumers() + " consumers, " + producers() + " producers]";
    }
}
