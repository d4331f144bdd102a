package io.github.taskpools.jmh;

import io.github.taskpools.jmh.forkjoin.BwosForkJoin;
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
 * Experiment {@code fork-join}: whole recursive computations (see {@link Kernels}: fib, integrate,
 * n-queens) on {@link ForkJoinPool} against the same kernels on {@link BwosForkJoin}, workers owning
 * LIFO BWoS deques. One operation is one complete computation; the score is computations per second.
 * Both schedulers get {@link #parallelism} workers (0 = the available processors): the pool's own
 * threads for ForkJoinPool (the benchmark thread waits in {@code invoke}), the benchmark thread plus
 * {@code parallelism - 1} helpers for the BWoS runner.
 *
 * <p>Correctness check: every computation's result is compared with the sequential answer; a wrong one
 * fails the run.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Threads(1)
@Fork(3)
@Warmup(iterations = 5, time = 1, timeUnit = TimeUnit.SECONDS)
@Measurement(iterations = 5, time = 1, timeUnit = TimeUnit.SECONDS)
public class ForkJoinBenchmark {
    /** The experiment id used by {@code ./bench} and the report. */
    public static final String EXPERIMENT = "fork-join";
    public static final String FORK_JOIN_POOL = "forkjoinpool";
    public static final String BWOS = "bwos";

    @Param({Kernels.FIB, Kernels.INTEGRATE, Kernels.NQUEENS})
    public String kernel;

    @Param({FORK_JOIN_POOL, BWOS})
    public String pool;

    /** Workers; 0 means {@link Runtime#availableProcessors()}. */
    @Param({"0"})
    public int parallelism;

    private Kernels.Kernel k;
    private ForkJoinPool fjp;
    private BwosForkJoin bwos;

    @Setup(Level.Trial)
    public void setup() {
        int n = parallelism > 0 ? parallelism : Runtime.getRuntime().availableProcessors();
        k = Kernels.byName(kernel);
        switch (pool) {
            case FORK_JOIN_POOL:
                fjp = new ForkJoinPool(n);
                break;
            case BWOS:
                bwos = new BwosForkJoin(n);
                break;
            default:
                throw new IllegalArgumentException("unknown pool " + pool);
        }
    }

    @Benchmark
    public double compute() {
        double r = fjp != null ? k.onForkJoinPool(fjp) : k.onBwos(bwos);
        if (!k.check(r)) {
            throw new IllegalStateException(pool + " computed a wrong " + kernel + ": " + r);
        }
        return r;
    }

    @TearDown(Level.Trial)
    public void tearDown() throws InterruptedException {
        if (fjp != null) {
            fjp.shutdown();
            fjp.awaitTermination(10, TimeUnit.SECONDS);
        }
        if (bwos != null) {
            bwos.close();
        }
    }
}
