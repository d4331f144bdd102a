package io.github.taskpools.salsa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.taskpools.api.Topology;
import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Sequential model tests: random sequences of put, produce, produceForce, get, consume, steal and
 * checkEmpty on one thread, against a model. Sequentially SALSA must behave as a bag: get returns
 * null exactly when the bag is empty, every task comes out once; with one consumer that never
 * steals it is FIFO per producer (a producer fills its chunks in order, the consumer drains a chunk
 * before it moves on). Tiny chunks and chunk pools make every sequence wrap through many chunk
 * reuses (a new ownership epoch, tag and generation each time) and steals of partly taken chunks.
 * The same for SALSA+CAS (§6.2), where steals take single tasks and finished chunks are replaced.
 */
class SalsaSequentialModelTest {

    @ParameterizedTest(name = "consumers={0} producers={1} chunk={2} fence={3} SALSA+CAS={4}")
    @CsvSource({
        "1, 1, 1, FULL, false", "1, 3, 4, ASYMMETRIC, false", "3, 2, 1, FULL, false", "3, 2, 3, ASYMMETRIC, false",
        "2, 1, 7, FULL, false", "4, 3, 2, ASYMMETRIC, false", "4, 4, 5, FULL, false",
        "1, 1, 1, FULL, true", "3, 2, 1, FULL, true", "3, 2, 3, FULL, true", "4, 3, 2, FULL, true",
        "2, 1, 7, FULL, true"
    })
    void bagModel(int consumers, int producers, int chunk, FenceMode fence, boolean cas) {
        for (long seed = 0; seed < 40; seed++) {
            SalsaPool<Long> pool = SalsaPool.builder(consumers, producers).chunkSize(chunk).chunkPoolCapacity(2)
                    .fence(fence).consumeByCas(cas).topology(Topology.evenlySplit(2, 2)).build();
            SplittableRandom rnd = new SplittableRandom(seed * 7919 + consumers);
            Set<Long> model = new HashSet<>();
            long next = 1;
            int reusedSeen = 0;
            for (int op = 0; op < 3000; op++) {
                int kind = rnd.nextInt(10);
                int p = rnd.nextInt(producers);
                int c = rnd.nextInt(consumers);
                if (kind < 4) {
                    long t = next++;
                    switch (rnd.nextInt(3)) {
                        case 0 -> assertTrue(pool.producer(p).put(t));
                        case 1 -> {
                            if (!pool.producer(p).produce(rnd.nextInt(consumers), t)) {
                                continue;
                            }
                        }
                        default -> pool.producer(p).produceForce(rnd.nextInt(consumers), t);
                    }
                    model.add(t);
                } else if (kind < 7) {
                    Long t = pool.consumer(c).get();
                    if (model.isEmpty()) {
                        assertNull(t, "get on an empty pool");
                    } else {
                        assertNotNull(t, "get returned null with " + model.size() + " tasks in the pool");
                        assertTrue(model.remove(t), "task " + t + " taken twice or never put");
                    }
                } else if (kind < 8) {
                    Long t = pool.consumer(c).consume();
                    if (t != null) {
                        assertTrue(model.remove(t), "task " + t + " taken twice or never put");
                    }
                } else if (kind < 9 && consumers > 1) {
                    int v = (c + 1 + rnd.nextInt(consumers - 1)) % consumers;
                    Long t = pool.consumer(c).steal(v);
                    if (t != null) {
                        assertTrue(model.remove(t), "task " + t + " taken twice or never put");
                    }
                } else {
                    assertEquals(model.isEmpty(), pool.consumer(c).checkEmpty(), "checkEmpty");
                }
                for (int i = 0; i < consumers; i++) {
                    reusedSeen += pool.spareChunks(i);
                }
            }
            while (!model.isEmpty()) {
                Long t = pool.consumer(rnd.nextInt(consumers)).get();
                assertNotNull(t, "get returned null with " + model.size() + " tasks in the pool");
                assertTrue(model.remove(t), "task " + t + " taken twice or never put");
            }
            for (int i = 0; i < consumers; i++) {
                assertNull(pool.consumer(i).get());
                assertTrue(pool.consumer(i).checkEmpty());
            }
            assertTrue(reusedSeen > 0, "no chunk ever went back to a chunk pool");
        }
    }

    @ParameterizedTest(name = "producers={0} chunk={1} SALSA+CAS={2}")
    @CsvSource({"1, 1, false", "1, 5, false", "3, 1, false", "3, 4, false", "2, 1000, false", "1, 1, true",
        "3, 4, true", "2, 1000, true"})
    void fifoPerProducerWithOneConsumer(int producers, int chunk, boolean cas) {
        SalsaPool<Long> pool = SalsaPool.builder(1, producers).chunkSize(chunk).chunkPoolCapacity(1)
                .consumeByCas(cas).topology(Topology.evenlySplit(1, 1)).build();
        SplittableRandom rnd = new SplittableRandom(producers * 31L + chunk);
        @SuppressWarnings("unchecked")
        ArrayDeque<Long>[] fifo = new ArrayDeque[producers];
        for (int i = 0; i < producers; i++) {
            fifo[i] = new ArrayDeque<>();
        }
        long next = 0;
        int outstanding = 0;
        for (int op = 0; op < 20_000; op++) {
            if (rnd.nextInt(100) < 52) {
                int p = rnd.nextInt(producers);
                long t = next++ * producers + p; // the producer is t mod producers
                pool.producer(p).put(t);
                fifo[p].add(t);
                outstanding++;
            } else {
                Long t = pool.consumer(0).get();
                if (outstanding == 0) {
                    assertNull(t);
                } else {
                    assertNotNull(t);
                    assertEquals(fifo[(int) (t % producers)].poll(), t, "not FIFO for its producer");
                    outstanding--;
                }
            }
        }
    }
}
