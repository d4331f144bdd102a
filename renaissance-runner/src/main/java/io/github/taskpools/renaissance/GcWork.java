package io.github.taskpools.renaissance;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

/**
 * The GC work of one JVM run, from a G1 unified log written with {@link GcLog#XLOG_OPTION}: times of the
 * phases the BWoS patch changes, each beside the amount of work it did, so that two runs that collected
 * different amounts (a pause more, a larger survivor set) still compare per unit of work.
 *
 * <ul>
 *   <li>evacuation pauses ({@code Pause Young ...}, of every kind): their total time, and the work-stealing
 *       part of them, {@code Object Copy} summed over workers ({@code Sum}) beside the bytes copied
 *       ({@code Copied Bytes}, post-evacuation {@code Merge Per-Thread State}, debug level), and
 *       {@code Termination} (the workers' average) beside the number of pauses;</li>
 *   <li>concurrent marking: {@code Concurrent Mark From Roots} beside the heap occupied after each
 *       {@code Pause Young (Concurrent Start)}, which bounds what the cycle marks (SATB: objects live at
 *       its start);</li>
 *   <li>full collections: {@code Phase 1: Mark live objects} beside the heap occupied after each
 *       {@code Pause Full} (what marking found live);</li>
 *   <li>{@code committedMaxMb}: the largest heap committed after a pause (the {@code (...)} of
 *       {@code before->after(committed)}), NaN when no pause line gives it: shows that a fixed heap held.</li>
 * </ul>
 * Optional evacuation ({@code Opt Object Copy}) is not counted; heap sizes in the log's K, M or G units are
 * read as MiB.
 */
public record GcWork(int youngPauses, double youngPauseMs, double objectCopyWorkerMs, long copiedBytes,
                     int terminationPauses, double terminationAvgMs, int markCycles, double concurrentMarkMs,
                     double markStartHeapMb, int fullPauses, double fullMarkMs, double fullLiveMb,
                     double committedMaxMb) {

    private static final Pattern OBJECT_COPY = Pattern.compile("^\\s*Object Copy \\(ms\\):.* Sum:\\s*(?<sum>[\\d.]+),");
    private static final Pattern TERMINATION = Pattern.compile("^\\s*Termination \\(ms\\):.* Avg:\\s*(?<avg>[\\d.]+),");
    private static final Pattern COPIED = Pattern.compile("^\\s*Copied Bytes\\s.* Sum:\\s*(?<sum>\\d+),");
    private static final Pattern FULL_MARK = Pattern.compile("^Phase 1: Mark live objects (?<ms>[\\d.]+)ms$");
    private static final Pattern CONCURRENT_MARK = Pattern.compile("^Concurrent Mark From Roots (?<ms>[\\d.]+)ms$");

    /** Object Copy worker-milliseconds per MiB copied; NaN when nothing was copied. */
    public double objectCopyMsPerMb() {
        return copiedBytes == 0 ? Double.NaN : objectCopyWorkerMs / (copiedBytes / 1048576.0);
    }

    /** Average Termination (over workers) per evacuation pause; NaN without one. */
    public double terminationMsPerPause() {
        return terminationPauses == 0 ? Double.NaN : terminationAvgMs / terminationPauses;
    }

    /**
     * Concurrent marking milliseconds per MiB occupied when the cycles started; NaN without a cycle or without
     * its marking line.
     */
    public double concurrentMarkMsPerMb() {
        return markCycles == 0 || markStartHeapMb == 0 || concurrentMarkMs == 0 ? Double.NaN
                : concurrentMarkMs / markStartHeapMb;
    }

    /** Full-GC marking milliseconds per MiB found live; NaN without a full collection or its Phase 1 line. */
    public double fullMarkMsPerMb() {
        return fullPauses == 0 || fullLiveMb == 0 || fullMarkMs == 0 ? Double.NaN : fullMarkMs / fullLiveMb;
    }

    /** The GC work of the log {@code log}, gzip-compressed when its name ends in {@code .gz}. */
    public static GcWork of(Path log) {
        try (InputStream raw = Files.newInputStream(log);
             InputStream in = log.getFileName().toString().endsWith(".gz") ? new GZIPInputStream(raw) : raw;
             Stream<String> lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)).lines()) {
            return of(lines);
        } catch (UncheckedIOException e) {
            throw new UncheckedIOException("cannot read GC log " + log, e.getCause());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read GC log " + log, e);
        }
    }

    static GcWork of(Stream<String> lines) {
        Acc a = new Acc();
        lines.forEach(a::add);
        return new GcWork(a.young, a.youngMs, a.copyMs, a.copied, a.termPauses, a.termMs, a.cycles, a.markMs,
                a.markStartMb, a.full, a.fullMarkMs, a.fullLiveMb, a.committedMax);
    }

    private static final class Acc {
        int young;
        double youngMs;
        double copyMs;
        long copied;
        int termPauses;
        double termMs;
        int cycles;
        double markMs;
        double markStartMb;
        int full;
        double fullMarkMs;
        double fullLiveMb;
        double committedMax = Double.NaN;

        void add(String line) {
            Matcher m = GcLog.LINE.matcher(line);
            if (!m.matches()) {
                return;
            }
            String msg = m.group("msg");
            Matcher p;
            switch (m.group("tags")) {
                case "gc" -> {
                    if ((p = GcLog.PAUSE.matcher(msg)).matches()) {
                        String kind = p.group("kind");
                        boolean sized = p.group("after") != null;
                        if (sized) {
                            double c = GcLog.mib(Double.parseDouble(p.group("committed")), p.group("committedUnit"));
                            committedMax = Double.isNaN(committedMax) ? c : Math.max(committedMax, c);
                        }
                        if (kind.startsWith("Pause Young")) {
                            young++;
                            youngMs += Double.parseDouble(p.group("ms"));
                            if (kind.startsWith("Pause Young (Concurrent Start)") && sized) {
                                cycles++;
                                markStartMb += GcLog.mib(Double.parseDouble(p.group("after")), p.group("afterUnit"));
                            }
                        } else if (kind.startsWith("Pause Full") && sized) {
                            full++;
                            fullLiveMb += GcLog.mib(Double.parseDouble(p.group("after")), p.group("afterUnit"));
                        }
                    }
                }
                case "gc,phases" -> {
                    if ((p = OBJECT_COPY.matcher(msg)).find()) {
                        copyMs += Double.parseDouble(p.group("sum"));
                    } else if ((p = TERMINATION.matcher(msg)).find()) {
                        termPauses++;
                        termMs += Double.parseDouble(p.group("avg"));
                    } else if ((p = COPIED.matcher(msg)).find()) {
                        copied += Long.parseLong(p.group("sum"));
                    } else if ((p = FULL_MARK.matcher(msg)).matches()) {
                        fullMarkMs += Double.parseDouble(p.group("ms"));
                    }
                }
                case "gc,marking" -> {
                    if ((p = CONCURRENT_MARK.matcher(msg)).matches()) {
                        markMs += Double.parseDouble(p.group("ms"));
                    }
                }
                default -> {
                }
            }
        }
    }
}
