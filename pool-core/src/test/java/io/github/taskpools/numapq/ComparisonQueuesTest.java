package io.github.taskpools.numapq;

import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/** {@link ComparisonQueuesCases} for the calendar queue and its NUMA delegation layer. */
class ComparisonQueuesTest extends ComparisonQueuesCases {
    static Stream<Arguments> queues() {
        return Stream.of(
                Arguments.of("CRCQ", (Supplier<ConcurrentPriorityQueue<Long>>) CalendarQueue::new),
                Arguments.of("NUMA-P", (Supplier<ConcurrentPriorityQueue<Long>>)
                        () -> NumaCalendarQueue.builder(TWO_NODES).channel(NumaCalendarQueue.Channel.P).build()));
    }
}
