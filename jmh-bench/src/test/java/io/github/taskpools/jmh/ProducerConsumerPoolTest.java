package io.github.taskpools.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.taskpools.api.TaskPool;
import io.github.taskpools.cafe.CafePool;
import io.github.taskpools.salsa.FenceMode;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The contenders of the producer/consumer harness: what goes in comes out once, which contenders
 * count CASes or report CAFÉ's counters, CAFÉ's handles bound to the thread that asks, and
 * {@link PoolCounters} taking CAFÉ's counters over a window.
 */
class ProducerConsumerPoolTest {
    private static final List<String> ALL = List.of(ProducerConsumerPool.SALSA, ProducerConsumerPool.SALSA_CAS,
            ProducerConsumerPool.WS_MSQ, ProducerConsumerPool.WS_LIFO, ProducerConsumerPool.CONC_BAG,
            ProducerConsumerPool.CLQ, ProducerConsumerPool.LBQ, ProducerConsumerPool.JCTOOLS_MPMC,
            ProducerConsumerPool.JCTOOLS_MPMC_XADD, ProducerConsumerPool.CAFE);

    private static ProducerConsumerPool create(String name, int cafeHeight) {
        return ProducerConsumerPool.create(name, 1, 1, 16, FenceMode.FULL, true, 1 << 14, cafeHeight,
                CafePool.DEFAULT_K);
    }

    @Test
    void everyTaskPutComesOutOnce() {
        for (String name : ALL) {
            ProducerConsumerPool pool = create(name, 3);
            int n = 3 * ProducerConsumerPool.XADD_CHUNK + 5; // several xadd chunks, CAFÉ trees and SALSA chunks
            TaskPool.Producer<Object> p = pool.producer(0);
            long putSum = 0;
            for (int i = 0; i < n; i++) {
                assertTrue(p.put(Integer.valueOf(i)), name);
                putSum += i;
            }
            long gotSum = 0;
            int got = 0;
            for (Object t; (t = pool.consumer(0).get()) != null; ) {
                gotSum += (Integer) t;
                got++;
            }
            assertEquals(n, got, name);
            assertEquals(putSum, gotSum, name);
            CafePool.Stats s = pool.cafeStats();
            if (name.equals(ProducerConsumerPool.CAFE)) {
                assertEquals(n, s.puts());
                assertEquals(n, s.gets());
                assertTrue(s.treesAppended() > 0, "trees of height 3 hold 15 tasks");
                assertFalse(pool.countsCas(), "CAFÉ's CASes come from its stats, not per consumer");
            } else {
                assertNull(s, name);
                assertEquals(!List.of(ProducerConsumerPool.CLQ, ProducerConsumerPool.LBQ,
                        ProducerConsumerPool.JCTOOLS_MPMC, ProducerConsumerPool.JCTOOLS_MPMC_XADD).contains(name),
                        pool.countsCas(), name);
            }
        }
    }

    @Test
    void cafeHandsEachThreadItsOwnHandle() throws InterruptedException {
        ProducerConsumerPool pool = create(ProducerConsumerPool.CAFE, CafePool.DEFAULT_HEIGHT);
        TaskPool.Producer<Object> mine = pool.producer(0);
        assertSame(mine, pool.producer(0));
        assertSame(mine, pool.consumer(0), "one handle per thread for both roles");
        AtomicReference<Object> theirs = new AtomicReference<>();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread t = new Thread(() -> {
            try {
                TaskPool.Producer<Object> p = pool.producer(0);
                theirs.set(p);
                p.put(7);
            } catch (Throwable e) {
                failure.set(e);
            }
        });
        t.start();
        t.join();
        assertNull(failure.get(), "another thread asking for index 0 gets a handle it may use");
        assertNotSame(mine, theirs.get());
        assertEquals(7, pool.consumer(0).get());
        assertNull(pool.consumer(0).get());
    }

    @Test
    void poolCountersTakeCafeCountersOverTheWindowOnly() {
        ProducerConsumerPool pool = create(ProducerConsumerPool.CAFE, 0);
        for (int i = 0; i < 10; i++) {
            pool.producer(0).put(i); // before the window: not counted
        }
        PoolCounters c = new PoolCounters();
        c.reset();
        assertFalse(c.attached());
        c.attach(pool);
        assertTrue(c.attached());
        int n = 100;
        for (int i = 0; i < n; i++) {
            pool.producer(0).put(i);
        }
        int got = 0;
        while (pool.consumer(0).get() != null) {
            got++;
        }
        c.collect();
        assertEquals(n + 10, got);
        assertEquals(n + got, c.casOps, "puts + successful gets in the window");
        assertEquals(n, c.treesAppended, "height 0: a tree per task");
        assertEquals(0, c.casFailures, "one thread has no rival");
        c.reset();
        assertEquals(0, c.casOps);
        assertFalse(c.attached());

        PoolCounters other = new PoolCounters();
        other.reset();
        ProducerConsumerPool clq = create(ProducerConsumerPool.CLQ, 0);
        other.attach(clq);
        clq.producer(0).put(1);
        assertNotNull(clq.consumer(0).get());
        other.collect();
        assertEquals(0, other.casOps + other.casFailures + other.treesAppended, "only CAFÉ reports them");
    }

    @Test
    void unknownNamesAndBadHeightsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> create("nope", 0));
        assertThrows(IllegalArgumentException.class, () -> create(ProducerConsumerPool.CAFE, -1));
    }
}
