package io.github.taskpools.renaissance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The harness reader on real Renaissance 0.16.1 output (src/test/resources/renaissance-0.16.1, see its README). */
class HarnessJsonTest {

    static Path fixture(String name) {
        try {
            return Path.of(HarnessJsonTest.class.getResource("/renaissance-0.16.1/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void readsRepetitionsOfScalaKmeans() throws IOException {
        HarnessJson.Run run = HarnessJson.read(fixture("scala-kmeans.json"));
        assertEquals(6, run.formatVersion());
        assertEquals("0.16.1", run.suiteVersion());
        assertEquals("17.0.15+6-Debian-1deb12u1", run.vmVersion());
        HarnessJson.BenchmarkData d = run.benchmark("scala-kmeans");
        assertEquals(List.of(313343921L, 212412847L), d.durationNs());
        assertEquals(List.of(795701053L, 1139246039L), d.uptimeNs());
        assertEquals("normal", d.termination());
    }

    @Test
    void jsonAgreesWithTheHarnessCsvOfTheSameRun() throws IOException {
        // The same run wrote --csv too: benchmark,duration_ns,uptime_ns,...
        List<String> csv = Files.readAllLines(Path.of(fixture("scala-kmeans.json").getParent().toString(),
                "scala-kmeans.csv"), StandardCharsets.UTF_8);
        HarnessJson.BenchmarkData d = HarnessJson.read(fixture("scala-kmeans.json")).benchmark("scala-kmeans");
        for (int i = 1; i < csv.size(); i++) {
            String[] f = csv.get(i).split(",");
            assertEquals(Long.parseLong(f[1]), d.durationNs().get(i - 1));
            assertEquals(Long.parseLong(f[2]), d.uptimeNs().get(i - 1));
        }
        assertEquals(csv.size() - 1, d.durationNs().size());
    }

    @Test
    void readsSingleRepetitionFiles() throws IOException {
        assertEquals(2, HarnessJson.read(fixture("fj-kmeans.json")).benchmark("fj-kmeans").durationNs().size());
        HarnessJson.BenchmarkData p = HarnessJson.read(fixture("philosophers.json")).benchmark("philosophers");
        assertEquals(1, p.durationNs().size());
        assertTrue(p.durationNs().get(0) > 1_000_000_000L, "philosophers took over a second");
    }

    @Test
    void failedScrabbleHasNoDataAndTheConsoleHasTheException() throws IOException {
        HarnessJson.Run run = HarnessJson.read(fixture("scrabble-failed.json"));
        assertNull(run.benchmark("scrabble"));
        assertTrue(run.data().isEmpty());
        List<String> console = Files.readAllLines(fixture("scrabble-failed.console.txt"));
        assertEquals("java.lang.RuntimeException: java.lang.NullPointerException (caused by "
                + "java.lang.NullPointerException)", HarnessJson.failureMessage(console, "scrabble"));
        assertNull(HarnessJson.failureMessage(console, "scala-kmeans"));
        assertNull(HarnessJson.failureMessage(
                Files.readAllLines(fixture("scala-kmeans.console.txt")), "scala-kmeans"));
    }

    @Test
    void listsTheSuitesBenchmarks() throws IOException {
        List<String> names = HarnessJson.parseList(Files.readAllLines(fixture("list.txt")));
        assertEquals(25, names.size());
        assertEquals("scrabble", names.get(0));
        assertEquals("finagle-chirper", names.get(24));
        assertTrue(names.containsAll(List.of(RenaissanceRunner.QUICK_BENCHMARKS.split(","))),
                "the --quick benchmarks exist in 0.16.1");
    }

    @Test
    void rejectsOtherFormats(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("x.json");
        Files.writeString(f, "{\"format_version\": 5, \"data\": {}}");
        assertThrows(IOException.class, () -> HarnessJson.read(f));
        Files.writeString(f, "{\"results\": []}");
        assertThrows(IOException.class, () -> HarnessJson.read(f));
    }
}
