package io.github.taskpools.salsa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
 * Conservation stress: producers put tasks {@code 1..n} while consumers get, with random stalls
 * injected everywhere, including consumers that sleep while they own chunks and one that stops for
 * good halfway (its tasks must still come out, stolen by the others: §4, "tasks are not lost in
 * case they are inserted into the SCPool of a crashed (or very slow) consumer"). Every task must
 * be taken exactly once: each consumer records what it took in its own bit set, the merge fails
 * on a task taken twice or never, and the sums of the task values are compared as a second check.
 * A consumer stops when the producers are done and get returns null, which, being linearizable,
 * means every task was taken.
 */
class SalsaConservationTest {

    @ParameterizedTest(name = "consumers={0} producers={1} chunk={2} fence={3} crash={4} SALSA+CAS={5}")
    @CsvSource({
        "2, 2, 1000, ASYMMETRIC, false, false",
        "2, 2, 1000, FULL, false, false",
        "3, 2, 16, ASYMMETRIC, true, false",
        "3, 2, 16, FULL, true, false",
        "2, 1, 3, ASYMMETRIC, true, false",
        "4, 3, 64, FULL, false, false",
        "4, 3, 1, ASYMMETRIC, false, false",
        "2, 2, 1000, FULL, false, true",
        "3, 2, 16, FULL, true, true",
        "4, 3, 1, FULL, false, true"
    })
    void everyTaskExactlyOnce(int consumers, int producers, int chunk, FenceMode fence, boolean crash, boolean cas)
            throws InterruptedException {
        int tasks = 150_000;
        SalsaPool<Long> pool = SalsaPool.builder(consumers, producers).chunkSize(chunk).chunkPoolCapacity(4)
                .fence(fence).consumeByCas(cas).topology(NumaTopology.synthetic(2, 2)).build();
        AtomicInteger producing = new AtomicInteger(producers);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        BitSet[] taken = new BitSet[consumers];
        long[] sums = new long[consumers];
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        for (int j = 0; j < producers; j++) {
            int id = j;
            threads.add(new Thread(() -> {
                SalsaPool<Long>.ProducerHandle me = pool.producer();
                SplittableRandom rnd = new SplittableRandom(id * 1_000_003L + chunk);
                try {
                    start.await();
                    for (long t = id + 1; t <= tasks; t += producers) {
                        me.put(t);
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
                SalsaPool<Long>.ConsumerHandle me = pool.consumer();
                SplittableRandom rnd = new SplittableRandom(id * 7_777_777L + chunk);
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
                                // Every task is taken; one more scan of this pool's lists clears
                                // any node left dead by a steal that raced a retirement (§5.4).
                                if (me.consume() != null) {
                                    throw new AssertionError("consumer " + id + " got a task after an empty get");
                                }
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
                            break; // crashes holding chunks: the others must steal them
                        }
                        if (rnd.nextInt(256) == 0) {
                            stall(rnd);
                        }
                        if (id == consumers - 1 && rnd.nextInt(20_000) == 0) {
                            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5)); // sleeps owning chunks
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
        for (int i = crash ? 1 : 0; i < consumers; i++) { // a crashed consumer scans nothing more
            assertEquals(0, pool.deadCells(i), "consumer " + i + "'s lists keep dead nodes holding chunks");
        }
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
