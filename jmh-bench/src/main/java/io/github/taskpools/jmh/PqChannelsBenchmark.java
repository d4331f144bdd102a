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
 * Experiment {@code pq-channels}: the cost of the delegation channels themselves (thesis §3.2,
 * first set of tests), each channel (Q, 2Q, P), blocking and non-blocking ({@code NB-}), against
 * the plain CRCQ, all on a one-node topology: every operation's destination is the caller's own
 * node, so it runs directly and what the NUMA layer adds is its routing (the destination bucket's
 * node), the operation descriptor and, blocking, the descriptor's FREE to IN_HANDLING CAS.
 *
 * <p>Workload: the hold model of {@link HoldModel} on a queue of {@value #SIZE} events, with
 * {@link #workNanos} of busy work after each of the two operations of a hold: none, or the
 * thesis' 12 µs ("the average time that the ACRCQ takes to perform a queue operation with
 * maximum concurrency" on its 48 cores). The thesis' -FK and -BL tests instead replace the
 * operation inside the channel by nothing or by the busy loop; the library has no such switch, so
 * here the real CRCQ operation always runs and the busy loop sits between operations, which
 * lowers contention on the queue as -BL lowers it on the channel.
 *
 * <p>The score counts queue operations (2 per invocation). Correctness check at the end of every
 * trial: {@link HoldModel#checkConservation()}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Threads(Threads.MAX)
@Fork(3)
@Warmup(iterations = 5, time = 1, timeUnit = TimeUnit.SECONDS)
@Measurement(iterations = 5, time = 1, timeUnit = TimeUnit.SECONDS)
public class PqChannelsBenchmark {
    /** The experiment id used by {@code ./bench} and the report. */
    public static final String EXPERIMENT = "pq-channels";
    /** Events in the queue. */
    public static final int SIZE = 65536;

    public static final String CRCQ = PqHoldBenchmark.CRCQ;
    public static final String Q = "NUMA-Q" + HoldModel.ONE_NODE;
    public static final String TWO_Q = "NUMA-2Q" + HoldModel.ONE_NODE;
    public static final String P = "NUMA-P" + HoldModel.ONE_NODE;
    public static final String NB_Q = "NB-" + Q;
    public static final String NB_TWO_Q = "NB-" + TWO_Q;
    public static final String NB_P = "NB-" + P;

    @Param({CRCQ, Q, TWO_Q, P, NB_Q, NB_TWO_Q, NB_P})
    public String queue;

    /** Busy work after each queue operation, in nanoseconds (0: none). */
    @Param({"0", "12000"})
    public long workNanos;

    private HoldModel model;

    /** A benchmark thread's tally, claimed on its first hold. */
    @State(Scope.Thread)
    public static class Worker {
        HoldModel.Tally tally;
    }

    @Setup(Level.Trial)
    public void setup(BenchmarkParams params) {
        if (workNanos < 0) {
            throw new IllegalArgumentException("workNanos must not be negative, got " + workNanos);
        }
        model = new HoldModel(queue, params.getThreads(), SIZE);
    }

    @Benchmark
    @OperationsPerInvocation(2)
    public Event<Integer> hold(Worker w) {
        if (w.tally == null) {
            w.tally = model.claim();
        }
        Event<Integer> e = model.poll(w.tally);
        busy(workNanos);
        model.offerLater(e, w.tally);
        busy(workNanos);
        return e;
    }

    /** Spins for {@code nanos} of wall time (nothing if 0). */
    private static void busy(long nanos) {
        if (nanos > 0) {
            long start = System.nanoTime();
            while (System.nanoTime() - start < nanos) {
                Thread.onSpinWait();
            }
        }
    }

    @TearDown(Level.Trial)
    public void checkConservation() {
        model.checkConservation();
    }
}
