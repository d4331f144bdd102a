package io.github.taskpools.jmh.report;

import io.github.taskpools.jmh.report.Experiments.Chart;
import io.github.taskpools.jmh.report.Experiments.Experiment;
import io.github.taskpools.jmh.report.Report.Row;
import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The report's PNG charts, drawn with XChart, headless, in the style of the papers' figures: a line
 * per implementation against the chart's x axis (stolen percentage, balancing factor, δ, threads) when
 * it is numeric, grouped bars otherwise (per kernel, or one bar per implementation when nothing is
 * swept); one chart per parameter set (see {@link Chart}).
 * A line chart of a counter with a {@link Experiments.Limit} shows the bound as a dashed grey line
 * (labelled with the swept value it applies from).
 */
final class Charts {
    private Charts() {
    }

    static final int WIDTH = 900;
    static final int HEIGHT = 540;
    /** The suffix of a series that is a variant of another (probabilistic stealing). */
    static final String VARIANT = "+prob";
    /** Distinguishable line colours (Tableau 10). */
    private static final Color[] PALETTE = {
        new Color(0x4E79A7), new Color(0xF28E2B), new Color(0xE15759), new Color(0x76B7B2), new Color(0x59A14F),
        new Color(0xEDC948), new Color(0xB07AA1), new Color(0xFF9DA7), new Color(0x9C755F), new Color(0xBAB0AC),
    };

    /** Writes the experiment's charts into {@code dir}; returns their file names. */
    static List<String> write(Path dir, Experiment e, List<Row> rows) throws IOException {
        System.setProperty("java.awt.headless", "true");
        List<String> files = new ArrayList<>();
        for (Chart c : e.charts()) {
            List<Row> chosen = rows.stream().filter(r -> c.where().test(r.params())).toList();
            List<String> facetParams = facetParams(e, c, chosen);
            Map<List<String>, List<Row>> facets = new LinkedHashMap<>();
            for (Row r : chosen) {
                List<String> key = new ArrayList<>();
                facetParams.forEach(p -> key.add(String.valueOf(r.params().get(p))));
                facets.computeIfAbsent(key, k -> new ArrayList<>()).add(r);
            }
            for (Map.Entry<List<String>, List<Row>> f : facets.entrySet()) {
                List<Row> sel = f.getValue();
                if (sel.stream().noneMatch(r -> Double.isFinite(y(e, c, r)))) {
                    continue;
                }
                StringBuilder name = new StringBuilder(e.id()).append('-').append(c.name());
                List<String> setting = new ArrayList<>();
                for (int i = 0; i < facetParams.size(); i++) {
                    name.append('-').append(f.getKey().get(i).replaceAll("[^A-Za-z0-9.+_-]", "-"));
                    setting.add(facetParams.get(i) + " " + f.getKey().get(i));
                }
                name.append(".png");
                String title = c.title() + (setting.isEmpty() ? "" : " (" + String.join(", ", setting) + ")");
                org.knowm.xchart.internal.chartpart.Chart<?, ?> chart = numericX(e, c, sel)
                        ? lines(e, c, sel, title)
                        : bars(e, c, sel, title);
                try (OutputStream out = Files.newOutputStream(dir.resolve(name.toString()))) {
                    BitmapEncoder.saveBitmap(chart, out, BitmapEncoder.BitmapFormat.PNG);
                }
                files.add(name.toString());
            }
        }
        return files;
    }

    /** The plotted value of a row: its median score in the experiment's unit, or a counter. */
    static double y(Experiment e, Chart c, Row r) {
        if ("score".equals(c.y())) {
            return r.median() / e.scale();
        }
        Double v = r.counters().get(c.y());
        return v == null ? Double.NaN : v;
    }

    /**
     * The parameters a chart is drawn once per value of: its facet, then every other parameter that
     * varies among its rows, except the x axis, the implementation's and, when the x axis is a
     * quantity of the thread configuration, that configuration.
     */
    static List<String> facetParams(Experiment e, Chart c, List<Row> rows) {
        String x = xName(e, c);
        Map<String, Set<String>> values = new LinkedHashMap<>();
        for (Row r : rows) {
            r.params().forEach((k, v) -> values.computeIfAbsent(k, q -> new LinkedHashSet<>()).add(v));
        }
        List<String> out = new ArrayList<>();
        if (c.facet() != null) {
            out.add(c.facet());
        }
        values.forEach((k, v) -> {
            boolean ofThreads = k.equals(Experiments.ThreadSweep.PARAM) && x != null && !x.equals(k)
                    && List.of("producers", "consumers", "total").contains(x);
            if (v.size() > 1 && !out.contains(k) && !k.equals(x) && !e.seriesParams().contains(k) && !ofThreads) {
                out.add(k);
            }
        });
        return out;
    }

    /** The chart's x axis: its own, or the experiment's swept parameter (null: none). */
    private static String xName(Experiment e, Chart c) {
        return c.x() != null ? c.x() : e.xParam();
    }

    /** A row's value on the chart's x axis. */
    static String x(Experiment e, Chart c, Row r) {
        return c.x() == null ? r.x() : Report.value(r.params(), c.x());
    }

    private static String xLabel(Experiment e, Chart c) {
        return c.x() != null ? c.xLabel() : e.xLabel();
    }

    private static boolean numericX(Experiment e, Chart c, List<Row> rows) {
        return xName(e, c) != null && rows.stream().allMatch(r -> Double.isFinite(Report.numeric(x(e, c, r))));
    }

    private static XYChart lines(Experiment e, Chart c, List<Row> rows, String title) {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle(xLabel(e, c))
                .yAxisTitle(c.yLabel()).build();
        style(chart.getStyler());
        chart.getStyler().setMarkerSize(7);
        Map<String, List<Row>> series = bySeries(rows);
        Map<String, Color> colors = new LinkedHashMap<>();
        for (Map.Entry<String, List<Row>> s : series.entrySet()) {
            List<Double> xs = new ArrayList<>();
            List<Double> ys = new ArrayList<>();
            for (Row r : s.getValue()) {
                double y = y(e, c, r);
                if (Double.isFinite(y)) {
                    double x = Report.numeric(x(e, c, r));
                    xs.add(x);
                    ys.add(y);
                }
            }
            if (!xs.isEmpty()) {
                // A variant ("+prob") has its base's colour and a dashed line, as in the paper's Fig. 12.
                boolean variant = s.getKey().endsWith(VARIANT);
                String base = variant ? s.getKey().substring(0, s.getKey().length() - VARIANT.length()) : s.getKey();
                Color color = colors.computeIfAbsent(base, k -> PALETTE[colors.size() % PALETTE.length]);
                XYSeries xy = chart.addSeries(s.getKey(), xs, ys);
                xy.setMarker(variant ? SeriesMarkers.DIAMOND : SeriesMarkers.CIRCLE);
                xy.setLineColor(color);
                xy.setMarkerColor(color);
                xy.setLineStyle(new BasicStroke(variant ? 1.6f : 2.2f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND,
                        10f, variant ? new float[] {6f, 4f} : null, 0f));
            }
        }
        for (Experiments.Limit l : e.limits()) {
            if (l.counter().equals(c.y()) && c.x() == null) {
                double low = rows.stream().mapToDouble(r -> Report.numeric(x(e, c, r))).min().orElse(Double.NaN);
                double top = rows.stream().mapToDouble(r -> Report.numeric(x(e, c, r))).max().orElse(Double.NaN);
                if (top >= l.from()) {
                    // Across the whole axis, so that it shows even when one swept value is at or past from.
                    XYSeries bound = chart.addSeries("bound " + l.max() + " from " + e.xParam() + " = "
                            + number(l.from()) + " (paper)", List.of(low, top), List.of(l.max(), l.max()));
                    bound.setMarker(SeriesMarkers.NONE);
                    bound.setLineColor(Color.GRAY);
                    bound.setLineStyle(new BasicStroke(1.4f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f,
                            new float[] {3f, 3f}, 0f));
                }
            }
        }
        chart.getStyler().setYAxisMin(0.0);
        return chart;
    }

    private static CategoryChart bars(Experiment e, Chart c, List<Row> rows, String title) {
        CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).title(title)
                .xAxisTitle(xName(e, c) == null ? "implementation" : xLabel(e, c)).yAxisTitle(c.yLabel()).build();
        style(chart.getStyler());
        if (xName(e, c) == null) {
            List<String> names = new ArrayList<>();
            List<Double> ys = new ArrayList<>();
            for (Row r : rows) {
                names.add(r.implementation());
                ys.add(finiteOrZero(y(e, c, r)));
            }
            chart.getStyler().setLegendVisible(false);
            chart.getStyler().setXAxisLabelRotation(30);
            chart.addSeries(c.yLabel(), names, ys);
            return chart;
        }
        Set<String> categories = new LinkedHashSet<>();
        rows.forEach(r -> categories.add(x(e, c, r)));
        for (Map.Entry<String, List<Row>> s : bySeries(rows).entrySet()) {
            List<Double> ys = new ArrayList<>();
            for (String cat : categories) {
                double y = Double.NaN;
                for (Row r : s.getValue()) {
                    if (cat.equals(x(e, c, r))) {
                        y = y(e, c, r);
                    }
                }
                ys.add(finiteOrZero(y));
            }
            chart.addSeries(s.getKey(), new ArrayList<>(categories), ys);
        }
        return chart;
    }

    private static Map<String, List<Row>> bySeries(List<Row> rows) {
        Map<String, List<Row>> m = new LinkedHashMap<>();
        for (Row r : rows) {
            m.computeIfAbsent(r.implementation(), k -> new ArrayList<>()).add(r);
        }
        return m;
    }

    /** A whole number without decimals, any other as Java prints it. */
    static String number(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }

    private static double finiteOrZero(double y) {
        return Double.isFinite(y) ? y : 0;
    }

    private static void style(AxesChartStyler s) {
        s.setChartBackgroundColor(Color.WHITE);
        s.setPlotBackgroundColor(Color.WHITE);
        s.setPlotGridLinesColor(new Color(220, 220, 220));
        s.setLegendPosition(Styler.LegendPosition.OutsideE);
        s.setLegendBorderColor(Color.WHITE);
        s.setChartTitleBoxVisible(false);
        s.setPlotBorderVisible(true);
        s.setAntiAlias(true);
    }
}
