package io.github.taskpools.jmh;

import java.util.Arrays;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * What one worker-to-worker wake-up costs the waker in a pool: the time of a single
 * {@link LockSupport#unpark} called by one of the pool's worker threads on another worker thread that
 * is parked, measured with the pool's own threads and outside any measured time. {@code executor-idle}
 * runs it once per fork ({@code ExecutorIdleBenchmark}), so that each fork's p99 start latency can be
 * read beside the wake cost of the JVM it ran in: on a KVM guest, waking a thread whose vCPU has
 * halted costs the waker an IPI and a VM exit, and issue 48 saw one wake cost the waker 40-46 µs in 3
 * of 4 BwosExecutor JVMs and 8.5-10 µs in 4 of 4 ForkJoinPool JVMs, a per-JVM mode that could explain
 * a tenfold spread of p99 between the forks of one run.
 *
 * <p>A round: task P, submitted first, records its thread and parks until a flag is set; task U,
 * submitted once P runs, must run on another worker (with P parked, a pool of one worker never runs
 * it, so such a pool is not probed), spins with {@link Thread#onSpinWait} (no sleep and no park: its
 * vCPU stays busy, and a pool that adds a thread for workers blocked in tasks sees one running) until
 * P's thread is {@link Thread.State#WAITING}, spins {@value #SETTLE_MICROS} µs more (past the
 * host's halt polling, so that P's vCPU, with nothing else to run, has halted), sets the flag and
 * times the {@code unpark} of P's thread alone with {@link System#nanoTime}. The calling thread waits
 * for both tasks on a latch (parked, so that it keeps no vCPU busy either). The result is the median
 * and the maximum over {@value #ROUNDS} rounds.
 *
 * <p>The figure is the caller's cost only (with one {@code System.nanoTime} call in it); when the
 * woken thread runs is not measured. Where the parked thread's core does not halt (bare metal with
 * idle polling, or a core kept busy by other work) it is about the plain cost of the system call.
 *
 * <p>A pool that does not start U within {@value #START_TIMEOUT_SECONDS} s while P holds one of its
 * workers (JDK 17's ForkJoinPool did so in 2 of 3 forks of one run, 2026-12-05, and in none of 21
 * forks run on their own afterwards) gets no figure for that fork: the probe lets P go, says so on
 * standard output with the pool's state, and the fork's other counters stand. The probe is not the
 * benchmark: it must not fail the iteration it follows.
 */
public final class UnparkProbe {
    /** Rounds per probe; odd, so that the median is one of them. */
    public static final int ROUNDS = 31;
    /** Microseconds U keeps spinning after P's thread is seen waiting. */
    public static final long SETTLE_MICROS = 1000;
    /** Seconds any step of a round may take before the probe gives up. */
    static final long TIMEOUT_SECONDS = 10;
    /** Seconds the pool may take to start U while P holds one of its workers. */
    static final long START_TIMEOUT_SECONDS = 2;

    /** The waker's cost of one unpark in nanoseconds: median and maximum over the rounds. */
    public record Cost(long medianNanos, long maxNanos) {
    }

    private UnparkProbe() {
    }

    /**
     * Probes {@code pool}, which has {@code workers} worker threads; {@code name} names it in messages.
     *
     * @return the cost, or null if the pool cannot be probed (the reason is printed): it has fewer
     *         than 2 workers, or a round did not run as described (U not started
     *         within {@value #START_TIMEOUT_SECONDS} s, or a step not done within {@value
     *         #TIMEOUT_SECONDS} s)
     * @throws IllegalArgumentException if {@code workers} is not positive
     * @throws IllegalStateException if the probe's tasks are still held by the pool after it gave up
     * @throws InterruptedException if the calling thread is interrupted while it waits
     */
    public static Cost measure(Executor pool, int workers, String name) throws InterruptedException {
        if (workers < 1) {
            throw new IllegalArgumentException("workers must be positive, got " + workers);
        }
        if (workers < 2) {
            System.out.println("# unpark probe: " + name + " has 1 worker, no worker-to-worker wake-up to time");
            return null;
        }
        long[] costs = new long[ROUNDS];
        for (int i = 0; i < ROUNDS; i++) {
            String failure = round(pool, name, costs, i);
            if (failure != null) {
                System.out.println("# unpark probe: " + name + ", round " + (i + 1) + ": " + failure
                        + "; nothing recorded for this fork (" + pool + ")");
                return null;
            }
        }
        Arrays.sort(costs);
        return new Cost(costs[ROUNDS / 2], costs[ROUNDS - 1]);
    }

    /**
     * One round: its cost into {@code costs[i]}, and null; or why it did not run as described, once
     * P and U have both ended (so that the pool is left as it was found).
     */
    private static String round(Executor pool, String name, long[] costs, int i) throws InterruptedException {
        Parked p = new Parked();
        Waker u = new Waker(p);
        pool.execute(p);
        if (!p.started.await(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            throw new IllegalStateException("unpark probe: " + name + " did not start the parking task within "
                    + TIMEOUT_SECONDS + " s");
        }
        pool.execute(u);
        String failure = null;
        if (!u.started.await(START_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            u.abandoned = true; // checked by U first: if it starts now, it only ends
            failure = "the waking task did not start within " + START_TIMEOUT_SECONDS
                    + " s while the parking task held a worker";
            p.release();
        }
        if (!u.done.await(TIMEOUT_SECONDS + SETTLE_MICROS / 1000 + 1, TimeUnit.SECONDS)) {
            p.release();
            failure = "the waking task did not end within " + TIMEOUT_SECONDS + " s";
            if (!u.done.await(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                throw new IllegalStateException("unpark probe: " + name + ": " + failure + " (" + pool + ")");
            }
        }
        if (failure == null && u.timedOut) {
            failure = "the parked task's thread was not seen WAITING within " + TIMEOUT_SECONDS + " s";
            p.release();
        }
        if (!p.done.await(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            throw new IllegalStateException("unpark probe: " + name + ": the parked task did not return within "
                    + TIMEOUT_SECONDS + " s of its unpark (" + pool + ")");
        }
        if (failure == null) {
            costs[i] = u.cost;
        }
        return failure;
    }

    /** Task P: records its thread, parks until released. */
    private static final class Parked implements Runnable {
        final CountDownLatch started = new CountDownLatch(1);
        final CountDownLatch done = new CountDownLatch(1);
        /** P's thread: plain write before {@code started.countDown()}, read after its await (happens-before). */
        Thread thread;
        /** Set by U (or the failing caller) before it unparks P; volatile, read by P after each park. */
        volatile boolean released;

        @Override
        public void run() {
            thread = Thread.currentThread();
            started.countDown();
            while (!released) {
                LockSupport.park(this);
            }
            done.countDown();
        }

        void release() {
            released = true;
            LockSupport.unpark(thread);
        }
    }

    /** Task U: waits, spinning, until P's thread is parked and its vCPU idle, then times its unpark. */
    private static final class Waker implements Runnable {
        final Parked p;
        final CountDownLatch started = new CountDownLatch(1);
        final CountDownLatch done = new CountDownLatch(1);
        /** Set by the caller that gave up waiting for this task to start; volatile, read by it first. */
        volatile boolean abandoned;
        /** The results, plain: written before {@code done.countDown()}, read after its await. */
        boolean timedOut;
        long cost;

        Waker(Parked p) {
            this.p = p;
        }

        @Override
        public void run() {
            started.countDown();
            if (abandoned) {
                done.countDown();
                return;
            }
            // Submitted after P started: p.thread is visible (started.countDown, await, execute). P
            // holds its thread until this task releases it (or, abandoned, U returns above), so U
            // never runs there.
            Thread pt = p.thread;
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TIMEOUT_SECONDS);
            while (pt.getState() != Thread.State.WAITING) {
                if (System.nanoTime() - deadline > 0) {
                    timedOut = true;
                    done.countDown();
                    return;
                }
                Thread.onSpinWait();
            }
            long settled = System.nanoTime() + TimeUnit.MICROSECONDS.toNanos(SETTLE_MICROS);
            while (System.nanoTime() - settled < 0) {
                Thread.onSpinWait();
            }
            p.released = true;
            long t0 = System.nanoTime();
            LockSupport.unpark(pt);
            cost = System.nanoTime() - t0;
            done.countDown();
        }
    }
}
