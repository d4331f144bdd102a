package io.github.taskpools.renaissance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
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
        return new CommandLine(new GcAb()).execute(all);
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
