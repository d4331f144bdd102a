package io.github.taskpools.jmh;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.CompilerControl;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * One owner thread puts {@value #CAPACITY} tasks, which fills the queue, checks with one more put
 * that the queue reports full, then gets until the queue reports empty; one invocation is one such
 * fill+drain cycle of exactly {@value #OPS_PER_CYCLE} successful operations (the two boundary
 * probes, the refused put and the get that returns {@code null}, are not counted; every contender
 * makes them). The score is operations (puts + gets) per second. Subclasses name the experiment
 * and its contenders ({@link #contender()}, a JMH {@code @Param}).
 *
 * <p>The task objects are boxed once in {@link #setup()}, so nothing is allocated while measuring;
 * every task taken out goes into the {@link Blackhole}. The count of puts and gets is checked on
 * every cycle, so a contender with a different capacity or one that loses a task fails the run
 * instead of producing a number.
 *
 * <p>{@link CpuShare} records how much of each iteration's wall time the benchmark thread was on
 * a CPU, to show disturbance by other load.
 *
 * <p>All contenders run in the same JMH run, one per parameter value (JMH forks a fresh JVM per
 * value, so each fork sees one queue class only). See {@link OwnerQueue} for the contenders.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Threads(1)
@Fork(3)
@Warmup(iterations = 5, time = 1, timeUnit = TimeUnit.SECONDS)
@Measurement(iterations = 5, time = 1, timeUnit = TimeUnit.SECONDS)
public abstract class FillDrainBenchmark {
    /** Queue capacity, and tasks per cycle (the paper: 8k entries). */
    public static final int CAPACITY = 8192;
    /** BWoS blocks (the paper: 8), so 1024 entries per block. */
    public static final int BLOCKS = 8;
    /** Successful operations per invocation: {@value #CAPACITY} puts and as many gets. */
    public static final int OPS_PER_CYCLE = 2 * CAPACITY;

    /** The contender of this fork: one of {@link OwnerQueue}'s names. */
    protected abstract String contender();

    private OwnerQueue<?> q;
    private Object[] tasks;
    private Object extra;

    @Setup(Level.Trial)
    public void setup() {
        q = OwnerQueue.create(contender(), CAPACITY, BLOCKS);
        tasks = boxedTasks();
        extra = Integer.valueOf(-1_000_000);
    }

    /** {@value #CAPACITY} distinct boxed tasks, outside the {@code Integer} cache. */
    static Object[] boxedTasks() {
        Object[] tasks = new Object[CAPACITY];
        for (int i = 0; i < CAPACITY; i++) {
            tasks[i] = Integer.valueOf(1_000_000 + i);
        }
        return tasks;
    }

    /** JMH runs thread-scoped setups on the benchmark thread; bind it as owner all the same. */
    @Setup(Level.Iteration)
    public void bindOwner() {
        q.bindOwner();
    }

    @Benchmark
    @OperationsPerInvocation(OPS_PER_CYCLE)
    public void fillDrain(Blackhole bh, CpuShare cpu) {
        fillToCapacity(q, tasks, extra, contender());
        int n = drainAll(q, bh);
        if (n != CAPACITY) {
            throw wrongCount(contender(), "get returned a number of tasks different from the capacity:", n);
        }
    }

    /*
     * The two loops, putAll and drainAll, are separate, never-inlined methods: each is then compiled
     * alone, the same way in every fork, instead of once inside fillDrain and sometimes again inside
     * JMH's stub when C2 happens to inline fillDrain there (which it does or not depending on
     * compilation timing, and which made forks settle at throughputs up to 1.7x apart). Their only
     * live values are the queue, the task array and the counters, so the contender's inlined put or get
     * has the registers to itself (with the boundary checks' values live across the loop too, C2 spilled
     * and reloaded four of them on every put of the sequential stack). Two calls per cycle of 16384
     * operations cost nothing measurable.
     */

    /** Puts {@code tasks} ({@value #CAPACITY} of them), then checks that {@code q} refuses {@code extra}. */
    static <Q> void fillToCapacity(OwnerQueue<Q> q, Object[] tasks, Object extra, String contender) {
        int n = putAll(q, tasks);
        if (n != CAPACITY) {
            throw wrongCount(contender, "put refused the task at", n);
        }
        if (q.put(extra)) {
            throw wrongCount(contender, "put accepted a task beyond", CAPACITY);
        }
    }

    /**
     * Puts {@code tasks} into {@code q} until one is refused; returns how many went in. The queue is
     * held in a local variable (see {@link OwnerQueue}).
     */
    @CompilerControl(CompilerControl.Mode.DONT_INLINE)
    private static <Q> int putAll(OwnerQueue<Q> q, Object[] tasks) {
        Q queue = q.queue();
        for (int i = 0; i < tasks.length; i++) {
            if (!q.put(queue, tasks[i])) {
                return i;
            }
        }
        return tasks.length;
    }

    /**
     * Gets from {@code q} until it is empty, each task into {@code bh}; returns how many it got. The
     * queue is held in a local variable (see {@link OwnerQueue}).
     */
    @CompilerControl(CompilerControl.Mode.DONT_INLINE)
    static <Q> int drainAll(OwnerQueue<Q> q, Blackhole bh) {
        Q queue = q.queue();
        int n = 0;
        Object t;
        while ((t = q.get(queue)) != null) {
            bh.consume(t);
            n++;
        }
        return n;
    }

    static IllegalStateException wrongCount(String contender, String what, int count) {
        return new IllegalStateException(contender + ": " + what + " " + count + " (capacity " + CAPACITY + ")");
    }
}
