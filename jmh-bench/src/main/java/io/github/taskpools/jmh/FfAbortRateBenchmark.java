package io.github.taskpools.jmh;

import io.github.taskpools.api.StealResult;
import io.github.taskpools.api.WorkStealingDeque;
import io.github.taskpools.fencefree.BoundedTso;
import io.github.taskpools.fencefree.FfClDeque;
import io.github.taskpools.fencefree.FfTheDeque;
import io.github.taskpools.fencefree.ThepDeque;
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

/**
 * Experiment {@code ff-abort-rate}: how often a thief of the fence-free deques (Morrison and Afek,
 * ASPLOS'14) gives up as the reordering bound δ grows. One worker thread pushes {@value #BATCH} tasks
 * and then takes until its deque is empty, over and over (so the deque keeps passing through the
 * sizes at or below δ where a thief cannot rule out the worker's buffered takes, §4); one thief calls
 * {@code trySteal()} in a loop. δ is the deques' constructor argument ({@link #delta}), swept from
 * {@code BoundedTso.defaultDelta()} upwards.
 *
 * <p>Counters ({@link StealCounters}): abort rate = aborts / attempts; FF-THE and FF-CL answer ABORT
 * whenever they see δ tasks or fewer (ABORT subsumes EMPTY for them, §4: "the thief never knows for
 * certain whether the queue is empty"), so the rate climbs with δ towards 1 once δ reaches the batch.
 * THEP's thieves never abort: they wait for the worker's echo instead (§5), so its abort rate is 0 by
 * construction, and what δ costs it shows in its steals and total throughput ({@code ops}) instead.
 *
 * <p>Correctness check: the worker's pushes must equal its takes plus the thief's steals plus what is
 * left at the end of the trial, in count and in the sum of the tasks' values.
 */
@State(Scope.Group)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(3)
@Warmup(iterations = 5, time = 1, timeUnit = TimeUnit.SECONDS)
@Measurement(iterations = 5, time = 1, timeUnit = TimeUnit.SECONDS)
public class FfAbortRateBenchmark {
    /** The experiment id used by {@code ./bench} and the report. */
    public static final String EXPERIMENT = "ff-abort-rate";
    /** Tasks the worker pushes before taking them all back. */
    public static final int BATCH = 1024;
    private static final int CAPACITY = 2048;

    @Param({OwnerQueue.FF_THE, OwnerQueue.FF_CL, OwnerQueue.THEP})
    public String queue;

    /**
     * The δ the deque is built with: from the default, {@code BoundedTso.defaultDelta()} (64 with the
     * conservative reordering bound of 128 stores), up. A δ below the machine's real bound is unsafe:
     * smoke runs with δ = 1 on an x86-64 machine stole tasks the worker had already taken (the
     * conservation check failed and FF-THE/FF-CL reported "claimed an empty slot"), so smaller values
     * are refused.
     */
    @Param({"64", "128", "256", "512"})
    public int delta;

    private WorkStealingDeque<Object> q;
    private Object[] tasks;
    private WorkerTally worker;
    private ThiefTally thief;

    /** Plain, worker only; read by the trial's tear-down after the threads stopped. */
    static final class WorkerTally {
        long pushes;
        long takes;
        long pushSum;
        long takeSum;
        Thread bound;
    }

    /** Plain, thief only. */
    static final class ThiefTally {
        long steals;
        long stealSum;
    }

    @Setup(Level.Trial)
    public void setup() {
        if (delta < BoundedTso.defaultDelta()) {
            throw new IllegalArgumentException("delta " + delta + " is below BoundedTso.defaultDelta() = "
                    + BoundedTso.defaultDelta() + ": thieves could steal tasks the worker has taken (set "
                    + BoundedTso.REORDERING_BOUND_PROPERTY + " to the machine's measured bound to go lower)");
        }
        switch (queue) {
            case OwnerQueue.FF_THE:
                q = new FfTheDeque<>(CAPACITY, delta);
                break;
            case OwnerQueue.FF_CL:
                q = new FfClDeque<>(CAPACITY, delta);
                break;
            case OwnerQueue.THEP:
                q = new ThepDeque<>(CAPACITY, delta);
                break;
            default:
                throw new IllegalArgumentException("unknown contender " + queue);
        }
        tasks = new Object[BATCH];
        for (int i = 0; i < BATCH; i++) {
            tasks[i] = Integer.valueOf(1_000_000 + i);
        }
        worker = new WorkerTally();
        thief = new ThiefTally();
    }

    /** One batch: push {@value #BATCH} tasks, take until empty. */
    @Benchmark
    @Group("workerAndThief")
    @GroupThreads(1)
    public void worker(StealCounters c) {
        WorkerTally w = worker;
        if (w.bound != Thread.currentThread()) {
            q.bindOwner();
            w.bound = Thread.currentThread();
        }
        WorkStealingDeque<Object> q = this.q;
        Object[] tasks = this.tasks;
        long pushSum = 0;
        for (int i = 0; i < BATCH; i++) {
            if (!q.push(tasks[i])) {
                throw new IllegalStateException(queue + ": push refused with at most " + BATCH + " tasks in a deque of "
                        + CAPACITY);
            }
            pushSum += 1_000_000 + i;
        }
        long takes = 0;
        long takeSum = 0;
        Object t;
        while ((t = q.pop()) != null) {
            takes++;
            takeSum += (Integer) t;
        }
        w.pushes += BATCH;
        w.takes += takes;
        w.pushSum += pushSum;
        w.takeSum += takeSum;
        c.ops += BATCH + takes;
        c.taken += takes;
    }

    /** One steal attempt. */
    @Benchmark
    @Group("workerAndThief")
    @GroupThreads(1)
    public void thief(StealCounters c) {
        StealResult<Object> r = q.trySteal();
        c.attempts++;
        switch (r.status()) {
            case STOLEN:
                ThiefTally th = thief;
                th.steals++;
                th.stealSum += (Integer) r.task();
                c.steals++;
                c.taken++;
                c.ops++;
                break;
            case ABORT:
                c.aborts++;
                break;
            default:
                break;
        }
    }

    /** Checks that every task pushed was taken exactly once. */
    @TearDown(Level.Trial)
    public void checkConservation() {
        long left = 0;
        long leftSum = 0;
        Object t;
        q.bindOwner();
        while ((t = q.pop()) != null) {
            left++;
            leftSum += (Integer) t;
        }
        WorkerTally w = worker;
        ThiefTally th = thief;
        if (w.pushes != w.takes + th.steals + left || w.pushSum != w.takeSum + th.stealSum + leftSum) {
            throw new IllegalStateException(queue + " (delta " + delta + "): tasks not conserved: pushes " + w.pushes
                    + ", takes " + w.takes + ", steals " + th.steals + ", left " + left);
        }
    }
}
