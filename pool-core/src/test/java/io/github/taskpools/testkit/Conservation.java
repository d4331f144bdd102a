package io.github.taskpools.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.taskpools.api.WorkStealingDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

/**
 * Conservation stress: one owner pushes tasks {@code 1..n} (popping some back) while thieves steal,
 * one by one and in batches, with random stalls injected on every side. Every task must be taken
 * exactly once: each thread records what it took in its own bit set, and the merge fails on any
 * task taken twice or never; the sums of the task values are compared as a second check.
 */
public final class Conservation {
    private Conservation() {
    }

    /** The outcome, for reporting. */
    public record Result(long tasks, long popped, long stolen, long batchStolen) {
    }

    /**
     * Runs the stress test.
     *
     * @param factory makes the victim deque (owned by the owner thread, which calls
     *     {@link WorkStealingDeque#bindOwner()}) and, per thief, a deque for batch steals
     * @param thieves number of thief threads
     * @param tasks number of tasks to push
     * @param seed random seed
     */
    public static Result run(Supplier<WorkStealingDeque<Long>> factory, int thieves, int tasks, long seed)
            throws InterruptedException {
        WorkStealingDeque<Long> victim = factory.get();
        AtomicBoolean ownerDone = new AtomicBoolean();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        BitSet[] taken = new BitSet[thieves + 1];
        long[] sums = new long[thieves + 1];
        long[] counts = new long[thieves + 1];
        long[] batch = new long[thieves + 1];
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();

        threads.add(new Thread(() -> {
            victim.bindOwner();
            BitSet mine = new BitSet(tasks + 1);
            SplittableRandom rnd = new SplittableRandom(seed);
            long sum = 0;
            long count = 0;
            try {
                start.await();
                long next = 1;
                while (next <= tasks) {
                    int burst = 1 + rnd.nextInt(300);
                    for (int i = 0; i < burst && next <= tasks; i++) {
                        Long t = next;
                        if (victim.push(t)) {
                            next++;
                        } else {
                            break; // full: pop some below
                        }
                    }
                    int pops = rnd.nextInt(burst + 1) * 3 / 4; // the deque tends to fill up
                    if (rnd.nextInt(8) == 0) {
                        spin(rnd.nextInt(4_000)); // a long task: thieves get a window
                    }
                    for (int i = 0; i < pops; i++) {
                        Long t = victim.pop();
                        if (t == null) {
                            break;
                        }
                        record(mine, t);
                        sum += t;
                        count++;
                    }
                    stall(rnd);
                }
                for (Long t; (t = victim.pop()) != null; ) {
                    record(mine, t);
                    sum += t;
                    count++;
                }
            } catch (Throwable e) {
                failure.compareAndSet(null, e);
            } finally {
                ownerDone.set(true);
                taken[0] = mine;
                sums[0] = sum;
                counts[0] = count;
            }
        }, "owner"));

        for (int th = 1; th <= thieves; th++) {
            int id = th;
            threads.add(new Thread(() -> {
                WorkStealingDeque<Long> own = factory.get();
                own.bindOwner();
                BitSet mine = new BitSet(tasks + 1);
                SplittableRandom rnd = new SplittableRandom(seed * 31 + id);
                long sum = 0;
                long count = 0;
                long inBatches = 0;
                try {
                    start.await();
                    // Keep stealing until the owner is done AND a steal after that found nothing.
                    boolean lastRound = false;
                    while (true) {
                        boolean done = ownerDone.get();
                        Long t;
                        if (rnd.nextInt(16) == 0) {
                            int moved = victim.stealInto(own, 1 + rnd.nextInt(64));
                            inBatches += moved;
                            while ((t = own.pop()) != null) {
                                record(mine, t);
                                sum += t;
                                count++;
                            }
                            t = moved > 0 ? Long.valueOf(0) : null;
                        } else {
                            t = victim.steal();
                            if (t != null) {
                                record(mine, t);
                                sum += t;
                                count++;
                            }
                        }
                        if (t == null && done) {
                            if (lastRound) {
                                break;
                            }
                            lastRound = true;
                        }
                        stall(rnd);
                    }
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                } finally {
                    taken[id] = mine;
                    sums[id] = sum;
                    counts[id] = count;
                    batch[id] = inBatches;
                }
            }, "thief-" + th));
        }

        threads.forEach(Thread::start);
        start.countDown();
        for (Thread t : threads) {
            t.join(TimeUnit.MINUTES.toMillis(5));
            assertTrue(!t.isAlive(), t.getName() + " did not finish: livelock or lost wake-up");
        }
        if (failure.get() != null) {
            throw new AssertionError("a thread failed", failure.get());
        }
        BitSet all = new BitSet(tasks + 1);
        long sum = 0;
        long count = 0;
        for (int i = 0; i <= thieves; i++) {
            BitSet dup = (BitSet) all.clone();
            dup.and(taken[i]);
            assertTrue(dup.isEmpty(), "tasks taken twice, first: " + dup.nextSetBit(0));
            all.or(taken[i]);
            sum += sums[i];
            count += counts[i];
        }
        assertEquals(tasks, all.cardinality(), "tasks lost, first: " + all.nextClearBit(1));
        assertEquals(tasks, count, "task count");
        assertEquals((long) tasks * (tasks + 1) / 2, sum, "checksum");
        long batches = 0;
        for (long b : batch) {
            batches += b;
        }
        return new Result(tasks, counts[0], count - counts[0], batches);
    }

    private static void record(BitSet mine, long t) {
        if (mine.get((int) t)) {
            throw new AssertionError("task " + t + " taken twice by one thread");
        }
        mine.set((int) t);
    }

    /** Random stalls: mostly none, sometimes a yield, rarely a park of up to 50 microseconds. */
    private static void stall(SplittableRandom rnd) {
        int r = rnd.nextInt(1000);
        if (r < 20) {
            Thread.yield();
        } else if (r < 22) {
            LockSupport.parkNanos(1 + rnd.nextInt(50_000));
        } else if (r < 60) {
            spin(rnd.nextInt(200));
        }
    }

    private static void spin(int iterations) {
        for (int i = iterations; i > 0; i--) {
            Thread.onSpinWait();
        }
    }
}
