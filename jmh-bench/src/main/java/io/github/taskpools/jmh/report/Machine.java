package io.github.taskpools.jmh.report;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What {@code ./bench} records about the machine a run measures on: the head of each experiment's
 * {@code <id>.env.txt} (date, kernel, CPU, memory, load, the JVM and its ergonomic GC), which the report
 * quotes, and the load average it warns about.
 *
 * <p>Implementation notes: Linux only, as the benchmarks' launcher is; the facts come from
 * {@code /proc}, {@code uname}, {@code nproc}, {@code lscpu} (if installed) and the JVM itself, each
 * line left out or empty when its source is missing, never failing the run.
 */
final class Machine {
    private Machine() {
    }

    private static final Pattern LSCPU = Pattern.compile("^(Thread\\(s\\) per core|Core\\(s\\) per socket|Socket\\(s\\)"
            + "|NUMA node\\(s\\)|Hypervisor vendor|L1d cache|L2 cache|L3 cache):");
    private static final Pattern GC = Pattern.compile("-XX:\\+Use[A-Za-z0-9]*GC");
    /** How long a command that describes the machine may take. */
    private static final long COMMAND_SECONDS = 30;

    /** The machine's description for {@code <id>.env.txt}, one fact per line, for the JVM {@code java}. */
    static String describe(String java) {
        StringBuilder s = new StringBuilder();
        line(s, "date (UTC):", ZonedDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss")));
        line(s, "kernel:", output(List.of("uname", "-srm"), false).strip());
        String model = "";
        int processors = 0;
        for (String l : lines(Path.of("/proc/cpuinfo"))) {
            if (l.startsWith("model name") && model.isEmpty()) {
                model = l.substring(l.indexOf(':') + 1).stripLeading();
            }
            if (l.startsWith("processor")) {
                processors++;
            }
        }
        line(s, "CPU model:", model);
        line(s, "logical CPUs:", processors + " (nproc: " + output(List.of("nproc"), false).strip() + ")");
        for (String l : output(List.of("lscpu"), false).split("\n")) {
            if (LSCPU.matcher(l).find()) {
                line(s, "lscpu:", l);
            }
        }
        double memKb = 0;
        for (String l : lines(Path.of("/proc/meminfo"))) {
            if (l.startsWith("MemTotal")) {
                memKb = Double.parseDouble(l.split("\\s+")[1]);
            }
        }
        line(s, "memory:", String.format(Locale.ROOT, "%.1f GiB", memKb / 1048576));
        line(s, "load before:", loadAverages());
        line(s, "java:", java);
        for (String l : output(List.of(java, "-version"), true).split("\n")) {
            if (!l.isEmpty()) {
                line(s, "java -version:", l);
            }
        }
        Matcher gc = GC.matcher(output(List.of(java, "-XX:+PrintCommandLineFlags", "-version"), false));
        line(s, "GC (ergonomic):", gc.find() ? gc.group() : "");
        return s.toString();
    }

    /** The 1-, 5- and 15-minute load averages, as {@code /proc/loadavg} gives them (empty if unknown). */
    static String loadAverages() {
        List<String> l = lines(Path.of("/proc/loadavg"));
        if (l.isEmpty()) {
            return "";
        }
        String[] f = l.get(0).split(" ");
        return f.length < 3 ? "" : f[0] + " " + f[1] + " " + f[2];
    }

    /** The line of {@code <id>.env.txt} that records the load after a run. */
    static String loadAfter() {
        StringBuilder s = new StringBuilder();
        line(s, "load after:", loadAverages());
        return s.toString();
    }

    /** {@code label} padded to the column of the values, then {@code value}. */
    private static void line(StringBuilder s, String label, String value) {
        s.append(String.format(Locale.ROOT, "%-15s %s", label, value)).append('\n');
    }

    private static List<String> lines(Path p) {
        try {
            return Files.readAllLines(p, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return List.of();
        }
    }

    /** A command's standard output (and its error output if {@code withErrors}); empty if it cannot run. */
    private static String output(List<String> command, boolean withErrors) {
        ProcessBuilder pb = new ProcessBuilder(new ArrayList<>(command)).redirectErrorStream(withErrors);
        if (!withErrors) {
            pb.redirectError(ProcessBuilder.Redirect.DISCARD);
        }
        try {
            Process p = pb.start();
            p.getOutputStream().close();
            String out;
            try (InputStream in = p.getInputStream()) {
                out = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
            if (!p.waitFor(COMMAND_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return "";
            }
            return out;
        } catch (IOException e) {
            return "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }
}
