package io.github.taskpools.numapq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.taskpools.api.Topology;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Random;
import java.util.Set;
import java.util.function.IntConsumer;
import java.util.function.Supplier;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every {@link ConcurrentPriorityQueue} behind the one interface, the thesis' comparison points
 * included: a sequential model check against {@link PriorityQueue}, bad input, and the
 * conservation and ordering stress of {@link PqStress}.
 *
 * <p>The cases; {@code ComparisonQueuesTest} here and in pool-baselines (the comparison points)
 * give the queues ({@code queues()}: a name and a {@code Supplier<ConcurrentPriorityQueue<Long>>}).
 */
public abstract class ComparisonQueuesCases {
    protected static final Topology TWO_NODES = Topology.evenlySplit(4, 2);

    /** How a thread of the stress registers with {@code q} as worker t (NUMA queues), else nothing. */
    protected IntConsumer registrar(ConcurrentPriorityQueue<Long> q) {
        if (q instanceof NumaCalendarQueue<Long> n) {
            return n::register;
        }
        return t -> { };
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("queues")
    void sequentialModel(String name, Supplier<ConcurrentPriorityQueue<Long>> make) {
        ConcurrentPriorityQueue<Long> q = make.get();
        Random rnd = new Random(name.hashCode());
        PriorityQueue<Long> model = new PriorityQueue<>();
        Map<Long, Set<Long>> values = new HashMap<>();
        long last = 0;
        for (int i = 0; i < 20_000; i++) {
            if (rnd.nextInt(10) < (i % 4_000 < 2_000 ? 7 : 3)) {
                long key = rnd.nextInt(8) == 0 ? last - rnd.nextInt(100) : last + rnd.nextInt(10_000);
                model.add(key);
                values.computeIfAbsent(key, k -> new HashSet<>()).add((long) i);
                q.offer(key, (long) i);
            } else {
                Long expect = model.poll();
                Event<Long> got = q.poll();
                if (expect == null) {
                    assertNull(got, name);
                } else {
                    assertEquals(expect, got.key(), name);
                    assertTrue(values.get(expect).remove(got.value()), name + ": value");
                    last = expect;
                }
            }
            if (i % 101 == 0) {
                Long min = model.peek();
                assertEquals(min == null ? -1 : min, q.peekKey().orElse(-1), name + ": peekKey");
                assertEquals(model.size(), q.size(), name + ": size");
            }
        }
        assertThrows(NullPointerException.class, () -> q.offer(1, null));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("queues")
    void conservesAndOrders(String name, Supplier<ConcurrentPriorityQueue<Long>> make) {
        ConcurrentPriorityQueue<Long> q = make.get();
        PqStress.run(q, 4, 20_000, 200, registrar(q));
    }
}
