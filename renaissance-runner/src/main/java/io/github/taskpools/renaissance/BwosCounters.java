package io.github.taskpools.renaissance;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The BWoS queues' counters of {@code hotspot-patch/check.sh ab}'s runs, per pause: how often the queue's owner
 * skipped a block a preempted thief still copied out of (where it used to wait), found its ring full (overflow
 * stack), answered a request for a grant, and how often thieves asked for grants and waited for one.
 *
 * <p>Input: a directory of G1 logs {@code <prefix>-<i>.log} (or {@code .log.gz}) of the patched JVM written with
 * {@code gc+task+stats=debug}, which logs one line per phase and event:
 * {@code BWoS <phase>: skipped blocks N, full pushes N, grants N, grant requests N (termination N), grant waits N
 * (stole N)} (phases: evacuation, once per pause; concurrent marking and remark, per marking cycle; full-GC
 * marking of objects and of arrays, per full collection). Output, per phase: the runs and events it occurred in,
 * and each counter's mean per event over all runs (the skipped blocks and full pushes also as totals, since
 * whether they are zero is the point), to standard output and {@code counters.md} in the directory
 * ({@code counters-<prefix>.md} for a prefix other than {@code bwos}: when both JVMs of an A/B are patched). A directory
 * without such lines fails (exit status 1): the counters were not logged.
 */
@Command(name = "bwos-counters", mixinStandardHelpOptions = true, usageHelpWidth = 110,
        description = "Per-pause means of the BWoS queues' counters in a directory of G1 logs.")
public final class BwosCounters implements Callable<Integer> {

    static final Pattern LINE = Pattern.compile("BWoS (?<phase>[^:]+): skipped blocks (?<skipped>\\d+), "
            + "full pushes (?<full>\\d+), grants (?<grants>\\d+), grant requests (?<requests>\\d+) "
            + "\\(termination (?<termination>\\d+)\\), grant waits (?<waits>\\d+) \\(stole (?<stole>\\d+)\\)");

    /** The counters, in the order of the log line. */
    static final String[] NAMES = {"skipped", "full", "grants", "requests", "termination", "waits", "stole"};

    @Parameters(index = "0", paramLabel = "<dir>", description = "directory of the patched JVM's logs")
    Path dir;

    @Option(names = "--prefix", defaultValue = "bwos", description = "log file prefix (default: ${DEFAULT-VALUE})")
    String prefix;

    /** Sums of one phase's counters over the events of all runs. */
    static final class PhaseSums {
        int runs;
        long events;
        final long[] sums = new long[NAMES.length];
    }

    @Override
    public Integer call() throws IOException {
        List<Path> logs = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            files.filter(p -> {
                String n = p.getFileName().toString();
                return n.startsWith(prefix + "-") && (n.endsWith(".log") || n.endsWith(".log.gz"));
            }).sorted().forEach(logs::add);
        }
        Map<String, PhaseSums> phases = new LinkedHashMap<>();
        for (Path log : logs) {
            Map<String, PhaseSums> run = read(log);
            run.forEach((phase, s) -> {
                PhaseSums all = phases.computeIfAbsent(phase, k -> new PhaseSums());
                all.runs++;
                all.events += s.events;
                for (int i = 0; i < NAMES.length; i++) {
                    all.sums[i] += s.sums[i];
                }
            });
        }
        if (phases.isEmpty()) {
            System.err.println("bwos-counters: no 'BWoS <phase>:' line in " + logs.size() + " logs " + prefix
                    + "-*.log in " + dir + " (run with -Xlog:gc+task+stats=debug on the patched JVM)");
            return 1;
        }
        String table = table(phases, logs.size());
        System.out.print(table);
        Files.writeString(dir.resolve(outputName()), table, StandardCharsets.UTF_8);
        return 0;
    }

    /** {@code counters.md} for the default prefix, {@code counters-<prefix>.md} for another. */
    String outputName() {
        return prefix.equals("bwos") ? "counters.md" : "counters-" + prefix + ".md";
    }

    /** The counters of one log, summed per phase. */
    static Map<String, PhaseSums> read(Path log) throws IOException {
        try (InputStream raw = Files.newInputStream(log);
             InputStream in = log.getFileName().toString().endsWith(".gz") ? new GZIPInputStream(raw) : raw;
             BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            return sum(r.lines());
        }
    }

    /** The counters of the log lines {@code lines}, summed per phase (one run). */
    static Map<String, PhaseSums> sum(Stream<String> lines) {
        Map<String, PhaseSums> run = new LinkedHashMap<>();
        lines.forEach(line -> {
            Matcher m = LINE.matcher(line);
            if (m.find()) {
                PhaseSums s = run.computeIfAbsent(m.group("phase"), k -> new PhaseSums());
                s.runs = 1;
                s.events++;
                for (int i = 0; i < NAMES.length; i++) {
                    s.sums[i] += Long.parseLong(m.group(NAMES[i]));
                }
            }
        });
        return run;
    }

    static String table(Map<String, PhaseSums> phases, int logs) {
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "BWoS queue counters, %d logs; means per event (a pause, a full GC, a "
                + "marking cycle) over all runs%n%n", logs));
        b.append("| phase | runs | events | skipped blocks (total) | full pushes (total) | grants | grant requests "
                + "| termination requests | grant waits | stole in a wait |\n");
        b.append("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n");
        phases.forEach((phase, s) -> {
            double e = s.events;
            b.append(String.format(Locale.ROOT, "| %s | %d | %d | %.2f (%d) | %.2f (%d) | %.2f | %.2f | %.2f | %.2f | %.2f |%n",
                    phase, s.runs, s.events, s.sums[0] / e, s.sums[0], s.sums[1] / e, s.sums[1], s.sums[2] / e,
                    s.sums[3] / e, s.sums[4] / e, s.sums[5] / e, s.sums[6] / e));
        });
        return b.toString();
    }

    public static void main(String[] args) {
        System.exit(new CommandLine(new BwosCounters()).execute(args));
    }
}
