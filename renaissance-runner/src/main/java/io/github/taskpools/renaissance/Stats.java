package io.github.taskpools.renaissance;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.commons.math3.distribution.NormalDistribution;

/**
 * Statistics of repetition times and of paired runs: ratios with 95% bootstrap intervals, and which side of 1
 * an interval lies on.
 *
 * <p><b>Speedup</b> of JVM B over the baseline A ({@link #speedup}): {@code mean(A) / mean(B)} over the
 * post-warm-up repetitions pooled across invocations, the ratio of the total times, as the BWoS paper's
 * end-to-end times (§6.3.1); above 1 means B is faster. The bootstrap follows the two levels of the experiment:
 * each replicate draws as many invocations as were run, with replacement, and within each drawn invocation as
 * many repetitions as it has, with replacement; A and B are resampled independently. The between-invocation
 * spread (JIT decisions, heap layout, machine drift) therefore enters the interval, which resampling pooled
 * repetitions alone would hide. The interval is studentized by default.
 *
 * <p><b>Paired ratio</b> ({@link #pairedRatio}): the geometric mean of per-pair ratios {@code b[i] / a[i]} of
 * interleaved runs, with whole pairs resampled. The interval is studentized by default.
 *
 * <p>A difference is shown only when the interval excludes 1 ({@link Interval#side()}). Replicates come from a
 * {@link SplittableRandom} with a fixed seed, so a report is reproducible.
 *
 * <p>Implementation notes. The three {@link Method}s:
 * <ul>
 *   <li>{@link Method#PERCENTILE}: the 2.5% and 97.5% quantiles of the replicates (Efron &amp; Tibshirani 1993,
 *       <i>An Introduction to the Bootstrap</i>, ch. 13). Too narrow in small samples: the bootstrap's spread is
 *       the plug-in one ({@code n} rather than {@code n - 1} in the variance) and the normal rather than the
 *       t quantile; with 20 pairs of normal log ratios it covers about 93% (see {@code StatsCoverageTest}).
 *       Kept to recompute the reports made with it.</li>
 *   <li>{@link Method#BCA}: bias-corrected and accelerated (Efron 1987, "Better bootstrap confidence intervals",
 *       JASA 82:171-185; Efron &amp; Tibshirani ch. 14.3): the quantiles {@code Φ(z0 + (z0 + z_α) / (1 - a (z0 +
 *       z_α)))} of the replicates, with the bias correction {@code z0 = Φ⁻¹(share of replicates below the
 *       estimate)} and the acceleration {@code a} from the jackknife (ibid. eq. 14.15). For the speedup the
 *       jackknife deletes one invocation at a time from A or from B, and {@code a} is the several-sample form
 *       {@code Σ_s n_s⁻³ Σ l³ / (6 (Σ_s n_s⁻² Σ l²)^(3/2))} over the jackknife influence values
 *       {@code l = (n_s - 1) (mean of the deleted estimates - deleted estimate)} of each sample {@code s} (Davison
 *       &amp; Hinkley 1997, <i>Bootstrap Methods and their Application</i>, ch. 5.3; it reduces to eq. 14.15 for
 *       one sample), computed on the log of the speedup, where the geometric mean's influence values are the
 *       benchmarks' over their count. BCa corrects skew and bias; it does not correct the narrowness of the
 *       plug-in spread.</li>
 *   <li>{@link Method#STUDENTIZED}: the bootstrap-t (Efron &amp; Tibshirani ch. 12.5) on the log of the ratio,
 *       the scale on which a ratio's spread does not depend on its size: per replicate
 *       {@code t* = (m* - m) / se*}, each {@code m} with its own standard error, and the interval
 *       {@code exp(m - t*_0.975 se), exp(m - t*_0.025 se)}. For paired ratios {@code m} is the mean log ratio and
 *       {@code se = sd / √n}; for the speedup {@code se} is the jackknife standard error that deletes one
 *       invocation of either JVM (for a JVM with one invocation, one of its repetitions), in the data and in
 *       every replicate; for the geometric mean of speedups, the root of the summed squares of the
 *       benchmarks' over their count. It corrects the narrowness too: about 95% with 20 pairs and with 4 to 20
 *       invocations in the simulation. A paired replicate that drew one pair {@code n} times has
 *       {@code se* = 0} and an infinite {@code t*}; with fewer than about 5 pairs such replicates exceed 2.5%
 *       and the interval is unbounded, which is what so few pairs can say.</li>
 * </ul>
 */
public final class Stats {

    private static final NormalDistribution NORMAL = new NormalDistribution(null, 0, 1);
    private static final double Z_LOW = NORMAL.inverseCumulativeProbability(0.025);
    private static final double Z_HIGH = NORMAL.inverseCumulativeProbability(0.975);

    private Stats() {
    }

    /** How a 95% interval is read from the bootstrap replicates (see the class comment). */
    public enum Method {
        PERCENTILE("percentile bootstrap"),
        BCA("BCa bootstrap (bias-corrected and accelerated, jackknife acceleration)"),
        STUDENTIZED("studentized bootstrap (bootstrap-t on the log ratio)");

        private final String description;

        Method(String description) {
            this.description = description;
        }

        /** The method's name for a report. */
        public String description() {
            return description;
        }
    }

    /** Where an interval lies relative to 1 (no change). */
    public enum Side {
        /** Wholly below 1. */
        BELOW,
        /** Contains 1: no difference shown. */
        CONTAINS_ONE,
        /** Wholly above 1. */
        ABOVE
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

    /**
     * The q-quantile (0..1) of sorted values, linear interpolation between order statistics; next to an infinite
     * value, the nearer of the two order statistics.
     */
    static double quantile(double[] sorted, double q) {
        double pos = q * (sorted.length - 1);
        int lo = (int) Math.floor(pos);
        int hi = Math.min(lo + 1, sorted.length - 1);
        double w = pos - lo;
        if (w == 0 || sorted[lo] == sorted[hi]) {
            return sorted[lo];
        }
        if (Double.isInfinite(sorted[lo]) || Double.isInfinite(sorted[hi])) {
            return w < 0.5 ? sorted[lo] : sorted[hi];
        }
        return sorted[lo] + w * (sorted[hi] - sorted[lo]);
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

        /** Which side of 1 the interval lies on, if it excludes 1. */
        public Side side() {
            return low > 1 ? Side.ABOVE : high < 1 ? Side.BELOW : Side.CONTAINS_ONE;
        }
    }

    /**
     * The bootstrap of one speedup: the estimate, its replicates, per sample (A's invocations, then B's) the
     * jackknife influence values of the log speedup, one per invocation, from which BCa's acceleration comes, and
     * the jackknife standard error of the log speedup in the data ({@code se}) and in each replicate.
     */
    record SpeedupBootstrap(double estimate, double[] replicates, List<double[]> influence, double se,
                            double[] replicateSe) {

        Interval interval(Method method) {
            return switch (method) {
                case PERCENTILE -> percentile95(estimate, replicates);
                case BCA -> bca95(estimate, replicates, acceleration(influence));
                case STUDENTIZED -> studentized95(Math.log(estimate), se, logs(replicates), replicateSe);
            };
        }
    }

    private static double[] logs(double[] xs) {
        return Arrays.stream(xs).map(Math::log).toArray();
    }

    /**
     * The bootstrap-t 95% interval of {@code exp(m)}: {@code m} with standard error {@code se}, replicates
     * {@code ms} with theirs {@code ses}.
     */
    static Interval studentized95(double m, double se, double[] ms, double[] ses) {
        double estimate = Math.exp(m);
        if (se == 0) {
            return new Interval(estimate, estimate, estimate);
        }
        double[] t = new double[ms.length];
        for (int r = 0; r < ms.length; r++) {
            t[r] = ses[r] > 0 ? (ms[r] - m) / ses[r] : ms[r] == m ? 0 : Math.copySign(Double.POSITIVE_INFINITY, ms[r] - m);
        }
        Arrays.sort(t);
        return new Interval(estimate, Math.exp(m - quantile(t, 0.975) * se), Math.exp(m - quantile(t, 0.025) * se));
    }

    /**
     * The jackknife standard error of {@code log(ΣsA/ΣcA) - log(ΣsB/ΣcB)} over the units (sums {@code s}, counts
     * {@code c}) of A and of B, deleting one unit at a time; a sample of one unit contributes nothing.
     */
    static double jackknifeSe(double[] sA, int[] cA, double[] sB, int[] cB) {
        return Math.sqrt(jackknifeVar(sA, cA) + jackknifeVar(sB, cB));
    }

    /** The jackknife variance of {@code log(Σs/Σc)}. */
    private static double jackknifeVar(double[] s, int[] c) {
        int n = s.length;
        if (n < 2) {
            return 0;
        }
        double sum = 0;
        long count = 0;
        for (int i = 0; i < n; i++) {
            sum += s[i];
            count += c[i];
        }
        double[] deleted = new double[n];
        for (int i = 0; i < n; i++) {
            deleted[i] = Math.log((sum - s[i]) / (count - c[i]));
        }
        double m = mean(deleted);
        double v = 0;
        for (double d : deleted) {
            v += (d - m) * (d - m);
        }
        return v * (n - 1) / n;
    }

    /**
     * The two-level bootstrap of {@code mean(A) / mean(B)} (invocations, then their repetitions) with the
     * jackknife over invocations, in the data and in every replicate. Every invocation must have at least one
     * repetition.
     */
    static SpeedupBootstrap speedupBootstrap(List<double[]> a, List<double[]> b, int replicates,
                                             SplittableRandom rnd) {
        if (a.isEmpty() || b.isEmpty() || replicates < 1) {
            throw new IllegalArgumentException("need invocations of both JVMs and replicates >= 1: " + a.size()
                    + " and " + b.size() + " invocations, " + replicates + " replicates");
        }
        double estimate = mean(pooled(a)) / mean(pooled(b));
        double[] out = new double[replicates];
        double[] outSe = new double[replicates];
        double[] sA = new double[units(a)];
        int[] cA = new int[units(a)];
        double[] sB = new double[units(b)];
        int[] cB = new int[units(b)];
        for (int r = 0; r < replicates; r++) {
            out[r] = resample(a, rnd, sA, cA) / resample(b, rnd, sB, cB);
            outSe[r] = jackknifeSe(sA, cA, sB, cB);
        }
        double sumA = Arrays.stream(pooled(a)).sum();
        double sumB = Arrays.stream(pooled(b)).sum();
        long nA = pooled(a).length;
        long nB = pooled(b).length;
        // Deleting invocation j of A leaves sum and count of the rest of A; likewise for B.
        double[] deletedA = new double[a.size()];
        for (int j = 0; j < a.size(); j++) {
            double[] inv = a.get(j);
            deletedA[j] = Math.log(((sumA - Arrays.stream(inv).sum()) / (nA - inv.length)) / (sumB / nB));
        }
        double[] deletedB = new double[b.size()];
        for (int j = 0; j < b.size(); j++) {
            double[] inv = b.get(j);
            deletedB[j] = Math.log((sumA / nA) / ((sumB - Arrays.stream(inv).sum()) / (nB - inv.length)));
        }
        double se = jackknifeSe(unitSums(a), unitCounts(a), unitSums(b), unitCounts(b));
        return new SpeedupBootstrap(estimate, out, List.of(influence(deletedA), influence(deletedB)), se, outSe);
    }

    /**
     * Jackknife influence values {@code (n - 1) (mean(deleted) - deleted[j])} of one sample; zeros for a sample of
     * one, which the jackknife cannot delete from (its deleted estimate is undefined).
     */
    private static double[] influence(double[] deleted) {
        int n = deleted.length;
        if (n < 2) {
            return new double[n];
        }
        double m = mean(deleted);
        double[] l = new double[n];
        for (int j = 0; j < n; j++) {
            l[j] = (n - 1) * (m - deleted[j]);
        }
        return l;
    }

    /**
     * BCa's acceleration from the influence values of several independent samples:
     * {@code Σ_s n_s⁻³ Σ l³ / (6 (Σ_s n_s⁻² Σ l²)^(3/2))}; 0 when every influence value is 0.
     */
    static double acceleration(List<double[]> samples) {
        double num = 0;
        double den = 0;
        for (double[] l : samples) {
            double n = l.length;
            double s2 = 0;
            double s3 = 0;
            for (double x : l) {
                s2 += x * x;
                s3 += x * x * x;
            }
            num += s3 / (n * n * n);
            den += s2 / (n * n);
        }
        return den == 0 ? 0 : num / (6 * Math.pow(den, 1.5));
    }

    /**
     * The jackknife's units of one JVM's sample: its invocations, or the repetitions of its only invocation (the
     * level at which the bootstrap varies that sample).
     */
    private static int units(List<double[]> invocations) {
        return invocations.size() > 1 ? invocations.size() : invocations.get(0).length;
    }

    private static double[] unitSums(List<double[]> invocations) {
        return invocations.size() > 1 ? invocations.stream().mapToDouble(x -> Arrays.stream(x).sum()).toArray()
                : invocations.get(0).clone();
    }

    private static int[] unitCounts(List<double[]> invocations) {
        return invocations.size() > 1 ? invocations.stream().mapToInt(x -> x.length).toArray()
                : Arrays.stream(invocations.get(0)).mapToInt(x -> 1).toArray();
    }

    /**
     * One two-level resample of {@code invocations}: its mean; the sums and counts of its {@link #units} go to
     * {@code sums} and {@code counts}.
     */
    private static double resample(List<double[]> invocations, SplittableRandom rnd, double[] sums, int[] counts) {
        double sum = 0;
        long n = 0;
        for (int i = 0; i < invocations.size(); i++) {
            double[] inv = invocations.get(rnd.nextInt(invocations.size()));
            boolean single = invocations.size() == 1;
            double s = 0;
            for (int j = 0; j < inv.length; j++) {
                double x = inv[rnd.nextInt(inv.length)];
                s += x;
                sum += x; // summed in this order so that the replicates stay those of the reports before BCa
                if (single) {
                    sums[j] = x;
                    counts[j] = 1;
                }
            }
            if (!single) {
                sums[i] = s;
                counts[i] = inv.length;
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

    /**
     * The BCa 95% interval of {@code estimate} from its replicates and the acceleration. Replicates that are all
     * equal give that value as both bounds.
     */
    static Interval bca95(double estimate, double[] replicates, double acceleration) {
        double[] s = replicates.clone();
        Arrays.sort(s);
        int n = s.length;
        if (s[0] == s[n - 1]) {
            return new Interval(estimate, s[0], s[0]);
        }
        double below = 0;
        for (double x : s) {
            if (x < estimate) {
                below++;
            } else if (x == estimate) {
                below += 0.5;
            }
        }
        // All replicates on one side of the estimate: z0 is then infinite; the share is held half a replicate
        // inside (0, 1), so the interval reaches the extreme replicate on that side.
        double share = Math.min(Math.max(below / n, 0.5 / n), 1 - 0.5 / n);
        double z0 = NORMAL.inverseCumulativeProbability(share);
        return new Interval(estimate, quantile(s, bcaLevel(z0, acceleration, Z_LOW)),
                quantile(s, bcaLevel(z0, acceleration, Z_HIGH)));
    }

    /** {@code Φ(z0 + (z0 + z) / (1 - a (z0 + z)))}, and its limit 0 or 1 where the denominator reaches 0. */
    private static double bcaLevel(double z0, double a, double z) {
        double w = z0 + z;
        double d = 1 - a * w;
        if (d <= 0) {
            return w > 0 ? 1 : 0;
        }
        return NORMAL.cumulativeProbability(z0 + w / d);
    }

    /** Speedup mean(A)/mean(B) with its two-level bootstrap studentized 95% interval. */
    public static Interval speedup(List<double[]> a, List<double[]> b, int replicates, long seed) {
        return speedup(a, b, replicates, seed, Method.STUDENTIZED);
    }

    /**
     * Speedup mean(A)/mean(B) with its two-level bootstrap 95% interval by {@code method}.
     *
     * @throws IllegalArgumentException without invocations of both or with {@code replicates < 1}
     */
    public static Interval speedup(List<double[]> a, List<double[]> b, int replicates, long seed, Method method) {
        return speedupBootstrap(a, b, replicates, new SplittableRandom(seed)).interval(method);
    }

    /**
     * The geometric mean of paired ratios {@code b[i] / a[i]} (runs of two JVMs in pair {@code i}, interleaved)
     * with a studentized bootstrap 95% interval that resamples whole pairs, so that what a pair shares (the
     * machine's state at the time) stays inside each replicate.
     *
     * @throws IllegalArgumentException without a pair, for arrays of different lengths, a value that is not
     *     positive and finite, or {@code replicates < 1}
     */
    public static Interval pairedRatio(double[] a, double[] b, int replicates, long seed) {
        return pairedRatio(a, b, replicates, seed, Method.STUDENTIZED);
    }

    /** {@link #pairedRatio(double[], double[], int, long)} with the interval by {@code method}. */
    public static Interval pairedRatio(double[] a, double[] b, int replicates, long seed, Method method) {
        if (a.length == 0 || a.length != b.length) {
            throw new IllegalArgumentException("need pairs: " + a.length + " and " + b.length + " values");
        }
        if (replicates < 1) {
            throw new IllegalArgumentException("replicates must be at least 1: " + replicates);
        }
        double[] logs = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            if (!(a[i] > 0 && b[i] > 0 && Double.isFinite(a[i]) && Double.isFinite(b[i]))) {
                throw new IllegalArgumentException("pair " + i + " has " + a[i] + " and " + b[i]);
            }
            logs[i] = Math.log(b[i] / a[i]);
        }
        int n = logs.length;
        double m = mean(logs);
        double estimate = Math.exp(m);
        if (Arrays.stream(logs).allMatch(x -> x == logs[0])) {
            return new Interval(estimate, estimate, estimate); // every pair says the same: no spread to resample
        }
        double se = sd(logs, m) / Math.sqrt(n);
        SplittableRandom rnd = new SplittableRandom(seed);
        double[] out = new double[replicates];
        double[] draw = new double[n];
        for (int r = 0; r < replicates; r++) {
            for (int i = 0; i < n; i++) {
                draw[i] = logs[rnd.nextInt(n)];
            }
            double mr = mean(draw);
            if (method == Method.STUDENTIZED) {
                double ser = sd(draw, mr) / Math.sqrt(n);
                out[r] = ser > 0 ? (mr - m) / ser : mr == m ? 0 : Math.copySign(Double.POSITIVE_INFINITY, mr - m);
            } else {
                out[r] = Math.exp(mr);
            }
        }
        switch (method) {
            case PERCENTILE:
                return percentile95(estimate, out);
            case BCA:
                double[] l = new double[n];
                for (int i = 0; i < n; i++) {
                    l[i] = logs[i] - m; // the jackknife influence of the mean log ratio, exactly
                }
                return bca95(estimate, out, acceleration(List.of(l)));
            default:
                Arrays.sort(out);
                return new Interval(estimate, Math.exp(m - quantile(out, 0.975) * se),
                        Math.exp(m - quantile(out, 0.025) * se));
        }
    }

    /** The sample standard deviation ({@code n - 1}) of xs about their mean m; 0 for one value. */
    private static double sd(double[] xs, double m) {
        if (xs.length < 2) {
            return 0;
        }
        double s = 0;
        for (double x : xs) {
            s += (x - m) * (x - m);
        }
        return Math.sqrt(s / (xs.length - 1));
    }

    /**
     * The geometric mean of per-benchmark speedups with its interval: replicate r of the geometric mean is the
     * geometric mean of replicate r of every benchmark (benchmarks are resampled independently); for BCa, the
     * acceleration comes from every benchmark's influence values, each a {@code 1/k} share of the log geometric
     * mean's.
     */
    static Interval geometricMean(List<SpeedupBootstrap> benchmarks, Method method) {
        int k = benchmarks.size();
        double logSum = 0;
        for (SpeedupBootstrap b : benchmarks) {
            logSum += Math.log(b.estimate());
        }
        int reps = benchmarks.get(0).replicates().length;
        double[] geo = new double[reps];
        for (int r = 0; r < reps; r++) {
            double s = 0;
            for (SpeedupBootstrap b : benchmarks) {
                s += Math.log(b.replicates()[r]);
            }
            geo[r] = Math.exp(s / k);
        }
        List<double[]> influence = new ArrayList<>();
        for (SpeedupBootstrap b : benchmarks) {
            for (double[] l : b.influence()) {
                influence.add(Arrays.stream(l).map(x -> x / k).toArray());
            }
        }
        // Studentized: the log geometric mean's standard error is the root of the sum of the benchmarks'
        // squared ones over k, in the data and in every replicate.
        double var = 0;
        double[] repSe = new double[reps];
        for (SpeedupBootstrap b : benchmarks) {
            var += b.se() * b.se();
            for (int r = 0; r < reps; r++) {
                repSe[r] += b.replicateSe()[r] * b.replicateSe()[r];
            }
        }
        for (int r = 0; r < reps; r++) {
            repSe[r] = Math.sqrt(repSe[r]) / k;
        }
        SpeedupBootstrap g = new SpeedupBootstrap(Math.exp(logSum / k), geo, influence, Math.sqrt(var) / k, repSe);
        return g.interval(method);
    }
}
