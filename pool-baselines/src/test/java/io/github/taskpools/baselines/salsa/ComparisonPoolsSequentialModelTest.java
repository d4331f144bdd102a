package io.github.taskpools.baselines.salsa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Sequential model tests of the comparison pools of §6.2 (WS-MSQ, WS-LIFO, ConcBag): random puts
 * and gets through random handles on one thread, against a bag. Sequentially every pool must
 * return null exactly when the bag is empty (the emptiness they claim without concurrency) and
 * every task once. Tiny ConcBag blocks make the sequences cross many blocks and unlink them. With
 * one consumer the order is the container's: FIFO for WS-MSQ and ConcBag (one producer), LIFO
 * for WS-LIFO.
 */
class ComparisonPoolsSequentialModelTest {

    @ParameterizedTest(name = "{0} consumers={1} producers={2} block={3}")
    @CsvSource({
        "WS_MSQ, 1, 1, 1", "WS_MSQ, 3, 2, 1", "WS_MSQ, 4, 4, 1",
        "WS_LIFO, 1, 1, 1", "WS_LIFO, 3, 2, 1", "WS_LIFO, 4, 4, 1",
        "CONC_BAG, 1, 1, 1", "CONC_BAG, 1, 3, 4", "CONC_BAG, 3, 2, 1", "CONC_BAG, 3, 2, 3", "CONC_BAG, 4, 4, 5"
    })
    void bagModel(ComparisonPools kind, int consumers, int producers, int block) {
        for (long seed = 0; seed < 40; seed++) {
            ComparisonPools.Pool pool = kind.create(consumers, producers, block);
            SplittableRandom rnd = new SplittableRandom(seed * 7919 + consumers);
            Set<Long> model = new HashSet<>();
            long next = 1;
            for (int op = 0; op < 3000; op++) {
                if (rnd.nextInt(10) < 5) {
                    long t = next++;
                    assertTrue(pool.producer().apply(rnd.nextInt(producers)).put(t));
                    model.add(t);
                } else {
                    Long t = pool.consumer().apply(rnd.nextInt(consumers)).get();
                    if (model.isEmpty()) {
                        assertNull(t, "get on an empty pool");
                    } else {
                        assertNotNull(t, "get returned null with " + model.size() + " tasks in the pool");
                        assertTrue(model.remove(t), "task " + t + " taken twice or never put");
                    }
                }
            }
            while (!model.isEmpty()) {
                Long t = pool.consumer().apply(rnd.nextInt(consumers)).get();
                assertNotNull(t, "get returned null with " + model.size() + " tasks in the pool");
                assertTrue(model.remove(t), "task " + t + " taken twice or never put");
            }
            for (int i = 0; i < consumers; i++) {
                assertNull(pool.consumer().apply(i).get());
            }
        }
    }

    @ParameterizedTest(name = "{0} producers={1} block={2}")
    @CsvSource({"WS_MSQ, 1, 1", "WS_MSQ, 3, 1", "WS_LIFO, 1, 1", "WS_LIFO, 3, 1", "CONC_BAG, 1, 1",
        "CONC_BAG, 1, 7", "CONC_BAG, 1, 128"})
    void containerOrderWithOneConsumer(ComparisonPools kind, int producers, int block) {
        ComparisonPools.Pool pool = kind.create(1, producers, block);
        SplittableRandom rnd = new SplittableRandom(producers * 31L + block);
        ArrayDeque<Long> model = new ArrayDeque<>();
        long next = 0;
        for (int op = 0; op < 20_000; op++) {
            if (rnd.nextInt(100) < 52) {
                long t = next++;
                pool.producer().apply(rnd.nextInt(producers)).put(t);
                model.addLast(t);
            } else {
                Long t = pool.consumer().apply(0).get();
                if (model.isEmpty()) {
                    assertNull(t);
                } else {
                    Long expected = kind == ComparisonPools.WS_LIFO ? model.pollLast() : model.pollFirst();
                    assertEquals(expected, t, kind + " order");
                }
            }
        }
    }
}
