package io.github.taskpools.jmh;

import io.github.taskpools.api.TaskPool;
import io.github.taskpools.salsa.FenceMode;
import io.github.taskpools.salsa.SalsaPool;
import java.util.concurrent.TimeUnit;
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
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Experiment {@code salsa-one-thread}: what SALSA's three consume paths cost with no second core in
 * the way. One thread holds producer 0 and consumer 0 of a SALSA pool of one of each: it puts
 * {@value #TASKS} tasks (16 chunks of the paper's 1000), then takes them back. The consume paths
 * differ only in the common case of takeTask (SALSA §5.2, Algorithm 5, lines 90-92): an opaque
 * store of TAKEN after an opaque index store ({@code salsa}, the asymmetric fence of §6.1), the same with
 * the index store and the ownership load volatile, a StoreLoad fence per task ({@code salsa-full}),
 * or a CAS of the slot per task ({@code salsa-cas}, the paper's SALSA+CAS). Nothing is stolen, so no
 * membarrier runs. The {@code salsa-*} producer/consumer experiments also move every slot's cache
 * line between the cores; this one shows what the fence and the CAS cost by themselves.
 *
 * <p>One invocation = {@value #TASKS} puts + {@value #TASKS} takes; the score counts both, as the
 * producer/consumer experiments do. Every take must return a task (a null fails the run) and the
 * trial checks the sum of the values taken and the consumer's CAS count (0 per task for
 * {@code salsa} and {@code salsa-full}, 1 for {@code salsa-cas}). ASYMMETRIC falls back to FULL
 * where membarrier is unavailable; the set-up then prints the reason and fails the run, since the
 * two contenders would be the same. {@link CpuShare} records how much of each iteration the thread
 * was on a CPU.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(3)
@Warmup(iterations = 5, time = 1, timeUnit = TimeUnit.SECONDS)
@Measurement(iterations = 5, time = 1, timeUnit = TimeUnit.SECONDS)
public class SalsaOneThreadBenchmark {
    /** The experiment id used by {@code ./bench} and the report. */
    public static final String EXPERIMENT = "salsa-one-thread";
    /** SALSA with the asymmetric fence (the default consume path). */
    public static final String SALSA = ProducerConsumerPool.SALSA;
    /** SALSA with a full fence per consumed task. */
    public static final String SALSA_FULL = "salsa-full";
    /** SALSA+CAS: a CAS per consumed task. */
    public static final String SALSA_CAS = ProducerConsumerPool.SALSA_CAS;
    /** Tasks put and taken per invocation: 16 chunks. */
    public static final int TASKS = 16 * 1000;

    @Param({SALSA, SALSA_FULL, SALSA_CAS})
    public String pool;

    private TaskPool.Producer<Object> producer;
    private SalsaPool<Object>.ConsumerHandle consumer;
    private Object[] tasks;
    private long expectedSum;
    private long takenSum;
    private long taken;

    @Setup(Level.Trial)
    public void setup() {
        FenceMode fence = SALSA_FULL.equals(pool) ? FenceMode.FULL : FenceMode.ASYMMETRIC;
        SalsaPool<Object> p = SalsaPool.builder(1, 1).chunkSize(1000).fence(fence)
                .consumeByCas(SALSA_CAS.equals(pool)).build();
        if (!p.consumesByCas() && p.fenceMode() != fence) {
            System.out.println("# " + pool + ": asked " + fence + ", fell back: " + p.fenceFallbackReason());
            throw new IllegalStateException(pool + " would run " + p.fenceMode() + ", not " + fence);
        }
        producer = p.producer(0);
        consumer = p.consumer(0);
        tasks = new Object[TASKS];
        for (int i = 0; i < TASKS; i++) {
            tasks[i] = i; // boxed once here, outside the measurement
            expectedSum += i;
        }
    }

    @Benchmark
    @OperationsPerInvocation(2 * TASKS)
    public void putThenTake(Blackhole bh, CpuShare cpu) {
        Object[] ts = tasks;
        for (Object t : ts) {
            producer.put(t);
        }
        long sum = 0;
        for (int i = 0; i < ts.length; i++) {
            Object t = consumer.get();
            if (t == null) {
                throw new IllegalStateException(pool + ": get found the pool empty after " + i + " of "
                        + ts.length + " takes");
            }
            sum += (Integer) t;
            bh.consume(t);
        }
        takenSum += sum;
        taken += ts.length;
    }

    @TearDown(Level.Trial)
    public void check() {
        long rounds = taken / TASKS;
        if (takenSum != rounds * expectedSum) {
            throw new IllegalStateException(pool + ": the values taken sum to " + takenSum + ", expected "
                    + rounds * expectedSum);
        }
        long cas = consumer.casCount();
        long expectedCas = SALSA_CAS.equals(pool) ? taken : 0;
        if (cas != expectedCas) {
            throw new IllegalStateException(pool + ": " + cas + " CAS for " + taken + " tasks taken, expected "
                    + expectedCas);
        }
    }
}
