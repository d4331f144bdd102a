package io.github.taskpools.renaissance;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs every benchmark of a workload on both JVMs, {@code invocations} times, as separate JVM launches in
 * interleaved pairs per benchmark, the baseline first in odd-numbered pairs and the candidate first in even ones
 * ({@code A B, B A, A B, ...}, as {@code hotspot-patch/ab.sh} does), so slow drift of the machine (thermal state,
 * other tenants) falls on both JVMs alike and drift within a pair does not always land on one side. The run
 * order is in each result's {@code sequence}. Each launch gets its own directory {@code runs/<benchmark>/<jvm>-<i>/} with
 * the console output ({@code console.txt}), the GC log ({@code gc.log}) and the workload's files (harness.json).
 * A failed or timed-out launch is recorded as data and the run goes on. A benchmark with a heap of its own
 * ({@code heaps}, from {@code --heaps}) gets {@code -Xms} and {@code -Xmx} of that size on both JVMs, after every
 * other flag, so that it overrides {@code --heap} and G1's sizing alike.
 */
final class Campaign {

    private final List<JvmSpec> jvms;
    private final List<String> commonFlags;
    private final Map<String, String> heaps;
    private final Workload workload;
    private final int invocations;
    private final Path outDir;
    private final Duration timeout;
    private final PrintStream log;
    private volatile Process current; // read by the shutdown hook, which ends it on Ctrl-C
    private volatile boolean aborted; // set by the shutdown hook: the launch it ended is not a result

    /**
     * @param heaps per benchmark, the fixed heap size ({@code 512m}, {@code 2g}) both JVMs get; benchmarks not
     *              in it run with the common flags' heap
     */
    Campaign(List<JvmSpec> jvms, List<String> commonFlags, Map<String, String> heaps, Workload workload,
             int invocations, Path outDir, Duration timeout, PrintStream log) {
        this.jvms = List.copyOf(jvms);
        this.commonFlags = List.copyOf(commonFlags);
        this.heaps = Map.copyOf(heaps);
        this.workload = workload;
        this.invocations = invocations;
        this.outDir = outDir;
        this.timeout = timeout;
        this.log = log;
    }

    /** The full command of one invocation. */
    List<String> command(JvmSpec jvm, String benchmark, Path runDir) {
        List<String> cmd = new ArrayList<>();
        cmd.add(jvm.java().toString());
        cmd.addAll(flags(jvm));
        String heap = heaps.get(benchmark);
        if (heap != null) {
            cmd.add("-Xms" + heap);
            cmd.add("-Xmx" + heap);
        }
        cmd.add(String.format(GcLog.XLOG_OPTION, runDir.resolve("gc.log")));
        cmd.addAll(workload.javaArguments(benchmark, runDir));
        return cmd;
    }

    /** The flags of one JVM: the common flags, then its own (a later HotSpot flag overrides an earlier one). */
    List<String> flags(JvmSpec jvm) {
        List<String> f = new ArrayList<>(commonFlags);
        f.addAll(jvm.ownFlags());
        return f;
    }

    void run(ResultStore store) throws IOException, InterruptedException {
        int sequence = 0;
        int total = workload.benchmarks().size() * invocations * jvms.size();
        List<JvmSpec> reversed = new ArrayList<>(jvms);
        Collections.reverse(reversed);
        for (String benchmark : workload.benchmarks()) {
            for (int i = 0; i < invocations; i++) {
                for (JvmSpec jvm : i % 2 == 0 ? jvms : reversed) {
                    sequence++;
                    log.printf("[%d/%d] %s on %s, invocation %d%n", sequence, total, benchmark, jvm.name(), i + 1);
                    InvocationResult r = invoke(jvm, benchmark, i, sequence);
                    store.add(r);
                    if (r.ok()) {
                        log.printf("        %.2f s wall, %d GC pauses (%.1f ms)%n", r.wallNs() / 1e9,
                                r.gc().pauses(), r.gc().pauseTotalMs());
                    } else {
                        log.printf("        FAILED: %s%n", r.failure());
                    }
                }
            }
        }
    }

    private InvocationResult invoke(JvmSpec jvm, String benchmark, int invocation, int sequence)
            throws IOException, InterruptedException {
        Path runDir = outDir.resolve("runs").resolve(benchmark).resolve(jvm.name() + "-" + (invocation + 1));
        Files.createDirectories(runDir);
        Path console = runDir.resolve("console.txt");
        Path gcLog = runDir.resolve("gc.log");
        Files.deleteIfExists(gcLog);
        ProcessBuilder pb = new ProcessBuilder(command(jvm, benchmark, runDir))
                .directory(workload.workingDirectory(runDir).toFile())
                .redirectErrorStream(true)
                .redirectOutput(console.toFile());
        long start = System.nanoTime();
        Process p = pb.start();
        current = p;
        boolean finished;
        try {
            finished = p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } finally {
            current = null;
        }
        long wallNs = System.nanoTime() - start;
        if (aborted) {
            throw new InterruptedException("run aborted");
        }
        int exitCode;
        if (!finished) {
            p.destroyForcibly().waitFor();
            exitCode = -1;
        } else {
            exitCode = p.exitValue();
        }
        List<String> out = Files.readAllLines(console, StandardCharsets.ISO_8859_1);
        Workload.Measured m = finished
                ? workload.collect(benchmark, runDir, exitCode, wallNs, out)
                : Workload.Measured.failed("timed out after " + timeout.toSeconds() + " s");
        List<GcLog.Pause> pauses = Files.isRegularFile(gcLog) ? GcLog.parse(gcLog) : List.of();
        return new InvocationResult(benchmark, jvm.name(), invocation + 1, sequence, m.failure(), exitCode, wallNs,
                workload.warmup(), m.repetitionNs(), GcLog.Summary.of(pauses), pauses,
                outDir.relativize(runDir).toString());
    }

    /** Ends the running JVM launch, if any (Ctrl-C). */
    void abort() {
        aborted = true;
        Process p = current;
        if (p != null) {
            p.destroyForcibly();
        }
    }
}
