package io.github.taskpools.jmh;

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
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Experiment {@code executor-submit}: external submitters feeding a pool through
 * {@code execute(Runnable)}, as a service's request threads do. Per invocation the benchmark thread
 * releases the {@link #submitters} ({@link Submitters}: 1, 2 or the cores' number of platform threads,
 * or {@code vt1000}, 1000 virtual threads on JDK 21+), which together submit {@value #BATCH} tasks, and
 * waits until all of them have <em>completed</em> (each task decrements a shared count; the last one
 * unparks the benchmark thread). The score is tasks completed per second, not tasks enqueued.
 * Tasks: {@code empty} (only the count) or {@code 1us}, about a microsecond of
 * {@link Blackhole#consumeCPU} calibrated at the start of each trial (the token count is printed).
 * Contenders ({@link ExecutorPools}): BwosExecutor, ForkJoinPool and a fixed ThreadPoolExecutor on a
 * LinkedBlockingQueue, each with {@link #parallelism} workers.
 *
 * <p>Counters ({@link ExecutorCounters}): tasks per second ({@code work}), batches per second
 * ({@code invocations}), for BwosExecutor its parks and unparks (the report shows them per batch of
 * {@value #BATCH} tasks), for ForkJoinPool and BwosExecutor their steals (per task).
 *
 * <p>Checks that fail the run: a batch that has not completed {@value #STALL_SECONDS} s after its last
 * progress (a lost task), and any exception of a submitter.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Threads(1)
@Fork(3)
@Warmup(iterations = 5, time = 1, timeUnit = TimeUnit.SECONDS)
@Measurement(iterations = 5, time = 1, timeUnit = TimeUnit.SECONDS)
public class ExecutorSubmitBenchmark {
    /** The experiment id used by {@code ./bench} and the report. */
    public static final String EXPERIMENT = "executor-submit";
    /** Tasks per invocation, a multiple of 1000 so that 1000 virtual threads share it evenly. */
    public static final int BATCH = 10_000;
    public static final String EMPTY = "empty";
    public static final String ONE_MICRO = "1us";
    static final int STALL_SECONDS = 10;

    @Param({ExecutorPools.BWOS, ExecutorPools.FORK_JOIN_POOL, ExecutorPools.THREAD_POOL_EXECUTOR})
    public String pool;

    @Param({EMPTY, ONE_MICRO})
    public String task;

    /**
     * Submitter threads: a number of platform threads or {@code vtN} (N virtual threads, JDK 21+ only:
     * the trial fails on older JDKs; {@code ./bench} leaves it out there).
     */
    @Param({"1", "2", "vt1000"})
    public String submitters;

    /** Workers; 0 means {@link Runtime#availableProcessors()}. */
    @Param({"0"})
    public int parallelism;

    private ExecutorPools pools;
    private Submitters feeders;
    private final AtomicInteger remaining = new AtomicInteger();
    private Thread waiter;

    @Setup(Level.Trial)
    public void setup() {
        int n = parallelism > 0 ? parallelism : Runtime.getRuntime().availableProcessors();
        pools = new ExecutorPools(pool, n);
        waiter = Thread.currentThread();
        Runnable r;
        switch (task) {
            case EMPTY:
                r = this::done;
                break;
            case ONE_MICRO:
                long tokens = Calibration.tokensPerMicrosecond();
                System.out.println("# " + EXPERIMENT + ": " + tokens + " Blackhole.consumeCPU tokens for 1 us");
                r = () -> {
                    Blackhole.consumeCPU(tokens);
                    done();
                };
                break;
            default:
                throw new IllegalArgumentException("unknown task " + task + " (known: " + EMPTY + ", " + ONE_MICRO
                        + ")");
        }
        ExecutorService e = pools.executor();
        feeders = new Submitters(submitters, e, r, BATCH);
    }

    private void done() {
        if (remaining.decrementAndGet() == 0) {
            LockSupport.unpark(waiter);
        }
    }

    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void batch(ExecutorCounters c) throws Exception {
        long steals0 = pools.steals();
        long parks0 = pools.parks();
        long unparks0 = pools.unparks();
        remaining.set(BATCH);
        feeders.release();
        int last = BATCH;
        long progress = System.nanoTime();
        int left;
        while ((left = remaining.get()) != 0) {
            LockSupport.parkNanos(this, 100_000_000L);
            long now = System.nanoTime();
            if (left != last) {
                last = left;
                progress = now;
            } else if (now - progress > STALL_SECONDS * 1_000_000_000L) {
                throw new IllegalStateException(pool + ": " + left + " of " + BATCH + " tasks not completed "
                        + STALL_SECONDS + " s after the last progress" + (feeders.failure() == null ? ""
                        : "; a submitter failed: " + feeders.failure()));
            }
        }
        c.steals += pools.steals() - steals0;
        c.parks += pools.parks() - parks0;
        c.unparks += pools.unparks() - unparks0;
        c.work += BATCH;
        c.invocations++;
    }

    @TearDown(Level.Trial)
    public void tearDown() throws InterruptedException {
        try {
            feeders.close();
        } finally {
            pools.close();
        }
    }
}
