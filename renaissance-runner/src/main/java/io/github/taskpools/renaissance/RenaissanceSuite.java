package io.github.taskpools.renaissance;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarFile;

/**
 * The Renaissance workload: one benchmark per invocation, {@code java <flags> -jar <suite> -r <warmup + repetitions>
 * --json harness.json <benchmark>}. The repetition times are the harness's own {@code duration_ns}
 * (see {@link HarnessJson}); an invocation fails when the harness recorded no data for the benchmark, ended
 * it abnormally, ran fewer repetitions than asked, or the JVM exited with a non-zero code.
 */
public final class RenaissanceSuite implements Workload {

    /** Where users get the suite (no package registry carries it). */
    public static final String DOWNLOAD = "https://github.com/renaissance-benchmarks/renaissance/releases";

    private final Path jar;
    private final List<String> benchmarks;
    private final int warmup;
    private final int repetitions;

    public RenaissanceSuite(Path jar, List<String> benchmarks, int warmup, int repetitions) {
        this.jar = jar.toAbsolutePath();
        this.benchmarks = List.copyOf(benchmarks);
        this.warmup = warmup;
        this.repetitions = repetitions;
    }

    /** Null when {@code jar} looks like the Renaissance suite, else a message saying what is wrong and where to get it. */
    public static String problem(Path jar) {
        String hint = "Download renaissance-gpl-0.16.1.jar (or renaissance-mit-0.16.1.jar) from " + DOWNLOAD
                + " and pass it with --suite <jar> or RENAISSANCE_JAR=<jar>.";
        if (jar == null) {
            return "No Renaissance suite jar given. " + hint;
        }
        if (!Files.isRegularFile(jar)) {
            return "Renaissance suite jar " + jar + " does not exist. " + hint;
        }
        try (JarFile j = new JarFile(jar.toFile())) {
            var manifest = j.getManifest();
            String main = manifest == null ? null : manifest.getMainAttributes().getValue("Main-Class");
            if (main == null || !main.startsWith("org.renaissance.")) {
                return jar + " is a jar but not the Renaissance suite (Main-Class: " + main + "). " + hint;
            }
        } catch (IOException e) {
            return jar + " is not a readable jar (" + e.getMessage() + "). " + hint;
        }
        return null;
    }

    @Override
    public String describe() {
        return "Renaissance " + jar.getFileName() + ", " + warmup + " warm-up + " + repetitions
                + " measured repetitions per invocation (harness duration_ns)";
    }

    @Override
    public List<String> benchmarks() {
        return benchmarks;
    }

    @Override
    public int warmup() {
        return warmup;
    }

    /** The invocation's directory: the harness unpacks its scratch files into the working directory. */
    @Override
    public Path workingDirectory(Path runDir) {
        return runDir;
    }

    @Override
    public List<String> javaArguments(String benchmark, Path runDir) {
        return List.of("-jar", jar.toString(), "-r", Integer.toString(warmup + repetitions),
                "--json", runDir.resolve("harness.json").toString(), benchmark);
    }

    @Override
    public Measured collect(String benchmark, Path runDir, int exitCode, long wallNs, List<String> console) {
        String exception = HarnessJson.failureMessage(console, benchmark);
        Path json = runDir.resolve("harness.json");
        HarnessJson.BenchmarkData data = null;
        String jsonProblem = null;
        if (Files.isRegularFile(json)) {
            try {
                data = HarnessJson.read(json).benchmark(benchmark);
            } catch (IOException e) {
                jsonProblem = e.getMessage();
            }
        } else {
            jsonProblem = "no harness.json";
        }
        if (exception != null) {
            return Measured.failed(exception);
        }
        if (jsonProblem != null || data == null) {
            String last = JavaCommand.lastMessage(console).replaceFirst("^: ", "; last output: ");
            return Measured.failed((jsonProblem != null ? jsonProblem : "no data for " + benchmark + " in harness.json")
                    + ", exit code " + exitCode + last);
        }
        if (!"normal".equals(data.termination())) {
            return Measured.failed("harness termination: " + data.termination() + ", exit code " + exitCode);
        }
        if (data.durationNs().size() < warmup + repetitions) {
            return Measured.failed("only " + data.durationNs().size() + " of " + (warmup + repetitions)
                    + " repetitions, exit code " + exitCode);
        }
        if (exitCode != 0) {
            return Measured.failed("exit code " + exitCode + " after all repetitions");
        }
        return Measured.ok(data.durationNs());
    }
}
