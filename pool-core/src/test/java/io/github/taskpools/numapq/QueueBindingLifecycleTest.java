package io.github.taskpools.numapq;

import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/** {@link QueueBindingLifecycleCases} on the NUMA calendar queue, every channel, blocking and not. */
class QueueBindingLifecycleTest extends QueueBindingLifecycleCases {
    static Stream<Arguments> queues() {
        return Stream.of(NumaCalendarQueue.Channel.values()).flatMap(c -> Stream.of(
                queue("NUMA-" + c, t -> NumaCalendarQueue.builder(t).channel(c).<Integer>build()),
                queue("NUMA-NB-" + c, t -> NumaCalendarQueue.builder(t).channel(c).nonBlocking(true)
                        .<Integer>build())));
    }

    @Override
    protected Registrar registrar(ConcurrentPriorityQueue<Integer> q) {
        return ((NumaCalendarQueue<Integer>) q)::register;
    }
}
