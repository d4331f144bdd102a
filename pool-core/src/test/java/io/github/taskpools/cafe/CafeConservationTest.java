package io.github.taskpools.cafe;

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
 * Conservation stress: P producers put disjoint ranges of task numbers while C consumers get, with
 * random stalls (yields, parks, spins) on every side, so puts land in trees the consumers have
 * passed (moveGTBack), consumers move GT while producers move it back, and trees are appended
 * under contention. Every task must be got exactly once: each consumer records what it got in its
 * own bit set, the merge fails on a task got twice or never, and the sums are compared. A consumer
 * stops only after a get that started once every producer had finished returned null (Theorem 1:
 * then every task has been got).
 */
class CafeConservationTest {

    @ParameterizedTest(name = "h={0} k={1} producers={2} consumers={3}")
    @CsvSource({
        "0,1,1,1", "0,1,2,2", "1,1,2,2", "1,1,3,1", "1,2,1,3", "2,1,2,2", "3,3,2,2", "5,1,3,3",
        "8,3,2,2", "12,3,2,2", "12,1,1,3"})
    void everyTaskIsGotExactlyOnce(int h, int k, int producers, int consumers) throws Exception {
        int perProducer = 150_000 / producers;
        int tasks = perProducer * producers;
        CafePool<Integer> pool = CafePool.builder().height(h).k(k).seed(h * 131L + producers).build();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        AtomicInteger producing = new AtomicInteger(producers);
        BitSet[] got = new BitSet[consumers];
        long[] sums = new long[consumers];
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        for (int p = 0; p < producers; p++) {
            int first = 1 + p * perProducer;
            long seed = h * 7919L + p;
            threads.add(new Thread(() -> {
                try {
                    CafePool<Integer>.Handle me = pool.producer();
                    SplittableRandom rnd = new SplittableRandom(seed);
                    start.await();
                    for (int t = first; t < first + perProducer; t++) {
                        assertTrue(me.put(t));
                        stall(rnd);
                    }
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                } finally {
                    producing.decrementAndGet();
                }
            }, "producer-" + p));
        }
        for (int c = 0; c < consumers; c++) {
            int id = c;
            threads.add(new Thread(() -> {
                BitSet mine = new BitSet(tasks + 1);
                long sum = 0;
                try {
                    CafePool<Integer>.Handle me = pool.consumer();
                    SplittableRandom rnd = new SplittableRandom(h * 104_729L + id);
                    start.await();
                    while (true) {
                        boolean allPut = producing.get() == 0;
                        Integer t = me.get();
                        if (t == null) {
                            if (allPut) {
                                break;
                            }
                            Thread.onSpinWait();
                            continue;
                        }
                        assertFalse(mine.get(t), "task " + t + " got twice by one consumer");
                        mine.set(t);
                        sum += t;
                        stall(rnd);
                    }
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                } finally {
                    got[id] = mine;
                    sums[id] = sum;
                }
            }, "consumer-" + c));
        }
        threads.forEach(Thread::start);
        start.countDown();
        for (Thread t : threads) {
            t.join(TimeUnit.MINUTES.toMillis(2));
            assertFalse(t.isAlive(), t.getName() + " did not finish");
        }
        if (failure.get() != null) {
            throw new AssertionError("a thread failed", failure.get());
        }
        BitSet all = new BitSet(tasks + 1);
        long sum = 0;
        for (int c = 0; c < consumers; c++) {
            BitSet twice = (BitSet) all.clone();
            twice.and(got[c]);
            assertTrue(twice.isEmpty(), "task got twice: " + twice.nextSetBit(0));
            all.or(got[c]);
            sum += sums[c];
        }
        assertEquals(tasks, all.cardinality(), "tasks lost, first: " + all.nextClearBit(1));
        assertEquals((long) tasks * (tasks + 1) / 2, sum, "checksum");
        CafePool.Stats s = pool.stats();
        assertEquals(tasks, s.puts());
        assertEquals(tasks, s.gets());
        System.out.printf("conservation h=%d k=%d %dP/%dC: %d tasks, %d trees appended, GT moved back %d times, "
                        + "%.4f CAS failures per operation (put %d, get %d), %d empty gets%n",
                h, k, producers, consumers, tasks, s.treesAppended(), s.gtMovedBack(),
                s.casFailuresPerOperation(), s.putCasFailures(), s.getCasFailures(), s.emptyGets());
    }

    /** Random stalls: mostly none, sometimes a yield or a short spin, rarely a park up to 50 us. */
    private static void stall(SplittableRandom rnd) {
        int r = rnd.nextInt(1000);
        if (r < 10) {
            Thread.yield();
        } else if (r < 12) {
            LockSupport.parkNanos(1 + rnd.nextInt(50_000));
        } else if (r < 50) {
            for (int i = rnd.nextInt(200); i > 0; i--) {
                Thread.onSpinWait();
            }
        }
    }
}
