package io.github.taskpools.salsa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.github.taskpools.api.Topology;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Linearizable emptiness (§5.5): get may return null only if the pool was empty at some point
 * during the call. The pool starts with one task and every thread, a producer and a consumer at
 * once, puts a task before each get, so at every instant the pool holds at least one task and
 * every get must return one. Thread i puts through the producer whose access list starts at consumer
 * i + 1, so most gets steal. Small chunks make tasks move between pools all the time (steals,
 * chunks emptied under a traversal), the situations of Figure 3 in which a single traversal
 * would wrongly report the pool empty. A null from get fails the test.
 */
class SalsaEmptinessTest {

    @ParameterizedTest(name = "threads={0} chunk={1} fence={2} SALSA+CAS={3}")
    @CsvSource({"2, 1, ASYMMETRIC, false", "3, 1, FULL, false", "3, 2, ASYMMETRIC, false", "4, 3, FULL, false",
        "2, 1, FULL, true", "3, 2, FULL, true"})
    void getNeverReportsEmptyWhileATaskIsAlwaysThere(int threads, int chunk, FenceMode fence, boolean cas)
            throws InterruptedException {
        int rounds = 60_000;
        SalsaPool<Long> pool = SalsaPool.builder(threads, threads + 1).chunkSize(chunk).chunkPoolCapacity(2)
                .fence(fence).consumeByCas(cas).topology(Topology.evenlySplit(2, 2)).build();
        pool.producer(threads).put(0L); // the task that is always there
        AtomicReference<Throwable> failure = new AtomicReference<>();
        AtomicLong nulls = new AtomicLong();
        AtomicLong checksum = new AtomicLong();
        CountDownLatch start = new CountDownLatch(1);
        CountDownLatch finished = new CountDownLatch(threads);
        AtomicReference<Long> last = new AtomicReference<>();
        AtomicReference<Long> afterLast = new AtomicReference<>(-1L);
        List<Thread> all = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            int id = i;
            all.add(new Thread(() -> {
                // puts into the next consumer's pool, so gets steal all the time; unbound handle, this thread only
                SalsaPool<Long>.ProducerHandle out = pool.producer((id + 1) % threads);
                SalsaPool<Long>.ConsumerHandle in = pool.consumer();
                SplittableRandom rnd = new SplittableRandom(id);
                long sum = 0;
                try {
                    start.await();
                    for (int r = 1; r <= rounds; r++) {
                        long t = (long) r * threads + id;
                        out.put(t);
                        sum += t;
                        Long got = in.get();
                        if (got == null) {
                            nulls.incrementAndGet();
                        } else {
                            sum -= got;
                        }
                        if (rnd.nextInt(512) == 0) {
                            Thread.yield();
                        }
                    }
                    checksum.addAndGet(sum);
                    finished.countDown();
                    if (id == 0) { // the last task, taken once every thread is done
                        finished.await();
                        last.set(in.get());
                        afterLast.set(in.get());
                    }
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            }, "worker-" + i));
        }
        all.forEach(Thread::start);
        start.countDown();
        for (Thread t : all) {
            t.join(TimeUnit.SECONDS.toMillis(60));
            assertFalse(t.isAlive(), t.getName() + " did not finish");
        }
        if (failure.get() != null) {
            throw new AssertionError("a thread failed", failure.get());
        }
        assertEquals(0, nulls.get(), "get returned null while the pool held a task");
        // what is left is exactly the sum of tasks put and not taken: one task
        assertEquals(checksum.get(), last.get(), "the one task left");
        assertNull(afterLast.get());
    }
}
