package io.github.taskpools.renaissance;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * What a run was and where it ran, written to {@code run.json} before the first invocation so that a report
 * rebuilt later ({@code --report-only}, or after Ctrl-C) describes the same run: the workload, the JVMs with
 * their {@code java -version} and full flags, the machine (CPU model, cores, memory, kernel, load average at the
 * start), the command, the fixed heap per benchmark ({@code heaps}, from {@code --heaps}; absent before it), and
 * the bootstrap's replicates, seed and interval method ({@code interval}, a {@link Stats.Method} name; absent from
 * the {@code run.json} of runners before it, which used the percentile interval).
 */
public record RunInfo(String started, String command, String workload, List<String> benchmarks, int warmup,
                      int repetitions, int invocations, List<Jvm> jvms, Map<String, String> heaps, String cpu,
                      int cores, String memory, String os, String loadAverage, int bootstrapReplicates, long seed,
                      String interval) {

    public record Jvm(String name, String javaHome, List<String> flags, String version) {
    }

    static RunInfo of(String command, Workload workload, int repetitions, int invocations, List<Jvm> jvms,
                      Map<String, String> heaps, int replicates, long seed, Stats.Method interval) {
        return new RunInfo(Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(), command, workload.describe(),
                workload.benchmarks(), workload.warmup(), repetitions, invocations, jvms, heaps, cpuModel(),
                Runtime.getRuntime().availableProcessors(), totalMemory(),
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                        + System.getProperty("os.arch"), readLoadAverage(), replicates, seed, interval.name());
    }

    /** This run with its intervals by {@code method}. */
    RunInfo withInterval(Stats.Method method) {
        return new RunInfo(started, command, workload, benchmarks, warmup, repetitions, invocations, jvms, heaps, cpu,
                cores, memory, os, loadAverage, bootstrapReplicates, seed, method.name());
    }

    /** The interval method: {@code interval}, or the percentile interval of a {@code run.json} without it. */
    Stats.Method intervalMethod() {
        return interval == null ? Stats.Method.PERCENTILE : Stats.Method.valueOf(interval);
    }

    /** The 1, 5 and 15 minute load averages when the run started: other work on the machine disturbs timings. */
    private static String readLoadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }

    /** {@code java -version} of a JVM (its stderr), trimmed; the error when it cannot run. */
    static String javaVersion(Path java, List<String> flags) {
        List<String> cmd = new ArrayList<>();
        cmd.add(java.toString());
        cmd.addAll(flags);
        cmd.add("-version");
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return "java -version timed out";
            }
            return p.exitValue() == 0 ? out : "java -version failed (exit " + p.exitValue() + "): " + out;
        } catch (IOException e) {
            return "cannot run " + java + ": " + e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }

    private static String cpuModel() {
        try {
            for (String l : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (l.startsWith("model name")) {
                    return l.substring(l.indexOf(':') + 1).trim();
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux: fall through
        }
        return System.getProperty("os.arch");
    }

    private static String totalMemory() {
        try {
            for (String l : Files.readAllLines(Path.of("/proc/meminfo"))) {
                if (l.startsWith("MemTotal:")) {
                    long kib = Long.parseLong(l.replaceAll("\\D", ""));
                    return String.format("%.1f GiB", kib / 1048576.0);
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux: fall through
        }
        return "unknown";
    }
}
