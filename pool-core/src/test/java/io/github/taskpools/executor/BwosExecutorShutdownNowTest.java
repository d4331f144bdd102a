package io.github.taskpools.executor;

import static io.github.taskpools.executor.ExecutorTestSupport.LONG_WAIT_MS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link BwosExecutor#shutdownNow()} returns every accepted task that never started: accepted =
 * ran + returned, exactly, per task. Submitters outside the pool call {@code execute} and {@code
 * submit} while tasks submit more from inside (into their worker's FIFO queue) and workers move
 * batches into their inboxes; {@code shutdownNow} comes at a random moment. Each task has an id;
 * a task counts as accepted when its {@code execute}/{@code submit} returned, as run when its body
 * started, as returned when {@code shutdownNow}'s list holds its {@code Runnable} (for {@code
 * execute}) or its future (for {@code submit}).
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class BwosExecutorShutdownNowTest {
    private static final int MAX_IDS = 1 << 20;

    /** One trial's ledger. */
    static final class Ledger {
        final AtomicIntegerArray attempted = new AtomicIntegerArray(MAX_IDS);
        final AtomicIntegerArray rejected = new AtomicIntegerArray(MAX_IDS);
        final AtomicIntegerArray ran = new AtomicIntegerArray(MAX_IDS);
        final AtomicIntegerArray returned = new AtomicIntegerArray(MAX_IDS);
        final ConcurrentHashMap<Future<?>, Integer> futures = new ConcurrentHashMap<>();
        final AtomicInteger nextId = new AtomicInteger();
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        volatile boolean stop;
    }

    /** A task given to execute: its id, so that shutdownNow's list can be checked. */
    static final class Job implements Runnable {
        final int id;
        final Ledger ledger;
        final BwosExecutor pool;

        Job(int id, Ledger ledger, BwosExecutor pool) {
            this.id = id;
            this.ledger = ledger;
            this.pool = pool;
        }

        @Override
        public void run() {
            ledger.ran.incrementAndGet(id);
            ThreadLocalRandom r = ThreadLocalRandom.current();
            if (r.nextInt(8) == 0) {
                LockSupport.parkNanos(r.nextInt(20_000)); // a random stall
            }
            if (r.nextInt(3) == 0) {
                int n = 1 + r.nextInt(4); // submissions from inside the pool
                for (int i = 0; i < n; i++) {
                    submit(pool, ledger, r.nextBoolean());
                }
            }
        }
    }

    /** Submits one task through execute or submit; false once the pool rejects. */
    static boolean submit(BwosExecutor pool, Ledger ledger, boolean viaExecute) {
        int id = ledger.nextId.getAndIncrement();
        if (id >= MAX_IDS) {
            return false;
        }
        ledger.attempted.incrementAndGet(id);
        try {
            if (viaExecute) {
                pool.execute(new Job(id, ledger, pool));
            } else {
                Job body = new Job(id, ledger, pool);
                Future<?> f = pool.submit(body);
                ledger.futures.put(f, id);
            }
            return true;
        } catch (RejectedExecutionException e) {
            ledger.rejected.incrementAndGet(id);
            return false;
        }
    }

    /** Totals of one configuration, over its trials. */
    static final class Totals {
        long accepted;
        long ran;
        long returned;
        long lost;
    }

    @ParameterizedTest(name = "{0} workers")
    @ValueSource(ints = {1, 2, 8})
    void everyAcceptedTaskRunsOrIsReturned(int workers) throws Exception {
        Totals totals = new Totals();
        for (int trial = 0; trial < 12; trial++) {
            trial(workers, 4, totals);
        }
        System.out.printf("shutdownNow conservation, %d workers, 12 trials: accepted %d = ran %d + returned %d; lost %d%n",
                workers, totals.accepted, totals.ran, totals.returned, totals.lost);
        assertEquals(0, totals.lost);
        assertEquals(totals.accepted, totals.ran + totals.returned);
        assertTrue(totals.returned > 0, "no trial stopped with queued tasks: the test did not test shutdownNow's list");
    }

    private static void trial(int workers, int submitters, Totals totals) throws Exception {
        BwosExecutor pool = BwosExecutor.builder().parallelism(workers).build();
        Ledger ledger = new Ledger();
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        for (int s = 0; s < submitters; s++) {
            Thread t = new Thread(() -> {
                try {
                    start.await();
                    ThreadLocalRandom r = ThreadLocalRandom.current();
                    while (!ledger.stop && submit(pool, ledger, r.nextBoolean())) {
                        if (r.nextInt(64) == 0) {
                            Thread.yield();
                        }
                    }
                } catch (Throwable e) {
                    ledger.failure.compareAndSet(null, e);
                }
            });
            t.start();
            threads.add(t);
        }
        start.countDown();
        Thread.sleep(ThreadLocalRandom.current().nextInt(1, 30));
        List<Runnable> never = pool.shutdownNow();
        ledger.stop = true;
        for (Thread t : threads) {
            t.join(LONG_WAIT_MS);
        }
        assertTrue(pool.awaitTermination(LONG_WAIT_MS, TimeUnit.MILLISECONDS), () -> "did not terminate: " + pool);
        assertNull(ledger.failure.get());
        for (Runnable r : never) {
            int id = r instanceof Job ? ((Job) r).id : ledger.futures.getOrDefault((Future<?>) r, -1);
            assertTrue(id >= 0, () -> "shutdownNow returned a task nobody submitted: " + r);
            ledger.returned.incrementAndGet(id);
        }
        int n = Math.min(ledger.nextId.get(), MAX_IDS);
        for (int id = 0; id < n; id++) {
            int a = ledger.attempted.get(id);
            if (a == 0) {
                continue; // an id taken past MAX_IDS
            }
            int ran = ledger.ran.get(id);
            int ret = ledger.returned.get(id);
            if (ledger.rejected.get(id) != 0) {
                assertEquals(0, ran + ret, "rejected task " + id + " ran or was returned");
                continue;
            }
            totals.accepted++;
            totals.ran += ran;
            totals.returned += ret;
            if (ran + ret == 0) {
                totals.lost++;
            }
            assertTrue(ran + ret <= 1, "task " + id + " ran " + ran + " times and was returned " + ret + " times");
        }
    }

    /** One worker, five queued tasks behind a running one: all five come back (20 rounds). */
    @Test
    void queuedTasksBehindABusyWorkerAreReturned() throws Exception {
        int returned = 0;
        for (int round = 0; round < 20; round++) {
            BwosExecutor pool = BwosExecutor.builder().parallelism(1).build();
            CountDownLatch running = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            pool.execute(() -> {
                running.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt(); // shutdownNow's interrupt ends the wait
                }
            });
            running.await();
            AtomicInteger ran = new AtomicInteger();
            for (int i = 0; i < 5; i++) {
                pool.execute(ran::incrementAndGet);
            }
            List<Runnable> never = pool.shutdownNow();
            assertTrue(pool.awaitTermination(LONG_WAIT_MS, TimeUnit.MILLISECONDS));
            assertEquals(5, never.size() + ran.get(), "round " + round + ": returned " + never.size() + ", ran " + ran.get());
            returned += never.size();
        }
        assertEquals(100, returned, "a worker blocked in its task runs none of the queued tasks");
    }
}
