package io.github.taskpools.jmh;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;

/**
 * Experiment {@code executor-idle}: a pool that is idle most of the time, as a service's is. Each
 * invocation is one burst: the benchmark thread submits {@value #BURST} tasks (about a microsecond of
 * busy work each, calibrated as in {@code executor-submit}) with {@code execute(Runnable)} and waits
 * until all have completed; before each burst, outside the measured time (a {@code Level.Invocation}
 * set-up), it sleeps a random gap of {@value #GAP_MIN_MICROS} to {@value #GAP_MAX_MICROS} µs, long
 * enough for the workers to go idle. The score is the time of a burst, from the first submission to the
 * last completion seen by the benchmark thread (lower is better).
 *
 * <p>Counters ({@link IdleCounters}): submit-to-start latency of every task (from just before
 * {@code execute} to the task's first line), its median and 99th percentile over all tasks of the
 * fork's measurement iterations (one value per fork: a percentile of one iteration's couple of
 * thousand tasks rests on its 20 slowest and swung 82 to 1585 µs between iterations of one run on a
 * shared 2-core machine, so a mean of per-iteration p99s was ruled by single iterations); the CPU time
 * of the pool's own threads ({@link ExecutorPools#cpuNanos}, the operating system's per-thread count) per
 * second of a pure idle window of {@value #IDLE_WINDOW_MILLIS} ms after each iteration's last burst (in
 * the iteration's tear-down, outside the measured time) and per second of the iteration itself; and
 * BwosExecutor's parks per burst; and, once per fork after its last measurement iteration (outside the
 * measured time, after the idle window), the cost to the waker of one worker-to-worker unpark in this
 * JVM ({@link UnparkProbe}: median and maximum of {@value UnparkProbe#ROUNDS} rounds with the pool's own
 * threads; nothing with 1 worker), so that each fork's p99 can be read beside it.
 *
 * <p>Checks that fail the run: a burst that has not completed within {@value #STALL_SECONDS} s (a lost
 * task or a worker that never woke up).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Threads(1)
@Fork(3)
@Warmup(iterations = 5, time = 1, timeUnit = TimeUnit.SECONDS)
@Measurement(iterations = 5, time = 1, timeUnit = TimeUnit.SECONDS)
public class ExecutorIdleBenchmark {
    /** The experiment id used by {@code ./bench} and the report. */
    public static final String EXPERIMENT = "executor-idle";
    public static final int BURST = 16;
    public static final int GAP_MIN_MICROS = 5_000;
    public static final int GAP_MAX_MICROS = 10_000;
    public static final int IDLE_WINDOW_MILLIS = 200;
    static final int STALL_SECONDS = 10;
    /** Latency samples first allocated for a fork's measurement (about 2 000 per 1 s iteration); grows. */
    private static final int INITIAL_SAMPLES = 1 << 16;

    @Param({ExecutorPools.BWOS, ExecutorPools.FORK_JOIN_POOL, ExecutorPools.THREAD_POOL_EXECUTOR})
    public String pool;

    /** Workers; 0 means {@link Runtime#availableProcessors()}. */
    @Param({"0"})
    public int parallelism;

    private ExecutorPools pools;
    private ExecutorService executor;
    private Thread waiter;
    private final AtomicInteger remaining = new AtomicInteger();
    private Task[] tasks;
    private final SplittableRandom random = new SplittableRandom(0x1D1E);
    /** The latencies of the fork's measurement iterations so far (warm-up iterations' are dropped). */
    private long[] samples;
    private int count;
    /** Where the current iteration's latencies start in {@link #samples}. */
    private int iterationStart;
    private int measured;
    private int bursts;
    private long cpu0;
    private long wall0;
    private long parks0;

    /** A task of a burst: records its submit-to-start latency, works, counts itself done. */
    final class Task implements Runnable {
        final long tokens;
        long submitted;
        long latency;

        Task(long tokens) {
            this.tokens = tokens;
        }

        @Override
        public void run() {
            latency = System.nanoTime() - submitted;
            Blackhole.consumeCPU(tokens);
            if (remaining.decrementAndGet() == 0) {
                LockSupport.unpark(waiter);
            }
        }
    }

    @Setup(Level.Trial)
    public void setup() {
        int n = parallelism > 0 ? parallelism : Runtime.getRuntime().availableProcessors();
        pools = new ExecutorPools(pool, n);
        executor = pools.executor();
        waiter = Thread.currentThread();
        long tokens = Calibration.tokensPerMicrosecond();
        System.out.println("# " + EXPERIMENT + ": " + tokens + " Blackhole.consumeCPU tokens for 1 us");
        tasks = new Task[BURST];
        for (int i = 0; i < BURST; i++) {
            tasks[i] = new Task(tokens);
        }
        samples = new long[INITIAL_SAMPLES];
    }

    @Setup(Level.Iteration)
    public void startIteration() {
        iterationStart = count;
        bursts = 0;
        parks0 = pools.parks();
        wall0 = System.nanoTime();
        cpu0 = pools.cpuNanos();
    }

    /** The idle gap before a burst (not measured). */
    @Setup(Level.Invocation)
    public void gap() {
        long micros = random.nextInt(GAP_MIN_MICROS, GAP_MAX_MICROS + 1);
        long deadline = System.nanoTime() + micros * 1000;
        long left;
        while ((left = deadline - System.nanoTime()) > 0) {
            LockSupport.parkNanos(left);
        }
    }

    @Benchmark
    public void burst() {
        remaining.set(BURST);
        for (Task t : tasks) {
            t.submitted = System.nanoTime();
            executor.execute(t);
        }
        long start = System.nanoTime();
        while (remaining.get() != 0) {
            LockSupport.parkNanos(this, 100_000_000L);
            if (remaining.get() != 0 && System.nanoTime() - start > STALL_SECONDS * 1_000_000_000L) {
                throw new IllegalStateException(pool + ": " + remaining.get() + " of " + BURST
                        + " tasks of a burst not completed after " + STALL_SECONDS + " s");
            }
        }
        // The tasks' latencies were written before their decrements, which this thread has seen.
        if (count + BURST > samples.length) {
            samples = Arrays.copyOf(samples, 2 * samples.length); // rare: every few hundred iterations
        }
        for (Task t : tasks) {
            samples[count++] = t.latency;
        }
        bursts++;
    }

    /**
     * After the iteration's last burst: its CPU time, then a pure idle window of {@value #IDLE_WINDOW_MILLIS}
     * ms and the pool threads' CPU time during it; after the fork's last measurement iteration, also the
     * percentiles of all its measurement iterations' latencies and, after them, the fork's
     * {@link UnparkProbe}. A warm-up iteration's latencies are dropped.
     */
    @TearDown(Level.Iteration)
    public void idleWindow(IdleCounters c, IterationParams iteration) throws InterruptedException {
        long busyCpu = pools.cpuNanos() - cpu0;
        long busyWall = System.nanoTime() - wall0;
        long parks = pools.parks() - parks0;
        long idleCpu0 = pools.cpuNanos();
        long idle0 = System.nanoTime();
        long deadline = idle0 + IDLE_WINDOW_MILLIS * 1_000_000L;
        long left;
        while ((left = deadline - System.nanoTime()) > 0) {
            LockSupport.parkNanos(left);
        }
        long idleCpu = pools.cpuNanos() - idleCpu0;
        long idleWall = System.nanoTime() - idle0;
        if (bursts == 0) {
            throw new IllegalStateException(pool + ": an iteration without a single burst");
        }
        if (iteration.getType() != IterationType.MEASUREMENT) {
            count = iterationStart;
        } else if (++measured == iteration.getCount()) {
            Arrays.sort(samples, 0, count);
            c.forks = 1;
            c.microsToNanos = 1000;
            c.samples = count;
            c.p50Nanos = percentile(samples, count, 0.50);
            c.p99Nanos = percentile(samples, count, 0.99);
            UnparkProbe.Cost cost = UnparkProbe.measure(executor, pools.parallelism, pool);
            if (cost != null) {
                c.unparkMicrosToNanos = 1000;
                c.unparkNanos = cost.medianNanos();
                c.unparkMaxNanos = cost.maxNanos();
            }
        }
        c.busyCpuNanos = busyCpu;
        c.busyWallNanos = busyWall;
        c.idleCpuNanos = idleCpu;
        c.idleWallNanos = idleWall;
        c.parks = parks;
        c.bursts = bursts;
    }

    /** The nearest-rank percentile {@code q} of the first {@code n} values of sorted {@code a}. */
    static long percentile(long[] a, int n, double q) {
        int rank = (int) Math.ceil(q * n);
        return a[Math.max(0, Math.min(n, rank) - 1)];
    }

    @TearDown(Level.Trial)
    public void tearDown() throws InterruptedException {
        pools.close();
    }
}
