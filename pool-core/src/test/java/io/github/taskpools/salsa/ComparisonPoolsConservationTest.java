package io.github.taskpools.salsa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.taskpools.api.TaskPool;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Conservation stress of the comparison pools of §6.2: producers put tasks {@code 1..n} through
 * thread-bound handles while consumers get, with random stalls everywhere and, in the crash cases,
 * a consumer that stops for good early (its queue's tasks must be stolen by the others). Every task
 * must be taken exactly once (per-consumer bit sets merged, sums compared). A consumer stops when
 * the producers are done and get returns null: with no put running, a null of these pools means
 * empty (tasks never move between their containers, and each container was seen empty after the
 * last put).
 */
class ComparisonPoolsConservationTest {

    @ParameterizedTest(name = "{0} consumers={1} producers={2} block={3} crash={4}")
    @CsvSource({
        "WS_MSQ, 2, 2, 1, false", "WS_MSQ, 3, 2, 1, true", "WS_MSQ, 4, 3, 1, false",
        "WS_LIFO, 2, 2, 1, false", "WS_LIFO, 3, 2, 1, true", "WS_LIFO, 4, 3, 1, false",
        "CONC_BAG, 2, 2, 128, false", "CONC_BAG, 3, 2, 3, true", "CONC_BAG, 4, 3, 1, false"
    })
    void everyTaskExactlyOnce(ComparisonPools kind, int consumers, int producers, int block, boolean crash)
            throws InterruptedException {
        int tasks = 150_000;
        TaskPool<Long> pool = kind.create(consumers, producers, block).pool();
        AtomicInteger producing = new AtomicInteger(producers);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        BitSet[] taken = new BitSet[consumers];
        long[] sums = new long[consumers];
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        for (int j = 0; j < producers; j++) {
            int id = j;
            threads.add(new Thread(() -> {
                TaskPool.Producer<Long> me = pool.producer();
                SplittableRandom rnd = new SplittableRandom(id * 1_000_003L + block);
                try {
                    start.await();
                    for (long t = id + 1; t <= tasks; t += producers) {
                        assertTrue(me.put(t));
                        if (rnd.nextInt(64) == 0) {
                            stall(rnd);
                        }
                    }
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                } finally {
                    producing.decrementAndGet();
                }
            }, "producer-" + j));
        }
        for (int i = 0; i < consumers; i++) {
            int id = i;
            taken[i] = new BitSet(tasks + 1);
            threads.add(new Thread(() -> {
                TaskPool.Consumer<Long> me = pool.consumer();
                SplittableRandom rnd = new SplittableRandom(id * 7_777_777L + block);
                BitSet mine = taken[id];
                long sum = 0;
                long count = 0;
                try {
                    start.await();
                    while (true) {
                        boolean done = producing.get() == 0;
                        Long t = me.get();
                        if (t == null) {
                            if (done) {
                                break;
                            }
                            Thread.onSpinWait();
                            continue;
                        }
                        if (mine.get(t.intValue())) {
                            throw new AssertionError("consumer " + id + " took task " + t + " twice");
                        }
                        mine.set(t.intValue());
                        sum += t;
                        count++;
                        if (crash && id == 0 && count == tasks / (4L * consumers)) {
                            break; // stops for good: the others must steal what is left in its queue
                        }
                        if (rnd.nextInt(256) == 0) {
                            stall(rnd);
                        }
                    }
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
                sums[id] = sum;
            }, "consumer-" + i));
        }
        threads.forEach(Thread::start);
        start.countDown();
        for (Thread t : threads) {
            t.join(TimeUnit.SECONDS.toMillis(60));
            assertFalse(t.isAlive(), t.getName() + " did not finish");
        }
        if (failure.get() != null) {
            throw new AssertionError("a thread failed", failure.get());
        }
        BitSet all = new BitSet(tasks + 1);
        long sum = 0;
        for (int i = 0; i < consumers; i++) {
            BitSet overlap = (BitSet) all.clone();
            overlap.and(taken[i]);
            assertTrue(overlap.isEmpty(), "tasks taken twice: " + overlap);
            all.or(taken[i]);
            sum += sums[i];
        }
        assertEquals(tasks, all.cardinality(), "tasks lost, first: " + all.nextClearBit(1));
        assertEquals((long) tasks * (tasks + 1) / 2, sum, "checksum");
    }

    private static void stall(SplittableRandom rnd) {
        switch (rnd.nextInt(3)) {
            case 0 -> Thread.yield();
            case 1 -> LockSupport.parkNanos(rnd.nextInt(50_000));
            default -> {
                long until = System.nanoTime() + rnd.nextInt(20_000);
                while (System.nanoTime() < until) {
                    Thread.onSpinWait();
                }
            }
        }
    }
}
