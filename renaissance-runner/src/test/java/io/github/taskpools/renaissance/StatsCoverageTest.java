package io.github.taskpools.renaissance;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * How often the intervals of {@link Stats} contain the true value, by simulation with a fixed seed: data drawn
 * from a model whose ratio is known, the interval computed as the reports compute it, repeated many times.
 * Each test prints its coverages; docs/renaissance-and-hotspot.md quotes them.
 */
class StatsCoverageTest {

    /** Coverage of each method over {@code trials} simulated experiments. */
    private interface Experiment {
        /** One simulated experiment's interval by {@code method}, from data drawn with {@code data}. */
        Map<Stats.Method, Stats.Interval> run(SplittableRandom data, long bootstrapSeed);
    }

    private static Map<Stats.Method, Double> coverage(Experiment e, double truth, int trials, long seed) {
        SplittableRandom data = new SplittableRandom(seed);
        Map<Stats.Method, Integer> hits = new EnumMap<>(Stats.Method.class);
        for (int t = 0; t < trials; t++) {
            for (var iv : e.run(data, seed + t).entrySet()) {
                boolean in = iv.getValue().low() <= truth && truth <= iv.getValue().high();
                hits.merge(iv.getKey(), in ? 1 : 0, Integer::sum);
            }
        }
        Map<Stats.Method, Double> out = new EnumMap<>(Stats.Method.class);
        hits.forEach((m, h) -> out.put(m, h / (double) trials));
        return out;
    }

    private static String format(Map<Stats.Method, Double> c) {
        StringBuilder sb = new StringBuilder();
        c.forEach((m, v) -> sb.append(String.format(Locale.ROOT, " %s %.3f", m, v)));
        return sb.toString().trim();
    }

    /**
     * GcAb's case: 20 interleaved pairs. Per pair a shared machine state (log-normal, sd 0.2) scales both runs;
     * each run has its own log-normal noise (sd 0.05); the candidate's runs are 0.9 times the baseline's, so the
     * true ratio (the geometric mean of b / a) is 0.9. 2000 experiments of 2000 replicates each: the binomial
     * standard error of a coverage near 0.95 is 0.005.
     */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void pairedRatioWithTwentyPairsCoversNinetyFivePercent() {
        int pairs = 20;
        double truth = 0.9;
        Experiment e = (data, bootSeed) -> {
            double[] a = new double[pairs];
            double[] b = new double[pairs];
            for (int i = 0; i < pairs; i++) {
                double machine = 0.2 * gaussian(data);
                a[i] = 1000 * Math.exp(machine + 0.05 * gaussian(data));
                b[i] = 1000 * truth * Math.exp(machine + 0.05 * gaussian(data));
            }
            Map<Stats.Method, Stats.Interval> m = new EnumMap<>(Stats.Method.class);
            for (Stats.Method method : Stats.Method.values()) {
                m.put(method, Stats.pairedRatio(a, b, 2000, bootSeed, method));
            }
            return m;
        };
        Map<Stats.Method, Double> c = coverage(e, truth, 2000, 20261205);
        System.out.println("paired ratio, 20 pairs, coverage of the 95% intervals: " + format(c));
        double stud = c.get(Stats.Method.STUDENTIZED);
        assertTrue(stud >= 0.93 && stud <= 0.97, "studentized (GcAb's default): " + format(c));
        assertTrue(c.get(Stats.Method.PERCENTILE) < stud, "the percentile interval is the narrower: " + format(c));
    }

    /**
     * The Renaissance runner's case: the speedup mean(A) / mean(B) of {@code invocations} launches per JVM with
     * {@code repetitions} each; per launch a log-normal level (sd 0.05), per repetition log-normal noise (sd
     * 0.03), B 10% faster than A in expectation, so the true speedup is 1.1. 1000 replicates per experiment.
     */
    private static Map<Stats.Method, Double> speedupCoverage(int invocations, int repetitions, int trials) {
        double truth = 1.1;
        Experiment e = (data, bootSeed) -> {
            List<double[]> a = launches(data, 1100, invocations, repetitions);
            List<double[]> b = launches(data, 1000, invocations, repetitions);
            Stats.SpeedupBootstrap boot = Stats.speedupBootstrap(a, b, 1000, new SplittableRandom(bootSeed));
            Map<Stats.Method, Stats.Interval> m = new EnumMap<>(Stats.Method.class);
            m.put(Stats.Method.PERCENTILE, boot.interval(Stats.Method.PERCENTILE));
            m.put(Stats.Method.BCA, boot.interval(Stats.Method.BCA));
            m.put(Stats.Method.STUDENTIZED, boot.interval(Stats.Method.STUDENTIZED));
            return m;
        };
        return coverage(e, truth, trials, 7);
    }

    /** Launches whose expected repetition time is {@code mean} (log-normal levels and noise, mean-corrected). */
    private static List<double[]> launches(SplittableRandom data, double mean, int invocations, int repetitions) {
        double between = 0.05;
        double within = 0.03;
        double correction = Math.exp(-(between * between + within * within) / 2);
        List<double[]> out = new ArrayList<>();
        for (int i = 0; i < invocations; i++) {
            double level = mean * correction * Math.exp(between * gaussian(data));
            double[] reps = new double[repetitions];
            for (int j = 0; j < repetitions; j++) {
                reps[j] = level * Math.exp(within * gaussian(data));
            }
            out.add(reps);
        }
        return out;
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void speedupWithFourToTwentyInvocationsCoversNinetyFivePercentStudentized() {
        Map<Stats.Method, Double> quick = speedupCoverage(4, 5, 1000);
        Map<Stats.Method, Double> six = speedupCoverage(6, 5, 1000);
        Map<Stats.Method, Double> many = speedupCoverage(20, 5, 1000);
        System.out.println("speedup, 4 invocations x 5 repetitions per JVM: " + format(quick));
        System.out.println("speedup, 6 invocations x 5 repetitions per JVM: " + format(six));
        System.out.println("speedup, 20 invocations x 5 repetitions per JVM: " + format(many));
        for (Map<Stats.Method, Double> c : List.of(quick, six, many)) {
            double stud = c.get(Stats.Method.STUDENTIZED);
            assertTrue(stud >= 0.93 && stud <= 0.97, "studentized (the runner's default): " + format(c));
        }
        assertTrue(quick.get(Stats.Method.BCA) < 0.9 && quick.get(Stats.Method.PERCENTILE) < 0.9,
                "with 4 invocations BCa and percentile take the launches' spread for the whole: " + format(quick));
    }

    /** A standard normal draw from {@code r} (Box-Muller; SplittableRandom has no nextGaussian on Java 17). */
    private static double gaussian(SplittableRandom r) {
        double u = 1 - r.nextDouble();
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * r.nextDouble());
    }
}
