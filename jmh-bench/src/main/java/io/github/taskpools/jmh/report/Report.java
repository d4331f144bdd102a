package io.github.taskpools.jmh.report;

import io.github.taskpools.jmh.report.Experiments.Counter;
import io.github.taskpools.jmh.report.Experiments.Experiment;
import io.github.taskpools.jmh.report.Experiments.Limit;
import io.github.taskpools.jmh.report.Experiments.Ratio;
import io.github.taskpools.jmh.report.Experiments.ThreadSweep;
import io.github.taskpools.jmh.report.Results.Metric;
import io.github.taskpools.jmh.report.Results.Result;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.openjdk.jmh.util.ListStatistics;

/**
 * Writes the benchmark report from JMH JSON results ({@code -rf json}), for {@link Bench}: from
 * {@code DIR/ID.json} (and {@code DIR/ID.env.txt}, free text about the machine and the command) of every
 * known experiment that has a result, {@code DIR/REPORT.md}, {@code DIR/summary.json} and the charts
 * {@code DIR/ID-NAME.png} ({@link #write}); it also merges the result files of a thread sweep's runs
 * ({@link #merge}) and the rounds of one run ({@link #mergeRounds}).
 *
 * <p>Per implementation and parameter set the report gives the median of all measurement iterations of
 * all forks (from the JSON {@code rawData}) and JMH's own score with its error (half-width of the 99.9%
 * confidence interval); ratios are ratios of medians of implementations of the same run, at the same
 * value of the swept parameter; limits check a counter of every row against a paper's bound. An
 * experiment with {@link Experiment#perFork} counters also gets a table of every fork of every round.
 */
final class Report {
    private Report() {
    }

    /**
     * One implementation at one parameter set; {@code forks} holds its forks' own values of the
     * experiment's {@link Experiment#perFork} counters (empty if it has none).
     */
    record Row(String experiment, String implementation, String x, Map<String, String> params, Metric metric,
            double median, Map<String, Double> counters, List<Fork> forks) {
    }

    /**
     * One fork (one JVM) of a row: its round ({@code ./bench --rounds}; 1 without rounds) and its number
     * in that round, from 1; the median of its iterations' scores; and its own value of each of the
     * experiment's {@link Experiment#perFork} counters that the row has, the ratio of the sums of its
     * iterations' values (NaN if the denominator's sum is 0).
     */
    record Fork(int round, int fork, double median, Map<String, Double> counters) {
    }

    /**
     * One evaluated ratio; {@code setting} holds the parameters besides the implementation and the
     * swept one that differ between the experiment's rows (empty if there are none).
     */
    record RatioRow(String experiment, String numerator, String denominator, String xParam, String x,
            Map<String, String> setting, double ratio, double lo, double hi, Double target, String verdict,
            String why) {
    }

    /** One evaluated limit: a row's counter against the paper's bound. */
    record LimitRow(String experiment, String implementation, String counter, String xParam, String x,
            double value, double max, String verdict, String why) {
    }

    /** An experiment's evaluated results. */
    record Section(Experiment experiment, List<Row> rows, List<RatioRow> ratios, List<LimitRow> limits,
            List<String> missing, Result first, String env, List<String> charts) {
    }

    /**
     * The experiment's JMH runs of its thread sweep, comma-separated: thread counts ("2") or
     * producers/consumers ("1/2"); "-" if it does not sweep threads.
     */
    static String threadRuns(Experiment e, boolean quickPreset, int cores, boolean oversubscribe) {
        if (e.threads() == null) {
            return "-";
        }
        List<String> runs = e.threads().runs(quickPreset, cores, oversubscribe);
        return runs.isEmpty() ? "-" : String.join(",", runs);
    }

    /**
     * A parameter of a result, or a quantity of its thread configuration: {@code producers},
     * {@code consumers} and {@code total} (their sum) of a {@value ThreadSweep#PARAM} parameter
     * {@code P/C}, or {@code total} = a thread count; null if there is none.
     */
    static String value(Map<String, String> params, String name) {
        String v = params.get(name);
        if (v != null) {
            return v;
        }
        String t = params.get(ThreadSweep.PARAM);
        if (t == null) {
            return null;
        }
        int slash = t.indexOf('/');
        if (slash < 0) {
            return name.equals("total") ? t : null;
        }
        int p = Integer.parseInt(t.substring(0, slash));
        int c = Integer.parseInt(t.substring(slash + 1));
        return switch (name) {
            case "producers" -> Integer.toString(p);
            case "consumers" -> Integer.toString(c);
            case "total" -> Integer.toString(p + c);
            default -> null;
        };
    }

    /**
     * Writes into {@code out} one JMH JSON result file holding the results of every file of
     * {@code parts} (the runs of a thread sweep), in order.
     */
    static void merge(Path out, List<Path> parts) throws IOException {
        List<Object> all = new ArrayList<>();
        for (Path p : parts) {
            all.addAll(Json.array(Json.parse(Files.readString(p, StandardCharsets.UTF_8))));
        }
        Files.writeString(out, Json.write(all), StandardCharsets.UTF_8);
    }

    /**
     * The key, in a result merged from rounds ({@link #mergeRounds}), of the number of forks of each
     * round, in round order (not one of JMH's keys).
     */
    static final String ROUND_FORKS = "roundForks";

    /**
     * Writes into {@code out} the rounds {@code rounds} of one JMH run merged into one result: every
     * benchmark, parameter set and thread count of the first round, with the forks ({@code rawData}) of
     * all rounds, in round order, for the primary metric and for every secondary metric that has raw
     * data; {@code forks}, {@code score}, {@code scoreError} (half-width of the 99.9% confidence
     * interval, as JMH computes it) and {@code scoreConfidence} are recomputed from the merged data, and
     * {@value #ROUND_FORKS} lists each round's forks.
     * JMH's score of a metric is either the mean of its raw data or, for event counters (such as
     * {@code @AuxCounters(Type.EVENTS)} or {@code gc.count}), their sum, with no error; which one is
     * read off the first round (the score that matches; the mean if both do).
     *
     * @throws IllegalArgumentException if a round lacks a result of the first round or has one more
     */
    static void mergeRounds(Path out, List<Path> rounds) throws IOException {
        List<Object> merged = null;
        Map<String, Map<String, Object>> byKey = new LinkedHashMap<>();
        Set<Map<String, Object>> sums = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Path p : rounds) {
            List<Object> results = Json.array(Json.parse(Files.readString(p, StandardCharsets.UTF_8)));
            if (merged == null) {
                merged = results;
                Map<String, Integer> seen = new HashMap<>();
                for (Object o : results) {
                    Map<String, Object> r = Json.object(o);
                    r.put(ROUND_FORKS, new ArrayList<>(List.of(r.get("forks"))));
                    byKey.put(roundKey(r, seen), r);
                    if (r.get("secondaryMetrics") != null) {
                        for (Object m : Json.object(r.get("secondaryMetrics")).values()) {
                            if (isSum(Json.object(m))) {
                                sums.add(Json.object(m));
                            }
                        }
                    }
                }
                continue;
            }
            if (results.size() != merged.size()) {
                throw new IllegalArgumentException(p + " has " + results.size() + " results, the first round "
                        + merged.size());
            }
            Map<String, Integer> seen = new HashMap<>();
            for (Object o : results) {
                Map<String, Object> r = Json.object(o);
                String key = roundKey(r, seen);
                Map<String, Object> into = byKey.get(key);
                if (into == null) {
                    throw new IllegalArgumentException(p + ": " + key + " is not in the first round");
                }
                appendForks(Json.object(into.get("primaryMetric")), Json.object(r.get("primaryMetric")));
                if (into.get("secondaryMetrics") != null && r.get("secondaryMetrics") != null) {
                    Map<String, Object> sec = Json.object(r.get("secondaryMetrics"));
                    Json.object(into.get("secondaryMetrics")).forEach((name, m) -> {
                        if (sec.get(name) != null) {
                            appendForks(Json.object(m), Json.object(sec.get(name)));
                        }
                    });
                }
                into.put("forks", (long) (Json.number(into.get("forks")) + Json.number(r.get("forks"))));
                Json.array(into.get(ROUND_FORKS)).add(r.get("forks"));
            }
        }
        if (merged == null) {
            throw new IllegalArgumentException("no rounds to merge");
        }
        for (Map<String, Object> r : byKey.values()) {
            restate(Json.object(r.get("primaryMetric")), false);
            if (r.get("secondaryMetrics") != null) {
                Json.object(r.get("secondaryMetrics")).values()
                        .forEach(m -> restate(Json.object(m), sums.contains(Json.object(m))));
            }
        }
        Files.writeString(out, Json.write(merged), StandardCharsets.UTF_8);
    }

    /**
     * What matches a result across rounds: benchmark, mode, threads and parameters, and which
     * occurrence of them it is in its round (a parameter value given twice runs twice).
     */
    private static String roundKey(Map<String, Object> r, Map<String, Integer> seen) {
        String key = r.get("benchmark") + " " + r.get("mode") + " " + r.get("threads") + " " + r.get("params");
        return key + " #" + seen.merge(key, 1, Integer::sum);
    }

    private static void appendForks(Map<String, Object> into, Map<String, Object> from) {
        if (into.get("rawData") != null && from.get("rawData") != null) {
            Json.array(into.get("rawData")).addAll(Json.array(from.get("rawData")));
        }
    }

    /** The raw data of a metric, all forks in one. */
    private static ListStatistics statistics(Map<String, Object> m) {
        ListStatistics stats = new ListStatistics();
        if (m.get("rawData") != null) {
            for (Object fork : Json.array(m.get("rawData"))) {
                for (Object v : Json.array(fork)) {
                    stats.addValue(Json.number(v));
                }
            }
        }
        return stats;
    }

    /** Whether JMH's score of {@code m} is the sum of its raw data rather than their mean. */
    private static boolean isSum(Map<String, Object> m) {
        ListStatistics stats = statistics(m);
        if (stats.getN() == 0) {
            return false;
        }
        double score = Json.number(m.get("score"));
        return !close(score, stats.getMean()) && close(score, stats.getSum());
    }

    private static boolean close(double a, double b) {
        return Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b)) || (Double.isNaN(a) && Double.isNaN(b));
    }

    /** Recomputes JMH's score, error and confidence interval of a metric from its raw data. */
    private static void restate(Map<String, Object> m, boolean sum) {
        ListStatistics stats = statistics(m);
        if (stats.getN() == 0) {
            return;
        }
        if (sum) {
            m.put("score", stats.getSum());
            m.put("scoreError", "NaN");
            m.remove("scoreConfidence");
            return;
        }
        m.put("score", stats.getMean());
        double error = stats.getN() > 2 ? stats.getMeanErrorAt(0.999) : Double.NaN;
        m.put("scoreError", Double.isFinite(error) ? (Object) error : "NaN"); // JMH writes NaN as a string
        if (Double.isFinite(error)) {
            m.put("scoreConfidence", new ArrayList<>(List.of(stats.getMean() - error, stats.getMean() + error)));
        } else {
            m.remove("scoreConfidence");
        }
    }

    /** Reads every known experiment's results in {@code dir} and writes the report files there. */
    static List<Section> write(Path dir) throws IOException {
        List<Section> sections = new ArrayList<>();
        for (Experiment e : Experiments.ALL) {
            Path json = dir.resolve(e.id() + ".json");
            if (!Files.isRegularFile(json)) {
                continue;
            }
            Path envFile = dir.resolve(e.id() + ".env.txt");
            String env = Files.isRegularFile(envFile) ? Files.readString(envFile, StandardCharsets.UTF_8) : null;
            List<Result> results = Results.parse(Files.readString(json, StandardCharsets.UTF_8));
            List<Row> rows = rows(e, results);
            List<String> charts = Charts.write(dir, e, rows);
            sections.add(new Section(e, rows, ratios(e, rows), limits(e, rows), missing(e, rows),
                    results.isEmpty() ? null : results.get(0), env, charts));
        }
        Files.writeString(dir.resolve("REPORT.md"), markdown(sections), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("summary.json"), summary(sections), StandardCharsets.UTF_8);
        return sections;
    }

    /** The rows of an experiment, in the experiment's implementation order, then by swept value. */
    static List<Row> rows(Experiment e, List<Result> results) {
        List<Row> rows = new ArrayList<>();
        for (Result r : results) {
            Metric m = r.metric(e.metric());
            if (m == null) {
                throw new IllegalArgumentException(e.id() + ": " + r.benchmark() + " has no metric " + e.metric());
            }
            Map<String, Double> counters = new LinkedHashMap<>();
            for (Counter c : e.counters()) {
                if (!c.appliesTo().test(r.params())) {
                    continue;
                }
                Metric num = r.secondary().get(c.numerator());
                if (c.denominator() == null) {
                    if (num != null) {
                        counters.put(c.name(), num.score());
                    }
                    continue;
                }
                Metric den = r.secondary().get(c.denominator());
                if (num != null && den != null) {
                    counters.put(c.name(), den.score() == 0 ? Double.NaN : num.score() / den.score());
                }
            }
            for (Map.Entry<String, Metric> s : r.secondary().entrySet()) {
                if (Set.of("ops", "taken", "steals", "attempts", "aborts").contains(s.getKey())
                        && !s.getKey().equals(e.metric())) {
                    counters.put(s.getKey() + "/s", s.getValue().score());
                }
            }
            Map<String, String> params = r.params();
            if (e.threads() != null && !e.threads().groups()) {
                params = new LinkedHashMap<>(params);
                params.put(ThreadSweep.PARAM, fmtInt(r.json().get("threads")));
            }
            String x = e.xParam() == null ? null : params.get(e.xParam());
            rows.add(new Row(e.id(), e.label().apply(params), x, params, m, m.median(), counters, forks(e, r, m)));
        }
        Comparator<Row> order = Comparator.<Row>comparingInt(r -> rank(e, r.implementation()))
                .thenComparing(r -> r.implementation());
        for (String p : varyingParams(e, rows)) {
            order = order.thenComparingDouble(r -> numeric(r.params().get(p)))
                    .thenComparing(r -> String.valueOf(r.params().get(p)));
        }
        rows.sort(order.thenComparingDouble(r -> numeric(r.x())));
        return rows;
    }

    /**
     * The forks of result {@code r} whose score is {@code m}, with their values of the experiment's
     * {@link Experiment#perFork} counters (none if it has none), numbered per round if {@code r} was
     * merged from rounds.
     *
     * @throws IllegalArgumentException if the rounds' forks do not add up to the forks of {@code m}
     */
    static List<Fork> forks(Experiment e, Result r, Metric m) {
        if (e.perFork().isEmpty()) {
            return List.of();
        }
        List<int[]> labels = new ArrayList<>(); // {round, fork}
        Object roundForks = r.json().get(ROUND_FORKS);
        List<Object> perRound = roundForks == null ? List.of(m.forks().size()) : Json.array(roundForks);
        for (int round = 0; round < perRound.size(); round++) {
            for (int f = 0; f < Json.number(perRound.get(round)); f++) {
                labels.add(new int[] {round + 1, f + 1});
            }
        }
        if (labels.size() != m.forks().size()) {
            throw new IllegalArgumentException(e.id() + ": " + r.benchmark() + " " + r.params() + " has "
                    + m.forks().size() + " forks, its rounds " + perRound);
        }
        List<Fork> out = new ArrayList<>();
        for (int i = 0; i < labels.size(); i++) {
            Map<String, Double> counters = new LinkedHashMap<>();
            for (Counter c : e.perFork()) {
                Metric num = r.secondary().get(c.numerator());
                Metric den = r.secondary().get(c.denominator());
                if (c.appliesTo().test(r.params()) && num != null && den != null) {
                    if (num.forks().size() != labels.size() || den.forks().size() != labels.size()) {
                        throw new IllegalArgumentException(e.id() + ": " + r.benchmark() + " " + r.params() + " has "
                                + labels.size() + " forks, but " + num.forks().size() + " of " + c.numerator()
                                + " and " + den.forks().size() + " of " + c.denominator());
                    }
                    double d = sum(den.forks().get(i));
                    counters.put(c.name(), d == 0 ? Double.NaN : sum(num.forks().get(i)) / d);
                }
            }
            out.add(new Fork(labels.get(i)[0], labels.get(i)[1], median(m.forks().get(i)), counters));
        }
        return out;
    }

    private static double sum(List<Double> xs) {
        double s = 0;
        for (double x : xs) {
            s += x;
        }
        return s;
    }

    private static int rank(Experiment e, String implementation) {
        int i = e.order().indexOf(implementation);
        return i < 0 ? Integer.MAX_VALUE : i;
    }

    /** The value as a number, or NaN; used to sort and plot swept parameters. */
    static double numeric(String x) {
        if (x == null) {
            return Double.NaN;
        }
        try {
            return Double.parseDouble(x);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    private static List<String> missing(Experiment e, List<Row> rows) {
        List<String> missing = new ArrayList<>();
        for (String n : e.order()) {
            if (rows.stream().noneMatch(r -> r.implementation().equals(n))) {
                missing.add(n);
            }
        }
        return missing;
    }

    /**
     * Every ratio of the experiment at every setting where both sides were measured (only at the
     * setting a ratio's {@code at} names, if it names one).
     */
    static List<RatioRow> ratios(Experiment e, List<Row> rows) {
        List<String> varying = varyingParams(e, rows);
        List<RatioRow> out = new ArrayList<>();
        for (Ratio q : e.ratios()) {
            for (Row a : rows) {
                if (!a.implementation().equals(q.numerator()) || !matches(q.at(), a.params())) {
                    continue;
                }
                for (Row b : rows) {
                    if (b.implementation().equals(q.denominator()) && sameSetting(e, a, b)) {
                        RatioRow r = ratio(e, q, a, b);
                        Map<String, String> setting = new LinkedHashMap<>();
                        varying.forEach(p -> setting.put(p, a.params().get(p)));
                        out.add(new RatioRow(r.experiment(), r.numerator(), r.denominator(), r.xParam(), r.x(),
                                setting, r.ratio(), r.lo(), r.hi(), r.target(), r.verdict(), r.why()));
                    }
                }
            }
            if (q.geomean()) {
                out.addAll(geomeans(e, q, out));
            }
        }
        return out;
    }

    /**
     * The geometric means of the ratio {@code q}'s rows in {@code rows} over the swept parameter's values,
     * one per setting of the other parameters that has at least two of them: the ratio of medians is the
     * geometric mean of the ratios, the spread that of their low and high ends (n/a if any of them has
     * none), the swept value {@value Experiments.Ratio#GEOMEAN} followed by the number of values in
     * parentheses.
     */
    static List<RatioRow> geomeans(Experiment e, Ratio q, List<RatioRow> rows) {
        Map<Map<String, String>, List<RatioRow>> bySetting = new LinkedHashMap<>();
        for (RatioRow r : rows) {
            if (r.numerator().equals(q.numerator()) && r.denominator().equals(q.denominator())
                    && !String.valueOf(r.x()).startsWith(Ratio.GEOMEAN)) {
                bySetting.computeIfAbsent(r.setting(), k -> new ArrayList<>()).add(r);
            }
        }
        List<RatioRow> out = new ArrayList<>();
        bySetting.forEach((setting, rs) -> {
            if (rs.size() < 2) {
                return;
            }
            double ratio = geomean(rs.stream().mapToDouble(RatioRow::ratio).toArray());
            double lo = geomean(rs.stream().mapToDouble(RatioRow::lo).toArray());
            double hi = geomean(rs.stream().mapToDouble(RatioRow::hi).toArray());
            if (!Double.isFinite(lo) || !Double.isFinite(hi)) {
                lo = Double.NaN;
                hi = Double.NaN;
            }
            String verdict = null;
            if (q.target() != null) {
                double t = q.target();
                verdict = Double.isFinite(lo) && lo >= t ? "yes" : Double.isFinite(hi) && hi < t ? "no"
                        : (ratio >= t ? "yes" : "no") + (Double.isFinite(lo) ? " (target inside the spread)"
                                : " (no CI)");
            }
            out.add(new RatioRow(e.id(), q.numerator(), q.denominator(), e.xParam(),
                    Ratio.GEOMEAN + " (" + rs.size() + ")", setting, ratio, lo, hi, q.target(), verdict,
                    "geometric mean over " + (e.xParam() == null ? "settings" : e.xParam() + "s")));
        });
        return out;
    }

    /** The geometric mean of positive values; NaN if any is not a positive finite number, or none. */
    static double geomean(double[] xs) {
        if (xs.length == 0) {
            return Double.NaN;
        }
        double sum = 0;
        for (double x : xs) {
            if (!(x > 0) || !Double.isFinite(x)) {
                return Double.NaN;
            }
            sum += Math.log(x);
        }
        return Math.exp(sum / xs.length);
    }

    private static boolean matches(Map<String, String> at, Map<String, String> params) {
        for (Map.Entry<String, String> p : at.entrySet()) {
            if (!p.getValue().equals(params.get(p.getKey()))) {
                return false;
            }
        }
        return true;
    }

    /** The parameters, besides the implementation's and the swept one, whose value differs between rows. */
    static List<String> varyingParams(Experiment e, List<Row> rows) {
        Map<String, Set<String>> values = new LinkedHashMap<>();
        for (Row r : rows) {
            r.params().forEach((k, v) -> {
                if (!e.seriesParams().contains(k) && !k.equals(e.xParam())) {
                    values.computeIfAbsent(k, x -> new HashSet<>()).add(v);
                }
            });
        }
        List<String> out = new ArrayList<>();
        values.forEach((k, v) -> {
            if (v.size() > 1) {
                out.add(k);
            }
        });
        return out;
    }

    /** Same parameters apart from those naming the implementation. */
    private static boolean sameSetting(Experiment e, Row a, Row b) {
        for (Map.Entry<String, String> p : a.params().entrySet()) {
            if (!e.seriesParams().contains(p.getKey()) && !p.getValue().equals(b.params().get(p.getKey()))) {
                return false;
            }
        }
        return true;
    }

    static RatioRow ratio(Experiment e, Ratio q, Row a, Row b) {
        double ratio = a.median() / b.median();
        double lo = a.metric().lo() / b.metric().hi();
        double hi = a.metric().hi() / b.metric().lo();
        // A CI reaching zero or below (few iterations, a large error) bounds nothing: no spread then.
        boolean spread = Double.isFinite(lo) && Double.isFinite(hi) && a.metric().lo() > 0 && b.metric().lo() > 0;
        if (!spread) {
            lo = Double.NaN;
            hi = Double.NaN;
        }
        String verdict = null;
        if (q.target() != null) {
            double t = q.target();
            if (spread && lo >= t) {
                verdict = "yes";
            } else if (spread && hi < t) {
                verdict = "no";
            } else if (spread) {
                verdict = (ratio >= t ? "yes" : "no") + " (target inside the spread)";
            } else {
                verdict = (ratio >= t ? "yes" : "no") + " (no CI)";
            }
        }
        return new RatioRow(e.id(), q.numerator(), q.denominator(), e.xParam(), a.x(), Map.of(), ratio, lo, hi,
                q.target(), verdict, q.why());
    }

    /**
     * Every limit of the experiment at every row whose swept value is numeric and at least the limit's
     * {@code from}: "yes" if the counter is at most the bound, "no" if above, "n/a" if the row has no
     * finite value of it.
     */
    static List<LimitRow> limits(Experiment e, List<Row> rows) {
        List<LimitRow> out = new ArrayList<>();
        List<String> varying = varyingParams(e, rows);
        for (Limit l : e.limits()) {
            for (Row r : rows) {
                if (!(numeric(r.x()) >= l.from())) {
                    continue;
                }
                Double v = r.counters().get(l.counter());
                double value = v == null ? Double.NaN : v;
                String verdict = !Double.isFinite(value) ? "n/a" : value <= l.max() ? "yes" : "no";
                // The other parameters that vary (e.g. the threads of a full cafe-height run) name the row.
                List<String> setting = new ArrayList<>();
                varying.forEach(p -> setting.add(p + " " + r.params().get(p)));
                String name = r.implementation() + (setting.isEmpty() ? "" : " (" + String.join(", ", setting) + ")");
                out.add(new LimitRow(e.id(), name, l.counter(), e.xParam(), r.x(), value, l.max(), verdict, l.why()));
            }
        }
        return out;
    }

    // ---- REPORT.md ----

    static String markdown(List<Section> sections) {
        StringBuilder md = new StringBuilder();
        md.append("# taskpools benchmark report\n\n");
        md.append("Generated by `./bench` (report generator `io.github.taskpools.jmh.report.Report`). **median** =")
                .append(" median of all measurement iterations of all forks (JSON `rawData`); **JMH score ± error** =")
                .append(" JMH's mean and the half-width of its 99.9% confidence interval (n/a with a single sample).")
                .append(" Ratios are ratios of medians of implementations measured in the same JMH run at the same")
                .append(" parameters; the range next to a ratio divides the ends of the two 99.9% intervals (a")
                .append(" conservative spread, not a confidence interval). Machine-readable: `summary.json`; raw JMH")
                .append(" results: `<experiment>.json`, console logs `<experiment>.log`.\n\n");
        if (sections.isEmpty()) {
            md.append("No results found.\n");
            return md.toString();
        }
        md.append("## Environment\n\n");
        Section s0 = sections.get(0);
        if (s0.first() != null) {
            Map<String, Object> j = s0.first().json();
            md.append("- JDK: ").append(j.get("jdkVersion")).append(" (").append(j.get("vmName")).append(' ')
                    .append(j.get("vmVersion")).append("), JMH ").append(j.get("jmhVersion")).append('\n');
        }
        if (s0.env() != null) {
            for (String line : s0.env().split("\n")) {
                if (line.startsWith("CPU model:") || line.startsWith("logical CPUs:") || line.startsWith("kernel:")
                        || line.startsWith("memory:")) {
                    md.append("- ").append(line.replaceAll(":\\s+", ": ")).append('\n');
                }
            }
        }
        md.append("- Experiments in this report: ");
        List<String> ids = new ArrayList<>();
        sections.forEach(s -> ids.add("`" + s.experiment().id() + "`"));
        md.append(String.join(", ", ids)).append("\n\n");
        for (Section s : sections) {
            section(md, s);
        }
        return md.toString();
    }

    private static void section(StringBuilder md, Section s) {
        Experiment e = s.experiment();
        md.append("## ").append(e.id()).append(": ").append(e.title()).append("\n\n");
        md.append(e.description()).append("\n\n");
        md.append("Raw results: `").append(e.id()).append(".json`.\n\n");

        List<String> counterNames = new ArrayList<>();
        for (Row r : s.rows()) {
            for (String c : r.counters().keySet()) {
                if (!counterNames.contains(c)) {
                    counterNames.add(c);
                }
            }
        }
        String unit = e.unitLabel();
        List<String> varying = varyingParams(e, s.rows());
        md.append("### Results\n\n| implementation |");
        for (String p : varying) {
            md.append(' ').append(p).append(" |");
        }
        if (e.xParam() != null) {
            md.append(' ').append(e.xParam()).append(" |");
        }
        md.append(" median (").append(unit).append(") | JMH score ± error | 99.9% CI | min–max | samples |")
                .append(" per-fork medians |");
        for (String c : counterNames) {
            md.append(' ').append(c).append(" |");
        }
        md.append("\n|---|").append("--:|".repeat(varying.size()));
        if (e.xParam() != null) {
            md.append("--:|");
        }
        md.append("--:|--:|--:|--:|--:|--:|").append("--:|".repeat(counterNames.size())).append('\n');
        double worstShare = Double.POSITIVE_INFINITY;
        for (Row r : s.rows()) {
            Metric m = r.metric();
            double[] xs = Results.sorted(m.samples());
            md.append("| ").append(r.implementation()).append(" |");
            for (String p : varying) {
                md.append(' ').append(r.params().get(p)).append(" |");
            }
            if (e.xParam() != null) {
                md.append(' ').append(r.x()).append(" |");
            }
            md.append(" **").append(fmt(r.median(), e.scale())).append("** | ")
                    .append(fmt(m.score(), e.scale())).append(" ± ").append(fmt(m.error(), e.scale())).append(" | ")
                    .append(fmt(m.lo(), e.scale())).append(" – ").append(fmt(m.hi(), e.scale())).append(" | ")
                    .append(xs.length == 0 ? "n/a" : fmt(xs[0], e.scale()) + " – " + fmt(xs[xs.length - 1], e.scale()))
                    .append(" | ").append(xs.length).append(" | ");
            List<String> fm = new ArrayList<>();
            for (double f : m.forkMedians()) {
                fm.add(fmt(f, e.scale()));
            }
            md.append(String.join(" / ", fm)).append(" |");
            for (String c : counterNames) {
                Double v = r.counters().get(c);
                md.append(' ').append(v == null ? "" : c.endsWith("/s") ? rate(v) : r3(v))
                        .append(" |");
            }
            md.append('\n');
            Double share = r.counters().get("CPU share");
            if (share != null && Double.isFinite(share)) {
                worstShare = Math.min(worstShare, share);
            }
        }
        md.append('\n');
        if (counterNames.stream().anyMatch(c -> c.endsWith("/s"))) {
            md.append("Counters ending in /s are JMH AuxCounters per second (all threads; M: millions);")
                    .append(" shares and rates are ratios of those counters' means.\n\n");
        }
        if (worstShare < 0.95) {
            md.append("**Warning: CPU share (thread CPU time / wall time) fell to ").append(r3(worstShare))
                    .append("; other load disturbed this run.**\n\n");
        }
        if (!s.missing().isEmpty()) {
            md.append("Missing from this run (failed or not run; see `").append(e.id()).append(".log`): ")
                    .append(String.join(", ", s.missing())).append(".\n\n");
        }
        perForkTable(md, e, s.rows(), varying);

        if (!s.ratios().isEmpty()) {
            boolean withSetting = s.ratios().stream().anyMatch(q -> !q.setting().isEmpty());
            md.append("### Ratios (same run)\n\n| ratio |");
            if (withSetting) {
                md.append(" setting |");
            }
            if (e.xParam() != null) {
                md.append(' ').append(e.xParam()).append(" |");
            }
            md.append(" of medians | spread from CIs | target | met? | note |\n|---|");
            if (withSetting) {
                md.append("---|");
            }
            if (e.xParam() != null) {
                md.append("--:|");
            }
            md.append("--:|--:|--:|---|---|\n");
            for (RatioRow q : s.ratios()) {
                md.append("| ").append(q.numerator()).append(" / ").append(q.denominator()).append(" |");
                if (withSetting) {
                    List<String> kv = new ArrayList<>();
                    q.setting().forEach((k, v) -> kv.add(k + "=" + v));
                    md.append(' ').append(String.join(", ", kv)).append(" |");
                }
                if (e.xParam() != null) {
                    md.append(' ').append(q.x()).append(" |");
                }
                md.append(" **").append(r2(q.ratio())).append("x** | ")
                        .append(Double.isFinite(q.lo()) ? r2(q.lo()) + " – " + r2(q.hi()) : "n/a").append(" | ")
                        .append(q.target() == null ? "" : "≥ " + r2(q.target())).append(" | ")
                        .append(q.verdict() == null ? "" : q.verdict()).append(" | ").append(q.why()).append(" |\n");
            }
            md.append('\n');
        }
        if (!s.limits().isEmpty()) {
            md.append("### Limits\n\n| counter | implementation | ").append(e.xParam())
                    .append(" | value | bound | met? | note |\n|---|---|--:|--:|--:|---|---|\n");
            for (LimitRow l : s.limits()) {
                md.append("| ").append(l.counter()).append(" | ").append(l.implementation()).append(" | ")
                        .append(l.x()).append(" | **").append(r3(l.value())).append("** | ≤ ").append(r3(l.max()))
                        .append(" | ").append(l.verdict()).append(" | ").append(l.why()).append(" |\n");
            }
            md.append('\n');
        }
        if (!s.charts().isEmpty()) {
            md.append("### Charts\n\n");
            for (String c : s.charts()) {
                md.append("![").append(c).append("](").append(c).append(")\n\n");
            }
        }
        md.append("### Settings\n\n");
        if (s.first() != null) {
            Map<String, Object> j = s.first().json();
            md.append("- JMH ").append(j.get("jmhVersion")).append(", mode ").append(j.get("mode")).append(", ")
                    .append(fmtInt(j.get("threads"))).append(" thread(s), forks ").append(fmtInt(j.get("forks")))
                    .append(", warmup ").append(fmtInt(j.get("warmupIterations"))).append(" x ")
                    .append(j.get("warmupTime")).append(", measurement ")
                    .append(fmtInt(j.get("measurementIterations"))).append(" x ").append(j.get("measurementTime"))
                    .append('\n');
            md.append("- JVM: ").append(j.get("jvm")).append(" (").append(j.get("vmName")).append(' ')
                    .append(j.get("vmVersion")).append(", JDK ").append(j.get("jdkVersion")).append(")\n");
            List<Object> jvmArgs = j.get("jvmArgs") == null ? List.of() : Json.array(j.get("jvmArgs"));
            List<String> a = new ArrayList<>();
            jvmArgs.forEach(x -> a.add(String.valueOf(x)));
            md.append("- JVM arguments of the forks: ").append(a.isEmpty() ? "(none)" : "`" + String.join(" ", a) + "`")
                    .append('\n');
            md.append("- Unit: ").append(s.first().metric(e.metric()).unit()).append(" (shown as ").append(unit)
                    .append(")\n\n");
        }
        if (s.env() != null) {
            md.append("### Machine and command\n\n```\n").append(s.env().strip()).append("\n```\n\n");
        }
    }

    /**
     * The table of the rows' forks, one line each, in the rows' order: the median of the fork's
     * iterations' scores and its own values of the experiment's per-fork counters; with a round column
     * if the results were merged from rounds. Nothing if the rows have no forks to show.
     */
    private static void perForkTable(StringBuilder md, Experiment e, List<Row> rows, List<String> varying) {
        if (rows.stream().allMatch(r -> r.forks().isEmpty())) {
            return;
        }
        boolean rounds = rows.stream().anyMatch(r -> r.forks().stream().anyMatch(f -> f.round() > 1));
        md.append("### Per fork\n\nEach fork (one JVM) of each implementation");
        if (rounds) {
            md.append(" in each round");
        }
        md.append(": the median of its measurement iterations' scores and its own value of each counter.\n\n")
                .append("| implementation |");
        for (String p : varying) {
            md.append(' ').append(p).append(" |");
        }
        if (e.xParam() != null) {
            md.append(' ').append(e.xParam()).append(" |");
        }
        md.append(rounds ? " round | fork |" : " fork |").append(" median (").append(e.unitLabel()).append(") |");
        for (Counter c : e.perFork()) {
            md.append(' ').append(c.name()).append(" |");
        }
        md.append("\n|---|").append("--:|".repeat(varying.size() + (e.xParam() != null ? 1 : 0) + (rounds ? 2 : 1)))
                .append("--:|").append("--:|".repeat(e.perFork().size())).append('\n');
        for (Row r : rows) {
            for (Fork f : r.forks()) {
                md.append("| ").append(r.implementation()).append(" |");
                for (String p : varying) {
                    md.append(' ').append(r.params().get(p)).append(" |");
                }
                if (e.xParam() != null) {
                    md.append(' ').append(r.x()).append(" |");
                }
                if (rounds) {
                    md.append(' ').append(f.round()).append(" |");
                }
                md.append(' ').append(f.fork()).append(" | ").append(fmt(f.median(), e.scale())).append(" |");
                for (Counter c : e.perFork()) {
                    Double v = f.counters().get(c.name());
                    md.append(' ').append(v == null ? "" : r3(v)).append(" |");
                }
                md.append('\n');
            }
        }
        md.append('\n');
    }

    // ---- summary.json ----

    static String summary(List<Section> sections) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("generated", Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
        if (!sections.isEmpty() && sections.get(0).first() != null) {
            Map<String, Object> j = sections.get(0).first().json();
            Map<String, Object> env = new LinkedHashMap<>();
            env.put("jdk", j.get("jdkVersion"));
            env.put("vm", j.get("vmName") + " " + j.get("vmVersion"));
            env.put("jmh", j.get("jmhVersion"));
            String envText = sections.get(0).env();
            if (envText != null) {
                for (String line : envText.split("\n")) {
                    if (line.startsWith("CPU model:")) {
                        env.put("cpu", line.substring(line.indexOf(':') + 1).strip());
                    } else if (line.startsWith("logical CPUs:")) {
                        env.put("cpus", line.substring(line.indexOf(':') + 1).strip());
                    }
                }
            }
            root.put("environment", env);
        }
        List<Object> rows = new ArrayList<>();
        List<Object> ratios = new ArrayList<>();
        List<Object> limits = new ArrayList<>();
        List<Object> settings = new ArrayList<>();
        for (Section s : sections) {
            if (s.first() != null) {
                Map<String, Object> j = s.first().json();
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("experiment", s.experiment().id());
                for (String k : List.of("jmhVersion", "mode", "threads", "forks", "warmupIterations", "warmupTime",
                        "measurementIterations", "measurementTime")) {
                    Object v = j.get(k);
                    m.put(k, v instanceof Double ? (Object) Math.round((Double) v) : v);
                }
                settings.add(m);
            }
            for (Row r : s.rows()) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("experiment", r.experiment());
                m.put("implementation", r.implementation());
                m.put("params", new LinkedHashMap<>(r.params()));
                m.put("score", r.metric().score());
                m.put("error", r.metric().error());
                m.put("median", r.median());
                m.put("unit", r.metric().unit());
                m.put("samples", r.metric().samples().size());
                m.put("counters", new LinkedHashMap<>(r.counters()));
                if (!r.forks().isEmpty()) {
                    List<Object> forks = new ArrayList<>();
                    for (Fork f : r.forks()) {
                        Map<String, Object> fm = new LinkedHashMap<>();
                        fm.put("round", f.round());
                        fm.put("fork", f.fork());
                        fm.put("median", f.median());
                        fm.put("counters", new LinkedHashMap<>(f.counters()));
                        forks.add(fm);
                    }
                    m.put("forks", forks);
                }
                rows.add(m);
            }
            for (RatioRow q : s.ratios()) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("experiment", q.experiment());
                m.put("numerator", q.numerator());
                m.put("denominator", q.denominator());
                m.putAll(q.setting());
                if (q.xParam() != null) {
                    m.put(q.xParam(), q.x());
                }
                m.put("ratio", q.ratio());
                m.put("spreadLow", q.lo());
                m.put("spreadHigh", q.hi());
                m.put("target", q.target());
                m.put("met", q.verdict());
                m.put("note", q.why());
                ratios.add(m);
            }
            for (LimitRow l : s.limits()) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("experiment", l.experiment());
                m.put("implementation", l.implementation());
                m.put("counter", l.counter());
                m.put(l.xParam(), l.x());
                m.put("value", l.value());
                m.put("max", l.max());
                m.put("met", l.verdict());
                m.put("note", l.why());
                limits.add(m);
            }
        }
        root.put("settings", settings);
        root.put("rows", rows);
        root.put("ratios", ratios);
        root.put("limits", limits);
        return Json.write(root);
    }

    // ---- numbers ----

    static double median(List<Double> xs) {
        double[] a = Results.sorted(xs);
        int n = a.length;
        if (n == 0) {
            return Double.NaN;
        }
        return n % 2 == 1 ? a[n / 2] : (a[n / 2 - 1] + a[n / 2]) / 2;
    }

    private static String fmtInt(Object o) {
        return o instanceof Double ? Long.toString(Math.round((Double) o)) : String.valueOf(o);
    }

    /** {@code value / scale} with a precision that suits its size. */
    static String fmt(double value, double scale) {
        if (!Double.isFinite(value)) {
            return "n/a";
        }
        double v = value / scale;
        return String.format(Locale.ROOT, Math.abs(v) >= 100 ? "%.0f" : Math.abs(v) >= 10 ? "%.1f" : "%.2f", v);
    }

    /** A rate per second: in millions ("M") from 10,000 on, whole units below (trees appended at h = 12). */
    static String rate(double v) {
        if (!Double.isFinite(v)) {
            return "n/a";
        }
        return Math.abs(v) < 10_000 ? String.format(Locale.ROOT, "%.0f", v) : fmt(v, Experiments.MEGA) + "M";
    }

    private static String r2(double x) {
        return Double.isFinite(x) ? String.format(Locale.ROOT, "%.2f", x) : "n/a";
    }

    private static String r3(double x) {
        return Double.isFinite(x) ? String.format(Locale.ROOT, "%.3f", x) : "n/a";
    }
}
