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
 * {@code --interleave} its executors run a cell in turn, a few seconds apart, so the ratio of a
 * pair cancels what drifts over minutes. Rounds where either run failed are left out.
 *
 * <ul>
 *   <li>A cell: the geometric mean of its pairs' ratios, with Student's t interval of the mean log
 *       ratio over its pairs (n - 1 degrees of freedom); no interval with fewer than two pairs.
 *   <li>Pooled over cells: the mean of the cells' mean log ratios, each cell weighing alike, with
 *       Student's t interval over rounds: per round, the mean over the cells paired in that round
 *       of each log ratio less its cell's mean, plus the mean of the cells' means (with every cell
 *       paired in every round, simply the round's mean log ratio). A round is the unit because one
 *       server JVM serves every cell of its round, so whatever makes that JVM slow or fast is
 *       shared by its cells; treating the cells as independent would make the interval too narrow.
 *       Centring each cell on its own mean keeps a round that lacks some cells (a server that
 *       failed) from mixing the cells' differences into its round's value.
 * </ul>
 *
 * <p>An interval that excludes 1 is marked, in either direction: ▲ wholly above the baseline, ▼
 * wholly below (for req/s above is better, for p99 and CPU per request below is).
 */
final class PairedRatios {
    private PairedRatios() {
    }

    /**
     * A ratio and its 95% interval ({@code NaN} bounds: fewer than two), over {@code n} of
     * {@code unit}s (pairs of a cell, or rounds pooled).
     */
    record Ratio(double ratio, double low, double high, int n, String unit) {
        /** "0.970x [0.912, 1.031]", with ▲ or ▼ where the interval excludes 1; "n/a" without pairs. */
        String format() {
            if (n == 0) {
                return "n/a";
            }
            String r = String.format(Locale.ROOT, "%.3fx", ratio);
            if (Double.isNaN(low)) {
                return r + " (1 " + unit + ")";
            }
            String mark = low > 1 ? " ▲" : high < 1 ? " ▼" : "";
            return r + String.format(Locale.ROOT, " [%.3f, %.3f]", low, high) + mark;
        }
    }

    /**
     * The log ratios of {@code f} for one cell, by round: the runs of {@code a} and {@code b} (one
     * cell's, any order) that did not fail, paired by their round.
     *
     * @throws IllegalArgumentException if either side has two runs that did not fail in one round
     *         (a runs.json merged from two runs of the benchmark, say), naming the round
     */
    static Map<Integer, Double> logRatiosByRound(List<RunRecord> a, List<RunRecord> b, ToDoubleFunction<RunRecord> f) {
        Map<Integer, Double> base = byRound(b, f);
        Map<Integer, Double> logs = new TreeMap<>();
        byRound(a, f).forEach((round, x) -> {
            Double y = base.get(round);
            if (y != null) {
                logs.put(round, Math.log(x / y));
            }
        });
        return logs;
    }

    private static Map<Integer, Double> byRound(List<RunRecord> runs, ToDoubleFunction<RunRecord> f) {
        Map<Integer, Double> values = new TreeMap<>();
        for (RunRecord r : runs) {
            if (!r.failed() && values.put(r.round(), f.applyAsDouble(r)) != null) {
                throw new IllegalArgumentException("two runs of " + r.executor() + " on " + r.server() + " "
                        + r.endpoint() + " at " + r.connections() + " connections in round " + r.round());
            }
        }
        return values;
    }

    /** A cell's ratio: the geometric mean over its pairs, with the t interval of the mean log ratio. */
    static Ratio cell(List<RunRecord> a, List<RunRecord> b, ToDoubleFunction<RunRecord> f) {
        return interval(new ArrayList<>(logRatiosByRound(a, b, f).values()), "pair");
    }

    /**
     * The pooled ratio over cells: {@code cells} holds each cell's log ratios by round (from
     * {@link #logRatiosByRound}; a cell without pairs is left out); the geometric mean of the
     * cells' geometric means, with the t interval over rounds of the class comment.
     */
    static Ratio pooled(List<Map<Integer, Double>> cells) {
        Map<Integer, double[]> sums = new TreeMap<>(); // round -> {sum of centred logs, cells}
        double grand = 0;
        int paired = 0;
        for (Map<Integer, Double> cell : cells) {
            if (cell.isEmpty()) {
                continue;
            }
            double mean = cell.values().stream().mapToDouble(Double::doubleValue).average().orElseThrow();
            grand += mean;
            paired++;
            cell.forEach((round, log) -> {
                double[] s = sums.computeIfAbsent(round, k -> new double[2]);
                s[0] += log - mean;
                s[1]++;
            });
        }
        List<Double> rounds = new ArrayList<>();
        for (double[] s : sums.values()) {
            rounds.add(grand / paired + s[0] / s[1]);
        }
        return interval(rounds, "round");
    }

    /** exp of the mean of {@code logs} with Student's t 95% interval, over {@code unit}s. */
    static Ratio interval(List<Double> logs, String unit) {
        int n = logs.size();
        if (n == 0) {
            return new Ratio(Double.NaN, Double.NaN, Double.NaN, 0, unit);
        }
        double mean = logs.stream().mapToDouble(Double::doubleValue).sum() / n;
        if (n == 1) {
            return new Ratio(Math.exp(mean), Double.NaN, Double.NaN, 1, unit);
        }
        double ss = 0;
        for (double x : logs) {
            ss += (x - mean) * (x - mean);
        }
        double se = Math.sqrt(ss / (n - 1) / n);
        double t = new TDistribution(null, n - 1).inverseCumulativeProbability(0.975);
        return new Ratio(Math.exp(mean), Math.exp(mean - t * se), Math.exp(mean + t * se), n, unit);
    }
}
