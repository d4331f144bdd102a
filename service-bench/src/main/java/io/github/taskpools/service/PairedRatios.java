package io.github.taskpools.service;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * An executor's figures over the baseline's with 95% intervals, from runs paired by round: in a
 * round each executor runs each cell (server, endpoint, connection count) once, and with
 * {@code --interleave} the two runs of a cell are next to each other in time, so the ratio of a
 * pair cancels what drifts over minutes. Rounds where either run failed are left out.
 *
 * <ul>
 *   <li>A cell: the geometric mean of its pairs' ratios, with Student's t interval of the mean log
 *       ratio over its pairs (n - 1 degrees of freedom); no interval with fewer than two pairs.
 *   <li>Pooled over cells: per round, the mean log ratio over the cells paired in that round; the
 *       geometric mean and t interval over those round means. A round is the unit because one
 *       server JVM serves every cell of its round, so whatever makes that JVM slow or fast is
 *       shared by its cells; treating the cells as independent would make the interval too narrow.
 * </ul>
 *
 * <p>An interval that excludes 1 is marked, in either direction: ▲ wholly above the baseline, ▼
 * wholly below (for req/s above is better, for p99 and CPU per request below is).
 */
final class PairedRatios {
    private PairedRatios() {
    }

    /** A ratio and its 95% interval ({@code NaN} bounds: fewer than two pairs), over {@code pairs} pairs or rounds. */
    record Ratio(double ratio, double low, double high, int pairs) {
        /** "0.970x [0.912, 1.031]", with ▲ or ▼ where the interval excludes 1; "n/a" without pairs. */
        String format() {
            if (pairs == 0) {
                return "n/a";
            }
            String r = String.format(Locale.ROOT, "%.3fx", ratio);
            if (Double.isNaN(low)) {
                return r + " (1 pair)";
            }
            String mark = low > 1 ? " ▲" : high < 1 ? " ▼" : "";
            return r + String.format(Locale.ROOT, " [%.3f, %.3f]", low, high) + mark;
        }
    }

    /**
     * The log ratios of {@code f} for one cell, by round: the runs of {@code a} and {@code b} (one
     * cell's, any order) that did not fail, paired by their round.
     */
    static Map<Integer, Double> logRatiosByRound(List<RunRecord> a, List<RunRecord> b, ToDoubleFunction<RunRecord> f) {
        Map<Integer, Double> base = new TreeMap<>();
        for (RunRecord r : b) {
            if (!r.failed()) {
                base.put(r.round(), f.applyAsDouble(r));
            }
        }
        Map<Integer, Double> logs = new TreeMap<>();
        for (RunRecord r : a) {
            Double y = base.get(r.round());
            if (!r.failed() && y != null) {
                logs.put(r.round(), Math.log(f.applyAsDouble(r) / y));
            }
        }
        return logs;
    }

    /** A cell's ratio: the geometric mean over its pairs, with the t interval of the mean log ratio. */
    static Ratio cell(List<RunRecord> a, List<RunRecord> b, ToDoubleFunction<RunRecord> f) {
        return interval(new ArrayList<>(logRatiosByRound(a, b, f).values()));
    }

    /**
     * The pooled ratio over cells: {@code cells} holds each cell's log ratios by round (from
     * {@link #logRatiosByRound}); per round the mean over the cells paired in it, then the
     * geometric mean and t interval over the rounds.
     */
    static Ratio pooled(List<Map<Integer, Double>> cells) {
        Map<Integer, double[]> sums = new TreeMap<>(); // round -> {sum, count}
        for (Map<Integer, Double> cell : cells) {
            cell.forEach((round, log) -> {
                double[] s = sums.computeIfAbsent(round, k -> new double[2]);
                s[0] += log;
                s[1]++;
            });
        }
        List<Double> means = new ArrayList<>();
        for (double[] s : sums.values()) {
            means.add(s[0] / s[1]);
        }
        return interval(means);
    }

    /** exp of the mean of {@code logs} with Student's t 95% interval. */
    static Ratio interval(List<Double> logs) {
        int n = logs.size();
        if (n == 0) {
            return new Ratio(Double.NaN, Double.NaN, Double.NaN, 0);
        }
        double mean = logs.stream().mapToDouble(Double::doubleValue).sum() / n;
        if (n == 1) {
            return new Ratio(Math.exp(mean), Double.NaN, Double.NaN, 1);
        }
        double ss = 0;
        for (double x : logs) {
            ss += (x - mean) * (x - mean);
        }
        double se = Math.sqrt(ss / (n - 1) / n);
        double t = new TDistribution(null, n - 1).inverseCumulativeProbability(0.975);
        return new Ratio(Math.exp(mean), Math.exp(mean - t * se), Math.exp(mean + t * se), n);
    }
}
