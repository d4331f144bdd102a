package io.github.taskpools.jmh;

import io.github.taskpools.api.StealPolicies;
import io.github.taskpools.api.StealPolicy;
import io.github.taskpools.api.Topology;
import io.github.taskpools.api.WorkStealingDeque;
import io.github.taskpools.api.WorkStealingPool;
import io.github.taskpools.bwos.FifoBwosDeque;
import io.github.taskpools.bwos.LifoBwosDeque;
import io.github.taskpools.pool.BwosPool;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;
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
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * Experiment {@code bwos-pool}: BWoS paper §6.2.3, "pool with different stealing policies". N worker
 * threads, one BWoS deque each (capacity C = 8192, 8 blocks), each in a loop: put until its deque is
 * full, get from it until it is empty, then make {@code k * C} steal attempts on the pool, where k is the
 * balancing factor {@link #balance} in percent (§6.2: "attempt to steal k * C items from the pool").
 * The score is the total throughput, puts + gets + successful steals per second ({@code ops} of
 * {@link StealCounters}).
 *
 * <p>N is JMH's thread count: {@link Threads#MAX} (the available processors) unless {@code -t N} says
 * otherwise; the pool gets one worker per benchmark thread. Every steal policy of {@link StealPolicies}
 * runs with and without the probabilistic acceptance of §3.4 ({@link #probabilistic}). The paper's
 * machine had two NUMA nodes; {@link #nodes} splits the workers evenly into that many nodes for the
 * {@code numa} policy (with the default of 1 node, {@code numa} behaves as {@code rand}); the threads
 * are not pinned, so on a real NUMA machine the split says where the policy believes the workers are,
 * not where they run.
 *
 * <p>Correctness check: every worker counts and sums the tasks it puts, gets and steals; at the end of
 * the trial what is left in the deques is drained, and puts must equal gets + steals + left in count
 * and in sum.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Threads(Threads.MAX)
@Fork(3)
@Warmup(iterations = 5, time = 1, timeUnit = TimeUnit.SECONDS)
@Measurement(iterations = 5, time = 1, timeUnit = TimeUnit.SECONDS)
public class BwosPoolBenchmark {
    /** The experiment id used by {@code ./bench} and the report. */
    public static final String EXPERIMENT = "bwos-pool";
    public static final int BLOCKS = FillDrainBenchmark.BLOCKS;
    public static final int CAPACITY = FillDrainBenchmark.CAPACITY;

    @Param({"lifo", "fifo"})
    public String order;

    @Param({"rand", "seq", "last", "best-of-two", "best-of-many", "numa"})
    public String policy;

    /** With or without the P_accept phase of probabilistic stealing (§3.4). */
    @Param({"false", "true"})
    public boolean probabilistic;

    /** The balancing factor k in percent: steal attempts per cycle = k * C / 100. */
    @Param({"0", "25", "50", "100"})
    public int balance;

    /** NUMA nodes the workers are split into for the {@code numa} policy. */
    @Param({"1"})
    public int nodes;

    private BwosPool<Object> pool;
    private Object[] tasks;
    private Tally[] tallies;
    private int stealAttempts;
    private final AtomicInteger nextWorker = new AtomicInteger();

    /** One worker's counts: plain, that worker only, read by the trial's tear-down. */
    static final class Tally {
        long puts;
        long gets;
        long steals;
        long putSum;
        long takeSum;
    }

    /** A benchmark thread's worker. */
    @State(Scope.Thread)
    public static class WorkerState {
        WorkStealingPool.Worker<Object> worker;
        WorkStealingDeque<Object> deque;
        /** The deque's count of the owner's block advances. */
        LongSupplier advances;
        Tally tally;
    }

    static StealPolicy policy(String name) {
        switch (name) {
            case "rand":
                return StealPolicies.RANDOM;
            case "seq":
                return StealPolicies.SEQUENTIAL;
            case "last":
                return StealPolicies.LAST;
            case "best-of-two":
                return StealPolicies.BEST_OF_TWO;
            case "best-of-many":
                return StealPolicies.BEST_OF_MANY;
            case "numa":
                return StealPolicies.NUMA;
            default:
                throw new IllegalArgumentException("unknown steal policy " + name);
        }
    }

    @Setup(Level.Trial)
    public void setup(BenchmarkParams params) {
        int n = params.getThreads();
        if (balance < 0 || balance > 1000) {
            throw new IllegalArgumentException("balance must be in [0, 1000] percent, got " + balance);
        }
        pool = BwosPool.builder(n)
                .order("lifo".equals(order) ? BwosPool.Order.LIFO : BwosPool.Order.FIFO)
                .blockCount(BLOCKS)
                .blockSize(CAPACITY / BLOCKS)
                .policy(policy(policy))
                .probabilistic(probabilistic)
                .topology(Topology.evenlySplit(n, nodes))
                .build();
        tasks = new Object[CAPACITY];
        for (int i = 0; i < CAPACITY; i++) {
            tasks[i] = Integer.valueOf(i);
        }
        tallies = new Tally[n];
        stealAttempts = (int) ((long) balance * CAPACITY / 100);
    }

    /** One cycle of one worker: fill, drain, then k * C steal attempts. */
    @Benchmark
    public void cycle(WorkerState ws, StealCounters c) {
        if (ws.worker == null) {
            claim(ws);
        }
        WorkStealingDeque<Object> own = ws.deque;
        Object[] tasks = this.tasks;
        long advances = ws.advances.getAsLong();
        Tally tally = ws.tally;
        long puts = 0;
        long putSum = 0;
        int i = 0;
        while (own.push(tasks[i])) {
            putSum += i;
            i = (i + 1) & (CAPACITY - 1);
            puts++;
        }
        long gets = 0;
        long takeSum = 0;
        Object t;
        while ((t = own.pop()) != null) {
            takeSum += (Integer) t;
            gets++;
        }
        long steals = 0;
        WorkStealingPool.Worker<Object> w = ws.worker;
        for (int a = stealAttempts; a > 0; a--) {
            if ((t = w.steal()) != null) {
                takeSum += (Integer) t;
                steals++;
            }
        }
        tally.puts += puts;
        tally.gets += gets;
        tally.steals += steals;
        tally.putSum += putSum;
        tally.takeSum += takeSum;
        c.ops += puts + gets + steals;
        c.taken += gets + steals;
        c.steals += steals;
        c.attempts += stealAttempts;
        c.advances += ws.advances.getAsLong() - advances;
    }

    private void claim(WorkerState ws) {
        int index = nextWorker.getAndIncrement();
        if (index >= tallies.length) {
            throw new IllegalStateException("more benchmark threads than the " + tallies.length + " workers");
        }
        WorkStealingPool.Worker<Object> w = pool.worker(index);
        w.bind();
        ws.worker = w;
        ws.deque = pool.deque(index);
        ws.advances = ws.deque instanceof LifoBwosDeque<Object> lifo ? lifo::blockAdvances
                : ((FifoBwosDeque<Object>) ws.deque)::blockAdvances;
        ws.tally = new Tally();
        tallies[index] = ws.tally;
    }

    /** Drains what is left and checks that every task put was taken exactly once. */
    @TearDown(Level.Trial)
    public void checkConservation() {
        long left = 0;
        long leftSum = 0;
        for (int i = 0; i < pool.workers(); i++) {
            Object t;
            while ((t = pool.deque(i).steal()) != null) {
                left++;
                leftSum += (Integer) t;
            }
        }
        long puts = 0;
        long taken = 0;
        long putSum = 0;
        long takeSum = 0;
        for (Tally t : tallies) {
            if (t != null) {
                puts += t.puts;
                taken += t.gets + t.steals;
                putSum += t.putSum;
                takeSum += t.takeSum;
            }
        }
        if (puts != taken + left || putSum != takeSum + leftSum) {
            throw new IllegalStateException(pool + ": tasks not conserved: puts " + puts + " (sum " + putSum
                    + "), taken " + taken + " (sum " + takeSum + "), left " + left + " (sum " + leftSum + ")");
        }
    }
}
