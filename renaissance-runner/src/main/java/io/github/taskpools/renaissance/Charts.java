package io.github.taskpools.renaissance;

import java.awt.Color;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import javax.imageio.ImageIO;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.CategoryStyler;
import org.knowm.xchart.style.Styler;

/**
 * The report's PNG charts, drawn with XChart.
 *
 * <ul>
 *   <li>{@code speedup.png}, in the style of the BWoS paper's Fig. 13: one bar per benchmark, sorted by
 *       speedup, the geometric mean last, each with its bootstrap 95% interval as an error bar. Dark bars: the interval excludes 1.</li>
 *   <li>{@code gc-phases.png}: per benchmark and JVM, the mean per invocation of the total G1 pause time and of
 *       the two work-stealing phases of the evacuation pauses, Object Copy and Termination (worker averages).</li>
 * </ul>
 */
final class Charts {

    static final String SPEEDUP = "speedup.png";
    static final String GC_PHASES = "gc-phases.png";

    private Charts() {
    }

    /**
     * Loads what drawing needs (fonts, image writers) and keeps ImageIO from using temporary files, so the charts
     * can still be drawn from the Ctrl-C shutdown hook, where neither may register an exit hook.
     */
    static void prepare() throws IOException {
        ImageIO.setUseCache(false);
        XYChart c = new XYChartBuilder().width(100).height(80).title("prepare").build();
        c.addSeries("x", new double[] {0, 1}, new double[] {0, 1});
        BitmapEncoder.saveBitmap(c, OutputStream.nullOutputStream(), BitmapEncoder.BitmapFormat.PNG);
    }

    /** The charts {@link #write} draws for this summary. */
    static List<String> names(Analysis.Summary s) {
        List<String> names = new ArrayList<>();
        if (s.geomean() != null) {
            names.add(SPEEDUP);
        }
        if (hasGc(s)) {
            names.add(GC_PHASES);
        }
        return names;
    }

    /** Writes the charts that have data. */
    static void write(Analysis.Summary s, Path dir) throws IOException {
        ImageIO.setUseCache(false);
        if (s.geomean() != null) {
            save(speedupChart(s), dir.resolve(SPEEDUP));
        }
        if (hasGc(s)) {
            save(gcChart(s), dir.resolve(GC_PHASES));
        }
    }

    private static boolean hasGc(Analysis.Summary s) {
        return s.benchmarks().stream().anyMatch(b -> b.jvms().stream().allMatch(j -> j.pauseTotalMs() != null));
    }

    private static void save(Chart<?, ?> chart, Path file) throws IOException {
        Path tmp = file.resolveSibling("." + file.getFileName() + ".tmp");
        try (OutputStream out = Files.newOutputStream(tmp)) {
            BitmapEncoder.saveBitmap(chart, out, BitmapEncoder.BitmapFormat.PNG);
        }
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /**
     * The speedup chart; the summary must have a geometric mean (some benchmark ran on both JVMs). Bars show the
     * speedup as a change in percent, (speedup - 1) * 100, so they grow up or down from 0 as in Fig. 13. The
     * interval is an overlapped bar series of its own: an invisible bar at the interval's midpoint whose
     * (symmetric) error bar spans exactly [low, high], because XChart's error bars are symmetric about the bar
     * and the bootstrap interval is not symmetric about the speedup.
     */
    static CategoryChart speedupChart(Analysis.Summary s) {
        List<String> names = new ArrayList<>();
        List<Double> significant = new ArrayList<>();
        List<Double> other = new ArrayList<>();
        List<Double> mid = new ArrayList<>();
        List<Double> half = new ArrayList<>();
        List<Analysis.BenchmarkSummary> sorted = s.benchmarks().stream().filter(b -> b.speedup() != null)
                .sorted(Comparator.comparingDouble(Analysis.BenchmarkSummary::speedup)).toList();
        for (Analysis.BenchmarkSummary b : sorted) {
            add(names, significant, other, mid, half, b.benchmark(), b.speedup(), b.speedupLow(), b.speedupHigh(),
                    b.significant());
        }
        add(names, significant, other, mid, half, "geometric mean", s.geomean(), s.geomeanLow(), s.geomeanHigh(),
                s.geomeanSignificant());
        CategoryChart chart = new CategoryChartBuilder().width(Math.max(700, 45 * names.size() + 250)).height(520)
                .title("Speedup of " + s.candidate() + " over " + s.baseline())
                .xAxisTitle("")
                .yAxisTitle("time(" + s.baseline() + ") / time(" + s.candidate() + ") - 1, %").build();
        CategoryStyler st = chart.getStyler();
        st.setOverlapped(true);
        st.setChartBackgroundColor(Color.WHITE);
        st.setLegendPosition(Styler.LegendPosition.OutsideS);
        st.setLegendLayout(Styler.LegendLayout.Horizontal);
        st.setXAxisLabelRotation(names.size() > 6 ? 60 : 0);
        st.setYAxisDecimalPattern("0.0");
        st.setErrorBarsColorSeriesColor(false);
        st.setErrorBarsColor(Color.BLACK);
        st.setAvailableSpaceFill(0.6);
        chart.addSeries("interval excludes 1", names, significant).setFillColor(new Color(0x1f4e9c));
        chart.addSeries("interval includes 1", names, other).setFillColor(new Color(0x9db8e3));
        chart.addSeries("95% bootstrap interval", names, mid, half).setFillColor(new Color(0, 0, 0, 0));
        return chart;
    }

    private static void add(List<String> names, List<Double> significant, List<Double> other, List<Double> mid,
                            List<Double> half, String name, double speedup, double low, double high, boolean sig) {
        names.add(name);
        double pct = (speedup - 1) * 100;
        significant.add(sig ? pct : 0.0);
        other.add(sig ? 0.0 : pct);
        mid.add(((low + high) / 2 - 1) * 100);
        half.add((high - low) / 2 * 100);
    }

    static CategoryChart gcChart(Analysis.Summary s) {
        List<Analysis.BenchmarkSummary> withGc = s.benchmarks().stream()
                .filter(b -> b.jvms().stream().allMatch(j -> j.pauseTotalMs() != null)).toList();
        List<String> names = withGc.stream().map(Analysis.BenchmarkSummary::benchmark).toList();
        CategoryChart chart = new CategoryChartBuilder().width(Math.max(800, 140 * names.size() + 200)).height(520)
                .title("G1 pauses per invocation (Object Copy, Termination: worker averages)")
                .xAxisTitle("").yAxisTitle("ms per invocation (mean)").build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        chart.getStyler().setChartBackgroundColor(Color.WHITE);
        chart.getStyler().setXAxisLabelRotation(names.size() > 4 ? 60 : 0);
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
