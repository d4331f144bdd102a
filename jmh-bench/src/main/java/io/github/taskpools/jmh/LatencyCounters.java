package io.github.taskpools.jmh;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Per-operation latency percentiles of {@code vthread-json}, as raw values
 * ({@link AuxCounters.Type#EVENTS}: JMH sums them over the iterations, so the report divides sums by
 * sums): {@link #p50Nanos} and {@link #p99Nanos}, the median and 99th percentile over all
 * {@link #samples} operations of the fork's measurement iterations, with {@link #forks} = 1 and
 * {@link #microsToNanos} = 1000, all written by the fork's last measurement iteration (0 in the
 * others), so that p99Nanos / microsToNanos is the mean over forks of each fork's p99 in microseconds
 * (the scheme of {@link IdleCounters}).
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.EVENTS)
public class LatencyCounters {
    public long forks;
    public long samples;
    public long microsToNanos;
    public long p50Nanos;
    public long p99Nanos;

    @Setup(Level.Iteration)
    public void reset() {
        forks = 0;
        samples = 0;
        microsToNanos = 0;
        p50Nanos = 0;
        p99Nanos = 0;
    }
}
