package io.github.taskpools.jmh;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.GroupThreads;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Experiment {@code bwos-one-thief}: BWoS paper §6.2.2, "single queue with stealing". One owner
 * thread runs the fill+drain cycle of §6.2.1 (put until the queue refuses, get until it is empty) on a
 * queue of capacity 8192 (BWoS: 8 blocks of 1024) while one thief thread steals from it; the score is
 * the total throughput, puts + gets + steals per second (the {@code ops} counter of
 * {@link StealCounters}), and the measured stolen share is steals / (gets + steals).
 *
 * <h2>How the stolen share is set</h2>
 * The paper adjusts "the idle time between each steal" to reach a stolen percentage (§6.2, fn. 2);
 * here the thief paces itself against the owner instead of against a calibrated delay, so the same
 * {@link #stolenPercent} means the same share on every machine and for every contender: the owner
 * publishes its running count of puts every {@value #PUBLISH_EVERY} puts (one opaque store), and the
 * thief steals only while its own count of steals is below {@code stolenPercent / 100} of that count;
 * otherwise it idles for {@value #IDLE_TOKENS} {@link Blackhole#consumeCPU} tokens and looks again.
 * Since every task put is eventually taken, steals / puts is the stolen share. The thief can steal at
 * most as fast as its steals succeed, so a contender whose steals mostly fail falls short of the target;
 * the report shows the measured share next to the target. At 0% the thief only idles.
 *
 * <h2>Correctness check</h2>
 * Tasks are boxed integers; the owner sums the values it puts and gets, the thief the values it steals.
 * At the end of the trial (after every thread has stopped) whatever is left in the queue is drained and
 * the counts and sums must match: puts = gets + steals + left, or the run fails.
 */
@State(Scope.Group)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(3)
@Warmup(iterations = 5, time = 1, timeUnit = TimeUnit.SECONDS)
@Measurement(iterations = 5, time = 1, timeUnit = TimeUnit.SECONDS)
public class BwosOneThiefBenchmark {
    /** The experiment id used by {@code ./bench} and the report. */
    public static final String EXPERIMENT = "bwos-one-thief";
    /** The owner publishes its put count this often (one BWoS block's worth of puts). */
    public static final int PUBLISH_EVERY = 1024;
    /** The thief's idle step when it is ahead of its share. */
    public static final int IDLE_TOKENS = 64;

    private static final int CAPACITY = FillDrainBenchmark.CAPACITY;
    private static final int VALUE_BASE = 1_000_000;

    @Param({
        OwnerQueue.BWOS_LIFO,
        OwnerQueue.BWOS_FIFO,
        OwnerQueue.CHASE_LEV_OPT,
        OwnerQueue.CHASE_LEV_SC,
        OwnerQueue.JCTOOLS_SPMC,
    })
    public String queue;

    /** The target share of the tasks the thief takes, in percent. */
    @Param({"0", "1", "5", "10", "20"})
    public int stolenPercent;

    private OwnerQueue<?> q;
    private Object[] tasks;
    /** Written by the owner only; a separate object from {@link #thief} so the two do not share a line. */
    private OwnerTally owner;
    /** Written by the thief only. */
    private ThiefTally thief;
    private double share;

    /** The owner's counts. {@code published} is read by the thief. */
    static final class OwnerTally {
        private static final VarHandle PUBLISHED;

        static {
            try {
                PUBLISHED = MethodHandles.lookup().findVarHandle(OwnerTally.class, "published", long.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        /** Plain: owner only; read by the trial's tear-down after the threads stopped. */
        long puts;
        long gets;
        long putSum;
        long getSum;
        Thread bound;
        /**
         * Opaque store by the owner, opaque load by the thief: a pacing hint only (a stale value makes
         * the thief steal a little late), so no ordering with anything else is needed.
         */
        long published;

        void publish(long value) {
            PUBLISHED.setOpaque(this, value);
        }

        long published() {
            return (long) PUBLISHED.getOpaque(this);
        }
    }

    /** The thief's counts; plain, thief only, read by the trial's tear-down. */
    static final class ThiefTally {
        long steals;
        long stealSum;
    }

    @Setup(Level.Trial)
    public void setup() {
        q = OwnerQueue.create(queue, CAPACITY, FillDrainBenchmark.BLOCKS);
        tasks = new Object[CAPACITY];
        for (int i = 0; i < CAPACITY; i++) {
            tasks[i] = Integer.valueOf(VALUE_BASE + i);
        }
        owner = new OwnerTally();
        thief = new ThiefTally();
        if (stolenPercent < 0 || stolenPercent > 100) {
            throw new IllegalArgumentException("stolenPercent must be in [0, 100], got " + stolenPercent);
        }
        share = stolenPercent / 100.0;
    }

    /** One fill+drain cycle of the owner. */
    @Benchmark
    @Group("ownerAndThief")
    @GroupThreads(1)
    public void owner(StealCounters c, CpuShare cpu) {
        OwnerTally o = owner;
        if (o.bound != Thread.currentThread()) {
            q.bindOwner();
            o.bound = Thread.currentThread();
        }
        ownerCycle(q, tasks, o, c);
    }

    /** The owner's cycle, with the queue held in a local variable (see {@link OwnerQueue}). */
    private static <Q> void ownerCycle(OwnerQueue<Q> q, Object[] tasks, OwnerTally o, StealCounters c) {
        Q queue = q.queue();
        long advances = q.blockAdvances();
        long puts = o.puts;
        long putSum = 0;
        int i = 0;
        while (q.put(queue, tasks[i])) {
            putSum += VALUE_BASE + i;
            i = (i + 1) & (CAPACITY - 1);
            if ((++puts & (PUBLISH_EVERY - 1)) == 0) {
                o.publish(puts);
            }
        }
        o.publish(puts);
        long gets = 0;
        long getSum = 0;
        Object t;
        while ((t = q.get(queue)) != null) {
            getSum += (Integer) t;
            gets++;
        }
        long put = puts - o.puts;
        o.puts = puts;
        o.gets += gets;
        o.putSum += putSum;
        o.getSum += getSum;
        c.ops += put + gets;
        c.taken += gets;
        c.advances += q.blockAdvances() - advances;
    }

    /** One steal attempt, or one idle step if the thief is ahead of its share. */
    @Benchmark
    @Group("ownerAndThief")
    @GroupThreads(1)
    public void thief(StealCounters c) {
        ThiefTally th = thief;
        if (th.steals >= (long) (share * owner.published())) {
            Blackhole.consumeCPU(IDLE_TOKENS);
            return;
        }
        c.attempts++;
        Object t = q.steal();
        if (t != null) {
            th.steals++;
            th.stealSum += (Integer) t;
            c.steals++;
            c.taken++;
            c.ops++;
        }
    }

    /** Drains what is left and checks that every task put was taken exactly once. */
    @TearDown(Level.Trial)
    public void checkConservation() {
        long left = 0;
        long leftSum = 0;
        Object t;
        while ((t = q.steal()) != null) {
            left++;
            leftSum += (Integer) t;
        }
        OwnerTally o = owner;
        ThiefTally th = thief;
        if (o.puts != o.gets + th.steals + left || o.putSum != o.getSum + th.stealSum + leftSum) {
            throw new IllegalStateException(queue + ": tasks not conserved: puts " + o.puts + " (sum " + o.putSum
                    + "), gets " + o.gets + " (sum " + o.getSum + "), steals " + th.steals + " (sum " + th.stealSum
                    + "), left " + left + " (sum " + leftSum + ")");
        }
    }
}
