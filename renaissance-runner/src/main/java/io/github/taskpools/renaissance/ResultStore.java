package io.github.taskpools.renaissance;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The finished invocations of a run, kept in memory and appended to {@code invocations.jsonl} (one JSON object
 * per line, flushed) as each one ends, so an interrupted run keeps everything that finished and
 * {@code --report-only} can rebuild the report from the file. Thread-safe: the shutdown hook reads it while the
 * main thread may be adding.
 */
final class ResultStore {

    static final String FILE = "invocations.jsonl";
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final Path file;
    private final List<InvocationResult> results = new ArrayList<>();

    private ResultStore(Path file, List<InvocationResult> initial) {
        this.file = file;
        results.addAll(initial);
    }

    /**
     * Removes what an earlier run wrote into {@code dir} (its per-invocation directories, charts and report files), so
     * nothing stale is mistaken for this run's output. Other files are left alone.
     */
    static void clearPrevious(Path dir) throws IOException {
        Path runs = dir.resolve("runs");
        if (Files.isDirectory(runs)) {
            try (Stream<Path> walk = Files.walk(runs)) {
                for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
        for (String f : List.of(FILE, ReportWriter.SUMMARY, ReportWriter.REPORT, ReportWriter.RUN_INFO, Charts.SPEEDUP,
                Charts.GC_PHASES)) {
            Files.deleteIfExists(dir.resolve(f));
        }
    }

    /** A new, empty store; an old file of the same name is replaced. */
    static ResultStore create(Path dir) throws IOException {
        Path f = dir.resolve(FILE);
        Files.deleteIfExists(f);
        Files.createFile(f);
        return new ResultStore(f, List.of());
    }

    /** The invocations recorded in {@code dir}. */
    static List<InvocationResult> load(Path dir) throws IOException {
        List<InvocationResult> loaded = new ArrayList<>();
        for (String line : Files.readAllLines(dir.resolve(FILE), StandardCharsets.UTF_8)) {
            if (!line.isBlank()) {
                loaded.add(MAPPER.readValue(line, InvocationResult.class));
            }
        }
        return loaded;
    }

    synchronized void add(InvocationResult r) {
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.APPEND)) {
            w.write(MAPPER.writeValueAsString(r));
            w.newLine();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot append to " + file, e);
        }
        results.add(r);
    }

    synchronized List<InvocationResult> snapshot() {
        return List.copyOf(results);
    }
}
