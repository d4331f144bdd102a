package io.github.taskpools.executor;

import static io.github.taskpools.executor.ExecutorTestSupport.awaitTrue;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link QueueAge} against a pool whose one worker is held in a task and has no spare: the times
 * are the test's own, so the figures are exact. A queue's wait is 0 at its first look, then the
 * time since the look that first saw a task still queued, and 0 again once every task seen then
 * was taken.
 */
class QueueAgeTest {
    private static final long MS = 1_000_000L;

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void aQueuedTaskWaitsFromTheFirstLookThatSawIt() throws Exception {
        BwosExecutor pool = BwosExecutor.builder().parallelism(1).maxSpares(0).build();
        CountDownLatch held = new CountDownLatch(1);
        CountDownLatch running = new CountDownLatch(1);
        try {
            pool.execute(() -> {
                running.countDown();
                try {
                    held.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            running.await();
            QueueAge age = new QueueAge(pool.workers, pool.shared);
            assertEquals(0L, age.oldestWaitNanos(1_000 * MS, 1), "nothing queued");
            assertEquals(0L, age.oldestWaitNanos(1_010 * MS, 1), "nothing queued");
            pool.execute(() -> { });
            pool.execute(() -> { });
            assertEquals(0L, age.oldestWaitNanos(1_020 * MS, 1), "queued after the previous look: seen now");
            assertEquals(15 * MS, age.oldestWaitNanos(1_035 * MS, 1), "still queued 15 ms after the look that saw it");
            assertEquals(40 * MS, age.oldestWaitNanos(1_060 * MS, 1), "and 40 ms after");
            held.countDown();
            awaitTrue(() -> pool.getCompletedTaskCount() == 3, () -> "the queued tasks ran: " + pool);
            assertEquals(0L, age.oldestWaitNanos(1_070 * MS, 1), "every task seen was taken");
            assertEquals(0L, age.oldestWaitNanos(1_080 * MS, 1), "nothing queued since");
        } finally {
            held.countDown();
            ExecutorTestSupport.terminate(pool);
        }
    }
}
