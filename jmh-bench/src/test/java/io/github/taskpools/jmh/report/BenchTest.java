package io.github.taskpools.jmh.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.taskpools.jmh.report.BenchOptions.BadOption;
import io.github.taskpools.jmh.report.Experiments.Experiment;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./bench} in Java against what the shell script it replaced produced, recorded under
 * {@code src/test/resources/bench} on 2 cores: {@code ./bench --list} (on JDK 17, and on JDK 25 where
 * executor-submit also runs virtual submitters), the commands each experiment's {@code <id>.env.txt}
 * records (thread counts, producer/consumer groups, rounds, {@code --threads}, profilers and extra JMH
 * arguments), and the structure of the report (numbers masked) that the script's Report wrote from the
 * JMH fixtures of {@link ReportTest} and two {@code <id>.env.txt} files of a fixture run. The script
 * listed the {@code -p} arguments of the presets in the iteration order of {@code Map.of}, which changes
 * from one JVM to the next; the recordings hold them in the order of the parameters' names, the order
 * {@link Bench} gives them.
 */
@Timeout(60)
class BenchTest {
    private static final Path ROOT = Path.of("/repo");

    private static String fixture(String name) throws IOException {
        try (InputStream in = BenchTest.class.getResourceAsStream("/bench/" + name)) {
            assertNotNull(in, "missing fixture " + name);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static Bench bench(List<String> args) {
        BenchOptions o = BenchOptions.parse(args, Path.of("."));
        return new Bench(o, args, ROOT.resolve("report"), ROOT.resolve("jmh-bench/target/benchmarks.jar"),
                "/usr/bin/java", o.threads() != null ? o.threads() : 2);
    }

    @Test
    void listsTheExperimentsAsTheScriptDid() throws IOException {
        String expected = fixture(Experiments.ParamSweep.virtualThreads() ? "list-jdk21.txt" : "list-jdk17.txt");
        assertEquals(expected, bench(List.of("--list")).listing());
    }

    @Test
    void recordsTheCommandsTheScriptRan() throws IOException {
        int blocks = 0;
        for (String block : fixture("commands.txt").split("\n\n")) {
            List<String> lines = new ArrayList<>(block.lines().filter(l -> !l.startsWith("#")).toList());
            if (lines.isEmpty()) {
                continue;
            }
            String id = lines.remove(0).substring("experiment: ".length());
            String command = lines.get(0).substring("bench command:  ./bench ".length());
            List<String> args = Arrays.stream(command.strip().split(" ")).map(a -> a.replace("\\,", ",")).toList();
            Experiment e = Experiments.byId(id);
            assertNotNull(e, id);
            assertEquals(String.join("\n", lines) + "\n", bench(args).commands(e), id);
            blocks++;
        }
        assertEquals(6, blocks);
    }

    @Test
    void producerConsumerGroupsFollowJmhOrderOfTheGroupMethods() {
        // JMH sizes a group's methods in the order of their names: consumer, then producer.
        assertEquals(List.of("-tg", "3,1", "-p", "threads=1/3"),
                Experiments.byId("salsa-one-producer").threadArgs("1/3"));
        assertEquals(List.of("-t", "4"), Experiments.byId("pq-timeshare").threadArgs("4"));
        assertTrue(Experiments.byId("bwos-pool").threadsFromCores());
        assertFalse(Experiments.byId("pq-hold").threadsFromCores(), "a thread sweep sets its own counts");
        assertFalse(Experiments.byId("bwos-one-thief").threadsFromCores());
    }

    @Test
    void writesTheReportTheScriptWrote(@TempDir Path dir) throws IOException {
        for (String id : List.of("bwos-one-thief", "executor-fork-join", "pq-hold", "salsa-one-producer")) {
            try (InputStream in = BenchTest.class.getResourceAsStream("/jmh/" + id + ".json")) {
                assertNotNull(in, id);
                Files.copy(in, dir.resolve(id + ".json"));
            }
        }
        for (String id : List.of("bwos-one-thief", "executor-fork-join")) {
            Files.writeString(dir.resolve(id + ".env.txt"), fixture(id + ".env.txt"), StandardCharsets.UTF_8);
        }
        Report.write(dir);
        assertEquals(fixture("REPORT.md.masked"), masked(Files.readString(dir.resolve("REPORT.md"))));
        assertEquals(fixture("summary.json.masked"), masked(Files.readString(dir.resolve("summary.json"))));
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(fixture("charts.txt").lines().toList(), files.map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".png")).sorted().toList());
        }
    }

    private static String masked(String text) {
        return text.replaceAll("[0-9]+", "N");
    }

    @Test
    void presetsAndOverrides() {
        BenchOptions quick = BenchOptions.parse(List.of(), Path.of("."));
        assertEquals(List.of(1, 2, 3), List.of(quick.forks(), quick.warmup(), quick.iterations()));
        assertEquals("1s", quick.time());
        BenchOptions full = BenchOptions.parse(List.of("--full", "--forks", "1", "--time", "500ms"), Path.of("."));
        assertEquals(List.of(1, 5, 5), List.of(full.forks(), full.warmup(), full.iterations()));
        assertEquals(0.5, full.iterationSeconds());
        assertEquals("quick", BenchOptions.parse(List.of("--full", "--quick"), Path.of(".")).preset());
        BenchOptions ids = BenchOptions.parse(List.of("--only", "a,b", "c", "--", "-p", "x=1"), Path.of("."));
        assertEquals(List.of("a", "b", "c"), ids.ids());
        assertEquals(List.of("-p", "x=1"), ids.extra());
    }

    @Test
    void badOptionsNameTheOption() {
        assertEquals("--rounds needs a positive integer, got '0'", assertThrows(BadOption.class,
                () -> BenchOptions.parse(List.of("--rounds", "0"), Path.of("."))).getMessage());
        assertEquals("--time needs a duration like 1s or 500ms", assertThrows(BadOption.class,
                () -> BenchOptions.parse(List.of("--time", "1h"), Path.of("."))).getMessage());
        BadOption unknown = assertThrows(BadOption.class, () -> BenchOptions.parse(List.of("--fast"), Path.of(".")));
        assertEquals("unknown option --fast", unknown.getMessage());
        assertTrue(unknown.showUsage());
        assertEquals("--from goes with --report-only", assertThrows(BadOption.class,
                () -> BenchOptions.parse(List.of("--from", "."), Path.of("."))).getMessage());
    }
}
