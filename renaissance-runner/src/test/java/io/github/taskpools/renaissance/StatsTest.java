package io.github.taskpools.renaissance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
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
        List<double[]> none = List.of(new double[2], new double[2]);
        double[] noSe = {0, 0};
        List<Stats.SpeedupBootstrap> boots = List.of(new Stats.SpeedupBootstrap(2.0, new double[] {2, 4}, none, 0, noSe),
                new Stats.SpeedupBootstrap(0.5, new double[] {0.5, 0.5}, none, 0, noSe),
                new Stats.SpeedupBootstrap(1.0, new double[] {1, 1}, none, 0, noSe));
        Stats.Interval g = Stats.geometricMean(boots, Stats.Method.PERCENTILE);
        assertEquals(1.0, g.estimate(), 1e-12);
        double c = Math.cbrt(2.0); // replicates: cbrt(2 * 0.5 * 1) = 1 and cbrt(4 * 0.5 * 1)
        assertEquals(1 + 0.025 * (c - 1), g.low(), 1e-12);
        assertEquals(1 + 0.975 * (c - 1), g.high(), 1e-12);
        // BCa without acceleration: half of the replicates equal the estimate, so z0 = Φ⁻¹(1/4) and the levels
        // Φ(2 z0 ± 1.96) pick both quantiles from the segment between the two replicates.
        Stats.Interval bca = Stats.geometricMean(boots, Stats.Method.BCA);
        double z0 = -0.6744897501960817;
        assertEquals(1 + cdf(2 * z0 - 1.959963984540054) * (c - 1), bca.low(), 1e-9);
        assertEquals(1 + cdf(2 * z0 + 1.959963984540054) * (c - 1), bca.high(), 1e-9);
    }

    private static double cdf(double z) {
        return new org.apache.commons.math3.distribution.NormalDistribution().cumulativeProbability(z);
    }

    @Test
    void accelerationOfOneSampleIsItsSkewnessOverSixRootN() {
        // For one sample the several-sample form is eq. 14.15 of Efron & Tibshirani: Σl³ / (6 (Σl²)^1.5).
        double[] l = {-1, -1, -1, 3};
        assertEquals(24 / (6 * Math.pow(12, 1.5)), Stats.acceleration(List.<double[]>of(l)), 1e-15);
        assertEquals(0, Stats.acceleration(List.of(new double[] {0, 0}, new double[1])));
        // Two samples of equal size and influence: the skewness term and the variance both double.
        double two = Stats.acceleration(List.of(l, l));
        assertEquals(2 * 24 / 64.0 / (6 * Math.pow(2 * 12 / 16.0, 1.5)), two, 1e-15);
    }

    @Test
    void bcaShiftsTowardsALongTail() {
        // Right-skewed replicates around an estimate at their median: BCa with a positive acceleration moves
        // both bounds up from the percentile ones.
        double[] reps = new double[1000];
        java.util.SplittableRandom r = new java.util.SplittableRandom(3);
        for (int i = 0; i < reps.length; i++) {
            reps[i] = Math.exp(0.3 * r.nextGaussian());
        }
        Stats.Interval pct = Stats.percentile95(1.0, reps);
        Stats.Interval bca = Stats.bca95(1.0, reps, 0.1);
        assertTrue(bca.low() > pct.low() && bca.high() > pct.high(), pct + " vs " + bca);
        Stats.Interval flat = Stats.bca95(1.0, new double[] {1.2, 1.2, 1.2}, 0.1);
        assertEquals(new Stats.Interval(1.0, 1.2, 1.2), flat, "no spread: the replicates' value");
    }

    @Test
    void sideOfOne() {
        assertEquals(Stats.Side.BELOW, new Stats.Interval(0.9, 0.8, 0.99).side());
        assertEquals(Stats.Side.ABOVE, new Stats.Interval(1.1, 1.01, 1.2).side());
        assertEquals(Stats.Side.CONTAINS_ONE, new Stats.Interval(1.0, 0.9, 1.1).side());
        assertEquals(Stats.Side.CONTAINS_ONE, new Stats.Interval(1.0, 1.0, 1.1).side());
    }
    @Test
    void pairedRatioIsTheGeometricMeanOfPairsWithAnIntervalOverPairs() {
        double[] a = {100, 200, 400, 100, 200, 400};
        for (Stats.Method m : Stats.Method.values()) {
            Stats.Interval same = Stats.pairedRatio(a, new double[] {90, 180, 360, 90, 180, 360}, 2000, 1, m);
            assertEquals(0.9, same.estimate(), 1e-12);
            assertEquals(0.9, same.low(), 1e-12, m.name()); // every pair says 0.9: no spread to resample
            assertEquals(0.9, same.high(), 1e-12, m.name());
        }
        // Pairs that disagree: the interval holds the estimate; percentile and BCa bounds are replicates,
        // geometric means of drawn pairs, so they stay within the extreme pairs' ratios; the studentized
        // interval is wider than the percentile one.
        double[] b = {80, 200, 480, 88, 190, 440};
        double[] ratios = {0.8, 1.0, 1.2, 0.88, 0.95, 1.1};
        double geo = Math.exp(Arrays.stream(ratios).map(Math::log).average().orElseThrow());
        Stats.Interval pct = Stats.pairedRatio(a, b, 4000, 1, Stats.Method.PERCENTILE);
        Stats.Interval stud = Stats.pairedRatio(a, b, 4000, 1);
        for (Stats.Method m : Stats.Method.values()) {
            Stats.Interval iv = Stats.pairedRatio(a, b, 4000, 1, m);
            assertEquals(geo, iv.estimate(), 1e-12);
            assertTrue(iv.low() < iv.estimate() && iv.estimate() < iv.high(), iv.toString());
            assertFalse(iv.excludesOne(), m + " " + iv);
            assertEquals(iv, Stats.pairedRatio(a, b, 4000, 1, m), "same seed, same interval");
            if (m != Stats.Method.STUDENTIZED) {
                assertTrue(iv.low() >= 0.8 - 1e-12 && iv.high() <= 1.2 + 1e-12, iv.toString());
            }
        }
        assertEquals(stud, Stats.pairedRatio(a, b, 4000, 1, Stats.Method.STUDENTIZED), "studentized is the default");
        assertTrue(stud.low() < pct.low() && stud.high() > pct.high(), pct + " vs " + stud);
    }

    @Test
    void pairedRatioWithTooFewPairsIsUnbounded() {
        // Two pairs: half of the replicates draw one pair twice, so se* = 0 and t* is infinite.
        Stats.Interval two = Stats.pairedRatio(new double[] {100, 100}, new double[] {90, 110}, 2000, 1);
        assertEquals(0.0, two.low());
        assertEquals(Double.POSITIVE_INFINITY, two.high());
    }

    @Test
    void speedupIntervalsByMethod() {
        List<double[]> a = invocations(110, 2, 1, 6, 5, 11);
        List<double[]> b = invocations(100, 2, 1, 6, 5, 12);
        Stats.Interval stud = Stats.speedup(a, b, 4000, 9);
        assertEquals(stud, Stats.speedup(a, b, 4000, 9, Stats.Method.STUDENTIZED), "studentized is the default");
        Stats.Interval bca = Stats.speedup(a, b, 4000, 9, Stats.Method.BCA);
        Stats.Interval pct = Stats.speedup(a, b, 4000, 9, Stats.Method.PERCENTILE);
        for (Stats.Interval iv : List.of(stud, bca, pct)) {
            assertEquals(pct.estimate(), iv.estimate());
            assertTrue(iv.low() < iv.estimate() && iv.estimate() < iv.high(), iv.toString());
        }
        assertFalse(bca.equals(pct), "BCa moves the bounds: " + bca + " " + pct);
        assertTrue(stud.high() - stud.low() > pct.high() - pct.low(), "6 invocations: wider than " + pct + ": " + stud);
        assertThrows(IllegalArgumentException.class, () -> Stats.speedup(List.of(), b, 10, 1));
        // One invocation per JVM: the standard error comes from its repetitions, the level the bootstrap varies.
        Stats.Interval one = Stats.speedup(invocations(110, 0, 2, 1, 10, 13), invocations(100, 0, 2, 1, 10, 14),
                4000, 9);
        assertTrue(one.low() < one.estimate() && one.estimate() < one.high() && one.low() > 1.0, one.toString());
    }

    @Test
    void pairedRatioRejectsWhatIsNotAPair() {
        assertThrows(IllegalArgumentException.class, () -> Stats.pairedRatio(new double[0], new double[0], 10, 1));
        assertThrows(IllegalArgumentException.class, () -> Stats.pairedRatio(new double[] {1, 2}, new double[] {1}, 10, 1));
        assertThrows(IllegalArgumentException.class, () -> Stats.pairedRatio(new double[] {1}, new double[] {0}, 10, 1));
        assertThrows(IllegalArgumentException.class,
                () -> Stats.pairedRatio(new double[] {Double.NaN}, new double[] {1}, 10, 1));
        assertThrows(IllegalArgumentException.class, () -> Stats.pairedRatio(new double[] {1}, new double[] {1}, 0, 1));
    }
}
