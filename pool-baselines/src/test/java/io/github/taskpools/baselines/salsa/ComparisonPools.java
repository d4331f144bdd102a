package io.github.taskpools.baselines.salsa;

import io.github.taskpools.api.TaskPool;
import io.github.taskpools.api.Topology;
import java.util.function.IntFunction;
import java.util.function.IntToLongFunction;

/** The comparison pools of §6.2 under test, built by name with unbound handles by index. */
enum ComparisonPools {
    WS_MSQ, WS_LIFO, CONC_BAG;

    /** A pool of the kind; {@code chunk} is ConcBag's block size (ignored by the others). */
    Pool create(int consumers, int producers, int chunk) {
        Topology topology = Topology.evenlySplit(2, 2);
        return switch (this) {
            case WS_MSQ -> {
                WsMsqPool<Long> p = new WsMsqPool<>(consumers, producers, topology);
                yield new Pool(p, p::producer, p::consumer, p::casCount);
            }
            case WS_LIFO -> {
                WsLifoPool<Long> p = new WsLifoPool<>(consumers, producers, topology);
                yield new Pool(p, p::producer, p::consumer, p::casCount);
            }
            case CONC_BAG -> {
                ConcBagPool<Long> p = new ConcBagPool<>(consumers, producers, chunk);
                yield new Pool(p, p::producer, p::consumer, p::casCount);
            }
        };
    }

    /** A pool and its handles by index. */
    record Pool(TaskPool<Long> pool, IntFunction<TaskPool.Producer<Long>> producer,
            IntFunction<TaskPool.Consumer<Long>> consumer, IntToLongFunction casCount) {
    }
}
