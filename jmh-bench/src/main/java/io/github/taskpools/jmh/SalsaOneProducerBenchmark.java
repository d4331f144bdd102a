package io.github.taskpools.jmh;

import static io.github.taskpools.jmh.ProducerConsumerPool.CLQ;
import static io.github.taskpools.jmh.ProducerConsumerPool.CONC_BAG;
import static io.github.taskpools.jmh.ProducerConsumerPool.JCTOOLS_MPMC;
import static io.github.taskpools.jmh.ProducerConsumerPool.LBQ;
import static io.github.taskpools.jmh.ProducerConsumerPool.SALSA;
import static io.github.taskpools.jmh.ProducerConsumerPool.SALSA_CAS;
import static io.github.taskpools.jmh.ProducerConsumerPool.WS_LIFO;
import static io.github.taskpools.jmh.ProducerConsumerPool.WS_MSQ;

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
 * Experiment {@code salsa-one-producer}: SALSA paper Fig. 5, one producer and N consumers:
 * throughput (5(a)) and CAS operations per retrieved task (5(b), the {@code cas} counter of the
 * pools of this library). See {@link ProducerConsumerBenchmark} for the workload.
 */
@State(Scope.Group)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(3)
@Warmup(iterations = 5, time = 1, timeUnit = TimeUnit.SECONDS)
@Measurement(iterations = 5, time = 1, timeUnit = TimeUnit.SECONDS)
public class SalsaOneProducerBenchmark extends ProducerConsumerBenchmark {
    /** The experiment id used by {@code ./bench} and the report. */
    public static final String EXPERIMENT = "salsa-one-producer";

    @Param({SALSA, SALSA_CAS, WS_MSQ, WS_LIFO, CONC_BAG, CLQ, LBQ, JCTOOLS_MPMC})
    public String pool;

    @Override
    protected String pool() {
        return pool;
    }
}
