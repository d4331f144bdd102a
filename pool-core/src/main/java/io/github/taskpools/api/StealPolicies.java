package io.github.taskpools.api;

import java.util.random.RandomGenerator;

/**
 * The steal policies of the BWoS paper's §6.2.3. Each one is a P_select phase; a pool may add the
 * P_accept phase of probabilistic stealing (§3.4) on top of any of them.
 */
public final class StealPolicies {
    private StealPolicies() {
    }

    /** {@code rand}: a uniformly random other worker. */
    public static final StealPolicy RANDOM = (thief, victims) -> randomOther(thief, victims.count());

    /** {@code seq}: the other workers in a fixed order, starting after the thief, round robin. */
    public static final StealPolicy SEQUENTIAL = (thief, victims) -> {
        int n = victims.count();
        if (n == 1) {
            return 0;
        }
        int next = (thief.cursor() + 1) % n;
        if (next == thief.index()) {
            next = (next + 1) % n;
        }
        thief.cursor(next);
        return next;
    };

    /** {@code last}: the victim of the last successful steal, otherwise a random one. */
    public static final StealPolicy LAST = (thief, victims) -> {
        int last = thief.lastVictim();
        return last >= 0 && last != thief.index() ? last : randomOther(thief, victims.count());
    };

    /** {@code best_of_two}: the larger of two random other workers' queues. */
    public static final StealPolicy BEST_OF_TWO = (thief, victims) -> bestOf(thief, victims, 2);

    /**
     * {@code best_of_many}: the largest queue of half the workers picked at random (best of four
     * with eight workers, as in the paper).
     */
    public static final StealPolicy BEST_OF_MANY =
            (thief, victims) -> bestOf(thief, victims, Math.max(2, victims.count() / 2));

    /**
     * {@code numa}: a random worker on the thief's node; every fourth attempt, and always when the
     * thief is alone on its node, a random worker on another node.
     */
    public static final StealPolicy NUMA = (thief, victims) -> {
        Topology topo = thief.topology();
        int n = victims.count();
        int attempt = thief.cursor();
        thief.cursor(attempt + 1);
        boolean local = attempt % 4 != 3;
        int candidates = 0;
        for (int i = 0; i < n; i++) {
            if (i != thief.index() && (topo.nodeOf(i) == thief.node()) == local) {
                candidates++;
            }
        }
        if (candidates == 0) {
            return randomOther(thief, n);
        }
        int pick = thief.random().nextInt(candidates);
        for (int i = 0; i < n; i++) {
            if (i != thief.index() && (topo.nodeOf(i) == thief.node()) == local && pick-- == 0) {
                return i;
            }
        }
        throw new AssertionError("unreachable");
    };

    private static int randomOther(StealPolicy.Thief thief, int n) {
        if (n == 1) {
            return 0;
        }
        int v = thief.random().nextInt(n - 1);
        return v >= thief.index() ? v + 1 : v;
    }

    private static int bestOf(StealPolicy.Thief thief, StealPolicy.Victims victims, int samples) {
        int n = victims.count();
        RandomGenerator rnd = thief.random();
        int best = randomOther(thief, n);
        int bestSize = victims.sizeEstimate(best);
        for (int s = 1; s < samples && n > 2; s++) {
            int v = randomOther(thief, n);
            int size = victims.sizeEstimate(v);
            if (size > bestSize || (size == bestSize && rnd.nextBoolean())) {
                best = v;
                bestSize = size;
            }
        }
        return best;
    }
}
