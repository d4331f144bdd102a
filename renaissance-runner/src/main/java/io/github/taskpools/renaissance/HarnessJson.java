package io.github.taskpools.renaissance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reader of the Renaissance harness's {@code --json} output, {@code format_version} 6 (as Renaissance 0.16.1 writes it):
 * <pre>
 * { "benchmarks": [...], "format_version": 6,
 *   "data": { "&lt;benchmark&gt;": { "results": [ { "duration_ns": .., "uptime_ns": .. }, ... ], "termination": "normal" } },
 *   "environment": { "vm": { "version": .., "args": [...], ... }, ... },
 *   "suite": { "name": .., "version": .., "git": {...} } }
 * </pre>
 * A benchmark that failed before its first repetition (Renaissance 0.16.1's {@code scrabble} on a JDK
 * without its resources) has no entry in {@code data} at all; its exception is only on the console, which
 * {@link #failureMessage} extracts.
 */
public final class HarnessJson {

    /** The format this reader understands. */
    public static final int FORMAT_VERSION = 6;

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private HarnessJson() {
    }

    /** One benchmark's repetitions: {@code duration_ns} and {@code uptime_ns} (start of the repetition) each. */
    public record BenchmarkData(List<Long> durationNs, List<Long> uptimeNs, String termination) {
    }

    /** A parsed harness file. */
    public record Run(int formatVersion, Map<String, BenchmarkData> data, String suiteVersion, String vmVersion) {

        /** The benchmark's data, or null when the harness recorded none (failed before its first repetition). */
        public BenchmarkData benchmark(String name) {
            return data.get(name);
        }
    }

    /** Reads a harness JSON file; throws IOException when it is not a harness file of format 6. */
    public static Run read(Path file) throws IOException {
        JsonNode root = MAPPER.readTree(file.toFile());
        if (root == null || !root.has("format_version")) {
            throw new IOException(file + " is not a Renaissance harness JSON file (no format_version)");
        }
        int format = root.get("format_version").asInt();
        if (format != FORMAT_VERSION) {
            throw new IOException(file + " has format_version " + format + "; this runner reads " + FORMAT_VERSION);
        }
        Map<String, BenchmarkData> data = new LinkedHashMap<>();
        JsonNode dataNode = root.path("data");
        for (var it = dataNode.fields(); it.hasNext(); ) {
            var e = it.next();
            List<Long> durations = new ArrayList<>();
            List<Long> uptimes = new ArrayList<>();
            for (JsonNode r : e.getValue().path("results")) {
                durations.add(r.path("duration_ns").asLong());
                uptimes.add(r.path("uptime_ns").asLong());
            }
            data.put(e.getKey(), new BenchmarkData(durations, uptimes, e.getValue().path("termination").asText("")));
        }
        return new Run(format, data, root.path("suite").path("version").asText(null),
                root.path("environment").path("vm").path("version").asText(null));
    }

    /**
     * The exception of a failed benchmark from the harness console: the first line after
     * {@code Benchmark '<name>' failed with exception:} and the innermost {@code Caused by:} line, or null
     * when the console has no such report.
     */
    public static String failureMessage(List<String> console, String benchmark) {
        String marker = "Benchmark '" + benchmark + "' failed with exception:";
        for (int i = 0; i < console.size(); i++) {
            if (console.get(i).trim().equals(marker)) {
                String first = i + 1 < console.size() ? console.get(i + 1).trim() : "";
                String cause = null;
                for (int j = i + 1; j < console.size(); j++) {
                    String l = console.get(j).trim();
                    if (l.startsWith("Caused by: ")) {
                        cause = l.substring("Caused by: ".length());
                    } else if (!l.startsWith("at ") && !l.startsWith("...") && j > i + 1) {
                        break;
                    }
                }
                return cause == null ? first : first + " (caused by " + cause + ")";
            }
        }
        return null;
    }

    /**
     * The benchmark names of {@code java -jar renaissance.jar --list}: the lines that start in the first column
     * (descriptions are indented).
     */
    public static List<String> parseList(List<String> listOutput) {
        List<String> names = new ArrayList<>();
        for (String line : listOutput) {
            if (!line.isBlank() && !Character.isWhitespace(line.charAt(0))) {
                names.add(line.trim());
            }
        }
        return names;
    }
}
