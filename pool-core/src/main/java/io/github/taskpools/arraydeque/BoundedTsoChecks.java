package io.github.taskpools.arraydeque;

import io.github.taskpools.internal.KnownJit;

/**
 * The checks the fence-free deques make on the assumption that {@code fencefree.BoundedTso}
 * describes: where they may run (their constructors refuse other processors and other JITs), their
 * δ, and the thieves' δ test. Here, next to the deques' implementations, rather than in
 * {@code BoundedTso}, so that they stay out of the exported API. Public only for
 * {@code BoundedTso.isBoundedTso()}; the package is exported only to the baselines module.
 */
public final class BoundedTsoChecks {
    private BoundedTsoChecks() {
    }

    /** Whether {@code arch}, a value of {@code os.arch}, is a bounded-TSO processor: x86-64. */
    public static boolean isBoundedTso(String arch) {
        return "amd64".equals(arch) || "x86_64".equals(arch);
    }

    /**
     * The thieves' test of §4 (Fig. 3 line 61, Fig. 4 line 76, Fig. 5 line 113): T - δ > h, that is
     * more than δ tasks in sight, so that task h cannot be among the worker's takes still in its
     * store buffer. Computed on the distance modulo 2^32, as THEP's 32-bit head needs
     * ({@link AbstractTheDeque#distance}). Every such test of the fence-free deques goes through
     * here.
     */
    static boolean beyondDelta(long t, long h, int delta) {
        return AbstractTheDeque.distance(t, h) > delta;
    }

    /**
     * Throws unless this is a bounded-TSO processor and the JIT is one whose ordering of the take's
     * store and load is known ({@link KnownJit}); {@code algorithm} names the refusing deque.
     */
    static void requireBoundedTso(String algorithm) {
        requireBoundedTso(algorithm, System.getProperty("os.arch"));
        requireKnownJit(algorithm, KnownJit.unknownJitReason());
    }

    static void requireKnownJit(String algorithm, String unknownJitReason) {
        if (unknownJitReason != null) {
            throw new UnsupportedOperationException(algorithm + " relies on the JIT keeping the worker's store to T"
                    + " before its load of H, which is known for HotSpot's C2 only, and here " + unknownJitReason
                    + "; use io.github.taskpools.chaselev.ChaseLevDeque (or io.github.taskpools.fencefree.TheDeque),"
                    + " which keep their fence");
        }
    }

    static void requireBoundedTso(String algorithm, String arch) {
        if (!isBoundedTso(arch)) {
            throw new UnsupportedOperationException(algorithm + " relies on bounded TSO (x86-64) to take tasks"
                    + " without a fence, and os.arch is " + arch + "; use io.github.taskpools.chaselev.ChaseLevDeque"
                    + " (or io.github.taskpools.fencefree.TheDeque), which keep their fence");
        }
    }

    /** Checks a δ for FF-THE and FF-CL, whose thieves abort unless more than δ tasks are visible. */
    static int checkAbortingDelta(int delta, int capacity) {
        if (delta < 1 || delta >= capacity) {
            throw new IllegalArgumentException("delta must be in [1, capacity - 1] = [1, " + (capacity - 1)
                    + "] (a thief steals only when it sees more than delta tasks), got " + delta);
        }
        return delta;
    }
}
