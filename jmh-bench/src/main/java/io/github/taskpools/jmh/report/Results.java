package io.github.taskpools.jmh.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** JMH's JSON results ({@code -rf json}) as records. */
final class Results {
    private Results() {
    }

    /** One metric of one benchmark run: JMH's score, error, 99.9% interval, unit and raw samples per fork. */
    record Metric(double score, double error, double lo, double hi, String unit, List<List<Double>> forks) {
        /** Every sample of every fork. */
        List<Double> samples() {
            List<Double> all = new ArrayList<>();
            forks.forEach(all::addAll);
            return all;
        }

        /** The median of all samples (NaN if there are none). */
        double median() {
            return Report.median(samples());
        }

        /** The median of each fork's samples. */
        List<Double> forkMedians() {
            List<Double> m = new ArrayList<>();
            for (List<Double> f : forks) {
                m.add(Report.median(f));
            }
            return m;
        }
    }

    /** One benchmark with one parameter combination. */
    record Result(String benchmark, Map<String, String> params, Metric primary, Map<String, Metric> secondary,
            Map<String, Object> json) {
        /** The primary metric ("primary") or the named secondary one, null if absent. */
        Metric metric(String name) {
            return "primary".equals(name) ? primary : secondary.get(name);
        }
    }

    static List<Result> parse(String jsonText) {
        List<Result> out = new ArrayList<>();
        for (Object o : Json.array(Json.parse(jsonText))) {
            Map<String, Object> r = Json.object(o);
            Map<String, String> params = new LinkedHashMap<>();
            if (r.get("params") != null) {
                Json.object(r.get("params")).forEach((k, v) -> params.put(k, String.valueOf(v)));
            }
            Map<String, Metric> secondary = new LinkedHashMap<>();
            if (r.get("secondaryMetrics") != null) {
                Json.object(r.get("secondaryMetrics")).forEach((k, v) -> secondary.put(k, metric(Json.object(v))));
            }
            out.add(new Result(String.valueOf(r.get("benchmark")), params,
                    metric(Json.object(r.get("primaryMetric"))), secondary, r));
        }
        return out;
    }

    private static Metric metric(Map<String, Object> m) {
        List<List<Double>> forks = new ArrayList<>();
        Object raw = m.get("rawData");
        if (raw != null) {
            for (Object fork : Json.array(raw)) {
                List<Double> f = new ArrayList<>();
                for (Object v : Json.array(fork)) {
                    f.add(Json.number(v));
                }
                forks.add(f);
            }
        }
        double lo = Double.NaN;
        double hi = Double.NaN;
        Object ci = m.get("scoreConfidence");
        if (ci != null) {
            List<Object> c = Json.array(ci);
            lo = Json.number(c.get(0));
            hi = Json.number(c.get(1));
        }
        return new Metric(Json.number(m.get("score")), Json.number(m.get("scoreError")), lo, hi,
                String.valueOf(m.get("scoreUnit")), forks);
    }

    static double[] sorted(List<Double> xs) {
        double[] a = xs.stream().mapToDouble(Double::doubleValue).toArray();
        Arrays.sort(a);
        return a;
    }
}
