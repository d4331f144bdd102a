package io.github.taskpools.jmh;

import static io.github.taskpools.jmh.ProducerConsumerPool.CAFE;
import static io.github.taskpools.jmh.ProducerConsumerPool.CLQ;
import static io.github.taskpools.jmh.ProducerConsumerPool.JCTOOLS_MPMC;
import static io.github.taskpools.jmh.ProducerConsumerPool.JCTOOLS_MPMC_XADD;
import static io.github.taskpools.jmh.ProducerConsumerPool.LBQ;

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
 * Experiment {@code cafe-throughput}: CAFÉ paper §5.2, Fig. 2, "task insertion and retrieval rates
 * (equal numbers of producers and consumers)", at the producers/consumers of {@code threads}
 * ({@code ./bench} sweeps equal counts, as the figure does). CAFÉ of the paper's default height {@value CafePool#DEFAULT_HEIGHT}
 * (k = {@value CafePool#DEFAULT_K}) against the paper's {@code ConcurrentLinkedQueue} and
 * {@code LinkedBlockingQueue}, and JCTools' {@code MpmcArrayQueue} and unbounded
 * {@code MpmcUnboundedXaddArrayQueue}. See {@link ProducerConsumerBenchmark} for the workload, the
 * bound on tasks in flight, the score and the conservation check.
 */
@State(Scope.Group)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(3)
@Warmup(iterations = 5, time = 1, timeUnit = TimeUnit.SECONDS)
@Measurement(iterations = 5, time = 1, timeUnit = TimeUnit.SECONDS)
public class CafeThroughputBenchmark extends ProducerConsumerBenchmark {
    /** The experiment id used by {@code ./bench} and the report. */
    public static final String EXPERIMENT = "cafe-throughput";

    @Param({CAFE, CLQ, LBQ, JCTOOLS_MPMC, JCTOOLS_MPMC_XADD})
    public String pool;

    @Override
    protected String pool() {
        return pool;
    }
}
