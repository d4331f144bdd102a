package io.github.taskpools.jmh;

import static io.github.taskpools.jmh.ProducerConsumerPool.SALSA;
import static io.github.taskpools.jmh.ProducerConsumerPool.SALSA_CAS;

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
 * Experiment {@code salsa-balancing}: SALSA paper Fig. 6 (§6.4), one producer and N consumers,
 * SALSA and SALSA+CAS with and without producer-based balancing (without it the producer always
 * inserts into its closest consumer's pool, so the other consumers live on stealing). See
 * {@link ProducerConsumerBenchmark} for the workload.
 */
@State(Scope.Group)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(3)
@Warmup(iterations = 5, time = 1, timeUnit = TimeUnit.SECONDS)
@Measurement(iterations = 5, time = 1, timeUnit = TimeUnit.SECONDS)
public class SalsaBalancingBenchmark extends ProducerConsumerBenchmark {
    /** The experiment id used by {@code ./bench} and the report. */
    public static final String EXPERIMENT = "salsa-balancing";

    @Param({SALSA, SALSA_CAS})
    public String pool;

    @Param({"true", "false"})
    public boolean balancing;

    @Override
    protected String pool() {
        return pool;
    }

    @Override
    protected boolean balancing() {
        return balancing;
    }
}
