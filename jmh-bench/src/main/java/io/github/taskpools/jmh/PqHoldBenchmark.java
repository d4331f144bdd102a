package io.github.taskpools.jmh;

import io.github.taskpools.numapq.Event;
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
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * Experiments {@code pq-hold} and {@code pq-timeshare}: the NUMA priority-queue thesis' main
 * benchmark (§3.2, §3.7), the hold model of {@link HoldModel} on a queue pre-filled to
 * {@link #size} events, every JMH thread running holds (a dequeue, then an enqueue of the same
 * event later by a random increment). The thesis varies the threads from 1 to the machine's 48
 * cores; here the thread count is JMH's ({@code -t}; {@code ./bench} runs one JMH run per count),
 * and {@code pq-timeshare} runs twice as many threads as cores, the thesis' time-sharing setting
 * (§3.2: threads "often non-dispatched on any CPU core"; the thesis used a second program, here
 * the extra threads are the benchmark's own).
 *
 * <p>The pre-fill runs in the trial's set-up, outside the measurement; the queue lives for the
 * whole trial, so every iteration continues on the queue the previous one left. The score counts
 * queue operations: one invocation is one hold = 2 operations.
 *
 * <p>Correctness check at the end of every trial: {@link HoldModel#checkConservation()}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Threads(Threads.MAX)
@Fork(3)
@Warmup(iterations = 5, time = 1, timeUnit = TimeUnit.SECONDS)
@Measurement(iterations = 5, time = 1, timeUnit = TimeUnit.SECONDS)
public class PqHoldBenchmark {
    /** The experiment ids used by {@code ./bench} and the report. */
    public static final String EXPERIMENT = "pq-hold";
    public static final String TIME_SHARING = "pq-timeshare";

    public static final String CRCQ = "CRCQ";
    public static final String NUMA_Q = "NUMA-Q";
    public static final String NUMA_2Q = "NUMA-2Q";
    public static final String NUMA_P = "NUMA-P";
    public static final String NUMA_Q_1 = NUMA_Q + HoldModel.ONE_NODE;
    public static final String NUMA_2Q_1 = NUMA_2Q + HoldModel.ONE_NODE;
    public static final String NUMA_P_1 = NUMA_P + HoldModel.ONE_NODE;
    public static final String FC = "FC";
    public static final String ACRCQH = "ACRCQH";
    public static final String PBQ = "PBQ";
    public static final String SKIP_LIST = "SkipList";

    @Param({CRCQ, NUMA_Q, NUMA_2Q, NUMA_P, NUMA_Q_1, NUMA_2Q_1, NUMA_P_1, FC, ACRCQH, PBQ, SKIP_LIST})
    public String queue;

    /** Events in the queue (the thesis' queue size). */
    @Param({"1024", "65536", "1048576"})
    public int size;

    private HoldModel model;

    /** A benchmark thread's tally, claimed on its first hold. */
    @State(Scope.Thread)
    public static class Worker {
        HoldModel.Tally tally;
    }

    @Setup(Level.Trial)
    public void setup(BenchmarkParams params) {
        model = new HoldModel(queue, params.getThreads(), size);
    }

    @Benchmark
    @OperationsPerInvocation(2)
    public Event<Integer> hold(Worker w) {
        if (w.tally == null) {
            w.tally = model.claim();
        }
        Event<Integer> e = model.poll(w.tally);
        model.offerLater(e, w.tally);
        return e;
    }

    @TearDown(Level.Trial)
    public void checkConservation() {
        model.checkConservation();
    }
}
