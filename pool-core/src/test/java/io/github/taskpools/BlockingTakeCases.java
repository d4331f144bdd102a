package io.github.taskpools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.taskpools.api.TaskPool;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BiFunction;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link TaskPool.Consumer#take()} and {@link TaskPool.Consumer#poll(long, TimeUnit)} on every
 * task pool: a blocked consumer wakes on a put, times out, answers an interrupt, burns no CPU while
 * it waits, and many consumers taking while producers put (with random stalls) get every task
 * exactly once, with timed polls and with takes that block for good.
 *
 * <p>The cases; {@code BlockingTakeTest} here and in pool-baselines give the pools
 * ({@code pools()}, made with {@link #pool}).
 */
public abstract class BlockingTakeCases {

    /** An argument of {@code pools()}: a name and a factory of a pool of (consumers, producers). */
    protected static Arguments pool(String name, BiFunction<Integer, Integer, TaskPool<Long>> make) {
        return Arguments.of(name, make);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("pools")
    void aBlockedTakeWakesOnAPut(String name, BiFunction<Integer, Integer, TaskPool<Long>> make) throws Exception {
        TaskPool<Long> pool = make.apply(1, 1);
        AtomicReference<Object> got = new AtomicReference<>();
        CountDownLatch started = new CountDownLatch(1);
        Thread consumer = new Thread(() -> {
            TaskPool.Consumer<Long> c = pool.consumer();
            started.countDown();
            try {
                got.set(c.take());
            } catch (InterruptedException e) {
                got.set(e);
            }
        });
        consumer.start();
        started.await();
        while (consumer.getState() != Thread.State.WAITING) { // parked in take
            assertTrue(consumer.isAlive(), name + ": take returned on an empty pool: " + got.get());
            Thread.onSpinWait();
        }
        assertTrue(pool.producer().put(42L));
        consumer.join(10_000);
        assertFalse(consumer.isAlive(), name + ": the put did not wake the blocked take");
        assertEquals(42L, got.get(), name);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("pools")
    void pollTimesOutAndTakeAnswersAnInterrupt(String name, BiFunction<Integer, Integer, TaskPool<Long>> make)
            throws Exception {
        TaskPool<Long> pool = make.apply(2, 1);
        TaskPool.Consumer<Long> c = pool.consumer();
        assertNull(c.poll(0, TimeUnit.MILLISECONDS), name);
        long t0 = System.nanoTime();
        assertNull(c.poll(30, TimeUnit.MILLISECONDS), name);
        assertTrue(System.nanoTime() - t0 >= TimeUnit.MILLISECONDS.toNanos(30), name + ": poll returned early");
        Thread.currentThread().interrupt();
        assertThrows(InterruptedException.class, c::take, name + ": an interrupt on entry");
        assertFalse(Thread.interrupted());
        pool.producer().put(7L);
        assertEquals(7L, c.poll(1, TimeUnit.SECONDS), name + ": a task already there");

        AtomicReference<Object> outcome = new AtomicReference<>();
        Thread consumer = new Thread(() -> {
            try {
                outcome.set(pool.consumer().take());
            } catch (InterruptedException e) {
                outcome.set(e);
            }
        });
        consumer.start();
        while (consumer.getState() != Thread.State.WAITING) {
            Thread.onSpinWait();
        }
        consumer.interrupt();
        consumer.join(10_000);
        assertTrue(outcome.get() instanceof InterruptedException, name + ": " + outcome.get());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("pools")
    void aBlockedTakeBurnsNoCpu(String name, BiFunction<Integer, Integer, TaskPool<Long>> make) throws Exception {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        TaskPool<Long> pool = make.apply(1, 1);
        Thread consumer = new Thread(() -> {
            try {
                pool.consumer().take();
            } catch (InterruptedException e) {
                // the end of the test
            }
        });
        consumer.start();
        while (consumer.getState() != Thread.State.WAITING) {
            Thread.onSpinWait();
        }
        long cpu0 = threads.getThreadCpuTime(consumer.getId());
        Thread.sleep(200);
        long cpu = threads.getThreadCpuTime(consumer.getId()) - cpu0;
        consumer.interrupt();
        consumer.join(10_000);
        assertTrue(cpu < TimeUnit.MILLISECONDS.toNanos(20), name + ": " + cpu + " ns of CPU in 200 ms blocked");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("pools")
    void takersGetEveryTaskExactlyOnce(String name, BiFunction<Integer, Integer, TaskPool<Long>> make)
            throws Exception {
        int producers = 2;
        int consumers = 2;
        int perProducer = 20_000;
        TaskPool<Long> pool = make.apply(consumers, producers);
        long total = (long) producers * perProducer;
        BitSet seen = new BitSet();
        AtomicLong taken = new AtomicLong();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        List<Thread> threads = new ArrayList<>();
        for (int p = 0; p < producers; p++) {
            threads.add(putter(pool, p, perProducer, failure));
        }
        for (int c = 0; c < consumers; c++) {
            int id = c;
            threads.add(new Thread(() -> {
                TaskPool.Consumer<Long> h = pool.consumer();
                SplittableRandom r = new SplittableRandom(100 + id);
                try {
                    while (taken.get() < total) {
                        Long t = h.poll(20, TimeUnit.MILLISECONDS); // the last takers must notice the end
                        if (t == null) {
                            continue;
                        }
                        taken.incrementAndGet();
                        synchronized (seen) {
                            if (seen.get(t.intValue())) {
                                failure.compareAndSet(null, new AssertionError("task " + t + " taken twice"));
                            }
                            seen.set(t.intValue());
                        }
                        if (r.nextInt(2000) == 0) {
                            LockSupport.parkNanos(r.nextInt(200_000));
                        }
                    }
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            }));
        }
        threads.forEach(Thread::start);
        for (Thread t : threads) {
            t.join(60_000);
            assertFalse(t.isAlive(), name + ": a thread is stuck");
        }
        if (failure.get() != null) {
            throw new AssertionError(name, failure.get());
        }
        assertEquals(total, taken.get(), name);
        assertEquals(total, seen.cardinality(), name + ": every task taken once");
    }

    /**
     * Consumers that block in {@code take()} with no timeout (a lost wake-up is a hang here, where the
     * timed polls above only wait 20 ms longer): two producers put with random stalls, two consumers
     * take until each gets a stop task, put once every task is taken. Found a taker parked for good
     * in {@code internal.Waiters} (a producer's wake taking a consumer off the queue that then parked
     * again on an epoch it had already read moved): with ten rounds a pool, ConcBagPool hung.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("pools")
    void blockedTakersGetEveryTaskAndTheirStopTask(String name, BiFunction<Integer, Integer, TaskPool<Long>> make) {
        assertTimeoutPreemptively(Duration.ofSeconds(120), () -> {
            for (int round = 0; round < 30; round++) {
                blockedTakersRound(name + ", round " + round, make.apply(2, 3));
            }
        }, name + ": a taker blocked for good");
    }

    private static void blockedTakersRound(String name, TaskPool<Long> pool) throws InterruptedException {
        int producers = 2;
        int consumers = 2;
        int perProducer = 20_000;
        long total = (long) producers * perProducer;
        AtomicLongArray seen = new AtomicLongArray((int) total);
        AtomicLong taken = new AtomicLong();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        List<Thread> takers = new ArrayList<>();
        for (int c = 0; c < consumers; c++) {
            takers.add(new Thread(() -> {
                TaskPool.Consumer<Long> h = pool.consumer();
                try {
                    for (long t; (t = h.take()) >= 0; ) {
                        seen.incrementAndGet((int) t);
                        taken.incrementAndGet();
                    }
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            }));
        }
        takers.forEach(Thread::start);
        List<Thread> putters = new ArrayList<>();
        for (int p = 0; p < producers; p++) {
            putters.add(putter(pool, p, perProducer, failure));
        }
        putters.forEach(Thread::start);
        for (Thread t : putters) {
            t.join();
        }
        while (taken.get() < total && failure.get() == null) {
            Thread.sleep(1);
        }
        TaskPool.Producer<Long> stopper = pool.producer();
        for (int c = 0; c < consumers; c++) {
            assertTrue(stopper.put(-1L), name + ": stop task refused");
        }
        for (Thread t : takers) {
            t.join();
        }
        if (failure.get() != null) {
            throw new AssertionError(name, failure.get());
        }
        for (int i = 0; i < total; i++) {
            assertEquals(1, seen.get(i), name + ": task " + i + " taken once");
        }
    }

    /**
     * A producer thread (not started) putting tasks {@code id * perProducer} to
     * {@code (id + 1) * perProducer - 1}, with random stalls that let the consumers go to sleep.
     */
    private static Thread putter(TaskPool<Long> pool, int id, int perProducer, AtomicReference<Throwable> failure) {
        return new Thread(() -> {
            TaskPool.Producer<Long> h = pool.producer();
            SplittableRandom r = new SplittableRandom(id);
            for (long i = 0; i < perProducer; i++) {
                if (!h.put(id * (long) perProducer + i)) {
                    failure.compareAndSet(null, new AssertionError("put refused"));
                    return;
                }
                if (r.nextInt(2000) == 0) {
                    LockSupport.parkNanos(r.nextInt(200_000)); // a stall: consumers go to sleep
                }
            }
        });
    }
}
