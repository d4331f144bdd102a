package io.github.taskpools.jmh.report;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The command line of {@code ./bench} ({@link Bench}): its options, their checks and its help text.
 *
 * <p>A preset ({@code --quick}, the default, or {@code --full}) gives the JMH forks, warmup and
 * measurement iterations and iteration time; the options {@code --forks}, {@code --warmup},
 * {@code --iterations} and {@code --time} override them. Experiment ids come from {@code --only} (comma
 * separated, repeatable) or as plain arguments; everything after {@code --} goes to JMH as it is.
 *
 * <p>Implementation notes: the parser is hand-written rather than picocli's so that the help text and
 * the error messages stay those of the shell script this class replaced, word for word. A bad option
 * throws {@link BadOption}, whose message {@link Bench} prints with exit code 2.
 *
 * @param full the full preset ({@code --full}) rather than the quick one
 * @param forks JMH forks
 * @param warmup JMH warmup iterations
 * @param iterations JMH measurement iterations
 * @param time JMH iteration time (JMH syntax: 1s, 500ms, 2m)
 * @param rounds how many times each JMH run is repeated, its rounds merged into one result
 * @param threads the cores the thread sweeps count with ({@code --threads}), or null: the available
 *     processors
 * @param oversubscribe whether producer/consumer sweeps go to twice the cores on each side
 * @param jvm the JAVA_HOME given with {@code --jvm}, or null (the launcher runs this program on it)
 * @param build false with {@code --no-build} or {@code --report-only} (read by the launcher only)
 * @param reportOnly only regenerate the report
 * @param from the results directory of {@code --report-only --from DIR}, or null: {@code report/}
 * @param list list the experiments and stop
 * @param help print the help and stop
 * @param profilers JMH profilers ({@code --prof}, repeatable)
 * @param ids the experiments asked for, in order (empty: every experiment)
 * @param extra JMH arguments after {@code --}
 */
record BenchOptions(boolean full, int forks, int warmup, int iterations, String time, int rounds, Integer threads,
        boolean oversubscribe, String jvm, boolean build, boolean reportOnly, Path from, boolean list, boolean help,
        List<String> profilers, List<String> ids, List<String> extra) {

    /** A bad command line: the message for the user, and whether the help text should follow it. */
    static final class BadOption extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;
        private final boolean showUsage;

        BadOption(String message, boolean showUsage) {
            super(message);
            this.showUsage = showUsage;
        }

        /** Whether the help text should be printed after the message. */
        boolean showUsage() {
            return showUsage;
        }
    }

    /** The help text of {@code ./bench --help}. */
    static final String USAGE = """
            usage: ./bench [options] [experiment-id ...] [-- extra JMH arguments]

            presets (the last one given wins; options below override their settings):
              --quick             the default: 1 fork, 2 x 1 s warmup, 3 x 1 s measurement, and a subset of
                                  the parameters and thread counts of the largest sweeps (./bench --list shows
                                  them); it prints its time estimate before it starts
              --full              publication quality: 3 forks, 5 x 1 s warmup, 5 x 1 s measurement, every
                                  parameter value

            options:
              --only ID[,ID...]   run only these experiments (repeatable; experiment ids may also be given
                                  as plain arguments)
              --threads N         the cores every thread sweep counts with: workers of bwos-pool (JMH threads),
                                  the thread counts of pq-hold, pq-timeshare (2N threads) and pq-channels, the
                                  producers and consumers of the salsa-* and cafe-* experiments (each side up
                                  to N), and the executor-* experiments' parameters (executor-fork-join:
                                  parallelism 1..N; executor-submit, executor-idle: parallelism N;
                                  executor-submit: submitters up to N); default: the available processors; at
                                  least 2 and at most the available processors (./bench --list shows the sweeps)
              --oversubscribe     let the producer/consumer sweeps of salsa-* and cafe-* go to twice the cores
                                  on each side (their default C/C already runs twice as many threads as cores,
                                  as the papers' figures do at their right end; the OS scheduler then takes
                                  part in the result, more so with this option)
              --jvm JAVA_HOME     run the benchmarks on this JDK (the build uses the default JDK)
              --forks N           JMH forks
              --rounds N          run each JMH command N times (default 1) and merge the rounds into one result,
                                  as if their forks were one run's: every contender then gets forks spread over
                                  the whole experiment instead of one stretch of it, so a slow spell of the machine
                                  (minutes long on shared virtual machines) weighs on all contenders alike, e.g.
                                  --full --rounds 3 --forks 1 (as many forks as --full, interleaved)
              --warmup N          warmup iterations
              --iterations N      measurement iterations
              --time T            warmup and measurement iteration time (JMH syntax: 1s, 500ms, ...)
              --prof P            add a JMH profiler (repeatable), e.g. gc, stack, perfnorm, perfasm
              --no-build          do not rebuild, use jmh-bench/target/benchmarks.jar as it is
              --report-only       only regenerate the report from the JSON files in report/ (or --from DIR)
              --from DIR          with --report-only: the results directory to read and write the report into,
                                  e.g. the report/ directory of a bundle's run brought back from another machine
              --pack FILE         write a self-contained bundle (.tar.xz) instead of running: a runtime image
                                  of the JDK the benchmarks would run on (jlink, just the modules
                                  benchmarks.jar needs), benchmarks.jar, this script and a launcher, at most
                                  60 MiB; on another Linux x86-64 machine, with no JDK, Maven or network:
                                  tar -xJf FILE && cd taskpools-bench && ./run.sh [bench options] (results in
                                  its report/)
              --list              list the known experiments (id, cores needed, configurations quick/full)
              -h, --help          this help
            """;

    /**
     * Parses {@code ./bench}'s arguments; {@code dir} resolves a relative {@code --from} (the repository
     * root, where {@code ./bench} runs).
     *
     * @throws BadOption naming the option, for a bad command line
     */
    static BenchOptions parse(List<String> args, Path dir) {
        boolean full = false;
        Integer forks = null;
        Integer warmup = null;
        Integer iterations = null;
        String time = null;
        int rounds = 1;
        Integer threads = null;
        boolean oversubscribe = false;
        String jvm = null;
        boolean build = true;
        boolean reportOnly = false;
        Path from = null;
        boolean list = false;
        List<String> profilers = new ArrayList<>();
        List<String> ids = new ArrayList<>();
        List<String> extra = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            String next = i + 1 < args.size() ? args.get(i + 1) : null;
            switch (a) {
                case "--quick" -> full = false;
                case "--full" -> full = true;
                case "--only" -> {
                    if (next == null || next.isEmpty()) {
                        throw new BadOption("--only needs an experiment id", false);
                    }
                    Arrays.stream(next.split(",")).filter(s -> !s.isEmpty()).forEach(ids::add);
                    i++;
                }
                case "--threads" -> {
                    threads = positive("--threads", next);
                    i++;
                }
                case "--oversubscribe" -> oversubscribe = true;
                case "--jvm" -> {
                    if (next == null) {
                        throw new BadOption("--jvm needs a JAVA_HOME", false);
                    }
                    jvm = next;
                    i++;
                }
                case "--forks" -> {
                    forks = positive("--forks", next);
                    i++;
                }
                case "--rounds" -> {
                    rounds = positive("--rounds", next);
                    i++;
                }
                case "--warmup" -> {
                    if (next == null || !next.matches("[0-9]+")) {
                        throw new BadOption("--warmup needs a number", false);
                    }
                    warmup = Integer.parseInt(next);
                    i++;
                }
                case "--iterations" -> {
                    iterations = positive("--iterations", next);
                    i++;
                }
                case "--time" -> {
                    if (next == null || !next.matches("[0-9]+(ms|s|m)")) {
                        throw new BadOption("--time needs a duration like 1s or 500ms", false);
                    }
                    time = next;
                    i++;
                }
                case "--prof" -> {
                    if (next == null) {
                        throw new BadOption("--prof needs a profiler name", false);
                    }
                    profilers.add(next);
                    i++;
                }
                case "--no-build" -> build = false;
                case "--report-only" -> {
                    reportOnly = true;
                    build = false;
                }
                case "--from" -> {
                    if (next == null || !Files.isDirectory(dir.resolve(next))) {
                        throw new BadOption("--from needs a results directory", false);
                    }
                    from = dir.resolve(next).toAbsolutePath().normalize();
                    i++;
                }
                case "--list" -> list = true;
                case "-h", "--help" -> {
                    return new BenchOptions(full, 1, 0, 1, "1s", rounds, threads, oversubscribe, jvm, false, false,
                            null, false, true, List.of(), List.of(), List.of());
                }
                case "--" -> {
                    extra.addAll(args.subList(i + 1, args.size()));
                    i = args.size();
                }
                default -> {
                    if (a.startsWith("-")) {
                        throw new BadOption("unknown option " + a, true);
                    }
                    ids.add(a);
                }
            }
        }
        if (from != null && !reportOnly) {
            throw new BadOption("--from goes with --report-only", false);
        }
        return new BenchOptions(full, forks != null ? forks : full ? 3 : 1, warmup != null ? warmup : full ? 5 : 2,
                iterations != null ? iterations : full ? 5 : 3, time != null ? time : "1s", rounds, threads,
                oversubscribe, jvm, build, reportOnly, from, list, false, List.copyOf(profilers), List.copyOf(ids),
                List.copyOf(extra));
    }

    private static int positive(String option, String value) {
        if (value == null) {
            throw new BadOption(option + " needs a number", false);
        }
        if (!value.matches("[1-9][0-9]*")) {
            throw new BadOption(option + " needs a positive integer, got '" + value + "'", false);
        }
        return Integer.parseInt(value);
    }

    /** The preset's name, as the estimate names it. */
    String preset() {
        return full ? "full" : "quick";
    }

    /** The iteration time in seconds. */
    double iterationSeconds() {
        if (time.endsWith("ms")) {
            return Double.parseDouble(time.substring(0, time.length() - 2)) / 1000;
        }
        double v = Double.parseDouble(time.substring(0, time.length() - 1));
        return time.endsWith("m") ? v * 60 : v;
    }
}
