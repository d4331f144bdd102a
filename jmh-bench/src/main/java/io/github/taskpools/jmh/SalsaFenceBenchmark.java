package io.github.taskpools.jmh;

import io.github.taskpools.salsa.FenceMode;
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
 * Experiment {@code salsa-fence-mode}: SALSA §6.1, the consume path with a full fence against the
 * asymmetric one (no fence instruction in the consumer, a {@code membarrier} in the stealer). One
 * producer and N consumers ({@code threads} = 1/N); with one consumer nothing is stolen and only the
 * consumer's fence differs, with two the stealers' membarriers are paid too. ASYMMETRIC falls back
 * to FULL where membarrier is unavailable: the benchmark prints the mode in use and the reason to
 * its log, and the {@code asymTaken} counter (asymmetric share) is 0 after a fallback. See
 * {@link ProducerConsumerBenchmark} for the workload.
 */
@State(Scope.Group)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(3)
@Warmup(iterations = 5, time = 1, timeUnit = TimeUnit.SECONDS)
@Measurement(iterations = 5, time = 1, timeUnit = TimeUnit.SECONDS)
public class SalsaFenceBenchmark extends ProducerConsumerBenchmark {
    /** The experiment id used by {@code ./bench} and the report. */
    public static final String EXPERIMENT = "salsa-fence-mode";

    @Param({"FULL", "ASYMMETRIC"})
    public FenceMode fence;

    @Override
    protected String pool() {
        return ProducerConsumerPool.SALSA;
    }

    @Override
    protected FenceMode fence() {
        return fence;
    }
}
