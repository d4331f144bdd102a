package io.github.taskpools.executor;

import static io.github.taskpools.executor.ExecutorTestSupport.awaitTrue;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The monitor's pace, against a pool whose looks say what the test wants: it backs off while every
 * look is calm and looks at the shortest interval while one is not; after it slept, a look's
 * CPU-time budget is no more than the longest interval's share, however long the sleep. Counts,
 * not timings: a loaded machine slows both phases. Each look tells the pool whether a queued task
 * has waited the monitor's bound.
 */
class BlockedWorkerMonitorTest {
    /** The pool as the monitor sees it: saturated or not, looks calm or not, as set. */
    private static final class Pool implements BlockedWorkerMonitor.Pool {
        volatile boolean saturated = true;
        volatile boolean calm = true;
        final AtomicInteger looks = new AtomicInteger();
        final AtomicLong largestBudget = new AtomicLong();
        volatile long queueWait;
        volatile Boolean lastQueueWaits;

        @Override
        public boolean saturated() {
            return saturated;
        }

        @Override
        public boolean compensateHiddenBlocks(long ranNanos, boolean queueWaits) {
            lastQueueWaits = queueWaits;
            looks.incrementAndGet();
            largestBudget.accumulateAndGet(ranNanos, Math::max);
            return calm;
        }

        @Override
        public long oldestQueuedWaitNanos(long now) {
            return queueWait;
        }
    }

    /** Starts the monitor as a pool does: two reports of saturation more than the delay apart. */
    private static void wake(BlockedWorkerMonitor monitor) throws InterruptedException {
        monitor.onSaturated();
        Thread.sleep(2 * BlockedWorkerMonitor.WAKE_DELAY_MICROS / 1000 + 1);
        monitor.onSaturated();
    }

    /** What a test does with a monitor watching {@code pool}, stopped afterwards. */
    private interface Watched {
        void run(BlockedWorkerMonitor monitor) throws Exception;
    }

    private static void watching(Pool pool, Watched body) throws Exception {
        BlockedWorkerMonitor monitor = new BlockedWorkerMonitor(pool, "test-monitor");
        wake(monitor);
        try {
            body.run(monitor);
        } finally {
            monitor.stop();
        }
    }

    private static int looksDuring(Pool pool, long millis) throws InterruptedException {
        int before = pool.looks.get();
        Thread.sleep(millis);
        return pool.looks.get() - before;
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void looksLessOftenWhileEveryLookIsCalm() throws Exception {
        Pool pool = new Pool();
        watching(pool, monitor -> {
            Thread.sleep(100); // the back-off reaches its longest interval: 2 + 4 + 8 + 16 ms
            int calm = looksDuring(pool, 400);
            pool.calm = false;
            Thread.sleep(20); // the look at the longest interval that finds it
            int watched = looksDuring(pool, 400);
            // About 25 looks at 16 ms against 200 at 2 ms.
            assertTrue(calm > 0 && watched >= 2 * calm,
                    () -> calm + " calm looks in 400 ms against " + watched + " while a worker stays inside one task");
        });
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void aLookAfterASleepHasTheLongestIntervalsBudgetAtMost() throws Exception {
        Pool pool = new Pool();
        watching(pool, monitor -> {
            awaitTrue(() -> pool.looks.get() > 0, () -> "the monitor looked");
            pool.saturated = false; // two quiet looks, then it sleeps
            Thread.sleep(300);
            int before = pool.looks.get();
            pool.saturated = true;
            wake(monitor);
            awaitTrue(() -> pool.looks.get() > before, () -> "the monitor woke and looked");
            long budget = pool.largestBudget.get();
            // 300 ms of sleep would give 37.5 ms: every worker that waits now would seem blocked.
            assertTrue(budget <= BlockedWorkerMonitor.MAX_INTERVAL_NANOS / BlockedWorkerMonitor.RAN_SHARE,
                    () -> "a look's CPU-time budget of " + budget + " ns");
        });
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void aLookIsToldWhetherAQueuedTaskHasWaitedTheBound() throws Exception {
        Pool pool = new Pool();
        long bound = TimeUnit.MILLISECONDS.toNanos(BlockedWorkerMonitor.QUEUE_WAIT_MILLIS);
        pool.queueWait = bound - 1;
        pool.calm = false; // looks 2 ms apart
        watching(pool, monitor -> {
            awaitTrue(() -> pool.lastQueueWaits == Boolean.FALSE, () -> "a look told that nothing waits");
            pool.queueWait = bound;
            awaitTrue(() -> pool.lastQueueWaits == Boolean.TRUE, () -> "a look told that a queued task waits");
            pool.queueWait = 0;
            awaitTrue(() -> pool.lastQueueWaits == Boolean.FALSE, () -> "a look told that it no longer does");
        });
    }
}
