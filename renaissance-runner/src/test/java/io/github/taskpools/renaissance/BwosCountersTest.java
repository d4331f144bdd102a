package io.github.taskpools.renaissance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@link BwosCounters} over logs as the patched JVM writes them with {@code gc+task+stats=debug}. */
class BwosCountersTest {

    @TempDir
    Path dir;

    private static String line(String gc, String phase, int skipped, int full, int grants, int requests,
                               int termination, int waits, int stole) {
        return "[1.234s][debug][gc,task,stats] GC(" + gc + ") BWoS " + phase + ": skipped blocks " + skipped
                + ", full pushes " + full + ", grants " + grants + ", grant requests " + requests + " (termination "
                + termination + "), grant waits " + waits + " (stole " + stole + ")\n";
    }

    @Test
    void meansPerEventOverRunsAndPhases() throws IOException {
        Files.writeString(dir.resolve("bwos-1.log"),
                "[0.1s][info][gc] GC(0) Pause Young (Normal) (G1 Evacuation Pause) 24M->2M(512M) 3.1ms\n"
                        + line("0", "evacuation", 0, 0, 2, 10, 4, 6, 1)
                        + line("1", "evacuation", 0, 1, 4, 20, 6, 8, 3)
                        + line("2", "full-GC marking, arrays", 0, 0, 18, 13785, 5776, 5729, 0));
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(dir.resolve("bwos-2.log.gz")))) {
            out.write(line("0", "evacuation", 3, 0, 0, 0, 0, 0, 0).getBytes(StandardCharsets.UTF_8));
        }
        Files.writeString(dir.resolve("stock-1.log"), line("0", "evacuation", 99, 99, 99, 99, 99, 99, 99));

        assertEquals(0, new CommandLine(new BwosCounters()).execute(dir.toString()));
        String md = Files.readString(dir.resolve("counters.md"));
        assertTrue(md.startsWith("BWoS queue counters, 2 logs;"), md);
        // evacuation: 2 runs, 3 pauses; skipped 3 in all, full pushes 1, grants 6, requests 30, termination 10,
        // waits 14, stole 4 (the stock log is not read)
        assertTrue(md.contains("| evacuation | 2 | 3 | 1.00 (3) | 0.33 (1) | 2.00 | 10.00 | 3.33 | 4.67 | 1.33 |"), md);
        assertTrue(md.contains("| full-GC marking, arrays | 1 | 1 | 0.00 (0) | 0.00 (0) | 18.00 | 13785.00 | 5776.00 "
                + "| 5729.00 | 0.00 |"), md);
        assertFalse(md.contains("99"), md);

        assertEquals(0, new CommandLine(new BwosCounters()).execute(dir.toString(), "--prefix", "stock"));
        assertTrue(Files.readString(dir.resolve("counters-stock.md"))
                .contains("| evacuation | 1 | 1 | 99.00 (99) | 99.00 (99) |"));
        assertEquals(md, Files.readString(dir.resolve("counters.md")), "the default output is left alone");
    }

    @Test
    void logsWithoutCountersFail() throws IOException {
        Files.writeString(dir.resolve("bwos-1.log"),
                "[0.1s][info][gc] GC(0) Pause Young (Normal) (G1 Evacuation Pause) 24M->2M(512M) 3.1ms\n");
        assertEquals(1, new CommandLine(new BwosCounters()).execute(dir.toString()));
        assertFalse(Files.exists(dir.resolve("counters.md")));
    }
}
