package io.github.taskpools.renaissance;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Statistics of repetition times.
 *
 * <p>The speedup of JVM B over the baseline A is {@code mean(A) / mean(B)} over the post-warm-up repetitions
 * pooled across invocations: the ratio of the total times, as the BWoS paper's end-to-end times (§6.3.1);
 * above 1 means B is faster. Its 95% interval is a percentile bootstrap that follows the two levels of the
 * experiment: each replicate draws as many invocations as were run, with replacement, and within each drawn
 * invocation as many repetitions as it has, with replacement; A and B are resampled independently. The
 * between-invocation spread (JIT decisions, heap layout, machine drift) therefore enters the interval, which
 * resampling pooled repetitions alone would hide. A difference is significant only when the interval excludes 1.
 * Replicates come from a {@link SplittableRandom} with a fixed seed, so a report is reproducible.
 */
public final class Stats {

    private Stats() {
    }

    public static double mean(double[] xs) {
        double s = 0;
        for (double x : xs) {
            s += x;
        }
        return s / xs.length;
    }

    public static double median(double[] xs) {
        double[] s = xs.clone();
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }

    /** The q-quantile (0..1) of sorted values, linear interpolation between order statistics. */
    static double quantile(double[] sorted, double q) {
        double pos = q * (sorted.length - 1);
        int lo = (int) Math.floor(pos);
        int hi = Math.min(lo + 1, sorted.length - 1);
        return sorted[lo] + (pos - lo) * (sorted[hi] - sorted[lo]);
    }

    /** All values of all invocations, in order. */
    static double[] pooled(List<double[]> invocations) {
        return invocations.stream().flatMapToDouble(Arrays::stream).toArray();
    }

    /** A point estimate with its interval. */
    public record Interval(double estimate, double low, double high) {

        /** True when the interval excludes 1 (no change). */
        public boolean excludesOne() {
            return low > 1 || high < 1;
        }
    }

    /**
     * Bootstrap replicates of {@code mean(A) / mean(B)}, two-level (invocations, then their repetitions).
     * Every invocation must have at least one repetition.
     */
    static double[] speedupReplicates(List<double[]> a, List<double[]> b, int replicates, SplittableRandom rnd) {
        double[] out = new double[replicates];
        for (int r = 0; r < replicates; r++) {
            out[r] = resampledMean(a, rnd) / resampledMean(b, rnd);
        }
        return out;
    }

    private static double resampledMean(List<double[]> invocations, SplittableRandom rnd) {
        double sum = 0;
        long n = 0;
        for (int i = 0; i < invocations.size(); i++) {
            double[] inv = invocations.get(rnd.nextInt(invocations.size()));
            for (int j = 0; j < inv.length; j++) {
                sum += inv[rnd.nextInt(inv.length)];
            }
            n += inv.length;
        }
        return sum / n;
    }

    /** The 2.5% and 97.5% percentiles of replicates around {@code estimate}. */
    static Interval percentile95(double estimate, double[] replicates) {
        double[] s = replicates.clone();
        Arrays.sort(s);
        return new Interval(estimate, quantile(s, 0.025), quantile(s, 0.975));
    }

    /** Speedup mean(A)/mean(B) with its two-level bootstrap 95% interval. */
    public static Interval speedup(List<double[]> a, List<double[]> b, int replicates, long seed) {
        double estimate = mean(pooled(a)) / mean(pooled(b));
        return percentile95(estimate, speedupReplicates(a, b, replicates, new SplittableRandom(seed)));
    }

    /**
     * The geometric mean of paired ratios {@code b[i] / a[i]} (runs of two JVMs in pair {@code i}, interleaved)
     * with a percentile bootstrap 95% interval that resamples whole pairs, so that what a pair shares (the
     * machine's state at the time) stays inside each replicate.
     *
     * @throws IllegalArgumentException without a pair, for arrays of different lengths, or a value that is not
     *     positive and finite
     */
    public static Interval pairedRatio(double[] a, double[] b, int replicates, long seed) {
        if (a.length == 0 || a.length != b.length) {
            throw new IllegalArgumentException("need pairs: " + a.length + " and " + b.length + " values");
        }
        double[] logs = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            if (!(a[i] > 0 && b[i] > 0 && Double.isFinite(a[i]) && Double.isFinite(b[i]))) {
                throw new IllegalArgumentException("pair " + i + " has " + a[i] + " and " + b[i]);
            }
            logs[i] = Math.log(b[i] / a[i]);
        }
        SplittableRandom rnd = new SplittableRandom(seed);
        double[] out = new double[replicates];
        for (int r = 0; r < replicates; r++) {
            double s = 0;
            for (int i = 0; i < logs.length; i++) {
                s += logs[rnd.nextInt(logs.length)];
            }
            out[r] = Math.exp(s / logs.length);
        }
        return percentile95(Math.exp(mean(logs)), out);
    }

    /**
     * The geometric mean of per-benchmark speedups with its interval: replicate r of the geometric mean is the
     * geometric mean of replicate r of every benchmark (benchmarks are resampled independently).
     */
    static Interval geometricMean(double[] estimates, List<double[]> replicatesPerBenchmark) {
        int k = estimates.length;
        double logSum = 0;
        for (double e : estimates) {
            logSum += Math.log(e);
        }
        int reps = replicatesPerBenchmark.get(0).length;
        double[] geo = new double[reps];
        for (int r = 0; r < reps; r++) {
            double s = 0;
            for (double[] rep : replicatesPerBenchmark) {
                s += Math.log(rep[r]);
            }
            geo[r] = Math.exp(s / k);
        }
        return percentile95(Math.exp(logSum / k), geo);
    }
}
