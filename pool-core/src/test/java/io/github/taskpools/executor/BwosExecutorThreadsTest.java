package io.github.taskpools.executor;

import static io.github.taskpools.executor.ExecutorTestSupport.LONG_WAIT_MS;
import static io.github.taskpools.executor.ExecutorTestSupport.awaitTrue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The pool's threads as a user sees them: threads start as work appears (none at {@code build()},
 * never more than parallelism for busy workers), blocked workers are compensated by spare threads
 * up to the builder's bound, spares leave after their keep-alive, and pools terminate whether or
 * not their threads ever started. Each test prints its figures ({@code [threads] ...} lines).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class BwosExecutorThreadsTest {

    /** Samples {@code size} every 100 µs on a thread of its own until closed; keeps the largest value. */
    static final class MaxSampler implements AutoCloseable {
        private final AtomicInteger max = new AtomicInteger();
        private final AtomicBoolean stop = new AtomicBoolean();
        private final Thread thread;

        MaxSampler(IntSupplier size) {
            thread = new Thread(() -> {
                while (!stop.get()) {
                    max.accumulateAndGet(size.getAsInt(), Math::max);
                    try {
                        Thread.sleep(0, 100_000);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }, "pool-size-sampler");
            thread.setDaemon(true);
            thread.start();
        }

        int max() {
            return max.get();
        }

        @Override
        public void close() throws InterruptedException {
            stop.set(true);
            thread.join(LONG_WAIT_MS);
        }
    }

    /** A blocker on a latch, as users write them for {@code ForkJoinPool.managedBlock}. */
    static final class LatchBlocker implements ForkJoinPool.ManagedBlocker {
        final CountDownLatch latch;

        LatchBlocker(CountDownLatch latch) {
            this.latch = latch;
        }

        @Override
        public boolean block() throws InterruptedException {
            latch.await();
            return true;
        }

        @Override
        public boolean isReleasable() {
            return latch.getCount() == 0;
        }
    }

    /** A task that submits a task of depth - 1 to the same pool and waits for it with {@code get()}. */
    static int nest(BwosExecutor pool, int depth) throws Exception {
        return depth == 0 ? 0 : pool.submit(() -> nest(pool, depth - 1)).get() + 1;
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 10, 200})
    void nestedGetOnOneWorkerCompletes(int depth) throws Exception {
        BwosExecutor pool = BwosExecutor.builder().parallelism(1).build();
        try (MaxSampler threads = new MaxSampler(pool::getPoolSize)) {
            assertEquals(depth, pool.submit(() -> nest(pool, depth)).get(LONG_WAIT_MS, TimeUnit.MILLISECONDS));
            int seen = Math.max(threads.max(), pool.getPoolSize());
            System.out.println("[threads] nested get() of depth " + depth + " on 1 worker: largest pool size " + seen);
            assertTrue(seen >= 1 && seen <= 1 + 256, pool::toString);
        } finally {
            ExecutorTestSupport.terminate(pool);
        }
    }

    /**
     * A task that waits, with {@code get()}, for a task submitted from outside after it started:
     * on one worker nothing can help (the other task is not queued yet when the join begins to
     * park), so only a spare thread lets it run.
     */
    @Test
    void getOfATaskSubmittedLaterOnOneWorkerIsCompensated() throws Exception {
        BwosExecutor pool = BwosExecutor.builder().parallelism(1).build();
        try {
            CountDownLatch waiting = new CountDownLatch(1);
            BwosRecursiveTask<Integer> later = new BwosRecursiveTask<>() {
                @Override
                protected Integer compute() {
                    return 42;
                }
            };
            Future<Integer> first = pool.submit(() -> {
                waiting.countDown();
                return later.get() + 1;
            });
            assertTrue(waiting.await(LONG_WAIT_MS, TimeUnit.MILLISECONDS));
            awaitTrue(() -> pool.getBlockedThreadCount() == 1, pool::toString);
            pool.submit(later);
            assertEquals(43, first.get(LONG_WAIT_MS, TimeUnit.MILLISECONDS));
            assertEquals(2, pool.getPoolSize(), "one spare for the blocked worker");
            assertEquals(1, pool.getSpareThreadCount());
        } finally {
            ExecutorTestSupport.terminate(pool);
        }
    }

    /**
     * 1000 tasks each blocked in {@code managedBlock} on one latch: the pool adds a spare for each
     * blocked worker until it holds parallelism + maxSpares threads, all blocked (the latch opens
     * only then), and never more; then every task completes.
     */
    @Test
    void thousandManagedBlocksCompleteWithBoundedThreads() throws Exception {
        int parallelism = 2;
        int maxSpares = 256;
        BwosExecutor pool = BwosExecutor.builder().parallelism(parallelism).maxSpares(maxSpares).build();
        CountDownLatch open = new CountDownLatch(1);
        AtomicInteger started = new AtomicInteger();
        AtomicInteger done = new AtomicInteger();
        try (MaxSampler threads = new MaxSampler(pool::getPoolSize)) {
            List<Future<?>> fs = new ArrayList<>();
            for (int i = 0; i < 1000; i++) {
                fs.add(pool.submit(() -> {
                    started.incrementAndGet();
                    BwosExecutor.managedBlock(new LatchBlocker(open));
                    done.incrementAndGet();
                    return null;
                }));
            }
            int limit = parallelism + maxSpares;
            awaitTrue(() -> started.get() >= limit, () -> started + " started: " + pool);
            // A task counts as started just before it enters managedBlock: wait until the last one
            // is in (it was read as 257 of 258 once, under a loaded verify).
            awaitTrue(() -> pool.getBlockedThreadCount() == limit, () -> "blocked: " + pool);
            assertEquals(limit, pool.getPoolSize(), pool::toString);
            assertEquals(limit, started.get(), pool::toString);
            open.countDown();
            for (Future<?> f : fs) {
                f.get(LONG_WAIT_MS, TimeUnit.MILLISECONDS);
            }
            assertEquals(1000, done.get());
            int seen = Math.max(threads.max(), pool.getPoolSize());
            System.out.println("[threads] 1000 tasks in managedBlock on one latch, parallelism " + parallelism
                    + ", maxSpares " + maxSpares + ": largest pool size " + seen);
            assertTrue(seen <= limit, () -> "pool size " + seen + " beyond parallelism + maxSpares " + limit);
            awaitTrue(() -> pool.getBlockedThreadCount() == 0, pool::toString);
        } finally {
            open.countDown();
            ExecutorTestSupport.terminate(pool);
        }
    }

    /** {@code managedBlock} outside a pool just blocks, and returns at once for a releasable blocker. */
    @Test
    void managedBlockOutsideAPoolJustBlocks() throws Exception {
        CountDownLatch open = new CountDownLatch(1);
        Thread opener = new Thread(() -> {
            sleep(20);
            open.countDown();
        });
        opener.start();
        BwosExecutor.managedBlock(new LatchBlocker(open));
        assertEquals(0, open.getCount());
        BwosExecutor.managedBlock(new LatchBlocker(open));
        opener.join();
    }

    /** CPU-bound tasks, none blocked: the pool never holds more threads than parallelism. */
    @Test
    void noSpareWhileWorkersAreMerelyBusy() throws Exception {
        int parallelism = 2;
        BwosExecutor pool = BwosExecutor.builder().parallelism(parallelism).build();
        try (MaxSampler threads = new MaxSampler(pool::getPoolSize)) {
            List<Future<Long>> fs = new ArrayList<>();
            for (int i = 0; i < 200; i++) {
                fs.add(pool.submit(() -> spin(2_000_000)));
            }
            for (Future<Long> f : fs) {
                f.get(LONG_WAIT_MS, TimeUnit.MILLISECONDS);
            }
            int seen = Math.max(threads.max(), pool.getPoolSize());
            System.out.println("[threads] 200 CPU-bound tasks on parallelism " + parallelism + ": largest pool size " + seen);
            assertTrue(seen <= parallelism, () -> "a spare for busy workers: " + seen);
            assertEquals(0, pool.getSpareThreadCount());
        } finally {
            ExecutorTestSupport.terminate(pool);
        }
    }

    /**
     * Spares leave after the keep-alive once idle, the pool keeps parallelism threads, and spares
     * come back (in the freed slots) when workers block again.
     */
    @Test
    void sparesRetireAfterTheKeepAlive() throws Exception {
        BwosExecutor pool = BwosExecutor.builder().parallelism(1).keepAlive(Duration.ofMillis(50)).build();
        try {
            for (int round = 0; round < 2; round++) {
                CountDownLatch open = new CountDownLatch(1);
                AtomicInteger started = new AtomicInteger();
                List<Future<?>> fs = new ArrayList<>();
                for (int i = 0; i < 5; i++) {
                    fs.add(pool.submit(() -> {
                        started.incrementAndGet();
                        BwosExecutor.managedBlock(new LatchBlocker(open));
                        return null;
                    }));
                }
                awaitTrue(() -> started.get() == 5, pool::toString);
                assertTrue(pool.getPoolSize() >= 5, pool::toString);
                open.countDown();
                for (Future<?> f : fs) {
                    f.get(LONG_WAIT_MS, TimeUnit.MILLISECONDS);
                }
                long t0 = System.nanoTime();
                awaitTrue(() -> pool.getPoolSize() == 1, pool::toString);
                System.out.println("[threads] round " + round + ": 5 or more threads back to 1 in "
                        + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0) + " ms (keep-alive 50 ms)");
                assertEquals(0, pool.getSpareThreadCount());
                assertEquals(7, pool.submit(() -> 7).get(LONG_WAIT_MS, TimeUnit.MILLISECONDS));
            }
        } finally {
            ExecutorTestSupport.terminate(pool);
        }
    }

    /**
     * parallelism(10_000) builds without starting a thread, runs 10^6 tasks, and terminates; a
     * pool of that parallelism whose work needs two threads (pairs of tasks meeting at a barrier)
     * starts about two.
     */
    @Test
    void tenThousandWorkersBuildAtOnceAndStartAsWorkAppears() throws Exception {
        long t0 = System.nanoTime();
        BwosExecutor pool = BwosExecutor.builder().parallelism(10_000).build();
        long buildNanos = System.nanoTime() - t0;
        try {
            System.out.println("[threads] parallelism(10_000).build(): " + buildNanos / 1000 + " µs");
            assertTrue(buildNanos < TimeUnit.SECONDS.toNanos(2), () -> "build took " + buildNanos / 1000 + " µs");
            assertEquals(0, pool.getPoolSize());
            int n = 1_000_000;
            CountDownLatch all = new CountDownLatch(n);
            long t1 = System.nanoTime();
            for (int i = 0; i < n; i++) {
                pool.execute(all::countDown);
            }
            assertTrue(all.await(LONG_WAIT_MS * 3, TimeUnit.MILLISECONDS), pool::toString);
            System.out.println("[threads] 10^6 tasks on parallelism 10 000: " + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t1)
                    + " ms, " + pool.getPoolSize() + " threads started");
            assertTrue(pool.getPoolSize() <= 10_000);
            pool.shutdown();
            assertTrue(pool.awaitTermination(LONG_WAIT_MS, TimeUnit.MILLISECONDS), pool::toString);
        } finally {
            ExecutorTestSupport.terminate(pool);
        }

        BwosExecutor pairs = BwosExecutor.builder().parallelism(10_000).build();
        try (MaxSampler threads = new MaxSampler(pairs::getPoolSize)) {
            for (int round = 0; round < 200; round++) {
                CyclicBarrier meet = new CyclicBarrier(2);
                Callable<Void> half = () -> {
                    meet.await(LONG_WAIT_MS, TimeUnit.MILLISECONDS);
                    return null;
                };
                Future<Void> a = pairs.submit(half);
                Future<Void> b = pairs.submit(half);
                a.get(LONG_WAIT_MS, TimeUnit.MILLISECONDS);
                b.get(LONG_WAIT_MS, TimeUnit.MILLISECONDS);
            }
            int seen = Math.max(threads.max(), pairs.getPoolSize());
            System.out.println("[threads] 200 pairs meeting at a barrier on parallelism 10 000: largest pool size " + seen);
            // A submission that finds no worker idle starts one while fewer than parallelism run: a
            // worker between two tasks, not yet searching, looks busy; so a few more than 2.
            assertTrue(seen >= 2 && seen <= 8, () -> "threads for work that needs 2: " + seen);
        } finally {
            ExecutorTestSupport.terminate(pairs);
        }
    }

    /** A pool whose threads never started terminates at once, by shutdown, shutdownNow or close. */
    @Test
    void poolsWithNeverStartedWorkersTerminatePromptly() throws Exception {
        BwosExecutor a = BwosExecutor.builder().parallelism(8).build();
        a.shutdown();
        assertTrue(a.isTerminated(), a::toString);
        assertTrue(a.awaitTermination(0, TimeUnit.MILLISECONDS));

        BwosExecutor b = BwosExecutor.builder().parallelism(8).build();
        assertEquals(List.of(), b.shutdownNow());
        assertTrue(b.isTerminated(), b::toString);

        BwosExecutor c = BwosExecutor.builder().parallelism(8).build();
        long t0 = System.nanoTime();
        c.close();
        assertTrue(c.isTerminated());

        // one thread of eight started: termination waits for it only
        BwosExecutor d = BwosExecutor.builder().parallelism(8).build();
        assertEquals(1, d.submit(() -> 1).get(LONG_WAIT_MS, TimeUnit.MILLISECONDS));
        assertTrue(d.getPoolSize() >= 1 && d.getPoolSize() < 8, d::toString);
        d.shutdown();
        assertTrue(d.awaitTermination(LONG_WAIT_MS, TimeUnit.MILLISECONDS), d::toString);
        assertEquals(0, d.getPoolSize());
        long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
        System.out.println("[threads] close() of an unstarted pool and shutdown of a 1-of-8-started pool: " + ms + " ms");
        assertTrue(ms < 5_000, () -> ms + " ms");
    }

    /**
     * 200 tasks submitted from outside, each calling {@code get()} on the next one's future: the
     * joins that cannot help park with compensation, so the chain completes (ForkJoinPool does it
     * with 201 threads).
     */
    @Test
    void aChainOf200ExternalGetsCompletes() throws Exception {
        BwosExecutor pool = BwosExecutor.builder().parallelism(2).build();
        try (MaxSampler threads = new MaxSampler(pool::getPoolSize)) {
            int n = 200;
            List<BwosRecursiveTask<Integer>> tasks = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                tasks.add(null);
            }
            for (int i = n - 1; i >= 0; i--) {
                BwosRecursiveTask<Integer> next = i == n - 1 ? null : tasks.get(i + 1);
                tasks.set(i, new BwosRecursiveTask<>() {
                    @Override
                    protected Integer compute() {
                        try {
                            return next == null ? 0 : next.get() + 1;
                        } catch (Exception e) {
                            throw new IllegalStateException(e);
                        }
                    }
                });
            }
            for (BwosRecursiveTask<Integer> t : tasks) {
                pool.submit(t);
            }
            assertEquals(n - 1, tasks.get(0).get(LONG_WAIT_MS * 3, TimeUnit.MILLISECONDS), pool::toString);
            int seen = Math.max(threads.max(), pool.getPoolSize());
            System.out.println("[threads] chain of " + n + " external get()s on parallelism 2: largest pool size " + seen);
            assertTrue(seen <= 2 + 256, () -> "pool size " + seen);
        } finally {
            ExecutorTestSupport.terminate(pool);
        }
    }

    @Test
    void daemonFalseMakesNonDaemonThreads() throws Exception {
        BwosExecutor pool = BwosExecutor.builder().parallelism(1).daemon(false).threadNamePrefix("threads-test-").build();
        try {
            assertEquals(Boolean.FALSE, pool.submit(() -> Thread.currentThread().isDaemon()).get(LONG_WAIT_MS, TimeUnit.MILLISECONDS));
            assertEquals("threads-test-0", pool.submit(() -> Thread.currentThread().getName()).get());
        } finally {
            ExecutorTestSupport.terminate(pool);
        }
    }

    private static long spin(long iterations) {
        long x = iterations;
        for (long i = 0; i < iterations; i++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
        }
        return x;
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
