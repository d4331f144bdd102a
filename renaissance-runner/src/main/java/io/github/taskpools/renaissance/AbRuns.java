package io.github.taskpools.renaissance;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;

/**
 * The raw data of an A/B ({@link GcAb}) in a few kilobytes: {@code runs.csv}, one line per run with its pair, JVM,
 * whether it ran first in its pair, its wall time and the sums {@link GcWork} took from its GC log. Every metric of
 * GcAb's table is a function of these numbers, so the table can be recomputed from this file alone
 * ({@code GcAb --recompute <dir>}) after the logs are gone. Numbers are written as Java prints a double (or
 * integer), so they read back to the same values and the recomputed table is the same to the last digit.
 * A {@code runs.csv.gz} is read as well.
 */
final class AbRuns {

    static final String FILE = "runs.csv";

    static final String HEADER = "pair,jvm,first,wall_ms,young_pauses,young_pause_ms,object_copy_worker_ms,"
            + "copied_bytes,termination_pauses,termination_avg_ms,mark_cycles,concurrent_mark_ms,mark_start_heap_mb,"
            + "full_pauses,full_mark_ms,full_live_mb,committed_max_mb";

    /** One run of an A/B: pair {@code pair} (from 1), JVM {@code jvm}, {@code first} when it ran first in the pair. */
    record Row(int pair, String jvm, boolean first, double wallMs, GcWork work) {
    }

    private AbRuns() {
    }

    /** The CSV text of {@code rows}, header first. */
    static String format(List<Row> rows) {
        StringBuilder sb = new StringBuilder(HEADER).append('\n');
        for (Row r : rows) {
            GcWork w = r.work();
            sb.append(r.pair()).append(',').append(r.jvm()).append(',').append(r.first()).append(',')
                    .append(r.wallMs()).append(',').append(w.youngPauses()).append(',').append(w.youngPauseMs())
                    .append(',').append(w.objectCopyWorkerMs()).append(',').append(w.copiedBytes()).append(',')
                    .append(w.terminationPauses()).append(',').append(w.terminationAvgMs()).append(',')
                    .append(w.markCycles()).append(',').append(w.concurrentMarkMs()).append(',')
                    .append(w.markStartHeapMb()).append(',').append(w.fullPauses()).append(',')
                    .append(w.fullMarkMs()).append(',').append(w.fullLiveMb()).append(',')
                    .append(w.committedMaxMb()).append('\n');
        }
        return sb.toString();
    }

    /** The file of {@code dir}: {@code runs.csv}, else {@code runs.csv.gz}; null when neither exists. */
    static Path find(Path dir) {
        Path plain = dir.resolve(FILE);
        if (Files.isRegularFile(plain)) {
            return plain;
        }
        Path gz = dir.resolve(FILE + ".gz");
        return Files.isRegularFile(gz) ? gz : null;
    }

    /**
     * The rows of {@code file} (gzip-compressed when its name ends in {@code .gz}).
     *
     * @throws IllegalArgumentException for a header other than {@link #HEADER} or a line that does not parse,
     *     naming the file and line
     */
    static List<Row> read(Path file) throws IOException {
        List<Row> rows = new ArrayList<>();
        try (InputStream raw = Files.newInputStream(file);
             InputStream in = file.getFileName().toString().endsWith(".gz") ? new GZIPInputStream(raw) : raw;
             BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String header = r.readLine();
            if (!HEADER.equals(header)) {
                throw new IllegalArgumentException(file + ": header is not " + HEADER);
            }
            String line;
            int no = 1;
            while ((line = r.readLine()) != null) {
                no++;
                if (line.isBlank()) {
                    continue;
                }
                String[] f = line.split(",", -1);
                try {
                    if (f.length != 17 || !(f[2].equals("true") || f[2].equals("false"))) {
                        throw new IllegalArgumentException("17 fields, the third true or false");
                    }
                    GcWork w = new GcWork(Integer.parseInt(f[4]), Double.parseDouble(f[5]), Double.parseDouble(f[6]),
                            Long.parseLong(f[7]), Integer.parseInt(f[8]), Double.parseDouble(f[9]),
                            Integer.parseInt(f[10]), Double.parseDouble(f[11]), Double.parseDouble(f[12]),
                            Integer.parseInt(f[13]), Double.parseDouble(f[14]), Double.parseDouble(f[15]),
                            Double.parseDouble(f[16]));
                    rows.add(new Row(Integer.parseInt(f[0]), f[1], Boolean.parseBoolean(f[2]),
                            Double.parseDouble(f[3]), w));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(file + " line " + no + ": " + e.getMessage() + ": " + line, e);
                }
            }
        }
        return rows;
    }
}
