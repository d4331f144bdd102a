package io.github.taskpools.jmh;

import org.openjdk.jmh.infra.Blackhole;

/** Busy work of a given duration for the {@code executor-*} experiments' tasks. */
final class Calibration {
    private Calibration() {
    }

    /**
     * The number of {@link Blackhole#consumeCPU} tokens that take about a microsecond on this thread:
     * the fastest of 500 timed runs of 2^12 tokens (a few microseconds each) after a warm-up: short runs,
     * most of which no other thread interrupts, and the fastest of them, the least disturbed by other load
     * on a shared machine. At least 1.
     */
    static long tokensPerMicrosecond() {
        final long tokens = 1 << 12;
        for (int i = 0; i < 5000; i++) {
            Blackhole.consumeCPU(tokens);
        }
        long best = Long.MAX_VALUE;
        for (int i = 0; i < 500; i++) {
            long t0 = System.nanoTime();
            Blackhole.consumeCPU(tokens);
            best = Math.min(best, System.nanoTime() - t0);
        }
        return Math.max(1, Math.round(tokens * 1000.0 / Math.max(1, best)));
    }
}
