package io.github.taskpools.baselines.numapq;

import io.github.taskpools.numapq.ComparisonQueuesCases;
import io.github.taskpools.numapq.ConcurrentPriorityQueue;
import java.util.function.IntConsumer;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/** pool-core's {@link ComparisonQueuesCases} for the thesis' comparison points. */
class ComparisonQueuesTest extends ComparisonQueuesCases {
    static Stream<Arguments> queues() {
        return Stream.of(
                Arguments.of("FC", (Supplier<ConcurrentPriorityQueue<Long>>) FlatCombiningPriorityQueue::new),
                Arguments.of("ACRCQH", (Supplier<ConcurrentPriorityQueue<Long>>)
                        () -> new HierarchicalCalendarQueue<>(TWO_NODES, 64)),
                Arguments.of("PriorityBlockingQueue",
                        (Supplier<ConcurrentPriorityQueue<Long>>) BlockingHeapPriorityQueue::new),
                Arguments.of("SkipList", (Supplier<ConcurrentPriorityQueue<Long>>) SkipListPriorityQueue::new));
    }

    @Override
    protected IntConsumer registrar(ConcurrentPriorityQueue<Long> q) {
        if (q instanceof HierarchicalCalendarQueue<Long> h) {
            return h::register;
        }
        return super.registrar(q);
    }
}
