package io.github.taskpools.renaissance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@link GcAb} over directories laid out as {@code check.sh ab} writes them. */
class GcAbTest {

    @TempDir
    Path dir;

    private void pair(int i, Path stockLog, Path bwosLog, double stockWall, double bwosWall, String first)
            throws IOException {
        Files.copy(stockLog, dir.resolve("stock-" + i + ".log"));
        Files.copy(bwosLog, dir.resolve("bwos-" + i + ".log"));
        Files.writeString(dir.resolve("stock-" + i + ".wall"), stockWall + "\n");
        Files.writeString(dir.resolve("bwos-" + i + ".wall"), bwosWall + "\n");
        Files.writeString(dir.resolve("order-" + i), first + "\n");
    }

    /** The fixture log with every time (the numbers before "ms") scaled by {@code f}. */
    private Path scaled(double f) throws IOException {
        List<String> lines = Files.readAllLines(GcWorkTest.fixture(), StandardCharsets.UTF_8).stream()
                .map(l -> scaleTimes(l, f)).collect(Collectors.toList());
        Path p = Files.createTempFile(dir, "scaled", ".tmp");
        Files.write(p, lines, StandardCharsets.UTF_8);
        return p;
    }

    private static String scaleTimes(String line, double f) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(Sum|Avg):\\s*([\\d.]+)(, (?:Max|Workers))").matcher(line);
        if (line.contains("(ms):")) {
            StringBuilder sb = new StringBuilder();
            while (m.find()) {
                m.appendReplacement(sb, m.group(1) + ": " + String.format(java.util.Locale.ROOT, "%.3f",
                        Double.parseDouble(m.group(2)) * f) + m.group(3));
            }
            m.appendTail(sb);
            line = sb.toString();
        }
        java.util.regex.Matcher t = java.util.regex.Pattern.compile("(Mark live objects |Mark From Roots |\\) )([\\d.]+)ms$").matcher(line);
        if (t.find()) {
            line = line.substring(0, t.start(2)) + String.format(java.util.Locale.ROOT, "%.3f", Double.parseDouble(t.group(2)) * f) + "ms";
        }
        return line;
    }

    private int run(String... args) {
        String[] all = new String[args.length + 1];
        all[0] = dir.toString();
        System.arraycopy(args, 0, all, 1, args.length);
        return GcAb.commandLine().execute(all);
    }

    @Test
    void aCandidateTenPercentFasterInEveryPhaseReadsAboutPointNine() throws IOException {
        Path stock = GcWorkTest.fixture();
        Path bwos = scaled(0.9);
        pair(1, stock, bwos, 1000, 900, "stock");
        pair(2, stock, bwos, 1100, 990, "bwos");
        pair(3, stock, bwos, 1200, 1080, "stock");
        assertEquals(0, run("--replicates", "500"));
        String md = Files.readString(dir.resolve("ab.md"));
        assertTrue(md.startsWith("3 pairs (stock first in 2, bwos first in 1)"), md);
        assertTrue(md.contains("committed heap, the largest after a pause in each run (MiB): stock 512, bwos 512"), md);
        for (String metric : new String[] {"wall time", "young pauses, total", "Object Copy per copied MiB",
            "Termination per evacuation pause", "concurrent marking per MiB at cycle start",
            "full-GC marking per MiB live"}) {
            String row = md.lines().filter(l -> l.startsWith("| " + metric + " (")).findFirst().orElseThrow();
            String ratio = row.split("\\|")[4].trim();
            double r = Double.parseDouble(ratio.substring(0, ratio.indexOf(' ')));
            assertEquals(0.9, r, 0.01, row); // rounding of the scaled times to 3 decimals
        }
    }

    /** Eight pairs of the fixture against it scaled by {@code f}, wall times {@code f} apart with some spread. */
    private void eightPairs(double f) throws IOException {
        Path stock = GcWorkTest.fixture();
        Path bwos = scaled(f);
        for (int i = 1; i <= 8; i++) {
            double wall = 1000 + 37 * i;
            pair(i, stock, bwos, wall, Math.round(wall * f * (1 + (i % 3 - 1) * 0.01)), i % 2 == 1 ? "stock" : "bwos");
        }
    }

    private static String cell(String md, String metric, int column) {
        String row = md.lines().filter(l -> l.startsWith("| " + metric + " (")).findFirst().orElseThrow();
        return row.split("\\|")[column].trim();
    }

    @Test
    void intervalsThatExcludeOneAreMarkedInEitherDirection() throws IOException {
        eightPairs(0.9);
        assertEquals(0, run("--replicates", "1000"));
        String md = Files.readString(dir.resolve("ab.md"));
        assertTrue(md.contains("studentized bootstrap"), md);
        assertTrue(md.contains("excludes 1: ▼ the interval lies wholly below 1 (bwos lower, better)"), md);
        for (GcAb.Metric m : GcAb.METRICS) {
            assertEquals("▼ bwos lower", cell(md, m.name(), 5), md);
        }
        List<String> csv = Files.readAllLines(dir.resolve("ab.csv"));
        assertEquals(1 + GcAb.METRICS.size(), csv.size());
        assertTrue(csv.get(0).startsWith("metric,unit,missing_pairs,baseline,candidate,baseline_median,"), csv.get(0));
        assertTrue(csv.stream().skip(1).allMatch(l -> l.contains(",below,STUDENTIZED,")), String.join("\n", csv));

        for (String f : List.of("stock", "bwos")) {
            for (int i = 1; i <= 8; i++) {
                Files.delete(dir.resolve(f + "-" + i + ".log"));
                Files.delete(dir.resolve(f + "-" + i + ".wall"));
            }
        }
        Files.delete(dir.resolve("runs.csv"));
        eightPairs(1.15);
        assertEquals(0, run("--replicates", "1000"));
        md = Files.readString(dir.resolve("ab.md"));
        for (GcAb.Metric m : GcAb.METRICS) {
            assertEquals("▲ bwos higher", cell(md, m.name(), 5), md);
        }
    }

    @Test
    void anIntervalThatContainsOneIsNotMarked() throws IOException {
        // The same log on both sides, wall times that go either way.
        Path stock = GcWorkTest.fixture();
        for (int i = 1; i <= 6; i++) {
            pair(i, stock, stock, 1000, i % 2 == 0 ? 1040 : 960, i % 2 == 1 ? "stock" : "bwos");
        }
        assertEquals(0, run("--replicates", "1000"));
        String md = Files.readString(dir.resolve("ab.md"));
        assertEquals("", cell(md, "wall time", 5), md);
        assertTrue(Files.readAllLines(dir.resolve("ab.csv")).get(1).contains(",none,"));
    }

    @Test
    void theTableIsRecomputedFromRunsCsvAloneAndFromCompressedLogs() throws IOException {
        eightPairs(0.9);
        assertEquals(0, run("--replicates", "2000", "--interval", "percentile"));
        String fromLogs = Files.readString(dir.resolve("ab.md"));
        String csvFromLogs = Files.readString(dir.resolve("ab.csv"));
        String runs = Files.readString(dir.resolve("runs.csv"));
        assertEquals(17, runs.lines().count(), "a header and 16 runs");
        // The sums as GcWorkTest has them (the young pause total as the double the sum of the log's times is),
        // with pair 1's order and wall time.
        assertTrue(runs.contains("\n1,stock,true,1037.0,11,422.1110000000001,585.0,70128632,11,55.56,1,70.515,29.0,1,"
                + "60.618,55.0,512.0\n"), runs);
        assertTrue(runs.contains("\n8,bwos,true,1178.0,11,"), runs);

        // Compressed logs give the same table.
        for (String f : List.of("stock", "bwos")) {
            for (int i = 1; i <= 8; i++) {
                Path log = dir.resolve(f + "-" + i + ".log");
                try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(dir.resolve(f + "-" + i + ".log.gz")))) {
                    Files.copy(log, out);
                }
                Files.delete(log);
            }
        }
        assertEquals(0, run("--replicates", "2000", "--interval", "percentile"));
        assertEquals(fromLogs, Files.readString(dir.resolve("ab.md")));
        assertEquals(runs, Files.readString(dir.resolve("runs.csv")));

        // Without any log or wall time: --recompute reads runs.csv (or runs.csv.gz) and gives the same table.
        try (var files = Files.list(dir)) {
            for (Path p : files.toList()) {
                if (!p.getFileName().toString().equals("runs.csv")) {
                    Files.delete(p);
                }
            }
        }
        assertEquals(1, run("--replicates", "2000"), "no logs: nothing to analyse without --recompute");
        assertEquals(0, run("--replicates", "2000", "--interval", "percentile", "--recompute"));
        assertEquals(fromLogs, Files.readString(dir.resolve("ab.md")));
        assertEquals(csvFromLogs, Files.readString(dir.resolve("ab.csv")));
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(dir.resolve("runs.csv.gz")))) {
            Files.copy(dir.resolve("runs.csv"), out);
        }
        Files.delete(dir.resolve("runs.csv"));
        Files.delete(dir.resolve("ab.md"));
        assertEquals(0, run("--replicates", "2000", "--interval", "percentile", "--recompute"));
        assertEquals(fromLogs, Files.readString(dir.resolve("ab.md")));
    }

    @Test
    void runsCsvThatIsNotOneRunOfEachJvmPerPairIsRejected() throws IOException {
        eightPairs(0.9);
        assertEquals(0, run("--replicates", "100"));
        List<String> lines = Files.readAllLines(dir.resolve("runs.csv"));
        Files.write(dir.resolve("runs.csv"), lines.subList(0, lines.size() - 1));
        CommandLine cl = GcAb.commandLine();
        cl.setErr(new java.io.PrintWriter(new java.io.StringWriter()));
        assertEquals(1, cl.execute(dir.toString(), "--recompute"), "pair 8 lost its bwos run");
        Files.writeString(dir.resolve("runs.csv"), "pair,jvm\n1,stock\n");
        assertEquals(1, cl.execute(dir.toString(), "--recompute"), "not the header of runs.csv");
    }

    @Test
    void aRunWithoutAFullCollectionFailsTheAnalysis() throws IOException {
        Path noFull = Files.createTempFile(dir, "nofull", ".tmp");
        Files.write(noFull, Files.readAllLines(GcWorkTest.fixture()).stream()
                .filter(l -> !l.contains("Pause Full")).collect(Collectors.toList()));
        pair(1, GcWorkTest.fixture(), noFull, 1000, 1000, "stock");
        assertEquals(1, run("--replicates", "100"));
        assertTrue(Files.readString(dir.resolve("ab.md")).contains("| full-GC marking per MiB live (ms) | MISSING in 1 of 1 pairs"));
    }

    @Test
    void aDirectoryWithoutPairsFails() {
        assertEquals(1, run());
    }
}
