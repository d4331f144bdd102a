package io.github.taskpools.jmh;

import io.github.taskpools.executor.BwosExecutor;
import io.github.taskpools.jmh.forkjoin.Kernels;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;
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

/**
 * Experiment {@code executor-fork-join}: whole recursive computations (see {@link Kernels}: fib at two
 * grains, jsr166's LeftSpineFib, integrate, n-queens, jsr166's blocked MatrixMultiply) on
 * {@link BwosExecutor} against the same kernels on {@link ForkJoinPool}, with {@link #parallelism}
 * workers each. The root is submitted from outside the pool: the benchmark thread calls
 * {@code pool.invoke(root)} and waits, on both. One operation is one complete computation; the score is
 * computations per second.
 *
 * <p>Counters ({@link ExecutorCounters}, per second; the report divides them by the computations):
 * steals per computation from the pools' own steal counts ({@code getStealCount()} of either pool), and
 * for BwosExecutor parks and grants on request per computation.
 *
 * <p>Checks that fail the run: every computation's result is compared with the sequential answer; and a
 * BwosExecutor trial with more than one worker whose steal count is still 0 at its end fails (its
 * workers never took each other's tasks: the mechanism under test never ran).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Threads(1)
@Fork(3)
@Warmup(iterations = 5, time = 1, timeUnit = TimeUnit.SECONDS)
@Measurement(iterations = 5, time = 1, timeUnit = TimeUnit.SECONDS)
public class ExecutorForkJoinBenchmark {
    /** The experiment id used by {@code ./bench} and the report. */
    public static final String EXPERIMENT = "executor-fork-join";
    public static final String FORK_JOIN_POOL = ExecutorPools.FORK_JOIN_POOL;
    public static final String BWOS = ExecutorPools.BWOS;

    @Param({Kernels.FIB, Kernels.FIB_FINE, Kernels.LEFTSPINE_FIB, Kernels.INTEGRATE, Kernels.NQUEENS,
        Kernels.MATMUL})
    public String kernel;

    @Param({BWOS, FORK_JOIN_POOL})
    public String pool;

    /**
     * Workers; 0 means {@link Runtime#availableProcessors()}. {@code ./bench} sweeps 1 to the cores
     * ({@code --threads N}: to N); the quick preset runs 1 and the cores.
     */
    @Param({"0"})
    public int parallelism;

    private Kernels.Kernel k;
    private ExecutorPools pools;
    private ForkJoinPool fjp;
    private BwosExecutor bwos;

    @Setup(Level.Trial)
    public void setup() {
        int n = parallelism > 0 ? parallelism : Runtime.getRuntime().availableProcessors();
        k = Kernels.byName(kernel);
        if (!pool.equals(BWOS) && !pool.equals(FORK_JOIN_POOL)) {
            throw new IllegalArgumentException("unknown pool " + pool + " (known: " + BWOS + ", " + FORK_JOIN_POOL
                    + ")");
        }
        pools = new ExecutorPools(pool, n);
        fjp = pools.forkJoinPool;
        bwos = pools.bwos;
    }

    @Benchmark
    public double compute(ExecutorCounters c) {
        long steals0 = pools.steals();
        long parks0 = pools.parks();
        long grants0 = pools.grantsOnRequest();
        double r = fjp != null ? k.onForkJoinPool(fjp) : k.onExecutor(bwos);
        c.steals += pools.steals() - steals0;
        c.parks += pools.parks() - parks0;
        c.grantsOnRequest += pools.grantsOnRequest() - grants0;
        c.work++;
        c.invocations++;
        if (!k.check(r)) {
            throw new IllegalStateException(pool + " computed a wrong " + kernel + ": " + r);
        }
        return r;
    }

    @TearDown(Level.Trial)
    public void tearDown() throws InterruptedException {
        long steals = pools.steals();
        pools.close();
        if (bwos != null && pools.parallelism > 1 && steals == 0) {
            throw new IllegalStateException(pool + " with " + pools.parallelism + " workers ran " + kernel
                    + " for a whole trial without a single steal: its workers never shared the work");
        }
    }
}
