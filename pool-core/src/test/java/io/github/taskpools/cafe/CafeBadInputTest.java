package io.github.taskpools.cafe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;

/** Bad input gets a clear exception and loses nothing. */
class CafeBadInputTest {

    @Test
    void badHeightsAndKsAreRejected() {
        assertEquals("height must be in [0, 20], got -1",
                assertThrows(IllegalArgumentException.class, () -> new TreeContainer<Long>(-1, 1)).getMessage());
        assertEquals("height must be in [0, 20], got 21",
                assertThrows(IllegalArgumentException.class, () -> new CafePool<Long>(21, 1)).getMessage());
        assertEquals("k must be at least 1, got 0",
                assertThrows(IllegalArgumentException.class, () -> new TreeContainer<Long>(3, 0)).getMessage());
        assertEquals("k must be at least 1, got -2",
                assertThrows(IllegalArgumentException.class, () -> CafePool.builder().k(-2)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> CafePool.builder().height(99));
        assertThrows(NullPointerException.class, () -> CafePool.builder().randomSource(null));
        CafePool<Long> nullRandoms = CafePool.builder().randomSource(() -> null).build();
        assertEquals("the random source returned null",
                assertThrows(NullPointerException.class, nullRandoms::producer).getMessage());
        CafePool<Long> defaults = new CafePool<>();
        assertEquals(12, defaults.height());
        assertEquals(CafePool.DEFAULT_K, defaults.k());
        assertEquals(8191, defaults.treeCapacity());
        assertEquals(1, new TreeContainer<Long>(0, 1).capacity());
    }

    @Test
    void nullTaskIsRejectedAndNothingStored() {
        CafePool<Long> pool = new CafePool<>(2, 1);
        CafePool<Long>.Handle me = pool.producer();
        me.put(1L);
        assertEquals("null is not a task", assertThrows(NullPointerException.class, () -> me.put(null)).getMessage());
        assertEquals(1L, me.get());
        assertNull(me.get());
        assertEquals(1, pool.stats().puts());

        TreeContainer<Long> tree = new TreeContainer<>(2, 1);
        assertThrows(NullPointerException.class, () -> tree.put(null));
        assertThrows(NullPointerException.class, () -> tree.put(1L, null));
        assertThrows(NullPointerException.class, () -> tree.get(null));
        assertTrue(tree.isEmpty());
        assertEquals(0, tree.reservedCount(), "a rejected put reserves no node");
    }

    @Test
    void aHandleUsedByAnotherThreadIsRefused() throws Exception {
        CafePool<Long> pool = new CafePool<>(2, 1);
        CafePool<Long>.Handle mine = pool.producer();
        mine.put(7L);
        ExecutionException put = assertThrows(ExecutionException.class,
                () -> CompletableFuture.runAsync(() -> mine.put(8L)).get());
        assertTrue(put.getCause() instanceof IllegalStateException, put.toString());
        ExecutionException get = assertThrows(ExecutionException.class,
                () -> CompletableFuture.supplyAsync(mine::get).get());
        assertTrue(get.getCause() instanceof IllegalStateException, get.toString());
        assertEquals(7L, mine.get(), "nothing was lost or taken by the refused calls");
        assertNull(mine.get());
    }

    @Test
    void aFullTreeRefusesAndKeepsWhatItHas() {
        TreeContainer<Long> tree = new TreeContainer<>(1, 1);
        long accepted = 0;
        for (long t = 1; t <= 10; t++) {
            if (tree.put(t)) {
                accepted++;
            }
        }
        assertTrue(accepted >= 2 && accepted <= 3, "root and at least one child: " + accepted);
        long got = 0;
        while (tree.get() != null) {
            got++;
        }
        assertEquals(accepted, got);
    }

    @Test
    void countersOfFinishedThreadsAreKept() throws Exception {
        CafePool<Long> pool = new CafePool<>(0, 1);
        Thread t = new Thread(() -> {
            CafePool<Long>.Handle h = pool.producer();
            for (long i = 1; i <= 10; i++) {
                h.put(i);
            }
        });
        t.start();
        t.join();
        pool.producer(); // retires the finished thread's handle
        CafePool.Stats s = pool.stats();
        assertEquals(10, s.puts());
        assertEquals(9, s.treesAppended(), "trees of one node: one per task after the first");
    }
}
