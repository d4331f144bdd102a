package io.github.taskpools.renaissance;

import java.nio.file.Path;
import java.util.List;

/**
 * What one invocation runs and how its repetition times are read back. The campaign launches
 * {@code <java> <flags> -Xlog:... <javaArguments>} in {@link #workingDirectory} and hands the outcome to
 * {@link #collect}.
 */
public interface Workload {

    /** One line for the report. */
    String describe();

    /** The benchmarks, in run order. */
    List<String> benchmarks();

    /** Repetitions discarded at the start of each invocation. */
    int warmup();

    /** The directory a launch runs in. */
    Path workingDirectory(Path runDir);

    /** The java arguments after the JVM flags, for one invocation of {@code benchmark}. */
    List<String> javaArguments(String benchmark, Path runDir);

    /**
     * The invocation's repetition times (warm-up included), or its failure.
     *
     * @param wallNs the invocation's wall-clock time from process start to exit, measured by the runner
     */
    Measured collect(String benchmark, Path runDir, int exitCode, long wallNs, List<String> console);

    /** Repetition times of one invocation, or why there are none (then {@code repetitionNs} is empty). */
    record Measured(List<Long> repetitionNs, String failure) {

        static Measured ok(List<Long> repetitionNs) {
            return new Measured(List.copyOf(repetitionNs), null);
        }

        static Measured failed(String why) {
            return new Measured(List.of(), why);
        }
    }
}
