package io.github.taskpools.renaissance;

import java.util.List;

/**
 * What one JVM launch produced: all repetition times (the first {@code warmup} are discarded by the
 * statistics), the runner's wall time, and the G1 pauses of its GC log (the whole invocation: start-up,
 * warm-up and measured repetitions). {@code failure} is null for a successful invocation; a failed one keeps
 * its message and whatever GC log it wrote. {@code sequence} is the position in the interleaved run order.
 */
public record InvocationResult(String benchmark, String jvm, int invocation, int sequence, String failure,
                               int exitCode, long wallNs, int warmup, List<Long> repetitionNs,
                               GcLog.Summary gc, List<GcLog.Pause> pauses, String runDir) {

    public boolean ok() {
        return failure == null;
    }

    /** The post-warm-up repetition times in milliseconds. */
    public double[] measuredMs() {
        int from = Math.min(warmup, repetitionNs.size());
        return repetitionNs.subList(from, repetitionNs.size()).stream().mapToDouble(ns -> ns / 1e6).toArray();
    }
}
