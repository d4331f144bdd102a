package io.github.taskpools.renaissance;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Parser of a HotSpot unified GC log written with {@link #XLOG_OPTION}
 * ({@code -Xlog:gc*,gc+phases=debug,gc+cpu:file=...}, default decorations {@code [uptime][level][tags]}).
 *
 * <p>What it reads, per GC id {@code GC(n)}:
 * <ul>
 *   <li>the pause line of tag set {@code gc} ({@code Pause Young (Normal) (G1 Evacuation Pause) 6M->3M(128M) 11.158ms},
 *       {@code Pause Remark ...}, {@code Pause Cleanup ...}, {@code Pause Full (...) ...}): one {@link Pause} each;</li>
 *   <li>the per-worker phase lines of tag set {@code gc,phases} at debug level, {@code Object Copy (ms):} and
 *       {@code Termination (ms):} with {@code Min/Avg/Max/Diff/Sum/Workers}: the work-stealing part of an
 *       evacuation pause, where the task queue the BWoS patch replaces is used (BWoS §6.3.1). Only the
 *       evacuation phase's lines count; the optional evacuation's ({@code Opt Object Copy}) are separate lines
 *       and are not added;</li>
 *   <li>the {@code gc,cpu} line {@code User=..s Sys=..s Real=..s} of each GC.</li>
 * </ul>
 * Concurrent phases are not pauses and are not counted. A pause without phase lines (Remark, Cleanup, Full)
 * has {@code null} phase times. A concurrent cycle's Remark and Cleanup pauses carry the cycle's GC id, so one id
 * may have several pauses.
 */
public final class GcLog {

    /** The {@code -Xlog} option that produces what this parser reads; {@code %s} is the log file. */
    public static final String XLOG_OPTION = "-Xlog:gc*,gc+phases=debug,gc+cpu:file=%s";

    /** A decorated GC line of a G1 log: groups up, level, tags, id and msg (also read by {@link GcWork}). */
    static final Pattern LINE = Pattern.compile(
            "^\\[(?<up>[\\d.]+)s\\]\\[(?<level>\\w+)\\s*\\]\\[(?<tags>[\\w,]+)\\s*\\] GC\\((?<id>\\d+)\\) (?<msg>.*)$");
    /**
     * A pause's msg: its kind, the heap {@code before->after(committed)} when the line has it (each size with its
     * unit K, M or G), and its duration (also read by {@link GcWork}).
     */
    static final Pattern PAUSE = Pattern.compile("^(?<kind>Pause .*?)\\s+(?:[\\d.]+[KMG]->(?<after>[\\d.]+)(?<afterUnit>[KMG])"
            + "\\((?<committed>[\\d.]+)(?<committedUnit>[KMG])\\)\\s+)?(?<ms>[\\d.]+)ms$");
    private static final Pattern WORKER_PHASE = Pattern.compile(
            "^\\s*(?<phase>Object Copy|Termination) \\(ms\\):\\s+Min:\\s*(?<min>[\\d.]+), Avg:\\s*(?<avg>[\\d.]+),"
                    + " Max:\\s*(?<max>[\\d.]+), Diff:\\s*[\\d.]+, Sum:\\s*(?<sum>[\\d.]+), Workers: (?<workers>\\d+)");
    private static final Pattern CPU = Pattern.compile("User=(?<user>[\\d.]+)s Sys=(?<sys>[\\d.]+)s Real=(?<real>[\\d.]+)s");

    private GcLog() {
    }

    /**
     * One stop-the-world pause. Phase times are per-worker statistics of the pause's evacuation: the average
     * over workers ({@code Avg}, close to the phase's wall time) and the slowest worker ({@code Max}); null when
     * the pause has no such phase. {@code committedMb}: the heap committed after the pause, in MiB (the
     * {@code (...)} of {@code before->after(committed)}), null when the line has none.
     */
    public record Pause(int gcId, String kind, double endUptimeS, double durationMs,
                        Double objectCopyAvgMs, Double objectCopyMaxMs,
                        Double terminationAvgMs, Double terminationMaxMs,
                        Integer workers, Double cpuUserS, Double cpuSysS, Double committedMb) {

        public boolean young() {
            return kind.startsWith("Pause Young");
        }
    }

    /** Totals of a log: pauses, pause time and the two work-stealing phases summed over pauses. */
    public record Summary(int pauses, int youngPauses, double pauseTotalMs, double pauseMaxMs,
                          double objectCopyMs, double terminationMs, double cpuUserS, double cpuSysS,
                          Double committedMaxMb) {

        static Summary of(List<Pause> pauses) {
            int young = 0;
            double total = 0, max = 0, copy = 0, term = 0, user = 0, sys = 0;
            Double committed = null;
            for (Pause p : pauses) {
                if (p.committedMb() != null) {
                    committed = committed == null ? p.committedMb() : Math.max(committed, p.committedMb());
                }
                if (p.young()) {
                    young++;
                }
                total += p.durationMs();
                max = Math.max(max, p.durationMs());
                copy += p.objectCopyAvgMs() == null ? 0 : p.objectCopyAvgMs();
                term += p.terminationAvgMs() == null ? 0 : p.terminationAvgMs();
                user += p.cpuUserS() == null ? 0 : p.cpuUserS();
                sys += p.cpuSysS() == null ? 0 : p.cpuSysS();
            }
            return new Summary(pauses.size(), young, total, max, copy, term, user, sys, committed);
        }
    }

    /** The pauses of a log, in the order they ended. */
    public static List<Pause> parse(Path log) {
        try (Stream<String> lines = Files.lines(log, StandardCharsets.UTF_8)) {
            return parse(lines);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read GC log " + log, e);
        }
    }

    static List<Pause> parse(Stream<String> lines) {
        // Phase lines come before their pause line, the cpu line after it; a concurrent cycle's Remark and
        // Cleanup pauses share the cycle's GC id, so phases wait in `pending` until the next pause line of the id.
        Map<Integer, Builder> pending = new HashMap<>();
        Map<Integer, Builder> lastPause = new HashMap<>();
        List<Builder> pauses = new ArrayList<>();
        lines.forEach(line -> {
            Matcher m = LINE.matcher(line);
            if (!m.matches()) {
                return;
            }
            String msg = m.group("msg");
            int id = Integer.parseInt(m.group("id"));
            switch (m.group("tags")) {
                case "gc" -> {
                    Matcher p = PAUSE.matcher(msg);
                    if (p.matches()) {
                        Builder b = pending.containsKey(id) ? pending.remove(id) : new Builder(id);
                        b.kind = p.group("kind");
                        b.durationMs = Double.parseDouble(p.group("ms"));
                        b.endUptimeS = Double.parseDouble(m.group("up"));
                        if (p.group("committed") != null) {
                            b.committedMb = mib(Double.parseDouble(p.group("committed")), p.group("committedUnit"));
                        }
                        pauses.add(b);
                        lastPause.put(id, b);
                    }
                }
                case "gc,phases" -> {
                    Matcher p = WORKER_PHASE.matcher(msg);
                    if (p.find()) {
                        Builder b = pending.computeIfAbsent(id, Builder::new);
                        double avg = Double.parseDouble(p.group("avg"));
                        double max = Double.parseDouble(p.group("max"));
                        b.workers = Integer.parseInt(p.group("workers"));
                        if (p.group("phase").equals("Object Copy")) {
                            b.copyAvg = avg;
                            b.copyMax = max;
                        } else {
                            b.termAvg = avg;
                            b.termMax = max;
                        }
                    }
                }
                case "gc,cpu" -> {
                    Matcher p = CPU.matcher(msg);
                    Builder b = lastPause.get(id);
                    if (p.find() && b != null) {
                        b.user = Double.parseDouble(p.group("user"));
                        b.sys = Double.parseDouble(p.group("sys"));
                    }
                }
                default -> {
                }
            }
        });
        List<Pause> result = new ArrayList<>(pauses.size());
        for (Builder b : pauses) {
            result.add(new Pause(b.id, b.kind, b.endUptimeS, b.durationMs, b.copyAvg, b.copyMax,
                    b.termAvg, b.termMax, b.workers, b.user, b.sys, b.committedMb));
        }
        return result;
    }

    /** {@code value} in the log's unit K, M or G, in MiB. */
    static double mib(double value, String unit) {
        return switch (unit) {
            case "K" -> value / 1024;
            case "M" -> value;
            case "G" -> value * 1024;
            default -> throw new IllegalArgumentException("unknown heap unit " + unit);
        };
    }

    private static final class Builder {
        final int id;
        String kind;
        double endUptimeS;
        double durationMs;
        Double copyAvg;
        Double copyMax;
        Double termAvg;
        Double termMax;
        Integer workers;
        Double user;
        Double sys;
        Double committedMb;

        Builder(int id) {
            this.id = id;
        }
    }
}
