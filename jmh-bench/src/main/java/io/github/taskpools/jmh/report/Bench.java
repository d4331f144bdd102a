package io.github.taskpools.jmh.report;

import io.github.taskpools.jmh.report.BenchOptions.BadOption;
import io.github.taskpools.jmh.report.Experiments.Experiment;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * Runs the taskpools JMH experiments and writes the report: the program behind {@code ./bench} (see
 * {@link BenchOptions#USAGE}).
 *
 * <pre>
 * java -cp jmh-bench/target/benchmarks.jar io.github.taskpools.jmh.report.Bench [./bench options]
 * </pre>
 *
 * run in the repository root (results in {@code report/}). Per experiment it writes {@code <id>.json}
 * (JMH's JSON result), {@code <id>.log} (JMH's console output) and {@code <id>.env.txt} (machine and
 * command), then regenerates {@code REPORT.md}, {@code summary.json} and the charts from every result
 * present ({@link Report#write}). An experiment that is interrupted or fails keeps its previous result;
 * an interrupted one leaves its partial console output in {@code <id>.log.interrupted}, and the report
 * is written of everything that finished (exit code 130).
 *
 * <p>Implementation notes. An experiment ({@link Experiments}) is one JMH run per configuration of its
 * thread sweep ({@link Experiment#threadArgs}), each repeated {@code --rounds} times; the rounds of a
 * run are merged first ({@link Report#mergeRounds}), then the runs of the sweep ({@link Report#merge}),
 * into {@code <id>.json}. JMH runs in this JVM through its {@link Runner} API from the arguments its own
 * command line would take, which {@code <id>.env.txt} records as that command; its forks inherit this
 * JVM's arguments, so the launcher starts it with none. Its console output goes to the log, and the
 * lines that show progress or failure also to the standard error. On SIGINT or SIGTERM a shutdown hook
 * stops the JMH run at its next line of output (before it can write its result file), ends its forks,
 * puts back the previous result of the experiment that was running, writes the report and halts. The
 * charts are encoded without ImageIO's disk cache, whose streams register shutdown hooks of their own,
 * which the JVM refuses once it shuts down.
 */
public final class Bench {
    /** The JMH console lines the user sees while a run goes on (all of them go to the log). */
    private static final Pattern SHOWN = Pattern.compile("^# (Run progress|Parameters|Threads)|<failure>|Exception|^Error");
    /** Per configuration and fork: starting the JVM and the trial's set-up and tear-down, in seconds. */
    private static final double FORK_OVERHEAD_SECONDS = 1.5;
    /** The exit code of an interrupted run (128 + SIGINT), as a shell gives it. */
    private static final int INTERRUPTED = 130;

    private final BenchOptions options;
    private final List<String> argv;
    private final Path out;
    private final Path jar;
    private final String java;
    private final int cores;

    /** Guards the files of the experiment that is running against the shutdown hook. */
    private final Object files = new Object();
    /** The experiment whose files are in flux, or null; written and read under {@link #files}. */
    private String current;
    /** Set once by the shutdown hook, under {@link #files}; read by the output of JMH runs, so volatile. */
    private volatile boolean stopping;
    /** Set once when the runs end by themselves, under {@link #files}: the shutdown hook then does nothing. */
    private boolean finished;

    /**
     * A run of {@code ./bench} with these options and arguments that writes into {@code out}, with JMH's
     * classes from {@code jar} on the JVM {@code java}; its thread sweeps count with {@code cores} cores.
     */
    Bench(BenchOptions options, List<String> argv, Path out, Path jar, String java, int cores) {
        this.options = options;
        this.argv = argv;
        this.out = out;
        this.jar = jar;
        this.java = java;
        this.cores = cores;
    }

    /**
     * Runs {@code ./bench} with these arguments in the current directory, the repository root; exits with
     * 0, with 1 if an experiment failed, with 2 for a bad command line and with 130 when interrupted.
     */
    public static void main(String[] args) {
        System.setProperty("java.awt.headless", "true");
        // Charts without ImageIO's disk cache: its streams add shutdown hooks, refused in the report of an
        // interrupted run, which the shutdown hook writes.
        ImageIO.setUseCache(false);
        List<String> argv = List.of(args);
        BenchOptions options;
        try {
            options = BenchOptions.parse(argv, Path.of("").toAbsolutePath());
        } catch (BadOption e) {
            System.err.println("bench: " + e.getMessage());
            if (e.showUsage()) {
                System.err.print(BenchOptions.USAGE);
            }
            System.exit(2);
            return;
        }
        if (options.help()) {
            System.out.print(BenchOptions.USAGE);
            return;
        }
        try {
            Path root = Path.of("").toAbsolutePath();
            System.exit(new Bench(options, argv, options.from() != null ? options.from() : root.resolve("report"),
                    Path.of(System.getProperty("java.class.path")).toAbsolutePath(), java(options.jvm()),
                    options.threads() != null ? options.threads() : Runtime.getRuntime().availableProcessors())
                    .run());
        } catch (BadOption e) {
            System.err.println("bench: " + e.getMessage());
            System.exit(2);
        } catch (IOException e) {
            System.err.println("bench: " + e);
            System.exit(1);
        }
    }

    /**
     * The java command the launcher started this JVM with, as {@code ./bench} names it: that of
     * {@code --jvm}, else of {@code JAVA_HOME}, else {@code java} on the PATH.
     */
    private static String java(String jvm) {
        if (jvm != null) {
            return jvm + "/bin/java";
        }
        String home = System.getenv("JAVA_HOME");
        if (home != null && !home.isEmpty()) {
            return home + "/bin/java";
        }
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            Path p = Path.of(dir.isEmpty() ? "." : dir, "java");
            if (Files.isExecutable(p)) {
                return p.toString();
            }
        }
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    private int run() throws IOException {
        if (options.list()) {
            System.out.print(listing());
            return 0;
        }
        Files.createDirectories(out);
        if (options.reportOnly()) {
            System.out.println(report());
            return 0;
        }
        List<Experiment> selected = select();
        String roundsNote = options.rounds() > 1 ? " x " + options.rounds() + " rounds" : "";
        int total = 0;
        for (Experiment e : selected) {
            total += e.configurations(!options.full(), cores, options.oversubscribe());
        }
        System.err.println("bench: preset " + options.preset() + ": " + selected.size() + " experiment(s), " + total
                + " configurations, forks " + options.forks() + roundsNote + ", warmup " + options.warmup() + " x "
                + options.time() + ", measurement " + options.iterations() + " x " + options.time() + ": about "
                + minutes(estimate(total)));
        Runtime.getRuntime().addShutdownHook(new Thread(this::interrupted, "bench-interrupted"));
        int rc = 0;
        long start = System.nanoTime();
        try {
            for (int k = 0; k < selected.size(); k++) {
                rc = Math.max(rc, experiment(selected.get(k), k + 1, selected.size(), start));
            }
        } finally {
            synchronized (files) {
                finished = true;
            }
        }
        System.err.println("bench: done in " + minutes(elapsed(start)) + "; report in report/REPORT.md");
        return rc;
    }

    /** {@code ./bench --list}: the experiments with their cores, architecture, configurations and sweeps. */
    String listing() {
        StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "%-26s %-6s %-6s %-14s %-24s %s%n",
                "experiment", "cores", "arch", "configs q/f", "threads quick ; full", "quick preset parameters"));
        for (Experiment e : Experiments.ALL) {
            List<String> q = e.quickArgs(cores);
            List<String> f = e.fullArgs(cores);
            s.append(String.format(Locale.ROOT, "%-26s %-6s %-6s %-14s %-24s %s%n", e.id(), e.minCores(),
                    e.x86Only() ? "x86" : "any",
                    e.configurations(true, cores, options.oversubscribe()) + "/"
                            + e.configurations(false, cores, options.oversubscribe()),
                    Report.threadRuns(e, true, cores, options.oversubscribe()) + " ; "
                            + Report.threadRuns(e, false, cores, options.oversubscribe()),
                    (q.isEmpty() ? "(all)" : String.join(" ", q))
                            + (f.isEmpty() ? "" : " (full: " + String.join(" ", f) + ")")));
        }
        return s.toString();
    }

    /**
     * The experiments asked for (every one if none was, leaving out those that need virtual threads on a
     * JVM without them), checked against this machine.
     *
     * @throws BadOption for an unknown experiment or one this machine cannot run
     */
    private List<Experiment> select() {
        List<Experiment> selected = new ArrayList<>();
        int feature = Runtime.version().feature();
        if (options.ids().isEmpty()) {
            for (Experiment e : Experiments.ALL) {
                if (e.id().startsWith("vthread-") && feature < 21) {
                    System.err.println("bench: leaving out " + e.id() + ": it needs virtual threads (JDK 21+), this"
                            + " JVM is " + feature + "; add --jvm JAVA_HOME of a JDK 21+");
                } else {
                    selected.add(e);
                }
            }
        }
        for (String id : options.ids()) {
            Experiment e = Experiments.byId(id);
            if (e == null) {
                throw new BadOption("unknown experiment '" + id + "' (known: "
                        + String.join(" ", Experiments.ALL.stream().map(Experiment::id).toList()) + ")", false);
            }
            selected.add(e);
        }
        int processors = Runtime.getRuntime().availableProcessors();
        String arch = System.getProperty("os.arch");
        for (Experiment e : selected) {
            if (processors < e.minCores()) {
                throw new BadOption("experiment " + e.id() + " needs at least " + e.minCores() + " cores (its threads"
                        + " on separate cores), this machine has " + processors + "; leave it out with --only", false);
            }
            if (e.x86Only() && !arch.equals("amd64") && !arch.equals("x86_64")) {
                throw new BadOption("experiment " + e.id() + " needs x86-64 (the fence-free deques rely on its bounded"
                        + " TSO), this machine is " + arch, false);
            }
        }
        Integer threads = options.threads();
        if (threads != null && threads < 2) {
            throw new BadOption("--threads " + threads + ": a pool needs at least 2 workers to steal", false);
        }
        if (threads != null && threads > processors) {
            throw new BadOption("--threads " + threads + " is more than the " + processors + " available processors;"
                    + " oversubscribed threads measure the OS scheduler, not the queues", false);
        }
        return selected;
    }

    /** Runs one experiment, {@code k} of {@code n}; returns 0, or 1 if anything of it failed. */
    private int experiment(Experiment e, int k, int n, long start) throws IOException {
        String id = e.id();
        int rc = 0;
        String load = Machine.loadAverages().split(" ")[0];
        if (!load.isEmpty() && Double.parseDouble(load) > 0.5) {
            System.err.println("bench: warning: 1-minute load average is " + load
                    + "; other work may disturb the results");
        }
        Path json = out.resolve(id + ".json");
        Path prev = out.resolve(id + ".json.prev");
        Path envTmp = out.resolve("." + id + ".env.txt.tmp");
        Path logTmp = out.resolve("." + id + ".log.tmp");
        synchronized (files) {
            current = id;
            if (Files.exists(json)) {
                Files.move(json, prev, StandardCopyOption.REPLACE_EXISTING);
            }
        }
        List<String> runs = runs(e);
        List<String> sweep = runs.isEmpty() ? Arrays.asList((String) null) : runs;
        Files.writeString(envTmp, Machine.describe(java) + commands(e), StandardCharsets.UTF_8);
        int configs = e.configurations(!options.full(), cores, options.oversubscribe());
        System.err.println("bench: [" + k + "/" + n + "] " + id + ": " + configs + " configurations"
                + (runs.isEmpty() ? "" : " (threads " + String.join(",", runs) + ")") + ", about "
                + minutes(estimate(configs)) + " (elapsed so far " + minutes(elapsed(start))
                + "; full JMH log in report/" + id + ".log)");
        Files.writeString(logTmp, "", StandardCharsets.UTF_8);
        List<Path> parts = new ArrayList<>();
        for (String t : sweep) {
            if (t != null) {
                parts.add(target(id, t));
            }
            List<Path> rounds = new ArrayList<>();
            for (int r = 1; r <= options.rounds(); r++) {
                if (options.rounds() > 1) {
                    String note = "bench: " + id + (t == null ? "" : " at " + t + " threads") + ": round " + r + " of "
                            + options.rounds();
                    Files.writeString(logTmp, note + "\n", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
                    System.err.println(note);
                }
                if (!jmh(jmhArgs(e, t, r), logTmp)) {
                    System.err.println("bench: JMH exited with 1 for " + id + (t == null ? "" : " at " + t + " threads"));
                    rc = 1;
                }
                Path rf = roundFile(id, t, r);
                if (options.rounds() > 1 && hasResults(rf)) {
                    rounds.add(rf);
                }
            }
            if (options.rounds() > 1) {
                rc = Math.max(rc, mergeRounds(id, t, rounds));
            }
        }
        synchronized (files) {
            if (stopping) {
                return rc;
            }
            List<Path> done = new ArrayList<>();
            for (Path p : parts) {
                if (hasResults(p)) {
                    done.add(p);
                }
            }
            if (!done.isEmpty()) {
                try {
                    Report.merge(json, done);
                } catch (IOException | RuntimeException x) {
                    x.printStackTrace();
                    rc = 1;
                }
            }
            for (Path p : parts) {
                Files.deleteIfExists(p);
            }
            Path logFile = out.resolve(id + ".log");
            Files.move(logTmp, logFile, StandardCopyOption.REPLACE_EXISTING);
            Files.writeString(envTmp, Machine.loadAfter(), StandardCharsets.UTF_8, StandardOpenOption.APPEND);
            if (Files.readString(logFile, StandardCharsets.UTF_8).contains("<failure>")) {
                System.err.println("bench: some benchmarks of " + id + " failed (see report/" + id + ".log); they are"
                        + " missing from the report");
                rc = 1;
            }
            if (hasResults(json)) {
                Files.deleteIfExists(prev);
                Files.move(envTmp, out.resolve(id + ".env.txt"), StandardCopyOption.REPLACE_EXISTING);
            } else {
                System.err.println("bench: no JSON result for " + id + "; report/" + id + ".json left as it was");
                Files.deleteIfExists(json);
                Files.deleteIfExists(envTmp);
                if (Files.exists(prev)) {
                    Files.move(prev, json, StandardCopyOption.REPLACE_EXISTING);
                }
                rc = 1;
            }
            current = null;
            // The report after every experiment, so that it is current even if a later one is interrupted.
            try {
                System.err.println(report());
            } catch (IOException | RuntimeException x) {
                x.printStackTrace();
                rc = 1;
            }
        }
        return rc;
    }

    /** Merges the rounds of the run {@code t} of experiment {@code id}; returns 0, or 1 if it could not. */
    private int mergeRounds(String id, String t, List<Path> rounds) throws IOException {
        int rc = 0;
        if (rounds.size() == options.rounds()) {
            try {
                Report.mergeRounds(target(id, t), rounds);
            } catch (IOException | RuntimeException x) {
                x.printStackTrace();
                rc = 1;
            }
        } else {
            System.err.println("bench: " + id + (t == null ? "" : " at " + t + " threads") + ": only " + rounds.size()
                    + " of " + options.rounds() + " rounds have results; not merged");
            rc = 1;
        }
        for (int r = 1; r <= options.rounds(); r++) {
            Files.deleteIfExists(roundFile(id, t, r));
        }
        return rc;
    }

    /** The runs of the experiment's thread sweep ({@link Experiments.ThreadSweep#runs}); empty if it has none. */
    private List<String> runs(Experiment e) {
        return e.threads() == null ? List.of() : e.threads().runs(!options.full(), cores, options.oversubscribe());
    }

    /**
     * The commands of an experiment's run as {@code <id>.env.txt} records them: {@code ./bench}'s, then
     * the JMH command of each run of its thread sweep (of the first round, if there are several).
     */
    String commands(Experiment e) {
        StringBuilder s = new StringBuilder("bench command:  ./bench").append(argv.isEmpty() ? "" : " " + quoted(argv))
                .append('\n');
        List<String> runs = runs(e);
        for (String t : runs.isEmpty() ? Arrays.asList((String) null) : runs) {
            s.append("JMH command:    ").append(quoted(commandLine(jmhArgs(e, t, 1))))
                    .append(options.rounds() > 1 ? " (" + options.rounds() + " rounds, merged)" : "").append('\n');
        }
        return s.toString();
    }

    /**
     * The JMH arguments of the run {@code t} of the thread sweep (null: the experiment has none), round
     * {@code r}: the experiment's include pattern, the preset's forks, iterations and parameters, the
     * threads ({@code --threads} for a benchmark on as many threads as processors, else the sweep's), the
     * result file, the profilers and the extra arguments.
     */
    private List<String> jmhArgs(Experiment e, String t, int r) {
        List<String> args = new ArrayList<>(List.of(e.include(), "-f", Integer.toString(options.forks()),
                "-wi", Integer.toString(options.warmup()), "-w", options.time(),
                "-i", Integer.toString(options.iterations()), "-r", options.time()));
        args.addAll(options.full() ? e.fullArgs(cores) : e.quickArgs(cores));
        if (options.threads() != null && e.threadsFromCores()) {
            args.addAll(List.of("-t", Integer.toString(options.threads())));
        }
        if (t != null) {
            args.addAll(e.threadArgs(t));
        }
        Path rff = options.rounds() > 1 ? roundFile(e.id(), t, r) : target(e.id(), t);
        args.addAll(List.of("-rf", "json", "-rff", rff.toString()));
        for (String p : options.profilers()) {
            args.addAll(List.of("-prof", p));
        }
        args.addAll(options.extra());
        return args;
    }

    /** The command line that runs JMH with {@code args} on its own, as {@code <id>.env.txt} records it. */
    private List<String> commandLine(List<String> args) {
        List<String> c = new ArrayList<>(List.of(java, "-jar", jar.toString()));
        c.addAll(args);
        return c;
    }

    /** The run {@code t} of a thread sweep as part of a file name ("" if the experiment has no sweep). */
    private static String tag(String t) {
        return t == null ? "" : ".t" + t.replace('/', '-');
    }

    /** The result file of the run {@code t}: a part file of the sweep, or the experiment's result file. */
    private Path target(String id, String t) {
        return t == null ? out.resolve(id + ".json") : out.resolve("." + id + tag(t) + ".json");
    }

    /** The result file of round {@code r} of the run {@code t}, when there are rounds. */
    private Path roundFile(String id, String t, int r) {
        return out.resolve("." + id + tag(t) + ".r" + r + ".json");
    }

    private static boolean hasResults(Path p) throws IOException {
        return Files.isRegularFile(p) && Files.size(p) > 0
                && Files.readString(p, StandardCharsets.UTF_8).contains("\"benchmark\"");
    }

    /**
     * One JMH run in this JVM, its console output appended to {@code log}; false if JMH rejected the
     * arguments or failed as a whole (where its own command line would exit with 1). The run closes its
     * output when it ends, so each run has its own.
     */
    private boolean jmh(List<String> args, Path log) throws IOException {
        try (PrintStream console = new PrintStream(new Console(log), true, StandardCharsets.UTF_8)) {
            try {
                CommandLineOptions o = new CommandLineOptions(args.toArray(String[]::new));
                new Runner(o, OutputFormatFactory.createFormatInstance(console,
                        o.verbosity().orElse(VerboseMode.NORMAL))).run();
                return true;
            } catch (CommandLineOptionException x) {
                console.println("Error parsing command line:");
                console.println(" " + x.getMessage());
                return false;
            } catch (RunnerException x) {
                console.print("ERROR: ");
                x.printStackTrace(console);
                return false;
            }
        }
    }

    /** Writes the report of every result in the results directory; returns what it wrote. */
    private String report() throws IOException {
        List<Report.Section> sections = Report.write(out);
        return "wrote " + out.resolve("REPORT.md") + ", " + out.resolve("summary.json") + " and "
                + sections.stream().mapToInt(s -> s.charts().size()).sum() + " chart(s) for " + sections.size()
                + " experiment(s)";
    }

    /**
     * The shutdown hook: after an interruption (not after the runs' own end), stops the JMH run, ends its
     * forks, puts back the previous result of the experiment that was running, writes the report of
     * everything that finished and halts with {@value #INTERRUPTED}.
     */
    private void interrupted() {
        synchronized (files) {
            if (finished) {
                return;
            }
            stopping = true;
            ProcessHandle.current().descendants().forEach(ProcessHandle::destroy);
            System.err.println();
            System.err.println("bench: interrupted" + (current == null ? "" : " during " + current)
                    + "; finished experiments keep their results");
            try {
                if (current != null) {
                    String id = current;
                    Files.deleteIfExists(out.resolve(id + ".json"));
                    Files.deleteIfExists(out.resolve("." + id + ".env.txt.tmp"));
                    try (Stream<Path> s = Files.list(out)) {
                        for (Path p : s.filter(p -> p.getFileName().toString().startsWith("." + id + ".")
                                && p.getFileName().toString().endsWith(".json")).toList()) {
                            Files.deleteIfExists(p);
                        }
                    }
                    Path prev = out.resolve(id + ".json.prev");
                    if (Files.exists(prev)) {
                        Files.move(prev, out.resolve(id + ".json"), StandardCopyOption.REPLACE_EXISTING);
                    }
                    Path logTmp = out.resolve("." + id + ".log.tmp");
                    if (Files.exists(logTmp)) {
                        Files.move(logTmp, out.resolve(id + ".log.interrupted"), StandardCopyOption.REPLACE_EXISTING);
                    }
                }
                System.err.println(report());
            } catch (IOException | RuntimeException x) {
                System.err.println("bench: " + x);
            }
            System.err.flush();
            Runtime.getRuntime().halt(INTERRUPTED);
        }
    }

    /** Seconds of {@code configs} configurations at the options' forks, rounds, iterations and time. */
    private long estimate(int configs) {
        return (long) (configs * options.forks() * options.rounds()
                * ((options.warmup() + options.iterations()) * options.iterationSeconds() + FORK_OVERHEAD_SECONDS));
    }

    private static long elapsed(long start) {
        return (System.nanoTime() - start) / 1_000_000_000L;
    }

    private static String minutes(long seconds) {
        return seconds / 60 + " min " + seconds % 60 + " s";
    }

    /**
     * The words of a command line quoted for a POSIX shell as bash's {@code printf '%q '} does, each
     * followed by a space: a backslash before every character the shell would read specially.
     */
    static String quoted(List<String> words) {
        StringBuilder s = new StringBuilder();
        for (String w : words) {
            if (w.isEmpty()) {
                s.append("''");
            }
            for (int i = 0; i < w.length(); i++) {
                char c = w.charAt(i);
                if (" \t\n'\"\\|&;()<>!{}*[?]^$`,".indexOf(c) >= 0
                        || (c == '~' && (i == 0 || w.charAt(i - 1) == '=' || w.charAt(i - 1) == ':'))
                        || (c == '#' && i == 0)) {
                    s.append('\\');
                }
                s.append(c);
            }
            s.append(' ');
        }
        return s.toString();
    }

    /**
     * JMH's console: every byte to the experiment's log, and the lines that match {@link #SHOWN} also to
     * the standard error. Once the run is being stopped, a write blocks until the shutdown hook halts the
     * JVM, so that the interrupted JMH run writes nothing more (its result file least of all).
     */
    private final class Console extends OutputStream {
        private final OutputStream file;
        private final StringBuilder line = new StringBuilder();

        Console(Path log) throws IOException {
            this.file = Files.newOutputStream(log, StandardOpenOption.APPEND);
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            while (stopping) {
                try {
                    Thread.sleep(Long.MAX_VALUE);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException("bench interrupted", e);
                }
            }
            file.write(b, off, len);
            for (int i = off; i < off + len; i++) {
                if (b[i] == '\n') {
                    String l = new String(line.toString().getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8);
                    if (SHOWN.matcher(l).find()) {
                        System.err.println(l);
                    }
                    line.setLength(0);
                } else {
                    line.append((char) (b[i] & 0xff));
                }
            }
        }

        @Override
        public void flush() throws IOException {
            file.flush();
        }

        @Override
        public void close() throws IOException {
            file.close();
        }
    }
}
