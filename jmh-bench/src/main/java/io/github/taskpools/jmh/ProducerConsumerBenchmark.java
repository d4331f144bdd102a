package io.github.taskpools.jmh;

import io.github.taskpools.api.TaskPool;
import io.github.taskpools.cafe.CafePool;
import io.github.taskpools.salsa.FenceMode;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.List;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.GroupThreads;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.ThreadParams;

/**
 * The synthetic workload of the SALSA paper (§6.2): "each producer works in a loop of inserting dummy
 * items; each consumer works in a loop of retrieving dummy items", which is also CAFÉ's (§5.1), for the
 * {@code salsa-*} and {@code cafe-*} experiments, whose subclasses fix or sweep the contender, the
 * chunk size, the fence mode, producer-based balancing and CAFÉ's tree height.
 *
 * <h2>Threads</h2>
 * The parameter {@code threads} = "P/C" names the configuration: P producer and C consumer threads,
 * the JMH group's {@code producer} and {@code consumer} subgroups. JMH sizes a group per run, not per
 * parameter value, so one JMH run measures one configuration: {@code ./bench} runs each of an
 * experiment's configurations with {@code -tg C,P -p threads=P/C} (JMH orders the subgroups by method
 * name) and merges the results. The trial's set-up compares the group JMH runs with {@code threads}
 * and fails on a mismatch, so a result is never labelled with counts it did not run. Without
 * {@code -tg} the group is one producer and one consumer, the default of {@code threads}. Producer j
 * uses the pool's producer handle j, consumer i its consumer handle i (unbound, this thread only),
 * CAFÉ the handle of its own thread.
 *
 * <h2>Batches and the bound on tasks in flight</h2>
 * One invocation is {@value #BATCH} puts, or {@value #BATCH} get attempts. The pools are unbounded
 * and producers may be faster than consumers, so to keep the heap bounded a producer skips its batch
 * (one {@link Thread#yield}) while more than {@value #IN_FLIGHT} tasks are in flight, reading the
 * counts that every thread publishes once per batch (opaque stores to its own padded tally, opaque
 * loads: a pacing hint, a stale count only shifts the bound by a few batches). JCTools' bounded
 * MPMC queue gets a capacity above that bound, so its offers do not fail in practice (a refused one
 * is retried, never dropped).
 *
 * <h2>Score and counters</h2>
 * See {@link PoolCounters}: the score is {@code ops}, puts + tasks taken per second. CAS per task
 * comes from the pools' per-consumer counters, read by the consumer's own thread before and after
 * each batch (plain fields of that thread: no shared write, no allocation, nothing added to the
 * pools' hot paths beyond the plain increments next to their CASes). CAFÉ's CAS failures and trees
 * appended come from {@link CafePool#stats()}, read by consumer 0's counters at the start and end of
 * each iteration, outside the batches.
 *
 * <h2>Correctness check</h2>
 * Tasks are boxed integers from a pre-boxed array; each thread sums the values it put or took. At
 * the end of the trial (every thread stopped) consumer 0 drains what is left, and the counts and
 * sums must match: puts = taken + left, or the run fails; for CAFÉ the pool's own counters must agree
 * (its puts, and its successful gets = taken + left).
 */
@State(Scope.Group)
public abstract class ProducerConsumerBenchmark {
    /** Operations per invocation. */
    public static final int BATCH = 1024;
    /**
     * The bound on tasks in flight (put and not yet taken) above which producers pause. Where the
     * consumers are the slower side the backlog sits at this bound, so it sets the working set: 2^16
     * tasks are 256 KiB of task references (compressed), within the 512 KiB L2 of each core here. A bound
     * of 2^20 (the first choice) put 4 MiB of chunks between producer and consumer, every consume
     * missed the L2, and the consume paths under test (SALSA's plain take against a CAS per task)
     * measured the same: the benchmark then timed cache misses, not synchronization.
     */
    public static final int IN_FLIGHT = 1 << 16;
    private static final int TASKS = 4096;
    private static final int VALUE_BASE = 1_000_000;

    /**
     * Producers/consumers, "P/C": set per JMH run with its group's sizes ({@code -p threads=P/C -tg C,P}),
     * checked in {@link #setup}.
     */
    @Param({"1/1"})
    public String threads;

    private ProducerConsumerPool pool;
    private Object[] tasks;
    private Tally[] producerTally;
    private Tally[] consumerTally;
    private boolean asymmetric;

    /** The contender ({@link ProducerConsumerPool} names). */
    protected abstract String pool();

    /** SALSA's chunk size and ConcBag's block size: the paper's optima (§6.2) unless swept. */
    protected int chunkSize() {
        return ProducerConsumerPool.CONC_BAG.equals(pool()) ? ProducerConsumerPool.CONC_BAG_BLOCK : 1000;
    }

    /** CAFÉ's tree height h. */
    protected int cafeHeight() {
        return CafePool.DEFAULT_HEIGHT;
    }

    /** CAFÉ's last-level tries of a put. */
    protected int cafeK() {
        return CafePool.DEFAULT_K;
    }

    /** SALSA's fence mode. */
    protected FenceMode fence() {
        return FenceMode.ASYMMETRIC;
    }

    /** SALSA's producer-based balancing. */
    protected boolean balancing() {
        return true;
    }

    @Setup(Level.Trial)
    public void setup(BenchmarkParams params) {
        int slash = threads.indexOf('/');
        int np;
        int nc;
        try {
            np = Integer.parseInt(threads.substring(0, Math.max(slash, 0)));
            nc = Integer.parseInt(threads.substring(slash + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("threads must be producers/consumers, e.g. 2/3, got " + threads, e);
        }
        if (np < 1 || nc < 1) {
            throw new IllegalArgumentException("threads needs at least one producer and one consumer, got " + threads);
        }
        int[] groups = params.getThreadGroups();
        List<String> labels = List.copyOf(params.getThreadGroupLabels());
        int runP = groups[labels.indexOf("producer")];
        int runC = groups[labels.indexOf("consumer")];
        if (runP != np || runC != nc) {
            throw new IllegalStateException("threads=" + threads + " but JMH runs " + runP + " producer(s) and " + runC
                    + " consumer(s) (groups " + labels + " = " + Arrays.toString(groups) + "); run it with -tg "
                    + (labels.indexOf("producer") == 0 ? np + "," + nc : nc + "," + np) + ", as ./bench does");
        }
        pool = ProducerConsumerPool.create(pool(), np, nc, chunkSize(), fence(), balancing(), 2 * IN_FLIGHT,
                cafeHeight(), cafeK());
        asymmetric = pool.asymmetricFence();
        if (pool.fenceNote() != null) {
            System.out.println("# " + pool() + ": fence mode in use: " + pool.fenceNote());
        }
        tasks = new Object[TASKS];
        for (int i = 0; i < TASKS; i++) {
            tasks[i] = Integer.valueOf(VALUE_BASE + i);
        }
        producerTally = new Tally[np];
        consumerTally = new Tally[nc];
        for (int j = 0; j < np; j++) {
            producerTally[j] = new Tally();
        }
        for (int i = 0; i < nc; i++) {
            consumerTally[i] = new Tally();
        }
    }

    /** One batch of puts, or a pause if too many tasks are in flight. */
    @Benchmark
    @Group("pc")
    @GroupThreads(1)
    public void producer(PoolCounters c, ThreadParams tp) {
        int j = tp.getSubgroupThreadIndex();
        if (inFlight() > IN_FLIGHT) {
            Thread.yield();
            return;
        }
        Tally t = producerTally[j];
        TaskPool.Producer<Object> p = pool.producer(j);
        Object[] tasks = this.tasks;
        int i = t.cursor;
        long sum = 0;
        for (int k = 0; k < BATCH; k++) {
            p.put(tasks[i]);
            sum += VALUE_BASE + i;
            i = (i + 1) & (TASKS - 1);
        }
        t.cursor = i;
        t.sum += sum;
        t.count += BATCH;
        t.publish(t.count);
        c.puts += BATCH;
        c.ops += BATCH;
    }

    /** One batch of get attempts. */
    @Benchmark
    @Group("pc")
    @GroupThreads(1)
    public void consumer(PoolCounters c, ThreadParams tp) {
        int i = tp.getSubgroupThreadIndex();
        if (i == 0 && !c.attached()) {
            c.attach(pool);
        }
        Tally t = consumerTally[i];
        TaskPool.Consumer<Object> q = pool.consumer(i);
        boolean counting = pool.countsCas();
        long cas0 = counting ? pool.casCount(i) : 0;
        long taken = 0;
        long sum = 0;
        for (int k = 0; k < BATCH; k++) {
            Object task = q.get();
            if (task != null) {
                sum += (Integer) task;
                taken++;
            } else {
                Thread.onSpinWait();
            }
        }
        t.sum += sum;
        t.count += taken;
        t.publish(t.count);
        c.taken += taken;
        c.ops += taken;
        c.misses += BATCH - taken;
        if (counting) {
            c.cas += pool.casCount(i) - cas0;
        }
        if (asymmetric) {
            c.asymTaken += taken;
        }
    }

    private long inFlight() {
        long n = 0;
        for (Tally t : producerTally) {
            n += t.published();
        }
        for (Tally t : consumerTally) {
            n -= t.published();
        }
        return n;
    }

    /** Drains what is left and checks that every task put was taken exactly once. */
    @TearDown(Level.Trial)
    public void checkConservation() {
        long puts = 0;
        long putSum = 0;
        long taken = 0;
        long takenSum = 0;
        for (Tally t : producerTally) {
            puts += t.count;
            putSum += t.sum;
        }
        for (Tally t : consumerTally) {
            taken += t.count;
            takenSum += t.sum;
        }
        long left = 0;
        long leftSum = 0;
        Object task;
        while ((task = pool.consumer(0).get()) != null) {
            left++;
            leftSum += (Integer) task;
        }
        if (puts != taken + left || putSum != takenSum + leftSum) {
            throw new IllegalStateException(pool() + ": tasks not conserved: puts " + puts + " (sum " + putSum
                    + "), taken " + taken + " (sum " + takenSum + "), left " + left + " (sum " + leftSum + ")");
        }
        CafePool.Stats s = pool.cafeStats();
        if (s != null && (s.puts() != puts || s.gets() != taken + left)) {
            throw new IllegalStateException(pool() + ": CAFÉ's counters disagree: " + s + ", benchmark puts " + puts
                    + ", taken " + taken + " + drained " + left);
        }
    }

    /** A thread's counts, padded against its neighbours. */
    static final class Tally extends TallyFields {
        long q00, q01, q02, q03, q04, q05, q06, q07;
        long q08, q09, q10, q11, q12, q13, q14, q15;
    }

    /** The fields of a {@link Tally}. */
    abstract static class TallyFields extends TallyPad {
        private static final VarHandle PUBLISHED;

        static {
            try {
                PUBLISHED = MethodHandles.lookup().findVarHandle(TallyFields.class, "published", long.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        /** Plain, the owning thread only; read by the trial's tear-down after every thread stopped. */
        long count;
        long sum;
        int cursor;
        /** Opaque store by the owning thread, opaque loads by producers: a pacing hint (see the class comment). */
        private long published;

        final void publish(long value) {
            PUBLISHED.setOpaque(this, value);
        }

        final long published() {
            return (long) PUBLISHED.getOpaque(this);
        }
    }

    /** Padding before a tally's fields. */
    abstract static class TallyPad {
        long p00, p01, p02, p03, p04, p05, p06, p07;
        long p08, p09, p10, p11, p12, p13, p14, p15;
    }
}
