package io.github.taskpools.baselines.salsa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.taskpools.api.TaskPool;
import io.github.taskpools.api.Topology;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Bad input, thread binding, placement and the CAS counts of the comparison pools of §6.2. */
class ComparisonPoolsTest {

    @Test
    void badCountsAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> new WsMsqPool<Long>(0, 1));
        assertThrows(IllegalArgumentException.class, () -> new WsMsqPool<Long>(1, 0));
        assertThrows(IllegalArgumentException.class, () -> new WsLifoPool<Long>(0, 1));
        assertThrows(IllegalArgumentException.class, () -> new WsLifoPool<Long>(1, -1));
        assertThrows(NullPointerException.class, () -> new WsLifoPool<Long>(1, 1, null));
        assertThrows(IllegalArgumentException.class, () -> new ConcBagPool<Long>(0, 1));
        assertThrows(IllegalArgumentException.class, () -> new ConcBagPool<Long>(1, 0));
        assertThrows(IllegalArgumentException.class, () -> new ConcBagPool<Long>(1, 1, 0));
    }

    @ParameterizedTest
    @EnumSource(ComparisonPools.class)
    void nullTasksAndBadIndicesAreRejectedAndNothingIsLost(ComparisonPools kind) {
        ComparisonPools.Pool p = kind.create(2, 2, 4);
        p.producer().apply(0).put(1L);
        assertThrows(NullPointerException.class, () -> p.producer().apply(0).put(null));
        assertThrows(IndexOutOfBoundsException.class, () -> p.producer().apply(2));
        assertThrows(IndexOutOfBoundsException.class, () -> p.consumer().apply(-1));
        assertThrows(IndexOutOfBoundsException.class, () -> p.casCount().applyAsLong(2));
        assertEquals(1L, p.consumer().apply(1).get());
        assertNull(p.consumer().apply(0).get());
    }

    @ParameterizedTest
    @EnumSource(ComparisonPools.class)
    void boundHandlesBelongToTheirThread(ComparisonPools kind) throws InterruptedException {
        TaskPool<Long> p = kind.create(1, 1, 4).pool();
        TaskPool.Consumer<Long> mine = p.consumer();
        assertSame(mine, p.consumer());
        p.producer().put(1L);
        AtomicReference<Throwable> misuse = new AtomicReference<>();
        AtomicReference<Throwable> noneLeft = new AtomicReference<>();
        Thread t = new Thread(() -> {
            try {
                mine.get();
            } catch (Throwable e) {
                misuse.set(e);
            }
            try {
                p.consumer();
            } catch (Throwable e) {
                noneLeft.set(e);
            }
        });
        t.start();
        t.join();
        assertTrue(misuse.get() instanceof IllegalStateException, String.valueOf(misuse.get()));
        assertTrue(misuse.get().getMessage().contains("is bound to"), misuse.get().getMessage());
        assertTrue(noneLeft.get() instanceof IllegalStateException, String.valueOf(noneLeft.get()));
        assertEquals(1L, mine.get(), "the misuse took nothing");
    }

    @Test
    void workStealingPoolsPutIntoTheClosestConsumerAndStealInAccessListOrder() {
        // Two nodes of two CPUs: consumers 0, 1 on node 0, consumers 2, 3 on node 1; producer 0 on CPU 0.
        WsMsqPool<Long> p = new WsMsqPool<>(4, 1, Topology.evenlySplit(4, 2));
        for (long t = 0; t < 3; t++) {
            p.producer(0).put(t);
        }
        assertEquals(0L, p.consumer(0).get()); // its own queue
        assertEquals(1L, p.consumer(3).get()); // stolen from consumer 0's queue
        assertEquals(2L, p.consumer(1).get());
        assertNull(p.consumer(2).get());
    }

    @Test
    void casCountsOfTheComparisonPools() {
        // Without contention a take is one CAS: a dequeue or pop, or a ConcBag slot, plus ConcBag's
        // head advance once per finished block with a successor.
        WsMsqPool<Long> q = new WsMsqPool<>(2, 1, Topology.evenlySplit(1, 1));
        WsLifoPool<Long> s = new WsLifoPool<>(2, 1, Topology.evenlySplit(1, 1));
        ConcBagPool<Long> b = new ConcBagPool<>(2, 1, 10);
        for (long t = 0; t < 100; t++) {
            q.producer(0).put(t);
            s.producer(0).put(t);
            b.producer(0).put(t);
        }
        for (int i = 0; i < 100; i++) {
            assertTrue(q.consumer(i & 1).get() != null);
            assertTrue(s.consumer(i & 1).get() != null);
            assertTrue(b.consumer(0).get() != null);
        }
        assertEquals(50, q.casCount(0));
        assertEquals(50, q.casCount(1));
        assertEquals(50, s.casCount(0));
        assertEquals(50, s.casCount(1));
        assertEquals(100 + 9, b.casCount(0));
        assertEquals(0, b.casCount(1));
        assertEquals(128, new ConcBagPool<Long>(1, 1).blockSize());
    }
}
