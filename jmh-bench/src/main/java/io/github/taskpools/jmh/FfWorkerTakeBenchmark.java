package io.github.taskpools.jmh;

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
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Experiment {@code ff-worker-take}: the worker's take throughput with no thief, the operation the
 * fence-free deques change (Morrison and Afek, ASPLOS'14, §1 and §4: take loses its memory fence;
 * put is the same in every variant). Contenders: Cilk's THE (a fence per take), FF-THE and FF-CL
 * (no fence, default δ), THEP, Chase-Lev with the Lê et al. orderings (a fence per take) and a
 * sequential array stack (the ideal).
 *
 * <p>Each invocation takes {@value #CAPACITY} tasks, until the deque is empty, and checks the count;
 * the untimed per-invocation set-up refills the deque with pre-boxed tasks (and checks that it then
 * refuses one more), so the score counts takes only. An invocation lasts some 10-30 µs, long enough
 * for JMH's two timestamps per invocation to cost well under 1%. Without thieves δ never matters:
 * every take stays far from the head.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Threads(1)
@Fork(3)
@Warmup(iterations = 5, time = 1, timeUnit = TimeUnit.SECONDS)
@Measurement(iterations = 5, time = 1, timeUnit = TimeUnit.SECONDS)
public class FfWorkerTakeBenchmark {
    /** The experiment id used by {@code ./bench} and the report. */
    public static final String EXPERIMENT = "ff-worker-take";
    /** Deque capacity, and takes per invocation. */
    public static final int CAPACITY = FillDrainBenchmark.CAPACITY;

    @Param({
        OwnerQueue.THE,
        OwnerQueue.FF_THE,
        OwnerQueue.FF_CL,
        OwnerQueue.THEP,
        OwnerQueue.CHASE_LEV_OPT,
        OwnerQueue.SEQ_STACK,
    })
    public String queue;

    private OwnerQueue<?> q;
    private Object[] tasks;
    private Object extra;

    @Setup(Level.Trial)
    public void setup() {
        q = OwnerQueue.create(queue, CAPACITY, FillDrainBenchmark.BLOCKS);
        tasks = FillDrainBenchmark.boxedTasks();
        extra = Integer.valueOf(-1_000_000);
    }

    /** Untimed: binds the benchmark thread as owner and fills the deque to capacity. */
    @Setup(Level.Invocation)
    public void fill() {
        q.bindOwner();
        FillDrainBenchmark.fillToCapacity(q, tasks, extra, queue);
    }

    /** Takes until empty (the loop, never inlined, is {@link FillDrainBenchmark}'s) and checks the count. */
    @Benchmark
    @OperationsPerInvocation(CAPACITY)
    public void take(Blackhole bh, CpuShare cpu) {
        int n = FillDrainBenchmark.drainAll(q, bh);
        if (n != CAPACITY) {
            throw FillDrainBenchmark.wrongCount(queue, "took a number of tasks different from the capacity:", n);
        }
    }
}
