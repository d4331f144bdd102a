package io.github.taskpools.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.jctools.queues.SpmcArrayQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link SubmissionQueue}, a stripe of BwosExecutor's submission queue, on its own: a sequential
 * model (pushes, polls and batch moves against a FIFO model, on small rings that wrap many times,
 * full rings refusing or spilling), and conservation with several submitters and takers with random
 * stalls (every task taken exactly once). The pool only supplies the run state and the spill
 * queue: its threads are never started.
 */
class SubmissionQueueTest {
    private static BwosExecutor unstartedPool() {
        return ExecutorTestSupport.unstartedPool(BwosExecutor.builder(), 1);
    }

    /** A task that names itself. */
    static final class Task extends BwosTask<Void> {
        final int id;

        Task(int id) {
            this.id = id;
        }

        @Override
        protected boolean exec() {
            return true;
        }

        @Override
        public Void getRawResult() {
            return null;
        }

        @Override
        protected void setRawResult(Void value) {
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4, 16})
    void randomOperationsMatchAFifoModel(int capacity) {
        BwosExecutor pool = unstartedPool();
        Worker w = pool.workers[0];
        SubmissionQueue q = new SubmissionQueue(capacity);
        ArrayDeque<Task> ring = new ArrayDeque<>();
        List<Task> spilled = new ArrayList<>();
        SpmcArrayQueue<BwosTask<?>> inbox = new SpmcArrayQueue<>(8);
        Random rnd = new Random(capacity);
        int next = 0;
        long topCache = 0; // the takers' cache of top: moveTo reads top only when it is not above base
        long taken = 0; // base
        for (int op = 0; op < 200_000; op++) {
            int k = rnd.nextInt(10);
            if (k < 5) {
                Task t = new Task(next++);
                boolean spill = rnd.nextBoolean();
                int r = q.push(t, pool.ctl, pool.shared.spills, spill);
                if (ring.size() < capacity) {
                    // behind two or more queued tasks: accepted without a need to wake anybody
                    assertEquals(ring.size() >= 2 ? SubmissionQueue.ACCEPTED_BEHIND : SubmissionQueue.ACCEPTED, r);
                    ring.addLast(t);
                } else if (spill) {
                    assertEquals(SubmissionQueue.ACCEPTED, r);
                    spilled.add(t);
                } else {
                    assertEquals(SubmissionQueue.FULL, r);
                }
            } else if (k < 8) {
                Task t = ring.pollFirst();
                assertSame(t, q.poll());
                taken += t == null ? 0 : 1;
            } else {
                int max = 1 + rnd.nextInt(8);
                int shares = 1 + rnd.nextInt(3);
                long top = taken + ring.size();
                if (topCache <= taken) {
                    topCache = top;
                }
                int expected = (int) Math.min(max, (topCache - taken + shares - 1) / shares);
                assertEquals(expected, q.moveTo(inbox, max, shares, pool.shared.spills));
                taken += expected;
                for (int i = 0; i < expected; i++) {
                    assertSame(ring.pollFirst(), inbox.poll());
                }
                assertNull(inbox.poll());
            }
            assertEquals(ring.size(), q.size());
            assertEquals(ring.isEmpty(), q.isEmpty());
        }
        for (Task t : spilled) {
            assertSame(t, w.pollInjection(true, false));
        }
        assertNull(w.pollInjection(true, false));
    }

    @Test
    void aShutDownPoolIsRefusedBeforeAnythingIsPublished() {
        BwosExecutor pool = unstartedPool();
        SubmissionQueue q = new SubmissionQueue(4);
        pool.shutdown();
        assertEquals(SubmissionQueue.REJECTED, q.push(new Task(0), pool.ctl, pool.shared.spills, true));
        assertTrue(q.isEmpty());
        assertNull(q.poll());
    }

    @Test
    void capacityMustBeAPowerOfTwo() {
        assertThrows(IllegalArgumentException.class, () -> new SubmissionQueue(3));
        assertThrows(IllegalArgumentException.class, () -> new SubmissionQueue(0));
    }

    /**
     * Three submitters and three takers (one polling, one moving batches, one by searchers' relaxed
     * looks, which read the slot of base before top) through a ring of 8 slots,
     * so that it wraps and fills all the time; a full ring spills on every other push. Random
     * stalls between the steps. Every task is taken exactly once, from the ring or the spill queue.
     */
    @Test
    void everyTaskIsTakenExactlyOnceUnderContention() throws InterruptedException {
        BwosExecutor pool = unstartedPool();
        SubmissionQueue q = new SubmissionQueue(8);
        int submitters = 3;
        int perSubmitter = 200_000;
        int total = submitters * perSubmitter;
        AtomicIntegerArray taken = new AtomicIntegerArray(total);
        AtomicLong count = new AtomicLong();
        ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        for (int s = 0; s < submitters; s++) {
            int base = s * perSubmitter;
            threads.add(new Thread(() -> {
                SplittableRandom rnd = new SplittableRandom(base);
                await(start);
                for (int i = 0; i < perSubmitter; i++) {
                    Task t = new Task(base + i);
                    int tries = 0;
                    for (int r; !SubmissionQueue.accepted(r = q.push(t, pool.ctl, pool.shared.spills, tries++ % 2 == 1)); ) {
                        if (r == SubmissionQueue.REJECTED) {
                            failures.add(new AssertionError("rejected while running"));
                            return;
                        }
                        Thread.onSpinWait();
                    }
                    stall(rnd);
                }
            }));
        }
        for (int c = 0; c < 3; c++) {
            boolean batches = c == 1;
            boolean relaxed = c == 2;
            threads.add(new Thread(() -> {
                SplittableRandom rnd = new SplittableRandom(batches ? 7 : relaxed ? 13 : 11);
                SpmcArrayQueue<BwosTask<?>> inbox = new SpmcArrayQueue<>(4);
                Worker w = pool.workers[0];
                await(start);
                while (count.get() < total) {
                    if (batches) {
                        q.moveTo(inbox, 4, 1, pool.shared.spills);
                        for (BwosTask<?> t; (t = inbox.poll()) != null; ) {
                            record(t, taken, count, failures);
                        }
                    } else {
                        BwosTask<?> t = relaxed ? q.relaxedPoll() : q.poll();
                        if (t == null && !relaxed) {
                            t = w.pollInjection(false, false); // the spill queue (the pool's stripes are empty)
                        }
                        if (t != null) {
                            record(t, taken, count, failures);
                        }
                    }
                    stall(rnd);
                }
            }));
        }
        threads.forEach(Thread::start);
        start.countDown();
        for (Thread t : threads) {
            t.join(120_000);
            assertTrue(!t.isAlive(), "a thread did not finish: " + count.get() + " of " + total + " taken");
        }
        assertTrue(failures.isEmpty(), () -> failures.toString());
        assertEquals(total, count.get());
        for (int i = 0; i < total; i++) {
            assertEquals(1, taken.get(i), "task " + i);
        }
        assertTrue(q.isEmpty());
    }

    private static void record(BwosTask<?> t, AtomicIntegerArray taken, AtomicLong count, ConcurrentLinkedQueue<Throwable> failures) {
        int id = ((Task) t).id;
        if (taken.getAndIncrement(id) != 0) {
            failures.add(new AssertionError("task " + id + " taken twice"));
        }
        count.incrementAndGet();
    }

    private static void stall(SplittableRandom rnd) {
        int k = rnd.nextInt(1000);
        if (k == 0) {
            LockSupport.parkNanos(50_000);
        } else if (k < 20) {
            Thread.yield();
        }
    }

    private static void await(CountDownLatch l) {
        try {
            l.await();
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }
}
