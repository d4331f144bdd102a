package io.github.taskpools.executor;

import static io.github.taskpools.executor.ExecutorTestSupport.LONG_WAIT_MS;
import static io.github.taskpools.executor.ExecutorTestSupport.awaitTrue;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Workers blocked inside a task where the pool cannot see (a latch's {@code await}, not {@code
 * managedBlock}): once submissions find the pool saturated for longer than the monitor's delay,
 * the pool's monitor counts one of them blocked and the pool adds a spare, so the queued work
 * runs (here it is what opens the latch: without the spare the pool would wait for good); the
 * count is undone when the blocked tasks end. A service's requests keep coming: the test submits a
 * small task every millisecond until the one that opens the latch has run.
 */
class BwosExecutorHiddenBlockTest {
    /**
     * Submissions, one a millisecond, that may queue behind the blocked workers before the spare
     * runs the one that unblocks them: up to {@code SharedQueue.BEHIND_INTERVAL} (64), one of which
     * tells the monitor, then a few for its looks 2 ms apart, on a loaded machine a few more; 4 500
     * before submissions queued behind others told the monitor at all.
     */
    private static final int SUBMISSIONS_BEFORE_COMPENSATION = 1000;
    @ParameterizedTest(name = "parallelism {0}")
    @ValueSource(ints = {1, 2, 8})
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void workersBlockedWhereThePoolCannotSeeAreCompensated(int parallelism) throws Exception {
        BwosExecutor pool = BwosExecutor.builder().parallelism(parallelism).build();
        CountDownLatch gate = new CountDownLatch(1);
        AtomicInteger waiting = new AtomicInteger();
        AtomicInteger ticks = new AtomicInteger();
        try {
            List<Future<?>> blockers = new ArrayList<>();
            for (int i = 0; i < parallelism; i++) {
                blockers.add(pool.submit(() -> {
                    waiting.incrementAndGet();
                    gate.await(); // a wait the pool cannot see
                    return null;
                }));
            }
            awaitTrue(() -> waiting.get() == parallelism, () -> waiting + " of " + parallelism + " blocked: " + pool);
            long start = System.nanoTime();
            Future<?> opener = pool.submit(gate::countDown);
            long deadline = start + TimeUnit.MILLISECONDS.toNanos(LONG_WAIT_MS);
            while (gate.getCount() != 0 && System.nanoTime() < deadline) {
                pool.execute(ticks::incrementAndGet); // the requests that keep coming
                Thread.sleep(1);
            }
            opener.get(LONG_WAIT_MS, TimeUnit.MILLISECONDS);
            long micros = TimeUnit.NANOSECONDS.toMicros(System.nanoTime() - start);
            // Submissions queued behind the blocked workers wake the monitor (IdleStack.queuedBehind):
            // a few of them, milliseconds, not the thousands that went by before it did.
            int submitted = ticks.get();
            assertTrue(submitted < SUBMISSIONS_BEFORE_COMPENSATION,
                    () -> submitted + " submissions queued before the blocked workers were compensated: " + pool);
            for (Future<?> f : blockers) {
                f.get(LONG_WAIT_MS, TimeUnit.MILLISECONDS);
            }
            int size = pool.getPoolSize();
            assertTrue(size > parallelism && size <= parallelism + 2,
                    () -> "a spare for the blocked workers (and one a submission may start): " + pool);
            awaitTrue(() -> pool.getBlockedThreadCount() == 0, () -> "the blocked count undone: " + pool);
            awaitTrue(() -> pool.getCompletedTaskCount() == parallelism + 1 + ticks.get(),
                    () -> "every task ran: " + pool);
            System.out.println("[hidden blocks] parallelism " + parallelism + ": the task queued behind "
                    + parallelism + " workers blocked in a latch ran after " + micros + " us; pool size " + size);
        } finally {
            gate.countDown();
            ExecutorTestSupport.terminate(pool);
        }
    }

    /**
     * One worker blocked where the pool cannot see while every other worker runs (busy, RUNNABLE)
     * until a queued task has run: with no thread beyond parallelism, one seemingly blocked worker
     * is enough for a spare, which runs the queued task. Only one: the pool ends with at most one
     * thread more than parallelism, and one a submission may start.
     */
    @ParameterizedTest(name = "parallelism {0}")
    @ValueSource(ints = {2, 4})
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void oneBlockedWorkerGetsOneSpareWhileTheOthersRun(int parallelism) throws Exception {
        BwosExecutor pool = BwosExecutor.builder().parallelism(parallelism).build();
        CountDownLatch gate = new CountDownLatch(1);
        AtomicInteger started = new AtomicInteger();
        AtomicInteger ticks = new AtomicInteger();
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(LONG_WAIT_MS);
        try {
            List<Future<?>> held = new ArrayList<>();
            held.add(pool.submit(() -> {
                started.incrementAndGet();
                gate.await(); // a wait the pool cannot see
                return null;
            }));
            for (int i = 1; i < parallelism; i++) {
                held.add(pool.submit(() -> {
                    started.incrementAndGet();
                    while (gate.getCount() != 0 && System.nanoTime() < deadline) {
                        Thread.yield(); // busy: runnable, finishing no task
                    }
                    return null;
                }));
            }
            awaitTrue(() -> started.get() == parallelism, () -> started + " of " + parallelism + " running: " + pool);
            Future<?> opener = pool.submit(gate::countDown);
            while (gate.getCount() != 0 && System.nanoTime() < deadline) {
                pool.execute(ticks::incrementAndGet); // the requests that keep coming
                Thread.sleep(1);
            }
            assertTrue(gate.getCount() == 0, () -> "the queued task never ran: " + pool);
            opener.get(LONG_WAIT_MS, TimeUnit.MILLISECONDS);
            for (Future<?> f : held) {
                f.get(LONG_WAIT_MS, TimeUnit.MILLISECONDS);
            }
            int size = pool.getPoolSize();
            assertTrue(size > parallelism && size <= parallelism + 2,
                    () -> "one spare for the blocked worker (and one a submission may start): " + pool);
            awaitTrue(() -> pool.getBlockedThreadCount() == 0, () -> "the blocked count undone: " + pool);
            awaitTrue(() -> pool.getCompletedTaskCount() == parallelism + 1 + ticks.get(),
                    () -> "every task ran: " + pool);
        } finally {
            gate.countDown();
            ExecutorTestSupport.terminate(pool);
        }
    }
}
