package io.github.taskpools.service;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The service benchmark's runner (the BWoS paper's §6.3.2 set-up on the JVM): for every round,
 * server and executor (the executors' order rotated by one each round, as {@code ./bench --rounds}
 * interleaves), starts a server JVM ({@link ServerMain}), and for every endpoint and connection
 * count runs {@code wrk} once to warm up (discarded) and once measured, reading the server's CPU
 * time from {@code /proc} and the executor's counters from its {@code /stats} before and after.
 * With {@code --interleave}, a round starts every executor's server at once and runs the cells in
 * turn on each (the order rotated by one each cell), so that the executors of a cell are measured
 * minutes closer together.
 * Writes {@code runs.json}, {@code runs.csv} and {@code env.json} after every run, and at the end
 * the report ({@link Report}). See docs/service-bench.md.
 */
@Command(name = "service-bench", mixinStandardHelpOptions = true, sortOptions = false,
        description = "HTTP servers on the executors under test, loaded by wrk on the loopback.")
public final class ServiceBench implements Callable<Integer> {
    /** The endpoints: id, path and the posted order's items. */
    record Endpoint(String id, String path, int items) {
    }

    static final List<Endpoint> ENDPOINTS = List.of(
            new Endpoint("json-small", Endpoints.JSON, Orders.Size.SMALL.items),
            new Endpoint("json-medium", Endpoints.JSON, Orders.Size.MEDIUM.items),
            new Endpoint("json-large", Endpoints.JSON, Orders.Size.LARGE.items),
            new Endpoint("fanout", Endpoints.FANOUT, Orders.Size.MEDIUM.items),
            new Endpoint("blocking", Endpoints.BLOCKING, Orders.Size.SMALL.items));

    @Option(names = "--rounds", defaultValue = "1", description = "rounds; each runs every executor (default ${DEFAULT-VALUE})")
    int rounds;

    @Option(names = "--duration", defaultValue = "10", description = "seconds of each measured run (default ${DEFAULT-VALUE})")
    int duration;

    @Option(names = "--warmup", defaultValue = "5", description = "seconds of the discarded run before each measured one (default ${DEFAULT-VALUE}; 0: none)")
    int warmup;

    @Option(names = "--connections", split = ",", defaultValue = "16,64,256,1024", description = "keep-alive connections swept (default ${DEFAULT-VALUE})")
    List<Integer> connections;

    @Option(names = "--servers", split = ",", defaultValue = "jetty,jdk", description = "servers (default ${DEFAULT-VALUE})")
    List<String> servers;

    @Option(names = "--executors", split = ",", completionCandidates = ServiceExecutors.OptInNames.class,
            description = "executors (default: every one this JDK has: bwos, forkjoinpool, threadpoolexecutor, and on JDK 21+ virtual, virtual-bwos; on request: ${COMPLETION-CANDIDATES})")
    List<String> executors;

    @Option(names = "--endpoints", split = ",", defaultValue = "json-small,json-medium,json-large,fanout,blocking", description = "endpoints (default ${DEFAULT-VALUE})")
    List<String> endpoints;

    @Option(names = "--interleave", description = "start every executor's server of a round together and run each cell on"
            + " each of them in turn (the order rotated every cell), instead of one server's cells in a row")
    boolean interleave;

    @Option(names = "--parallelism", defaultValue = "-1", description = "workers of every executor (default: the available processors)")
    int parallelism;

    @Option(names = "--wrk-threads", defaultValue = "-1", description = "wrk threads (default: the available processors; at most the connections)")
    int wrkThreads;

    @Option(names = "--timeout", defaultValue = "5", description = "wrk's per-request timeout in seconds (default ${DEFAULT-VALUE})")
    int timeout;

    @Option(names = "--server-cpus", description = "pin the server JVM to these CPUs (taskset -c list, e.g. 0)")
    String serverCpus;

    @Option(names = "--client-cpus", description = "pin wrk to these CPUs (taskset -c list, e.g. 1)")
    String clientCpus;

    @Option(names = "--server-jvm-options", defaultValue = "-Xms1g -Xmx1g -XX:+AlwaysPreTouch", description = "options of the server JVMs, space-separated (default ${DEFAULT-VALUE})")
    String serverJvmOptions;

    @Option(names = "--slices", defaultValue = "8", description = "fan-out subtasks per request (default ${DEFAULT-VALUE})")
    int slices;

    @Option(names = "--block-micros", defaultValue = "1000", description = "the blocking endpoint's downstream latency (default ${DEFAULT-VALUE})")
    long blockMicros;

    @Option(names = "--selectors", defaultValue = "1", description = "Jetty's select loops (default ${DEFAULT-VALUE})")
    int selectors;

    @Option(names = "--out", defaultValue = "report/service", description = "results directory (default ${DEFAULT-VALUE})")
    Path out;

    @Option(names = "--report-only", description = "only rebuild the report from runs.json and env.json in --out")
    boolean reportOnly;

    /** This command as picocli parsed it: its errors go to the command line's own error stream. */
    @Spec
    CommandSpec spec;

    @Option(names = "--baseline", defaultValue = Report.BASELINE,
            description = "the executor the report's ratios divide by (default ${DEFAULT-VALUE}, or with --report-only the one the run recorded; e.g. virtual for virtual-bwos)")
    String baseline;

    static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    public static void main(String[] args) {
        System.setProperty("java.awt.headless", "true");
        ServiceBench bench = new ServiceBench();
        bench.argv = List.of(args);
        System.exit(new CommandLine(bench).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        try {
            ServiceExecutors.entry(baseline);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--baseline: " + e.getMessage());
        }
        if (reportOnly) {
            // Without --baseline, the one the run recorded.
            Report.write(out, spec.commandLine().getParseResult().hasMatchedOption("--baseline") ? baseline : null);
            System.err.println("service-bench: report in " + out.resolve("REPORT.md"));
            return 0;
        }
        check();
        int p = parallelism > 0 ? parallelism : Runtime.getRuntime().availableProcessors();
        List<String> chosen = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        for (String e : executors != null ? executors : ServiceExecutors.ENTRIES.stream().map(ServiceExecutors.Entry::name).toList()) {
            ServiceExecutors.Entry entry = ServiceExecutors.entry(e);
            if (entry.available()) {
                chosen.add(e);
            } else if (executors != null) {
                throw new CommandLine.ParameterException(spec.commandLine(),
                        "--executors: " + e + " is not available on JDK " + Runtime.version() + " (it needs JDK 21+)");
            } else {
                skipped.add(e + " (needs JDK 21+)");
            }
        }
        List<Endpoint> eps = new ArrayList<>();
        for (String id : endpoints) {
            eps.add(ENDPOINTS.stream().filter(x -> x.id().equals(id)).findFirst().orElseThrow(() ->
                    new CommandLine.ParameterException(spec.commandLine(), "--endpoints: unknown endpoint " + id
                            + " (known: " + ENDPOINTS.stream().map(Endpoint::id).toList() + ")")));
        }
        Files.createDirectories(out);
        Path lua = Files.createDirectories(out.resolve("lua"));
        ObjectMapper compact = new ObjectMapper();
        for (Endpoint e : eps) {
            Files.writeString(lua.resolve(e.id() + ".lua"),
                    WrkScript.post(compact.writeValueAsString(Orders.generate(e.id().hashCode(), e.items()))));
        }
        int cores = Runtime.getRuntime().availableProcessors();
        int threads = wrkThreads > 0 ? wrkThreads : cores;
        String wrkVersion = Wrk.version();
        Map<String, Object> env = new LinkedHashMap<>();
        env.put("started", Instant.now().toString());
        env.put("jdk", Runtime.version().toString());
        env.put("javaHome", System.getProperty("java.home"));
        env.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"));
        env.put("cpuModel", cpuModel());
        env.put("availableProcessors", cores);
        env.put("parallelism", p);
        env.put("wrk", wrkVersion);
        env.put("wrkThreads", threads);
        env.put("rounds", rounds);
        env.put("durationSeconds", duration);
        env.put("warmupSeconds", warmup);
        env.put("connections", connections);
        env.put("servers", servers);
        env.put("executors", chosen);
        env.put("skippedExecutors", skipped);
        env.put("endpoints", endpoints);
        env.put("placement", placement(cores));
        env.put("serverJvmOptions", serverJvmOptions);
        env.put("slices", slices);
        env.put("blockMicros", blockMicros);
        env.put("selectors", selectors);
        env.put("interleave", interleave);
        env.put("baseline", baseline);
        env.put("command", "service-bench " + String.join(" ", argv));
        JSON.writeValue(out.resolve("env.json").toFile(), env);

        ProcCpu cpu = ProcCpu.system();
        List<RunRecord> runs = new ArrayList<>();
        int total = rounds * servers.size() * chosen.size() * eps.size() * connections.size();
        long estimate = (long) total * (duration + warmup + 2) + (long) rounds * servers.size() * chosen.size() * 5;
        System.err.printf("service-bench: %d measured runs, about %d min; results in %s%n", total, (estimate + 59) / 60, out);
        for (int round = 1; round <= rounds; round++) {
            for (String server : servers) {
                List<String> order = rotated(chosen, round - 1);
                if (interleave) {
                    runInterleaved(round, server, order, p, threads, eps, cpu, runs);
                } else {
                    for (String executor : order) {
                        runServer(round, server, executor, p, threads, eps, cpu, runs);
                    }
                }
            }
        }
        Report.write(out, baseline);
        long failed = runs.stream().filter(RunRecord::failed).count();
        System.err.println("service-bench: report in " + out.resolve("REPORT.md") + (failed > 0 ? " (" + failed + " failed runs)" : ""));
        return 0;
    }

    /** The command line, for the report. */
    private List<String> argv = List.of();

    private void check() {
        CommandLine cl = spec.commandLine();
        if (rounds < 1 || duration < 1 || warmup < 0 || timeout < 1) {
            throw new CommandLine.ParameterException(cl, "--rounds, --duration and --timeout must be at least 1, --warmup at least 0");
        }
        for (int c : connections) {
            if (c < 1) {
                throw new CommandLine.ParameterException(cl, "--connections must be positive, got " + c);
            }
        }
        for (String s : servers) {
            if (!HttpService.SERVERS.contains(s)) {
                throw new CommandLine.ParameterException(cl, "--servers: unknown server " + s + " (known: " + HttpService.SERVERS + ")");
            }
        }
    }

    /** {@code list} rotated left by {@code by}: the order of a round's executors, or of a cell's. */
    static List<String> rotated(List<String> list, int by) {
        List<String> r = new ArrayList<>(list.size());
        for (int i = 0; i < list.size(); i++) {
            r.add(list.get((i + by) % list.size()));
        }
        return r;
    }

    /** One server of {@code executor}, all its cells in a row. */
    private void runServer(int round, String server, String executor, int p, int threads, List<Endpoint> eps,
            ProcCpu cpu, List<RunRecord> runs) throws IOException, InterruptedException {
        System.err.printf("service-bench: round %d/%d, %s on %s%n", round, rounds, server, executor);
        try (ServerProcess s = ServerProcess.start(serverCommand(server, executor, p), log(round, server, executor))) {
            for (Endpoint e : eps) {
                for (int c : connections) {
                    runCell(round, server, executor, s, e, c, threads, p, cpu, runs);
                }
            }
        } catch (IOException e) {
            failRest(round, server, executor, threads, p, eps, runs, e);
        }
    }

    /**
     * A server of each executor in {@code order}, started together; each cell runs on each of them
     * in turn, the order rotated by one every cell. A server that does not start or dies fails its
     * cells left; the others go on.
     */
    private void runInterleaved(int round, String server, List<String> order, int p, int threads, List<Endpoint> eps,
            ProcCpu cpu, List<RunRecord> runs) throws IOException, InterruptedException {
        System.err.printf("service-bench: round %d/%d, %s on %s, interleaved%n", round, rounds, server, String.join(", ", order));
        Map<String, ServerProcess> up = new LinkedHashMap<>();
        try {
            for (String executor : order) {
                try {
                    up.put(executor, ServerProcess.start(serverCommand(server, executor, p), log(round, server, executor)));
                } catch (IOException e) {
                    failRest(round, server, executor, threads, p, eps, runs, e);
                }
            }
            int cell = 0;
            for (Endpoint e : eps) {
                for (int c : connections) {
                    for (String executor : rotated(order, cell++)) {
                        ServerProcess s = up.get(executor);
                        if (s == null) {
                            continue;
                        }
                        try {
                            runCell(round, server, executor, s, e, c, threads, p, cpu, runs);
                        } catch (IOException x) {
                            up.remove(executor).close();
                            failRest(round, server, executor, threads, p, eps, runs, x);
                        }
                    }
                }
            }
        } finally {
            for (ServerProcess s : up.values()) {
                s.close();
            }
        }
    }

    private List<String> serverCommand(String server, String executor, int p) {
        List<String> cmd = new ArrayList<>(taskset(serverCpus));
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        for (String o : serverJvmOptions.trim().split("\\s+")) {
            if (!o.isEmpty()) {
                cmd.add(o);
            }
        }
        cmd.add("-Djdk.virtualThreadScheduler.parallelism=" + p);
        // BwosVirtualThreads (executor virtual-bwos) reaches the JDK's scheduler hook: java.lang opened
        // to the class path's unnamed module. It changes nothing for the other executors.
        cmd.add("--add-opens=java.base/java.lang=ALL-UNNAMED");
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(ServerMain.class.getName());
        cmd.addAll(List.of("--server", server, "--executor", executor, "--parallelism", String.valueOf(p),
                "--selectors", String.valueOf(selectors), "--slices", String.valueOf(slices),
                "--block-micros", String.valueOf(blockMicros)));
        return cmd;
    }

    private Path log(int round, String server, String executor) {
        return out.resolve("logs").resolve("r" + round + "-" + server + "-" + executor + ".log");
    }

    /** One cell on server {@code s}: the warm-up run (discarded), then the measured one. */
    private void runCell(int round, String server, String executor, ServerProcess s, Endpoint e, int c, int threads,
            int p, ProcCpu cpu, List<RunRecord> runs) throws IOException, InterruptedException {
        int t = Math.min(threads, c);
        String url = "http://127.0.0.1:" + s.port + e.path();
        Path script = out.resolve("lua").resolve(e.id() + ".lua");
        if (warmup > 0) {
            Wrk.run(taskset(clientCpus), t, c, warmup, timeout, script, url);
        }
        runs.add(measure(round, runs.size() + 1, server, executor, e, c, t, p, s, cpu, script, url));
        RunRecord r = runs.get(runs.size() - 1);
        System.err.printf("  %-11s %5d conn %s: %s%n", e.id(), c, executor, r.failed() ? "FAILED " + r.error()
                : String.format("%.0f req/s, p99 %.2f ms, CPU %.1f us/req", r.requestsPerSecond(),
                        r.p99Us() / 1e3, r.cpuMicrosPerRequest()));
        save(runs);
    }

    /** The server did not start or died: every run of it left in this round is failed, with the reason. */
    private void failRest(int round, String server, String executor, int threads, int p, List<Endpoint> eps,
            List<RunRecord> runs, IOException e) throws IOException {
        for (Endpoint ep : eps) {
            for (int c : connections) {
                if (runs.stream().noneMatch(r -> r.server().equals(server) && r.executor().equals(executor)
                        && r.endpoint().equals(ep.id()) && r.connections() == c && r.round() == round)) {
                    runs.add(new RunRecord(round, runs.size() + 1, server, executor, ep.id(), c, Math.min(threads, c),
                            p, duration, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, null, null, null, null, null, null, 0, true, e.getMessage()));
                }
            }
        }
        save(runs);
        System.err.println("service-bench: " + e.getMessage());
    }

    private RunRecord measure(int round, int sequence, String server, String executor, Endpoint e, int c, int t, int p,
            ServerProcess s, ProcCpu cpu, Path script, String url) throws IOException, InterruptedException {
        Map<String, Object> before = s.stats();
        double cpu0 = cpu.seconds(s.pid);
        long t0 = System.nanoTime();
        String output = Wrk.run(taskset(clientCpus), t, c, duration, timeout, script, url);
        double wall = (System.nanoTime() - t0) / 1e9;
        double cpuSeconds = cpu.seconds(s.pid) - cpu0;
        Map<String, Object> after = s.stats();
        WrkOutput w;
        try {
            w = WrkOutput.parse(output);
        } catch (IllegalArgumentException x) {
            return new RunRecord(round, sequence, server, executor, e.id(), c, t, p, duration, 0, 0, 0, 0, 0, 0, 0,
                    cpuSeconds, wall, 0, cpuSeconds / wall, null, null, null, null, null, threads(after), delta(before, after, "requests"), true,
                    x.getMessage().lines().findFirst().orElse("unparsable wrk output"));
        }
        long n = w.requests();
        return new RunRecord(round, sequence, server, executor, e.id(), c, t, p, duration, n, w.requestsPerSecond(),
                w.p50Us(), w.p90Us(), w.p99Us(), w.p999Us(), w.errors(), cpuSeconds, wall,
                n == 0 ? 0 : cpuSeconds * 1e6 / n, cpuSeconds / wall, perRequest(before, after, "steals", n),
                perRequest(before, after, "parks", n), perRequest(before, after, "wakes", n), perRequest(before, after, "tasks", n),
                perRequest(before, after, "selects", n), threads(after),
                delta(before, after, "requests"), w.failed(), w.failed() ? w.errors() + " errors or non-2xx/3xx responses" : "");
    }

    private static Double perRequest(Map<String, Object> before, Map<String, Object> after, String key, long n) {
        if (before.get(key) == null || after.get(key) == null || n == 0) {
            return null;
        }
        return (double) delta(before, after, key) / n;
    }

    /** The executor's pool threads in a {@code /stats} reading, or null where it has no pool (-1). */
    private static Integer threads(Map<String, Object> stats) {
        Object t = stats.get("threads");
        return t instanceof Number n && n.intValue() >= 0 ? n.intValue() : null;
    }

    private static long delta(Map<String, Object> before, Map<String, Object> after, String key) {
        return ((Number) after.get(key)).longValue() - ((Number) before.get(key)).longValue();
    }

    private void save(List<RunRecord> runs) throws IOException {
        JSON.writeValue(out.resolve("runs.json").toFile(), runs);
        StringBuilder csv = new StringBuilder(RunRecord.CSV_HEADER).append('\n');
        runs.forEach(r -> csv.append(r.csv()).append('\n'));
        Files.writeString(out.resolve("runs.csv"), csv);
    }

    private static List<String> taskset(String cpus) {
        return cpus == null ? List.of() : List.of("taskset", "-c", cpus);
    }

    private String placement(int cores) {
        if (serverCpus == null && clientCpus == null) {
            return "unpinned: the server JVM and wrk share all " + cores + " available processors";
        }
        return "server JVM on CPUs " + (serverCpus == null ? "all (" + cores + ")" : serverCpus) + ", wrk on CPUs "
                + (clientCpus == null ? "all (" + cores + ")" : clientCpus) + " (taskset -c)";
    }

    private static String cpuModel() {
        try {
            return Files.readAllLines(Path.of("/proc/cpuinfo"), StandardCharsets.UTF_8).stream()
                    .filter(l -> l.startsWith("model name")).findFirst().map(l -> l.substring(l.indexOf(':') + 1).trim())
                    .orElse("unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }

    /** Runs wrk. */
    static final class Wrk {
        private Wrk() {
        }

        /** wrk's version line. */
        static String version() throws IOException, InterruptedException {
            Process p;
            try {
                p = new ProcessBuilder("wrk", "-v").redirectErrorStream(true).start();
            } catch (IOException e) {
                throw new IOException("wrk is not installed: run ./service-bench/run, which installs it with apt-get", e);
            }
            String v = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().findFirst().orElse("");
            p.waitFor(10, TimeUnit.SECONDS);
            return v.trim();
        }

        /** Runs wrk with {@code --latency} and the script; returns its output (stdout and stderr). */
        static String run(List<String> prefix, int threads, int connections, int seconds, int timeout, Path script,
                String url) throws IOException, InterruptedException {
            List<String> cmd = new ArrayList<>(prefix);
            cmd.addAll(List.of("wrk", "-t", String.valueOf(threads), "-c", String.valueOf(connections),
                    "-d", seconds + "s", "--timeout", timeout + "s", "--latency", "-s", script.toString(), url));
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            byte[] output = p.getInputStream().readAllBytes();
            if (!p.waitFor(seconds + 60L, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException("wrk did not end: " + String.join(" ", cmd));
            }
            return new String(output, StandardCharsets.UTF_8);
        }
    }
}
