package io.github.taskpools.renaissance;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Command line of the runner ({@code ./renaissance}): compares two JVMs on the Renaissance suite (BWoS §6.3.1,
 * Fig. 13) or on any Java command, launching each JVM several times interleaved, and writes summary.json,
 * REPORT.md and the charts. The first {@code --jvm} is the baseline, the second the candidate.
 */
@Command(name = "renaissance", mixinStandardHelpOptions = true, sortOptions = false, usageHelpWidth = 110,
        versionProvider = RenaissanceRunner.Version.class,
        description = {
            "Runs Renaissance benchmarks (or any Java command) on two JVMs, each invocation a separate JVM launch,",
            "in interleaved pairs (A B, B A, A B, ...), and reports in report/renaissance/ the speedup time(A)/time(B)",
            "with a 95%% bootstrap interval (studentized), marked when it excludes 1, G1 pause counts and times, and the",
            "Object Copy and Termination times of every pause.",
            "The Renaissance jar is in no package registry; download it from",
            "  " + RenaissanceSuite.DOWNLOAD,
            ""
        },
        footer = {
            "",
            "Presets (explicit options override them):",
            "  --quick   " + RenaissanceRunner.QUICK_BENCHMARKS + ";",
            "            3 warm-up + 5 measured repetitions, 4 invocations per JVM; sized for 20 minutes on 2 cores",
            "  --paper   every benchmark of the suite (one that fails on a JDK is reported as a failure);",
            "            0 warm-up + 10 repetitions as in BWoS section 6.3.1, 3 invocations per JVM",
            "",
            "Exit code: 0 done, 1 done but some invocations failed (see REPORT.md), 2 usage error.",
            "",
            "Examples:",
            "  ./renaissance --suite renaissance-gpl-0.16.1.jar --quick",
            "  ./renaissance --suite renaissance-gpl-0.16.1.jar -b scala-kmeans,fj-kmeans -w 5 -r 10 -i 5",
            "  ./renaissance --command \"-cp app.jar com.example.Main 100\" --name main -i 10",
            "  ./renaissance --report-only --out docs/measurements/renaissance-2026-12-04   (recompute a report)",
            "  ./renaissance --jvm g1=/usr/lib/jvm/java-17 --jvm g1-1t=/usr/lib/jvm/java-17 \\",
            "                --jvm-opts g1-1t=-XX:ParallelGCThreads=1 --command \"...\""
        })
public final class RenaissanceRunner implements Callable<Integer> {

    static final String QUICK_BENCHMARKS = "scala-kmeans,fj-kmeans,scala-stm-bench7,philosophers";

    @Option(names = "--suite", paramLabel = "<jar>",
            description = "Renaissance suite jar (default: $RENAISSANCE_JAR).")
    Path suite;

    @Option(names = "--command", paramLabel = "<java arguments>",
            description = "Instead of Renaissance: run `java <flags> <java arguments>` (e.g. \"-cp app.jar Main 100\")"
                    + " and time each invocation from launch to exit.")
    String command;

    @Option(names = "--name", paramLabel = "<name>", defaultValue = "command",
            description = "Name of the --command workload in the report (default: ${DEFAULT-VALUE}).")
    String commandName;

    @Option(names = "--jvm", paramLabel = "<name>=<java home>",
            description = "A JVM to compare; give two, the baseline first (default: jdk-stock and jdk-bwos in the "
                    + "hotspot-patch build cache, $TASKPOOLS_CACHE or ~/.cache/taskpools).")
    List<String> jvms = new ArrayList<>();

    @Option(names = "--jvm-opts", paramLabel = "<name>=<flags>",
            description = "Extra flags (space-separated) for one JVM only, after the common flags.")
    List<String> jvmOpts = new ArrayList<>();

    @Option(names = {"-b", "--benchmarks"}, paramLabel = "<list>", split = ",",
            description = "Benchmark names, `all`, or a preset (`quick`, `paper`).")
    List<String> benchmarks;

    @Option(names = {"-r", "--repetitions"}, paramLabel = "<n>",
            description = "Measured repetitions per invocation, after the warm-up (default 5).")
    Integer repetitions;

    @Option(names = {"-w", "--warmup"}, paramLabel = "<n>",
            description = "Repetitions discarded at the start of each invocation (default 3).")
    Integer warmup;

    @Option(names = {"-i", "--invocations"}, paramLabel = "<n>",
            description = "JVM launches per JVM and benchmark, run interleaved (default 4).")
    Integer invocations;

    @Option(names = "--flags", paramLabel = "<flags>", defaultValue = "-XX:+UseG1GC -XX:+DisableExplicitGC",
            description = "Flags of every JVM, space-separated (default: the paper's, ${DEFAULT-VALUE}).")
    String flags;

    @Option(names = "--jvm-arg", paramLabel = "<flag>", description = "One more flag for every JVM (repeatable).")
    List<String> jvmArgs = new ArrayList<>();

    @Option(names = "--gc-threads", paramLabel = "<n>", description = "Adds -XX:ParallelGCThreads=<n> to every JVM.")
    Integer gcThreads;

    @Option(names = "--heap", paramLabel = "<size>",
            description = "Adds -Xms<size> -Xmx<size> to every JVM (for example 2g): a fixed heap, so that G1's "
                    + "sizing does not decide the pause count; the report shows the committed heap either way.")
    String heap;

    @Option(names = "--heaps", paramLabel = "<file>",
            description = "A fixed heap per benchmark, the same on both JVMs: lines benchmark=size (# comments); "
                    + "overrides --heap for the benchmarks it lists (renaissance-runner/heaps-0.16.1.txt: the "
                    + "whole-suite run's).")
    Path heapsFile;

    @Option(names = "--quick", description = "Preset: a few GC-heavy benchmarks, sized for 20 minutes on 2 cores.")
    boolean quick;

    @Option(names = "--paper", description = "Preset: every benchmark of the suite, 10 repetitions (BWoS 6.3.1).")
    boolean paper;

    @Option(names = "--out", paramLabel = "<dir>",
            description = "Output directory (default: report/renaissance at the repository root).")
    Path out;

    @Option(names = "--timeout", paramLabel = "<minutes>", defaultValue = "30",
            description = "A JVM launch running longer is ended and recorded as a failure (default ${DEFAULT-VALUE}).")
    long timeoutMinutes;

    @Option(names = "--bootstrap", paramLabel = "<n>", defaultValue = "10000",
            description = "Bootstrap replicates (default ${DEFAULT-VALUE}).")
    int replicates;

    @Option(names = "--seed", paramLabel = "<n>", defaultValue = "20230710",
            description = "Seed of the bootstrap (default ${DEFAULT-VALUE}); same data and seed, same intervals.")
    long seed;

    @Option(names = "--interval", paramLabel = "<method>",
            description = "Bootstrap interval: studentized (default of a run), bca, or percentile (what runners before "
                    + "2026-12-05 used; the default of --report-only on their output, so that it recomputes their tables).")
    Stats.Method interval;

    @Option(names = "--report-only", description = "Rebuild the report from the output directory's invocations.jsonl "
            + "and run.json (or, without run.json, the run recorded in summary.json).")
    boolean reportOnly;

    private final PrintStream log;
    private final Map<String, String> env;
    private final List<String> argv;

    RenaissanceRunner(PrintStream log, Map<String, String> env, List<String> argv) {
        this.log = log;
        this.env = env;
        this.argv = argv;
    }

    public static void main(String[] args) {
        System.setProperty("java.awt.headless", "true");
        System.exit(run(System.out, System.getenv(), args));
    }

    /** Runs the command line; returns the exit code (0 done, 1 some invocations failed, 2 usage error). */
    static int run(PrintStream log, Map<String, String> env, String... args) {
        return new CommandLine(new RenaissanceRunner(log, env, List.of(args)))
                .setCaseInsensitiveEnumValuesAllowed(true)
                .setOut(new PrintWriter(log, true)).execute(args);
    }

    /** A usage problem found after parsing. */
    static final class UsageException extends Exception {
        private static final long serialVersionUID = 1L;

        UsageException(String message) {
            super(message);
        }
    }

    @Override
    public Integer call() throws IOException, InterruptedException {
        try {
            return runChecked();
        } catch (UsageException | IllegalArgumentException e) {
            System.err.println("renaissance: " + e.getMessage());
            return 2;
        } catch (InterruptedException e) {
            return 130; // Ctrl-C: the shutdown hook writes the report
        }
    }

    private int runChecked() throws IOException, InterruptedException, UsageException {
        Path outDir = (out != null ? out : defaultOut()).toAbsolutePath();
        if (reportOnly) {
            if (!(Files.isRegularFile(outDir.resolve(ReportWriter.RUN_INFO))
                    || Files.isRegularFile(outDir.resolve(ReportWriter.SUMMARY)))
                    || !Files.isRegularFile(outDir.resolve(ResultStore.FILE))) {
                throw new UsageException("--report-only: no run in " + outDir + " (" + ReportWriter.RUN_INFO + " or "
                        + ReportWriter.SUMMARY + ", and " + ResultStore.FILE + ", are written by a run)");
            }
            RunInfo info = ReportWriter.readRunInfo(outDir);
            if (interval != null) {
                info = info.withInterval(interval);
            }
            List<InvocationResult> results = ResultStore.load(outDir);
            boolean complete = results.size() == info.benchmarks().size() * info.invocations() * info.jvms().size();
            ReportWriter.write(info, results, complete, outDir);
            log.println("renaissance: wrote " + outDir.resolve(ReportWriter.REPORT));
            return 0;
        }
        if (quick && paper) {
            throw new UsageException("--quick and --paper exclude each other");
        }
        List<JvmSpec> specs = jvmSpecs();
        List<String> common = new ArrayList<>(JavaCommand.split(flags));
        if (gcThreads != null) {
            common.add("-XX:ParallelGCThreads=" + gcThreads);
        }
        if (heap != null) {
            if (!Heaps.SIZE.matcher(heap).matches()) {
                throw new UsageException("--heap takes a size such as 2g or 1536m, not " + heap);
            }
            common.add("-Xms" + heap);
            common.add("-Xmx" + heap);
        }
        common.addAll(jvmArgs);
        Map<String, String> listed = heapsFile == null ? Map.of() : Heaps.read(heapsFile);

        boolean paperPreset = paper || (benchmarks != null && benchmarks.equals(List.of("paper")));
        boolean quickPreset = quick || (benchmarks != null && benchmarks.equals(List.of("quick")));
        int reps = repetitions != null ? repetitions : paperPreset ? 10 : 5;
        int warm = warmup != null ? warmup : paperPreset ? 0 : 3;
        int invs = invocations != null ? invocations : paperPreset ? 3 : 4;
        if (reps < 1 || warm < 0 || invs < 1 || replicates < 100 || timeoutMinutes < 1) {
            throw new UsageException("need --repetitions >= 1, --warmup >= 0, --invocations >= 1, "
                    + "--bootstrap >= 100, --timeout >= 1");
        }
        Workload workload;
        if (command != null) {
            if (suite != null || quickPreset || paperPreset || benchmarks != null) {
                throw new UsageException("--command runs one program: no --suite, --benchmarks, --quick or --paper");
            }
            if (repetitions != null || warmup != null) {
                throw new UsageException("--command times whole invocations: no --repetitions or --warmup "
                        + "(use --invocations)");
            }
            workload = new JavaCommand(commandName, command);
            reps = 1;
        } else {
            Path jar = suite != null ? suite
                    : env.get("RENAISSANCE_JAR") != null ? Path.of(env.get("RENAISSANCE_JAR")) : null;
            String problem = RenaissanceSuite.problem(jar);
            if (problem != null) {
                throw new UsageException(problem);
            }
            List<String> names;
            if (paperPreset || (benchmarks != null && benchmarks.equals(List.of("all")))) {
                names = listBenchmarks(specs.get(0), jar);
            } else if (quickPreset) {
                names = List.of(QUICK_BENCHMARKS.split(","));
            } else if (benchmarks == null || benchmarks.isEmpty()) {
                throw new UsageException("say which benchmarks: --benchmarks <names|all|quick|paper>, --quick or --paper");
            } else {
                names = benchmarks;
            }
            workload = new RenaissanceSuite(jar, names, warm, reps);
        }

        Files.createDirectories(outDir);
        ResultStore.clearPrevious(outDir);
        List<RunInfo.Jvm> jvmInfo = new ArrayList<>();
        Map<String, String> heaps = new LinkedHashMap<>(); // the sizes of the benchmarks run, in their order
        workload.benchmarks().stream().filter(listed::containsKey).forEach(b -> heaps.put(b, listed.get(b)));
        List<String> unlisted = workload.benchmarks().stream().filter(b -> !heaps.containsKey(b)).toList();
        if (heapsFile != null && !unlisted.isEmpty()) {
            log.println("renaissance: --heaps lists no size for " + String.join(", ", unlisted)
                    + (heap != null ? ": they run with --heap " + heap : ": G1 sizes their heaps"));
        }
        Campaign campaign = new Campaign(specs, common, heaps, workload, invs, outDir,
                Duration.ofMinutes(timeoutMinutes), log);
        for (JvmSpec s : specs) {
            jvmInfo.add(new RunInfo.Jvm(s.name(), s.javaHome().toString(), campaign.flags(s),
                    RunInfo.javaVersion(s.java(), campaign.flags(s))));
        }
        RunInfo info = RunInfo.of(commandLine(), workload, reps, invs, jvmInfo, heaps, replicates, seed,
                interval != null ? interval : Stats.Method.STUDENTIZED);
        ReportWriter.writeRunInfo(info, outDir);
        ResultStore store = ResultStore.create(outDir);
        Charts.prepare();

        // Ctrl-C: end the running launch and write the report of what finished.
        Thread hook = new Thread(() -> {
            campaign.abort();
            try {
                ReportWriter.write(info, store.snapshot(), false, outDir);
                System.err.println("renaissance: interrupted; report of " + store.snapshot().size()
                        + " finished invocations in " + outDir.resolve(ReportWriter.REPORT));
            } catch (IOException | RuntimeException e) {
                System.err.println("renaissance: interrupted; could not write the report: " + e);
            }
        }, "renaissance-report-on-exit");
        Runtime.getRuntime().addShutdownHook(hook);
        campaign.run(store);
        Runtime.getRuntime().removeShutdownHook(hook);

        List<InvocationResult> results = store.snapshot();
        Analysis.Summary s = ReportWriter.write(info, results, true, outDir);
        long failed = results.stream().filter(r -> !r.ok()).count();
        log.println("renaissance: wrote " + outDir.resolve(ReportWriter.REPORT)
                + (failed > 0 ? " (" + failed + " failed invocations, listed there)" : ""));
        if (s.geomean() != null) {
            log.printf(java.util.Locale.ROOT, "renaissance: geometric mean speedup %.3f [%.3f, %.3f]%n",
                    s.geomean(), s.geomeanLow(), s.geomeanHigh());
        }
        return failed > 0 ? 1 : 0;
    }

    private Path defaultOut() {
        String root = System.getProperty("taskpools.root");
        return (root != null ? Path.of(root) : Path.of("")).resolve("report").resolve("renaissance");
    }

    private List<JvmSpec> jvmSpecs() throws UsageException {
        Map<String, Path> homes = new LinkedHashMap<>();
        if (jvms.isEmpty()) {
            String cache = env.getOrDefault("TASKPOOLS_CACHE",
                    Path.of(System.getProperty("user.home"), ".cache", "taskpools").toString());
            homes.put("jdk-stock", Path.of(cache, "jdk-stock"));
            homes.put("jdk-bwos", Path.of(cache, "jdk-bwos"));
        } else {
            for (String j : jvms) {
                int eq = j.indexOf('=');
                if (eq <= 0) {
                    throw new UsageException("--jvm wants <name>=<java home>, got '" + j + "'");
                }
                if (homes.put(j.substring(0, eq), Path.of(j.substring(eq + 1))) != null) {
                    throw new UsageException("JVM name '" + j.substring(0, eq) + "' given twice");
                }
            }
        }
        if (homes.size() != 2) {
            throw new UsageException("compare exactly two JVMs (--jvm twice, baseline first); got " + homes.size());
        }
        Map<String, List<String>> own = new LinkedHashMap<>();
        for (String o : jvmOpts) {
            int eq = o.indexOf('=');
            if (eq <= 0 || !homes.containsKey(o.substring(0, eq))) {
                throw new UsageException("--jvm-opts wants <name>=<flags> for a --jvm name, got '" + o + "'");
            }
            own.computeIfAbsent(o.substring(0, eq), k -> new ArrayList<>()).addAll(JavaCommand.split(o.substring(eq + 1)));
        }
        List<JvmSpec> specs = new ArrayList<>();
        for (var e : homes.entrySet()) {
            JvmSpec s = new JvmSpec(e.getKey(), e.getValue(), own.getOrDefault(e.getKey(), List.of()));
            String problem = s.problem();
            if (problem != null) {
                throw new UsageException(problem + (jvms.isEmpty()
                        ? " (build it with hotspot-patch/build.sh, or name two JVMs with --jvm <name>=<java home>)" : ""));
            }
            specs.add(s);
        }
        return specs;
    }

    /** The suite's benchmarks ({@code java -jar <suite> --list}, run with the baseline JVM). */
    private List<String> listBenchmarks(JvmSpec jvm, Path jar) throws IOException, InterruptedException,
            UsageException {
        Process p = new ProcessBuilder(jvm.java().toString(), "-jar", jar.toString(), "--list")
                .redirectErrorStream(true).start();
        List<String> lines = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        if (!p.waitFor(5, TimeUnit.MINUTES) || p.exitValue() != 0) {
            throw new UsageException("`java -jar " + jar + " --list` failed: " + String.join("\n", lines));
        }
        List<String> names = HarnessJson.parseList(lines);
        if (names.isEmpty()) {
            throw new UsageException("`java -jar " + jar + " --list` listed no benchmarks");
        }
        return names;
    }

    private String commandLine() {
        StringBuilder sb = new StringBuilder("./renaissance");
        for (String a : argv) {
            sb.append(' ').append(a.matches("[\\w./=:,+@%-]+") ? a : "'" + a.replace("'", "'\\''") + "'");
        }
        return sb.toString();
    }

    /** The version line of {@code --version}. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = RenaissanceRunner.class.getPackage().getImplementationVersion();
            return new String[] {"renaissance-runner " + (v != null ? v : "(development build)")};
        }
    }
}
