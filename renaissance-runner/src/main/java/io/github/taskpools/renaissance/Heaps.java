package io.github.taskpools.renaissance;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Fixed heap sizes per benchmark ({@code --heaps FILE}): one {@code benchmark=size} per line, sizes as
 * {@code -Xmx} takes them ({@code 512m}, {@code 2g}); blank lines and {@code #} comments are skipped. Both JVMs
 * get the same size for a benchmark, so that each collects at the same heap (BWoS §6.3.1 left G1's sizing to the
 * JVM; a fixed heap keeps the pause count from following it).
 */
final class Heaps {
    /** A heap size as {@code -Xms}/{@code -Xmx} take it: digits, then an optional unit. */
    static final Pattern SIZE = Pattern.compile("[1-9]\\d*[kKmMgG]?");

    private Heaps() {
    }

    /** The sizes in {@code file}, in its order. */
    static Map<String, String> read(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("--heaps: no file " + file);
        }
        return parse(file.toString(), Files.readAllLines(file, StandardCharsets.UTF_8));
    }

    /** The sizes in {@code lines} ({@code source} names them in errors). */
    static Map<String, String> parse(String source, List<String> lines) {
        Map<String, String> heaps = new LinkedHashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i);
            int hash = l.indexOf('#');
            String line = (hash >= 0 ? l.substring(0, hash) : l).trim();
            if (line.isEmpty()) {
                continue;
            }
            String where = "--heaps " + source + " line " + (i + 1);
            int eq = line.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException(where + ": expected benchmark=size, got '" + line + "'");
            }
            String name = line.substring(0, eq).trim();
            String size = line.substring(eq + 1).trim();
            if (!SIZE.matcher(size).matches()) {
                throw new IllegalArgumentException(where + ": the size of " + name
                        + " must be digits and an optional unit (k, m, g), such as 512m or 2g, not '" + size + "'");
            }
            if (heaps.put(name, size) != null) {
                throw new IllegalArgumentException(where + ": " + name + " is listed twice");
            }
        }
        return heaps;
    }
}
