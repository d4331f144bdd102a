package io.github.taskpools.renaissance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class StatsTest {

    /** {@code n} invocations of {@code m} repetitions: per-invocation offset (sd {@code between}) plus noise. */
    static List<double[]> invocations(double mean, double between, double within, int n, int m, long seed) {
        Random r = new Random(seed);
        List<double[]> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            double level = mean + between * r.nextGaussian();
            double[] reps = new double[m];
            for (int j = 0; j < m; j++) {
                reps[j] = level + within * r.nextGaussian();
            }
            out.add(reps);
        }
        return out;
    }

    @Test
    void medianAndMean() {
        assertEquals(2.0, Stats.median(new double[] {3, 1, 2}));
        assertEquals(2.5, Stats.median(new double[] {4, 1, 3, 2}));
        assertEquals(2.5, Stats.mean(new double[] {4, 1, 3, 2}));
        assertEquals(1.5, Stats.quantile(new double[] {1, 2}, 0.5));
    }

    @Test
    void clearSpeedupIsSignificant() {
        List<double[]> a = invocations(110, 1, 1, 5, 10, 1);
        List<double[]> b = invocations(100, 1, 1, 5, 10, 2);
        Stats.Interval s = Stats.speedup(a, b, 5000, 7);
        assertEquals(Stats.mean(Stats.pooled(a)) / Stats.mean(Stats.pooled(b)), s.estimate());
        assertTrue(s.low() < s.estimate() && s.estimate() < s.high(), s.toString());
        assertTrue(s.low() > 1.05 && s.high() < 1.15, s.toString());
        assertTrue(s.excludesOne());
    }

    @Test
    void sameDistributionIsNotSignificant() {
        int significant = 0;
        for (long seed = 0; seed < 20; seed++) {
            Stats.Interval s = Stats.speedup(invocations(100, 3, 2, 4, 5, 2 * seed),
                    invocations(100, 3, 2, 4, 5, 2 * seed + 1), 2000, seed);
            significant += s.excludesOne() ? 1 : 0;
        }
        assertTrue(significant <= 4, "about 5% of 20 null comparisons may come out significant: " + significant);
    }

    @Test
    void intervalReflectsTheSpreadBetweenInvocations() {
        // Same pooled within-invocation noise, but invocations that disagree: the two-level bootstrap must widen.
        List<double[]> steadyA = invocations(100, 0, 1, 4, 10, 3);
        List<double[]> steadyB = invocations(100, 0, 1, 4, 10, 4);
        List<double[]> driftA = invocations(100, 5, 1, 4, 10, 3);
        List<double[]> driftB = invocations(100, 5, 1, 4, 10, 4);
        Stats.Interval steady = Stats.speedup(steadyA, steadyB, 4000, 1);
        Stats.Interval drift = Stats.speedup(driftA, driftB, 4000, 1);
        assertTrue(drift.high() - drift.low() > 3 * (steady.high() - steady.low()), steady + " vs " + drift);
    }

    @Test
    void sameSeedSameInterval() {
        List<double[]> a = invocations(100, 2, 2, 3, 5, 5);
        List<double[]> b = invocations(95, 2, 2, 3, 5, 6);
        assertEquals(Stats.speedup(a, b, 1000, 42), Stats.speedup(a, b, 1000, 42));
        assertFalse(Stats.speedup(a, b, 1000, 42).equals(Stats.speedup(a, b, 1000, 43)));
    }

    @Test
    void geometricMeanOfSpeedups() {
        double[] est = {2.0, 0.5, 1.0};
        List<double[]> reps = List.of(new double[] {2, 4}, new double[] {0.5, 0.5}, new double[] {1, 1});
        Stats.Interval g = Stats.geometricMean(est, reps);
        assertEquals(1.0, g.estimate(), 1e-12);
        double c = Math.cbrt(2.0); // replicates: cbrt(2 * 0.5 * 1) = 1 and cbrt(4 * 0.5 * 1)
        assertEquals(1 + 0.025 * (c - 1), g.low(), 1e-12);
        assertEquals(1 + 0.975 * (c - 1), g.high(), 1e-12);
    }
    @Test
    void pairedRatioIsTheGeometricMeanOfPairsWithAnIntervalOverPairs() {
        double[] a = {100, 200, 400};
        Stats.Interval same = Stats.pairedRatio(a, new double[] {90, 180, 360}, 2000, 1);
        assertEquals(0.9, same.estimate(), 1e-12);
        assertEquals(0.9, same.low(), 1e-12); // every pair says 0.9: no spread to resample
        assertEquals(0.9, same.high(), 1e-12);
        // Pairs that disagree: the interval holds the estimate and excludes neither extreme pair's
        // ratio as a bound beyond them.
        Stats.Interval mixed = Stats.pairedRatio(a, new double[] {80, 200, 480}, 4000, 1);
        assertEquals(Math.cbrt(0.8 * 1.0 * 1.2), mixed.estimate(), 1e-12);
        assertTrue(mixed.low() < mixed.estimate() && mixed.estimate() < mixed.high(), mixed.toString());
        assertTrue(mixed.low() >= 0.8 - 1e-12 && mixed.high() <= 1.2 + 1e-12, mixed.toString());
        assertFalse(mixed.excludesOne());
        assertEquals(mixed, Stats.pairedRatio(a, new double[] {80, 200, 480}, 4000, 1));
    }

    @Test
    void pairedRatioRejectsWhatIsNotAPair() {
        assertThrows(IllegalArgumentException.class, () -> Stats.pairedRatio(new double[0], new double[0], 10, 1));
        assertThrows(IllegalArgumentException.class, () -> Stats.pairedRatio(new double[] {1, 2}, new double[] {1}, 10, 1));
        assertThrows(IllegalArgumentException.class, () -> Stats.pairedRatio(new double[] {1}, new double[] {0}, 10, 1));
        assertThrows(IllegalArgumentException.class,
                () -> Stats.pairedRatio(new double[] {Double.NaN}, new double[] {1}, 10, 1));
    }
}
