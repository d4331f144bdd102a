package io.github.taskpools.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * The common frame of the conservation stress tests: threads that start together, a record per
 * thread of the tasks it took, and the final check that tasks {@code 1..n} were each taken exactly
 * once over all records (per-thread bit sets merged, counts and value sums compared). The first
 * throwable of any thread fails the run; a thread still running after the timeout is a livelock or
 * a lost wake-up.
 */
public final class StressRun {
    /** A thread's body; anything it throws fails the run. */
    @FunctionalInterface
    public interface Body {
        void run() throws Exception;
    }

    /** What one thread took; written by that thread only, read after it ended. */
    public static final class Taken {
        private final BitSet tasks;
        private long sum;
        private long count;

        private Taken(int n) {
            tasks = new BitSet(n + 1);
        }

        /** Records task {@code t}; fails at once if this thread took it before. */
        public void record(long t) {
            if (tasks.get((int) t)) {
                throw new AssertionError("task " + t + " taken twice by " + Thread.currentThread().getName());
            }
            tasks.set((int) t);
            sum += t;
            count++;
        }

        /** Tasks recorded so far. */
        public long count() {
            return count;
        }
    }

    private final int tasks;
    private final CountDownLatch start = new CountDownLatch(1);
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private final List<Thread> threads = new ArrayList<>();
    private final List<Taken> records = new ArrayList<>();

    /** A run whose threads put tasks {@code 1..tasks}, each exactly once. */
    public StressRun(int tasks) {
        this.tasks = tasks;
    }

    /** A new record, for the thread about to be added. */
    public Taken taken() {
        Taken t = new Taken(tasks);
        records.add(t);
        return t;
    }

    /**
     * Adds a thread that waits for the common start, runs {@code body}, then {@code onExit} (also
     * after a failure: typically the count-down that tells the consumers the producers are done).
     */
    public void thread(String name, Body body, Runnable onExit) {
        threads.add(new Thread(() -> {
            try {
                start.await();
                body.run();
            } catch (Throwable e) {
                failure.compareAndSet(null, e);
            } finally {
                onExit.run();
            }
        }, name));
    }

    /** {@link #thread(String, Body, Runnable)} with nothing to do on exit. */
    public void thread(String name, Body body) {
        thread(name, body, () -> { });
    }

    /**
     * Starts every thread at once, waits for them, and checks that every task was taken exactly once.
     *
     * @return the tasks each record took, in the order the records were made
     */
    public long[] runAndVerify(Duration timeout) throws InterruptedException {
        threads.forEach(Thread::start);
        start.countDown();
        long deadline = System.nanoTime() + timeout.toNanos();
        for (Thread t : threads) {
            t.join(Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
            assertTrue(!t.isAlive(), t.getName() + " did not finish: livelock or lost wake-up");
        }
        if (failure.get() != null) {
            throw new AssertionError("a thread failed", failure.get());
        }
        BitSet all = new BitSet(tasks + 1);
        long sum = 0;
        long count = 0;
        long[] perRecord = new long[records.size()];
        for (int i = 0; i < records.size(); i++) {
            Taken r = records.get(i);
            BitSet twice = (BitSet) all.clone();
            twice.and(r.tasks);
            assertTrue(twice.isEmpty(), "tasks taken twice, first: " + twice.nextSetBit(0));
            all.or(r.tasks);
            sum += r.sum;
            count += r.count;
            perRecord[i] = r.count;
        }
        assertEquals(tasks, all.cardinality(), "tasks lost, first: " + all.nextClearBit(1));
        assertEquals(tasks, count, "task count");
        assertEquals((long) tasks * (tasks + 1) / 2, sum, "checksum");
        return perRecord;
    }

    /** Random stalls: mostly none, sometimes a yield or a short spin, rarely a park of up to 50 us. */
    public static void stall(SplittableRandom rnd) {
        int r = rnd.nextInt(1000);
        if (r < 20) {
            Thread.yield();
        } else if (r < 22) {
            LockSupport.parkNanos(1 + rnd.nextInt(50_000));
        } else if (r < 60) {
            spin(rnd.nextInt(200));
        }
    }

    /** Busy-waits {@code iterations} spin hints: a task that takes a while. */
    public static void spin(int iterations) {
        for (int i = iterations; i > 0; i--) {
            Thread.onSpinWait();
        }
    }
}
