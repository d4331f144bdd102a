package io.github.taskpools.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.taskpools.jmh.forkjoin.Kernels;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;
import org.openjdk.jmh.runner.options.TimeValue;

/** The executor-* benchmarks' harnesses and checks, called directly (no JMH), with small counts. */
@Timeout(value = 120, unit = TimeUnit.SECONDS) // a lost task fails the test instead of hanging the build
class ExecutorBenchmarksTest {
    @Test
    void aMultiWorkerBwosTrialWithoutStealsFails() throws Exception {
        ExecutorForkJoinBenchmark b = new ExecutorForkJoinBenchmark();
        b.kernel = Kernels.FIB;
        b.pool = ExecutorForkJoinBenchmark.BWOS;
        b.parallelism = 2;
        b.setup();
        IllegalStateException e = assertThrows(IllegalStateException.class, b::tearDown,
                "no computation ran, so nothing was stolen");
        assertTrue(e.getMessage().contains("without a single steal"), e.getMessage());

        ExecutorForkJoinBenchmark one = new ExecutorForkJoinBenchmark();
        one.kernel = Kernels.FIB;
        one.pool = ExecutorForkJoinBenchmark.BWOS;
        one.parallelism = 1;
        one.setup();
        ExecutorCounters c = new ExecutorCounters();
        c.reset();
        one.compute(c);
        assertEquals(1, c.work);
        one.tearDown(); // one worker has no one to steal from: no failure
    }

    @Test
    void submitBatchesCountCompletedTasksOnEveryPool() throws Exception {
        for (String pool : new String[] {ExecutorPools.BWOS, ExecutorPools.FORK_JOIN_POOL,
            ExecutorPools.THREAD_POOL_EXECUTOR}) {
            for (String task : new String[] {ExecutorSubmitBenchmark.EMPTY, ExecutorSubmitBenchmark.ONE_MICRO}) {
                ExecutorSubmitBenchmark b = new ExecutorSubmitBenchmark();
                b.pool = pool;
                b.task = task;
                b.submitters = "2";
                b.parallelism = 2;
                b.setup();
                ExecutorCounters c = new ExecutorCounters();
                c.reset();
                try {
                    for (int i = 0; i < 3; i++) {
                        b.batch(c);
                    }
                } finally {
                    b.tearDown();
                }
                assertEquals(3L * ExecutorSubmitBenchmark.BATCH, c.work, pool);
                assertEquals(3, c.invocations);
            }
        }
    }

    @Test
    void virtualSubmittersNeedJdk21() throws Exception {
        ExecutorSubmitBenchmark b = new ExecutorSubmitBenchmark();
        b.pool = ExecutorPools.BWOS;
        b.task = ExecutorSubmitBenchmark.EMPTY;
        b.submitters = "vt1000";
        b.parallelism = 2;
        if (Runtime.version().feature() < 21) {
            assertThrows(UnsupportedOperationException.class, b::setup);
            return;
        }
        b.setup();
        ExecutorCounters c = new ExecutorCounters();
        c.reset();
        try {
            b.batch(c);
        } finally {
            b.tearDown();
        }
        assertEquals(ExecutorSubmitBenchmark.BATCH, c.work);
    }

    @Test
    void vthreadJsonRunsEveryOperationOnJdk21AndExplainsOn17() throws Exception {
        VirtualThreadJsonBenchmark b = new VirtualThreadJsonBenchmark();
        // The default scheduler: the tests' JVM has no --add-opens for the BwosExecutor one.
        b.scheduler = VirtualThreadJsonBenchmark.DEFAULT;
        b.document = JsonDocuments.MEDIUM;
        if (Runtime.version().feature() < 21) {
            UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class, b::setup);
            assertTrue(e.getMessage().contains("--jvm"), e.getMessage());
            return;
        }
        b.setup();
        ExecutorCounters c = new ExecutorCounters();
        c.reset();
        try {
            b.process(c);
            b.process(c);
        } finally {
            b.tearDown();
        }
        assertEquals(2L * VirtualThreadJsonBenchmark.VIRTUAL_THREADS * VirtualThreadJsonBenchmark.OPS_PER_THREAD, c.work);
        assertEquals(2, c.invocations);
    }

    @Test
    void percentilesCoverTheForksMeasurementIterationsOnly() throws Exception {
        ExecutorIdleBenchmark b = new ExecutorIdleBenchmark();
        b.pool = ExecutorPools.BWOS;
        b.parallelism = 2;
        b.setup();
        IterationParams warmup = new IterationParams(IterationType.WARMUP, 1, TimeValue.seconds(1), 1);
        IterationParams measurement = new IterationParams(IterationType.MEASUREMENT, 2, TimeValue.seconds(1), 1);
        List<IdleCounters> counters = new ArrayList<>();
        try {
            for (IterationParams p : List.of(warmup, measurement, measurement)) {
                IdleCounters c = new IdleCounters();
                c.reset();
                b.startIteration();
                for (int i = 0; i < 3; i++) {
                    b.gap();
                    b.burst();
                }
                b.idleWindow(c, p);
                counters.add(c);
            }
        } finally {
            b.tearDown();
        }
        for (IdleCounters c : counters) {
            assertEquals(3, c.bursts);
            assertTrue(c.idleWallNanos >= ExecutorIdleBenchmark.IDLE_WINDOW_MILLIS * 1_000_000L);
            assertTrue(c.idleCpuNanos >= 0 && c.busyCpuNanos > 0, c.idleCpuNanos + " " + c.busyCpuNanos);
        }
        for (IdleCounters c : counters.subList(0, 2)) {
            assertEquals(0, c.forks + c.samples + c.microsToNanos + c.p50Nanos + c.p99Nanos);
            assertEquals(0, c.unparkMicrosToNanos + c.unparkNanos + c.unparkMaxNanos);
        }
        IdleCounters last = counters.get(2);
        assertEquals(1, last.forks);
        assertEquals(1000, last.microsToNanos);
        assertEquals(2 * 3 * ExecutorIdleBenchmark.BURST, last.samples); // the warm-up's 48 dropped
        assertTrue(last.p50Nanos > 0 && last.p50Nanos <= last.p99Nanos, last.p50Nanos + " " + last.p99Nanos);
        assertEquals(1000, last.unparkMicrosToNanos, "the fork's unpark probe ran after its last iteration");
        assertTrue(last.unparkNanos > 0 && last.unparkNanos <= last.unparkMaxNanos,
                last.unparkNanos + " " + last.unparkMaxNanos);
    }

    @Test
    void unparkProbeTimesAWakeBetweenTwoWorkersOfEveryPool() throws Exception {
        for (String pool : new String[] {ExecutorPools.BWOS, ExecutorPools.FORK_JOIN_POOL,
            ExecutorPools.THREAD_POOL_EXECUTOR}) {
            for (int workers : new int[] {2, 4}) {
                try (ExecutorPools p = new ExecutorPools(pool, workers)) {
                    UnparkProbe.Cost cost = UnparkProbe.measure(p.executor(), workers, pool);
                    // JDK 17's ForkJoinPool now and then leaves the waking task unstarted for seconds
                    // while the parking task holds one of its two workers (2 probes of 150 on
                    // 2026-12-05, none on Temurin 25): the probe then gives no figure, as it says.
                    boolean jdk17ForkJoinStall = cost == null && pool.equals(ExecutorPools.FORK_JOIN_POOL)
                            && Runtime.version().feature() == 17;
                    assertTrue(jdk17ForkJoinStall
                            || cost != null && cost.medianNanos() > 0 && cost.medianNanos() <= cost.maxNanos(),
                            pool + " with " + workers + " workers: " + cost);
                    assertEquals(7, p.executor().submit(() -> 7).get(10, TimeUnit.SECONDS),
                            "the probe leaves no worker parked in a task");
                }
            }
            try (ExecutorPools p = new ExecutorPools(pool, 1)) {
                assertNull(UnparkProbe.measure(p.executor(), 1, pool), "1 worker: no worker-to-worker wake-up");
            }
        }
        assertThrows(IllegalArgumentException.class,
                () -> UnparkProbe.measure(Runnable::run, 0, "none"));
    }

    /**
     * A pool that does not start the waking task while the parking task holds a worker (here: one
     * thread that claims to be two) gets no figure, and the probe still ends both tasks and returns.
     */
    @Test
    void unparkProbeGivesUpOnAPoolThatDoesNotStartTheWaker() throws Exception {
        ExecutorService one = Executors.newSingleThreadExecutor();
        try {
            assertNull(UnparkProbe.measure(one, 2, "one thread"), "no figure");
            assertEquals(7, one.submit(() -> 7).get(10, TimeUnit.SECONDS), "both probe tasks ended");
        } finally {
            one.shutdownNow();
        }
    }

    @Test
    void nearestRankPercentiles() {
        long[] a = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0};
        assertEquals(5, ExecutorIdleBenchmark.percentile(a, 10, 0.50));
        assertEquals(10, ExecutorIdleBenchmark.percentile(a, 10, 0.99));
        assertEquals(1, ExecutorIdleBenchmark.percentile(a, 1, 0.99));
    }

    @Test
    void poolThreadsAreFoundAndNamed() throws Exception {
        for (String pool : new String[] {ExecutorPools.BWOS, ExecutorPools.FORK_JOIN_POOL,
            ExecutorPools.THREAD_POOL_EXECUTOR}) {
            try (ExecutorPools p = new ExecutorPools(pool, 2)) {
                p.executor().submit(() -> { }).get(10, TimeUnit.SECONDS);
                assertTrue(p.threads().size() >= 1 && p.threads().size() <= 2, pool + ": " + p.threads());
                p.threads().forEach(t -> assertTrue(t.getName().startsWith(pool + "-"), t.getName()));
                assertTrue(p.cpuNanos() >= 0);
            }
        }
        assertThrows(IllegalArgumentException.class, () -> new ExecutorPools("nope", 2));
    }
}
