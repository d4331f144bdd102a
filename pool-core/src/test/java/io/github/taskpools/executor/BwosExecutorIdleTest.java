package io.github.taskpools.executor;

import static io.github.taskpools.executor.ExecutorTestSupport.awaitTrue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * An idle pool burns no CPU: after a burst of work and a quiet period every worker is parked
 * without a timed wake-up, so the workers' CPU time hardly grows over a second of idleness. A
 * resource bound (a polling or spinning idle loop would burn hundreds of ms), not a speed claim.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class BwosExecutorIdleTest {
    /** CPU the two workers may use over {@link #IDLE_MS} of idleness, all together. */
    static final long BOUND_NS = TimeUnit.MILLISECONDS.toNanos(20);
    static final long IDLE_MS = 1000;

    @Test
    void anIdlePoolBurnsNoCpu() throws Exception {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        Assumptions.assumeTrue(mx.isThreadCpuTimeSupported(), "thread CPU time not supported");
        if (!mx.isThreadCpuTimeEnabled()) {
            mx.setThreadCpuTimeEnabled(true);
        }
        String prefix = "idle-test-" + System.nanoTime() + "-";
        // No spares: the threads are the two workers. A join of the burst's fork/join part may wait
        // over a millisecond and be compensated by a spare, which parks with a timeout until its
        // keep-alive ends (since forks are published twice while a worker is idle, 2026-12-05, a
        // spare started in 4 of 5 runs); this test is about the workers' idle CPU.
        BwosExecutor pool = BwosExecutor.builder().parallelism(2).maxSpares(0).threadNamePrefix(prefix).build();
        try {
            // A burst: submissions, fork/join, submissions from inside.
            List<Future<?>> fs = new ArrayList<>();
            for (int i = 0; i < 2000; i++) {
                fs.add(pool.submit(() -> pool.execute(() -> { })));
            }
            for (Future<?> f : fs) {
                f.get();
            }
            assertEquals(ExecutorTestSupport.fibSequential(24), pool.invoke(new ExecutorTestSupport.Fib(24, 6, new LongAdder())));

            List<Thread> workers = new ArrayList<>();
            for (Thread t : Thread.getAllStackTraces().keySet()) {
                if (t.getName().startsWith(prefix)) {
                    workers.add(t);
                }
            }
            assertEquals(2, workers.size(), () -> "worker threads named " + prefix + "*: " + workers);

            awaitTrue(() -> pool.getParkedThreadCount() == 2, pool::toString);
            awaitTrue(pool::isQuiescent, pool::toString);
            Thread.sleep(100); // quiet period
            long parksBefore = pool.getParkCount();
            long before = cpu(mx, workers);
            Thread.sleep(IDLE_MS);
            long after = cpu(mx, workers);
            long used = after - before;
            assertTrue(used < BOUND_NS, () -> "idle workers used " + used / 1000 + " µs of CPU in " + IDLE_MS + " ms: " + pool);
            assertEquals(2, pool.getParkedThreadCount(), pool::toString);
            assertEquals(parksBefore, pool.getParkCount(), () -> "a parked worker woke and parked again while idle: " + pool);
            for (Thread t : workers) {
                assertEquals(Thread.State.WAITING, t.getState(), () -> t.getName() + " parks without a timeout");
            }
            // ... and it wakes for new work
            assertEquals("awake", pool.submit(() -> "awake").get(ExecutorTestSupport.LONG_WAIT_MS, TimeUnit.MILLISECONDS));
        } finally {
            ExecutorTestSupport.terminate(pool);
        }
    }

    private static long cpu(ThreadMXBean mx, List<Thread> threads) {
        long sum = 0;
        for (Thread t : threads) {
            long ns = mx.getThreadCpuTime(t.getId());
            assertTrue(ns >= 0, () -> t.getName() + " is not alive");
            sum += ns;
        }
        return sum;
    }
}
