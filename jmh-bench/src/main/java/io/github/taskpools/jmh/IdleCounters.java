package io.github.taskpools.jmh;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The counters of {@code executor-idle}, per measurement iteration, as raw values
 * ({@link AuxCounters.Type#EVENTS}: JMH sums them over the iterations, so the report divides sums by
 * sums):
 * <ul>
 *   <li>{@link #p50Nanos}, {@link #p99Nanos}: the median and 99th percentile of submit-to-start
 *       latency (from just before {@code execute} to the first line of the task) over all
 *       {@link #samples} tasks of the fork's measurement iterations, with {@link #forks} = 1 and
 *       {@link #microsToNanos} = 1000, all written by the fork's last measurement iteration (0 in the
 *       others), so that p99Nanos / microsToNanos is the mean over forks of each fork's p99 in
 *       microseconds;</li>
 *   <li>{@link #idleCpuNanos} over {@link #idleWallNanos}: the CPU time of the pool's threads during a
 *       pure idle window after the iteration's last burst (cores busy while there is nothing to do);</li>
 *   <li>{@link #busyCpuNanos} over {@link #busyWallNanos}: the same over the iteration's bursts and gaps;</li>
 *   <li>{@link #parks}, {@link #bursts}: BwosExecutor's parks (0 for the other pools) and the bursts of the
 *       iteration;</li>
 *   <li>{@link #unparkNanos}, {@link #unparkMaxNanos}: the median and the maximum over the rounds of the
 *       fork's {@code UnparkProbe}, the waker's cost of one worker-to-worker unpark, with
 *       {@link #unparkMicrosToNanos} = 1000, written by the fork's last measurement iteration after its
 *       percentiles (all 0 in the others, and in a fork whose pool has 1 worker: no probe), so that
 *       unparkNanos / unparkMicrosToNanos is the mean over the probed forks of each fork's median in
 *       microseconds.</li>
 * </ul>
 * Written by the benchmark's iteration tear-down, {@code ExecutorIdleBenchmark.idleWindow}.
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.EVENTS)
public class IdleCounters {
    public long forks;
    public long samples;
    public long microsToNanos;
    public long p50Nanos;
    public long p99Nanos;
    public long idleCpuNanos;
    public long idleWallNanos;
    public long busyCpuNanos;
    public long busyWallNanos;
    public long parks;
    public long bursts;
    public long unparkMicrosToNanos;
    public long unparkNanos;
    public long unparkMaxNanos;

    @Setup(Level.Iteration)
    public void reset() {
        forks = 0;
        samples = 0;
        microsToNanos = 0;
        p50Nanos = 0;
        p99Nanos = 0;
        idleCpuNanos = 0;
        idleWallNanos = 0;
        busyCpuNanos = 0;
        busyWallNanos = 0;
        parks = 0;
        bursts = 0;
        unparkMicrosToNanos = 0;
        unparkNanos = 0;
        unparkMaxNanos = 0;
    }
}
