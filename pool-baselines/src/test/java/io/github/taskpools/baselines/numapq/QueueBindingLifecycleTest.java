package io.github.taskpools.baselines.numapq;

import io.github.taskpools.numapq.ConcurrentPriorityQueue;
import io.github.taskpools.numapq.QueueBindingLifecycleCases;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/** pool-core's {@link QueueBindingLifecycleCases} on ACRCQH, the baseline that binds worker indices. */
class QueueBindingLifecycleTest extends QueueBindingLifecycleCases {
    static Stream<Arguments> queues() {
        return Stream.of(queue("ACRCQH", t -> new HierarchicalCalendarQueue<Integer>(t, 64)));
    }

    @Override
    protected Registrar registrar(ConcurrentPriorityQueue<Integer> q) {
        return ((HierarchicalCalendarQueue<Integer>) q)::register;
    }
}
