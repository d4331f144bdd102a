package io.github.taskpools.service;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * The CPU time of a process from Linux's {@code /proc/<pid>/stat}: user plus system time
 * ({@code utime} and {@code stime}, fields 14 and 15, in clock ticks of {@code getconf CLK_TCK}),
 * over all its threads, the way {@code ps} and psutil (the BWoS paper's tool) read it.
 */
public final class ProcCpu {
    private final long ticksPerSecond;

    /** A reader with the system's clock ticks per second ({@code getconf CLK_TCK}). */
    public static ProcCpu system() throws IOException, InterruptedException {
        Process p = new ProcessBuilder("getconf", "CLK_TCK").redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
        if (!p.waitFor(10, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException("getconf CLK_TCK failed: " + out);
        }
        return new ProcCpu(Long.parseLong(out));
    }

    /**
     * @param ticksPerSecond the clock ticks per second of {@code /proc}'s times (at least 1)
     */
    public ProcCpu(long ticksPerSecond) {
        if (ticksPerSecond < 1) {
            throw new IllegalArgumentException("ticksPerSecond must be at least 1, got " + ticksPerSecond);
        }
        this.ticksPerSecond = ticksPerSecond;
    }

    /** The CPU seconds (user + system) process {@code pid} has used so far. */
    public double seconds(long pid) throws IOException {
        return seconds(Files.readString(Path.of("/proc", Long.toString(pid), "stat"), StandardCharsets.US_ASCII));
    }

    /**
     * The CPU seconds of one {@code /proc/<pid>/stat} line. The command name (field 2) is in
     * parentheses and may hold spaces and parentheses itself, so fields are counted after its last
     * closing parenthesis.
     *
     * @throws IllegalArgumentException if {@code stat} is not such a line
     */
    public double seconds(String stat) {
        int close = stat.lastIndexOf(')');
        if (close < 0) {
            throw new IllegalArgumentException("not a /proc stat line (no command name): " + stat);
        }
        String[] f = stat.substring(close + 1).trim().split("\\s+");
        // f[0] is field 3 (state), so field k is f[k - 3]: utime f[11], stime f[12].
        if (f.length < 13) {
            throw new IllegalArgumentException("not a /proc stat line (" + (f.length + 2) + " fields): " + stat);
        }
        long ticks = Long.parseLong(f[11]) + Long.parseLong(f[12]);
        return (double) ticks / ticksPerSecond;
    }
}
