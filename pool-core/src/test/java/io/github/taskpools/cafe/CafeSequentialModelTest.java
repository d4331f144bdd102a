package io.github.taskpools.cafe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Random operation sequences on one thread, checked against a model: for a TreeContainer a set
 * (a get returns a present task, null exactly when the set is empty; puts succeed while the tree
 * has room, never more than its capacity); for CAFÉ the same plus the order of trees: a get
 * returns a task of the oldest tree that still has tasks, and the counters match. Bursts of puts
 * and gets take the pool through many tree boundaries (the list's counterpart of wrap-around).
 */
class CafeSequentialModelTest {

    @ParameterizedTest(name = "h={0} k={1}")
    @CsvSource({"0,1", "1,1", "2,1", "3,2", "5,3", "8,1", "8,6", "12,3"})
    void treeContainerAgainstASet(int h, int k) {
        for (long seed = 1; seed <= 4; seed++) {
            SplittableRandom rnd = new SplittableRandom(seed * 7919 + h);
            TreeContainer<Long> tree = new TreeContainer<>(h, k);
            Set<Long> model = new HashSet<>();
            long next = 1;
            int accepted = 0;
            boolean failedOnce = false;
            for (int step = 0; step < 20_000; step++) {
                if (rnd.nextInt(3) != 0) {
                    Long t = next++;
                    if (tree.put(t, rnd)) {
                        model.add(t);
                        accepted++;
                    } else {
                        failedOnce = true;
                    }
                } else {
                    Long t = tree.get(rnd);
                    if (model.isEmpty()) {
                        assertNull(t, "get from an empty tree");
                    } else {
                        assertNotNull(t, "get returned null with " + model.size() + " tasks in the tree");
                        assertTrue(model.remove(t), "task " + t + " was not in the tree");
                    }
                }
                assertEquals(model.isEmpty(), tree.isEmpty(), "isEmpty at step " + step);
                assertTrue(accepted <= tree.capacity(), "more tasks than nodes");
            }
            assertTrue(failedOnce, "20000 steps fill any tree up to height 12");
            assertEquals(accepted, tree.reservedCount(), "one reserved node per accepted task");
            for (Long t; (t = tree.get(rnd)) != null; ) {
                assertTrue(model.remove(t), "drained task " + t + " was not in the tree");
            }
            assertTrue(model.isEmpty(), "tasks left behind: " + model);
        }
    }

    @ParameterizedTest(name = "h={0} k={1}")
    @CsvSource({"0,1", "1,1", "1,3", "2,2", "4,3", "7,3", "12,3"})
    void cafeAgainstTreesOfSets(int h, int k) {
        for (long seed = 1; seed <= 3; seed++) {
            CafePool<Long> pool = CafePool.builder().height(h).k(k).seed(seed).build();
            CafePool<Long>.Handle me = pool.producer();
            assertSame(me, pool.consumer());
            SplittableRandom rnd = new SplittableRandom(seed * 31 + h);
            TreeMap<Long, Set<Long>> byTree = new TreeMap<>(); // tree id -> tasks present there
            Map<Long, Long> treeOf = new HashMap<>();
            long next = 1;
            long puts = 0;
            long gets = 0;
            long empties = 0;
            int size = 0;
            int limit = 4 * pool.treeCapacity() + 200;
            for (long ops = 0; ops < 100_000; ) {
                boolean put = size == 0 || (size < limit && rnd.nextInt(100) < 55);
                int burst = 1 + rnd.nextInt(Math.min(2 * pool.treeCapacity() + 2, 300));
                for (int i = 0; i < burst; i++, ops++) {
                    if (put) {
                        Long t = next++;
                        assertTrue(me.put(t));
                        long tree = pool.producerNode().id; // one thread: PT is where it went
                        byTree.computeIfAbsent(tree, x -> new HashSet<>()).add(t);
                        treeOf.put(t, tree);
                        puts++;
                        size++;
                    } else {
                        Long t = me.get();
                        if (size == 0) {
                            assertNull(t, "get from an empty pool");
                            empties++;
                        } else {
                            assertNotNull(t, "get returned null with " + size + " tasks in the pool");
                            Long tree = treeOf.remove(t);
                            assertNotNull(tree, "task " + t + " was not in the pool");
                            assertEquals(byTree.firstKey(), tree, "task " + t + " is not from the oldest tree");
                            Set<Long> s = byTree.get(tree);
                            s.remove(t);
                            if (s.isEmpty()) {
                                byTree.remove(tree);
                            }
                            gets++;
                            size--;
                        }
                    }
                }
            }
            for (Long t; (t = me.get()) != null; ) {
                assertNotNull(treeOf.remove(t), "drained task " + t + " was not in the pool");
                gets++;
            }
            empties++;
            assertTrue(treeOf.isEmpty(), "tasks left behind: " + treeOf.size());
            CafePool.Stats stats = pool.stats();
            assertEquals(puts, stats.puts());
            assertEquals(gets, stats.gets());
            assertEquals(empties, stats.emptyGets());
            assertEquals(pool.producerNode().id, stats.treesAppended(), "one new tree per PT move");
            // alone, only node reservations (isDirty already set) fail: PT, next, GT, metadata
            // and task CASes cannot fail without a competitor
            assertEquals(0, stats.getCasFailures(), "a lone get's CASes cannot fail");
            assertEquals(0, stats.gtMovedBack(), "one thread never leaves a put behind GT");
        }
    }

    /**
     * moveGTBack, steered: trees of height 1 filled leftwards, the consumer moves GT to
     * {@code (T0, T1)}, then a producer whose PT read was T0 (a stale read, played through
     * {@code putIn}) puts into T0's free right node: GT must come back to {@code (⊥, T0)} and the
     * task must be got next.
     */
    @Test
    void aPutBehindGtMovesItBack() {
        CafePool<Long> pool = CafePool.builder().height(1).k(1).randomSource(() -> FixedChoice.LEFT).build();
        CafePool<Long>.Handle me = pool.producer();
        CafePool.Node<Long> t0 = pool.producerNode();
        for (long t = 1; t <= 5; t++) {
            me.put(t); // T0: 1 (root), 2 (left); T1: 3, 4; T2: 5
        }
        assertEquals(2, pool.producerNode().id);
        assertEquals(1L, me.get());
        assertEquals(2L, me.get());
        assertEquals(3L, me.get());
        assertEquals(4L, me.get());
        assertSame(t0, pool.consumerPair().prev);
        assertEquals(1, pool.consumerPair().cur.id);
        assertTrue(me.putIn(t0, 6L, FixedChoice.RIGHT));
        assertNull(pool.consumerPair().prev);
        assertSame(t0, pool.consumerPair().cur);
        assertEquals(1, pool.stats().gtMovedBack());
        assertEquals(6L, me.get());
        assertEquals(5L, me.get());
        assertNull(me.get());
    }
}
