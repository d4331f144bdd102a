package io.github.taskpools.jmh;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * A disturbance gauge for shared machines: per measurement iteration, the CPU time the benchmark
 * thread got ({@link #cpuNanos}) and the wall time that passed ({@link #wallNanos}), both read
 * outside the measured loop. JMH reports them as secondary metrics (raw sums, no normalisation);
 * the report divides them. A share close to 1 means the thread ran undisturbed; well below 1
 * means it was descheduled for part of the iteration (other load on the machine), and the
 * throughput of that iteration is understated.
 *
 * <p>Take it as an (otherwise unused) argument of a {@code @Benchmark} method.
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.EVENTS)
public class CpuShare {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    /** Thread CPU time of the iteration, in nanoseconds. */
    public long cpuNanos;
    /** Wall time of the iteration, in nanoseconds. */
    public long wallNanos;

    private long cpu0;
    private long wall0;

    @Setup(Level.Iteration)
    public void start() {
        cpuNanos = 0;
        wallNanos = 0;
        wall0 = System.nanoTime();
        cpu0 = THREADS.getCurrentThreadCpuTime();
    }

    @TearDown(Level.Iteration)
    public void stop() {
        cpuNanos = THREADS.getCurrentThreadCpuTime() - cpu0;
        wallNanos = System.nanoTime() - wall0;
    }
}
