package io.github.taskpools.jmh;

import io.github.taskpools.cafe.CafePool;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Experiment {@code cafe-height}: CAFÉ paper §5.3, Fig. 4, "CAS failures and system throughput as a
 * function of CAFÉ's tree height". CAFÉ with k = {@value CafePool#DEFAULT_K} and the tree height h
 * swept from 0 (a linked-list queue, one task per tree) to the default 12, at the producers/consumers
 * of {@code threads} ({@code ./bench} sweeps them). Beside the throughput the report gives CAS failures per put or successful get (Fig. 4a)
 * and trees appended per second, both from {@link CafePool#stats()} (see {@link PoolCounters}). See
 * {@link ProducerConsumerBenchmark} for the workload, the score and the conservation check.
 */
@State(Scope.Group)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(3)
@Warmup(iterations = 5, time = 1, timeUnit = TimeUnit.SECONDS)
@Measurement(iterations = 5, time = 1, timeUnit = TimeUnit.SECONDS)
public class CafeHeightBenchmark extends ProducerConsumerBenchmark {
    /** The experiment id used by {@code ./bench} and the report. */
    public static final String EXPERIMENT = "cafe-height";

    /** The trees' height h. */
    @Param({"0", "2", "4", "6", "8", "10", "12"})
    public int height;

    @Override
    protected String pool() {
        return ProducerConsumerPool.CAFE;
    }

    @Override
    protected int cafeHeight() {
        return height;
    }
}
