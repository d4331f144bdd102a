package io.github.taskpools.jmh;

import static io.github.taskpools.jmh.ProducerConsumerPool.CONC_BAG;
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
 * Experiment {@code salsa-chunk-size}: SALSA paper Fig. 8 (§6.6), throughput of the chunk-based
 * pools (SALSA, SALSA+CAS, ConcBag's blocks) as the chunk size varies, at the producers/consumers
 * of {@code threads} (the paper: 16/16; with one consumer nothing is stolen, with more the consumers
 * steal). See {@link ProducerConsumerBenchmark}.
 */
@State(Scope.Group)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(3)
@Warmup(iterations = 5, time = 1, timeUnit = TimeUnit.SECONDS)
@Measurement(iterations = 5, time = 1, timeUnit = TimeUnit.SECONDS)
public class SalsaChunkSizeBenchmark extends ProducerConsumerBenchmark {
    /** The experiment id used by {@code ./bench} and the report. */
    public static final String EXPERIMENT = "salsa-chunk-size";

    @Param({SALSA, SALSA_CAS, CONC_BAG})
    public String pool;

    @Param({"16", "64", "128", "256", "1000", "4000"})
    public int chunkSize;

    @Override
    protected String pool() {
        return pool;
    }

    @Override
    protected int chunkSize() {
        return chunkSize;
    }
}
