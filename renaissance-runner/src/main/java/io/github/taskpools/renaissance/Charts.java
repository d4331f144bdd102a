package io.github.taskpools.renaissance;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The report's PNG charts, drawn with XChart.
 *
 * <ul>
 *   <li>{@code speedup.png}, in the style of the BWoS paper's Fig. 13: one bar per benchmark from 1 (no change)
 *       to its speedup, the geometric mean last, each with its bootstrap 95% interval as an error bar; the
 *       interval is asymmetric, so bars and whiskers are drawn as XY shapes (XChart's category error bars are
 *       symmetric). Dark bars: the interval excludes 1.</li>
 *   <li>{@code gc-phases.png}: per benchmark and JVM, the mean per invocation of the total G1 pause time and of
 *       the two work-stealing phases of the evacuation pauses, Object Copy and Termination (worker averages).</li>
 * </ul>
 */
final class Charts {

    static final String SPEEDUP = "speedup.png";
    static final String GC_PHASES = "gc-phases.png";

    private static final double HALF_BAR = 0.32;
    private static final double HALF_CAP = 0.12;

    private Charts() {
    }

    /** Writes the charts that have data; returns the names of the files written. */
    static List<String> write(Analysis.Summary s, Path dir) throws IOException {
        List<String> written = new ArrayList<>();
        XYChart speedup = speedupChart(s);
        if (speedup != null) {
            save(speedup, dir.resolve(SPEEDUP));
            written.add(SPEEDUP);
        }
        CategoryChart gc = gcChart(s);
        if (gc != null) {
            save(gc, dir.resolve(GC_PHASES));
            written.add(GC_PHASES);
        }
        return written;
    }

    private static void save(Chart<?, ?> chart, Path file) throws IOException {
        try (OutputStream out = Files.newOutputStream(file)) {
            BitmapEncoder.saveBitmap(chart, out, BitmapEncoder.BitmapFormat.PNG);
        }
    }

    static XYChart speedupChart(Analysis.Summary s) {
        List<String> names = new ArrayList<>();
        List<double[]> bars = new ArrayList<>(); // speedup, low, high, significant (1/0)
        for (Analysis.BenchmarkSummary b : s.benchmarks()) {
            if (b.speedup() != null) {
                names.add(b.benchmark());
                bars.add(new double[] {b.speedup(), b.speedupLow(), b.speedupHigh(), b.significant() ? 1 : 0});
            }
        }
        if (bars.isEmpty()) {
            return null;
        }
        names.add("geo. mean");
        bars.add(new double[] {s.geomean(), s.geomeanLow(), s.geomeanHigh(), s.geomeanSignificant() ? 1 : 0});
        int n = bars.size();
        XYChart chart = new XYChartBuilder().width(Math.max(700, 60 * n + 200)).height(520)
                .title("Speedup of " + s.candidate() + " over " + s.baseline() + " (time " + s.baseline() + " / time "
                        + s.candidate() + "), 95% bootstrap intervals")
                .xAxisTitle("").yAxisTitle("speedup").build();
        Styler st = chart.getStyler();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNE);
        chart.getStyler().setChartBackgroundColor(Color.WHITE);
        chart.getStyler().setPlotGridVerticalLinesVisible(false);
        chart.getStyler().setXAxisLabelRotation(60);
        chart.getStyler().setXAxisMin(-0.6);
        chart.getStyler().setXAxisMax(n - 0.4);
        // Ticks every 0.1 or finer land on every integer; only integers are labelled.
        chart.getStyler().setXAxisTickMarkSpacingHint(8);
        chart.getStyler().setxAxisTickLabelsFormattingFunction(x -> {
            long i = Math.round(x);
            return Math.abs(x - i) < 1e-6 && i >= 0 && i < n ? names.get((int) i) : "";
        });
        double lo = 1, hi = 1;
        for (double[] b : bars) {
            lo = Math.min(lo, Math.min(b[0], b[1]));
            hi = Math.max(hi, Math.max(b[0], b[2]));
        }
        double pad = Math.max(0.01, (hi - lo) * 0.08);
        chart.getStyler().setYAxisMin(lo - pad);
        chart.getStyler().setYAxisMax(hi + pad);
        chart.getStyler().setYAxisDecimalPattern("0.00");
        st.setMarkerSize(0);

        addBars(chart, "interval excludes 1", bars, true, new Color(0x1f4e9c));
        addBars(chart, "interval includes 1", bars, false, new Color(0x9db8e3));
        XYSeries one = chart.addSeries("no change", new double[] {-0.6, n - 0.4}, new double[] {1, 1});
        one.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
        one.setLineColor(Color.GRAY);
        one.setMarker(SeriesMarkers.NONE);
        one.setShowInLegend(false);
        for (int i = 0; i < n; i++) {
            double[] b = bars.get(i);
            XYSeries w = chart.addSeries(i == 0 ? "95% interval" : "interval " + names.get(i),
                    new double[] {i - HALF_CAP, i + HALF_CAP, i, i, i - HALF_CAP, i + HALF_CAP},
                    new double[] {b[1], b[1], b[1], b[2], b[2], b[2]});
            w.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
            w.setLineColor(Color.BLACK);
            w.setLineStyle(new BasicStroke(1.5f));
            w.setMarker(SeriesMarkers.NONE);
            w.setShowInLegend(i == 0);
        }
        return chart;
    }

    /**
     * One polygon series for all bars of one kind: each bar is the rectangle from 1 to its speedup, joined to the
     * next along the line y = 1, where the joins enclose no area.
     */
    private static void addBars(XYChart chart, String name, List<double[]> bars, boolean significant, Color color) {
        List<Double> xs = new ArrayList<>();
        List<Double> ys = new ArrayList<>();
        for (int i = 0; i < bars.size(); i++) {
            double[] b = bars.get(i);
            if ((b[3] == 1) == significant) {
                xs.addAll(List.of(i - HALF_BAR, i - HALF_BAR, i + HALF_BAR, i + HALF_BAR));
                ys.addAll(List.of(1.0, b[0], b[0], 1.0));
            }
        }
        if (xs.isEmpty()) {
            return;
        }
        XYSeries s = chart.addSeries(name, xs, ys);
        s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.PolygonArea);
        s.setFillColor(color);
        s.setLineColor(color);
        s.setMarker(SeriesMarkers.NONE);
    }

    static CategoryChart gcChart(Analysis.Summary s) {
        List<Analysis.BenchmarkSummary> withGc = s.benchmarks().stream()
                .filter(b -> b.jvms().stream().allMatch(j -> j.pauseTotalMs() != null)).toList();
        if (withGc.isEmpty()) {
            return null;
        }
        List<String> names = withGc.stream().map(Analysis.BenchmarkSummary::benchmark).toList();
        CategoryChart chart = new CategoryChartBuilder().width(Math.max(700, 140 * names.size() + 200)).height(520)
                .title("G1 pause time per invocation: total, Object Copy and Termination (worker averages)")
                .xAxisTitle("").yAxisTitle("ms per invocation (mean)").build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
        chart.getStyler().setLegendLayout(Styler.LegendLayout.Horizontal);
        chart.getStyler().setChartBackgroundColor(Color.WHITE);
        chart.getStyler().setYAxisDecimalPattern("#,##0.#");
        Color[][] colors = {
            {new Color(0x7f7f7f), new Color(0x1f77b4), new Color(0xff7f0e)},
            {new Color(0xc7c7c7), new Color(0xaec7e8), new Color(0xffbb78)},
        };
        for (int j = 0; j < 2; j++) {
            int jj = j;
            String jvm = withGc.get(0).jvms().get(j).jvm();
            add(chart, jvm + ": pause total", names, withGc.stream().map(b -> b.jvms().get(jj).pauseTotalMs()).toList(),
                    colors[j][0]);
            add(chart, jvm + ": Object Copy", names, withGc.stream().map(b -> b.jvms().get(jj).objectCopyMs()).toList(),
                    colors[j][1]);
            add(chart, jvm + ": Termination", names, withGc.stream().map(b -> b.jvms().get(jj).terminationMs()).toList(),
                    colors[j][2]);
        }
        return chart;
    }

    private static void add(CategoryChart chart, String name, List<String> x, List<Double> y, Color c) {
        chart.addSeries(name, x, y).setFillColor(c);
    }
}
