package io.github.taskpools.jmh.report;

import io.github.taskpools.cafe.CafePool;
import io.github.taskpools.jmh.BwosOneThiefBenchmark;
import io.github.taskpools.jmh.BwosPoolBenchmark;
import io.github.taskpools.jmh.BwosSingleOwnerBenchmark;
import io.github.taskpools.jmh.CafeHeightBenchmark;
import io.github.taskpools.jmh.CafeThroughputBenchmark;
import io.github.taskpools.jmh.FfAbortRateBenchmark;
import io.github.taskpools.jmh.FfWorkerTakeBenchmark;
import io.github.taskpools.jmh.forkjoin.Kernels;
import io.github.taskpools.jmh.FillDrainBenchmark;
import io.github.taskpools.jmh.ExecutorForkJoinBenchmark;
import io.github.taskpools.jmh.ExecutorIdleBenchmark;
import io.github.taskpools.jmh.ExecutorPools;
import io.github.taskpools.jmh.ExecutorSubmitBenchmark;
import io.github.taskpools.jmh.OwnerQueue;
import io.github.taskpools.jmh.PqChannelsBenchmark;
import io.github.taskpools.jmh.PqHoldBenchmark;
import io.github.taskpools.jmh.ProducerConsumerBenchmark;
import io.github.taskpools.jmh.ProducerConsumerPool;
import io.github.taskpools.jmh.SalsaBalancingBenchmark;
import io.github.taskpools.jmh.SalsaChunkSizeBenchmark;
import io.github.taskpools.jmh.SalsaFenceBenchmark;
import io.github.taskpools.jmh.SalsaOneProducerBenchmark;
import io.github.taskpools.jmh.SalsaOneThreadBenchmark;
import io.github.taskpools.jmh.SalsaProducersConsumersBenchmark;
import io.github.taskpools.jmh.UnparkProbe;
import io.github.taskpools.jmh.VirtualThreadJsonBenchmark;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Threads;

/**
 * The experiments {@code ./bench} knows and how the report shows each: the JMH include pattern, the
 * parameters whose values name an implementation (a series of a chart), the swept parameter (the
 * x axis, if any), the metric taken as the score, derived counters, the ratios against named
 * baselines, the charts, the parameter subset of the quick preset, the cores the experiment needs,
 * for the experiments that sweep JMH's thread count, the thread counts, and the bounds a paper gives
 * for a counter.
 */
final class Experiments {
    private Experiments() {
    }

    /** Ops per second shown as millions. */
    static final double MEGA = 1e6;

    /**
     * A ratio {@code numerator / denominator} of median scores of two implementations of the same run,
     * at every setting where both were measured, with an optional target. If {@code at} is not empty
     * the ratio is taken only where the parameters it names have the values it gives ("threads"
     * included, for an experiment with a {@link ThreadSweep}).
     */
    record Ratio(String numerator, String denominator, Double target, String why, Map<String, String> at,
            boolean geomean) {
        Ratio(String numerator, String denominator, Double target, String why) {
            this(numerator, denominator, target, why, Map.of(), false);
        }

        Ratio(String numerator, String denominator, Double target, String why, Map<String, String> at) {
            this(numerator, denominator, target, why, at, false);
        }

        /**
         * A ratio that the report also gives as the geometric mean over the values of the swept parameter
         * (e.g. over kernels), per setting of the other parameters, as the row whose swept value is
         * {@value #GEOMEAN}.
         */
        static Ratio withGeomean(String numerator, String denominator, String why) {
            return new Ratio(numerator, denominator, null, why, Map.of(), true);
        }

        /** The swept value of a geometric-mean row. */
        static final String GEOMEAN = "geomean";
    }

    /**
     * The values {@code ./bench} passes for a parameter ({@code -p name=v1,v2,...}), in the quick preset and
     * in full, resolved against the cores like a {@link ThreadSweep}: a comma-separated list of numbers
     * (left out above the cores), {@code C}, {@code kC}, {@code 1..C}, and other tokens kept as they are,
     * except {@code vtN} (N virtual threads), kept only on a JVM that has virtual threads (JDK 21+).
     */
    record ParamSweep(String quick, String full) {
        List<String> values(boolean quickPreset, int cores) {
            List<String> out = new ArrayList<>();
            StringBuilder numeric = new StringBuilder();
            for (String t : (quickPreset ? quick : full).split(",")) {
                t = t.strip();
                if (t.matches("[0-9]+|[0-9]*C|1\\.\\.C")) {
                    numeric.append(numeric.length() == 0 ? "" : ",").append(t);
                }
            }
            if (numeric.length() > 0) {
                String n = numeric.toString();
                new ThreadSweep(n, n).counts(true, cores).forEach(c -> out.add(Integer.toString(c)));
            }
            for (String t : (quickPreset ? quick : full).split(",")) {
                t = t.strip();
                if (t.matches("[0-9]+|[0-9]*C|1\\.\\.C")) {
                    continue;
                }
                if (t.startsWith("vt") && !virtualThreads()) {
                    continue;
                }
                if (!out.contains(t)) {
                    out.add(t);
                }
            }
            return out;
        }

        static boolean virtualThreads() {
            try {
                Thread.class.getMethod("ofVirtual");
                return true;
            } catch (NoSuchMethodException e) {
                return false;
            }
        }
    }

    /**
     * The thread configurations an experiment runs with, one JMH run each, in the quick preset and in
     * full; the results of the runs form one result file. A spec is a comma-separated list of tokens of
     * one of two kinds.
     *
     * <p>JMH thread counts ({@code -t}), each result's count becoming the parameter {@value #PARAM}: a
     * number (left out if it exceeds the cores), {@code C} (the cores), {@code kC} (k times the cores:
     * oversubscribed, for time-sharing) or {@code 1..C} (every count from 1 to the cores).
     *
     * <p>Producer/consumer groups, {@code P/C}: a JMH run with {@code -tg} (the group's sizes, see
     * {@link Experiment#threadArgs}) and {@code -p threads=P/C}, whose {@value #PARAM} parameter the
     * benchmark checks against the group it runs in. Each side is a number, {@code C} (the side's
     * maximum), {@code 1..C}, or {@code pow2} (1, 2, 4, ... and C itself), and the consumer side may be
     * {@code =} (as many as the producers); a token stands for every pair of its sides' counts, and a
     * number above the maximum is left out. A side's maximum is the cores, so that {@code C/C} already
     * runs twice as many threads as cores, as the papers' figures do at their right end; with
     * oversubscription asked for ({@code ./bench --oversubscribe}) it is twice the cores.
     *
     * <p>The cores are the available processors, or {@code ./bench --threads N}.
     */
    record ThreadSweep(String quick, String full) {
        /** The parameter that holds a result's thread count, or its producers/consumers. */
        static final String PARAM = "threads";
        /** The name of a producer/consumer benchmark's method that the producers of its group run. */
        static final String PRODUCER = "producer";
        /** The name of a producer/consumer benchmark's method that the consumers of its group run. */
        static final String CONSUMER = "consumer";

        /** Whether the sweep is of producer/consumer groups ({@code P/C} tokens). */
        boolean groups() {
            boolean groups = quick.contains("/");
            if (groups != full.contains("/")) {
                throw new IllegalArgumentException("one sweep mixes thread counts and groups: " + this);
            }
            return groups;
        }

        List<Integer> counts(boolean quickPreset, int cores) {
            if (cores < 1) {
                throw new IllegalArgumentException("cores must be positive, got " + cores);
            }
            if (groups()) {
                throw new IllegalStateException("a sweep of producer/consumer groups has no thread counts: " + this);
            }
            TreeSet<Integer> counts = new TreeSet<>();
            for (String t : (quickPreset ? quick : full).split(",")) {
                t = t.strip();
                if (t.equals("1..C")) {
                    for (int i = 1; i <= cores; i++) {
                        counts.add(i);
                    }
                } else if (t.endsWith("C")) {
                    String k = t.substring(0, t.length() - 1);
                    counts.add((k.isEmpty() ? 1 : Integer.parseInt(k)) * cores);
                } else {
                    int n = Integer.parseInt(t);
                    if (n < 1) {
                        throw new IllegalArgumentException("thread count must be positive: " + t);
                    }
                    if (n <= cores) {
                        counts.add(n);
                    }
                }
            }
            return List.copyOf(counts);
        }

        /**
         * The JMH runs of the sweep: thread counts ("2"), or producers/consumers ("1/2") ordered by their
         * total, then by producers; {@code oversubscribe} doubles each side's maximum of a group sweep.
         */
        List<String> runs(boolean quickPreset, int cores, boolean oversubscribe) {
            if (!groups()) {
                return counts(quickPreset, cores).stream().map(String::valueOf).toList();
            }
            if (cores < 1) {
                throw new IllegalArgumentException("cores must be positive, got " + cores);
            }
            int max = oversubscribe ? 2 * cores : cores;
            TreeSet<int[]> pairs = new TreeSet<>((a, b) -> a[0] + a[1] != b[0] + b[1]
                    ? Integer.compare(a[0] + a[1], b[0] + b[1]) : Integer.compare(a[0], b[0]));
            for (String t : (quickPreset ? quick : full).split(",")) {
                t = t.strip();
                int slash = t.indexOf('/');
                if (slash < 0) {
                    throw new IllegalArgumentException("not a producers/consumers token: " + t + " in " + this);
                }
                String right = t.substring(slash + 1);
                for (int p : side(t.substring(0, slash), max)) {
                    for (int c : right.equals("=") ? List.of(p) : side(right, max)) {
                        pairs.add(new int[] {p, c});
                    }
                }
            }
            return pairs.stream().map(a -> a[0] + "/" + a[1]).toList();
        }

        /** The counts of one side of a P/C token, at most max (which C stands for). */
        private static List<Integer> side(String spec, int max) {
            TreeSet<Integer> out = new TreeSet<>();
            switch (spec) {
                case "C" -> out.add(max);
                case "1..C" -> {
                    for (int i = 1; i <= max; i++) {
                        out.add(i);
                    }
                }
                case "pow2" -> {
                    for (int i = 1; i < max; i *= 2) {
                        out.add(i);
                    }
                    out.add(max);
                }
                default -> {
                    int n = Integer.parseInt(spec);
                    if (n < 1) {
                        throw new IllegalArgumentException("thread count must be positive: " + spec);
                    }
                    out.add(n);
                }
            }
            out.removeIf(n -> n > max);
            return List.copyOf(out);
        }
    }

    /**
     * A derived counter: secondary metric {@code numerator} divided by {@code denominator} (mean scores),
     * or, if {@code denominator} is null, the secondary metric {@code numerator} itself (a rate per
     * second; name it "…/s"), shown only for the runs whose parameters satisfy {@code appliesTo} (a
     * contender that does not count the numerator would otherwise show a false 0).
     */
    record Counter(String name, String numerator, String denominator, Predicate<Map<String, String>> appliesTo) {
        Counter(String name, String numerator, String denominator) {
            this(name, numerator, denominator, p -> true);
        }
    }

    /**
     * An upper bound a paper gives for a counter: {@code counter ≤ max} at every numeric value of the
     * swept parameter from {@code from} on. The report checks it per row and draws it into the charts
     * of that counter.
     */
    record Limit(String counter, double from, double max, String why) {
    }

    /**
     * A chart: {@code y} is "score" or a counter name; its x axis is the experiment's swept parameter
     * unless {@code x} names another (a parameter, or {@code producers}, {@code consumers} or
     * {@code total} taken from a {@code P/C} thread configuration, see {@link Report#value}); only the
     * rows that {@code where} accepts. One chart per parameter set: per value of {@code facet} if it is
     * not null, and per value of every other parameter that varies among the rows and is neither the x
     * axis nor one naming the implementation.
     */
    record Chart(String name, String title, String y, String yLabel, String facet, String x, String xLabel,
            Predicate<Map<String, String>> where) {
        Chart(String name, String title, String y, String yLabel, String facet) {
            this(name, title, y, yLabel, facet, null, null, p -> true);
        }
    }

    /**
     * An experiment; {@code perFork} lists the counters the report also gives fork by fork, each fork's
     * own ratio of the sums of its iterations' values, in a table of one row per implementation,
     * parameter set and fork ({@link Report}; empty: no such table).
     */
    record Experiment(String id, String title, Class<?> benchmark, String description, List<String> seriesParams,
            Function<Map<String, String>, String> label, String xParam, String xLabel, String metric, double scale,
            String unitLabel, List<String> order, List<Counter> counters, List<Ratio> ratios, List<Chart> charts,
            Map<String, String> quick, int minCores, boolean x86Only, ThreadSweep threads, List<Limit> limits,
            Map<String, ParamSweep> sweeps, List<Counter> perFork) {

        Experiment {
            for (Counter c : perFork) {
                if (c.denominator() == null) {
                    throw new IllegalArgumentException(id + ": perFork counter " + c.name()
                            + " has no denominator (a fork's value is a ratio of its sums)");
                }
            }
        }

        /** An experiment without a per-fork table. */
        Experiment(String id, String title, Class<?> benchmark, String description, List<String> seriesParams,
                Function<Map<String, String>, String> label, String xParam, String xLabel, String metric,
                double scale, String unitLabel, List<String> order, List<Counter> counters, List<Ratio> ratios,
                List<Chart> charts, Map<String, String> quick, int minCores, boolean x86Only, ThreadSweep threads,
                List<Limit> limits, Map<String, ParamSweep> sweeps) {
            this(id, title, benchmark, description, seriesParams, label, xParam, xLabel, metric, scale, unitLabel,
                    order, counters, ratios, charts, quick, minCores, x86Only, threads, limits, sweeps, List.of());
        }

        /** An experiment without parameter sweeps. */
        Experiment(String id, String title, Class<?> benchmark, String description, List<String> seriesParams,
                Function<Map<String, String>, String> label, String xParam, String xLabel, String metric,
                double scale, String unitLabel, List<String> order, List<Counter> counters, List<Ratio> ratios,
                List<Chart> charts, Map<String, String> quick, int minCores, boolean x86Only, ThreadSweep threads,
                List<Limit> limits) {
            this(id, title, benchmark, description, seriesParams, label, xParam, xLabel, metric, scale, unitLabel,
                    order, counters, ratios, charts, quick, minCores, x86Only, threads, limits, Map.of());
        }

        /** An experiment without limits. */
        Experiment(String id, String title, Class<?> benchmark, String description, List<String> seriesParams,
                Function<Map<String, String>, String> label, String xParam, String xLabel, String metric,
                double scale, String unitLabel, List<String> order, List<Counter> counters, List<Ratio> ratios,
                List<Chart> charts, Map<String, String> quick, int minCores, boolean x86Only, ThreadSweep threads) {
            this(id, title, benchmark, description, seriesParams, label, xParam, xLabel, metric, scale, unitLabel,
                    order, counters, ratios, charts, quick, minCores, x86Only, threads, List.of());
        }

        /**
         * The JMH arguments of one run of the experiment's thread sweep (one of {@link ThreadSweep#runs}):
         * {@code -t N} for a thread count; for producers/consumers {@code P/C}, {@code -tg} with the sizes
         * of the benchmark's group methods ({@value ThreadSweep#PRODUCER}: P, {@value ThreadSweep#CONSUMER}:
         * C) in the order JMH takes them, by method name, and {@code -p threads=P/C} (the benchmark fails its
         * set-up if its group differs from that parameter, so a change of JMH's order cannot go unnoticed).
         *
         * @throws IllegalStateException if a group method of the benchmark is neither of the two
         */
        List<String> threadArgs(String run) {
            int slash = run.indexOf('/');
            if (slash < 0) {
                return List.of("-t", run);
            }
            TreeSet<String> methods = new TreeSet<>();
            for (Class<?> c = benchmark; c != null; c = c.getSuperclass()) {
                for (Method m : c.getDeclaredMethods()) {
                    if (m.isAnnotationPresent(Group.class)) {
                        methods.add(m.getName());
                    }
                }
            }
            List<String> sizes = new ArrayList<>();
            for (String m : methods) {
                sizes.add(switch (m) {
                    case ThreadSweep.PRODUCER -> run.substring(0, slash);
                    case ThreadSweep.CONSUMER -> run.substring(slash + 1);
                    default -> throw new IllegalStateException(id + ": group method " + m + " of "
                            + benchmark.getName() + " is neither " + ThreadSweep.PRODUCER + " nor "
                            + ThreadSweep.CONSUMER);
                });
            }
            return List.of("-tg", String.join(",", sizes), "-p", ThreadSweep.PARAM + "=" + run);
        }

        /**
         * Whether {@code ./bench --threads N} is the experiment's JMH thread count: its benchmark runs as
         * many threads as processors ({@code @Threads(Threads.MAX)}) and it does not sweep them.
         */
        boolean threadsFromCores() {
            Threads t = benchmark.getAnnotation(Threads.class);
            return threads == null && t != null && t.value() == Threads.MAX;
        }

        /** JMH's include pattern: every benchmark of the class. */
        String include() {
            return "^\\Q" + benchmark.getName() + ".\\E";
        }

        /**
         * The JMH {@code -p} arguments of the quick preset on a machine of {@code cores} cores: its
         * parameter subset and the quick values of the swept parameters (empty: every parameter value),
         * each in the order of the parameters' names (the declarations' maps have no order of their own).
         */
        List<String> quickArgs(int cores) {
            List<String> args = new ArrayList<>();
            new TreeMap<>(quick).forEach((k, v) -> {
                args.add("-p");
                args.add(k + "=" + v);
            });
            new TreeMap<>(sweeps).forEach((k, v) -> {
                if (!quick.containsKey(k)) {
                    args.add("-p");
                    args.add(k + "=" + String.join(",", v.values(true, cores)));
                }
            });
            return args;
        }

        /**
         * The JMH {@code -p} arguments of the full preset: the swept parameters' values (empty: none), in
         * the order of their names.
         */
        List<String> fullArgs(int cores) {
            List<String> args = new ArrayList<>();
            new TreeMap<>(sweeps).forEach((k, v) -> {
                args.add("-p");
                args.add(k + "=" + String.join(",", v.values(false, cores)));
            });
            return args;
        }

        /** The benchmark's parameters with their annotated values, in declaration order. */
        Map<String, List<String>> params() {
            Map<String, List<String>> m = new LinkedHashMap<>();
            for (Class<?> c = benchmark; c != null; c = c.getSuperclass()) {
                for (Field f : c.getDeclaredFields()) {
                    Param p = f.getAnnotation(Param.class);
                    if (p != null) {
                        m.put(f.getName(), List.of(p.value()));
                    }
                }
            }
            return m;
        }

        /**
         * The number of parameter combinations JMH runs, in the quick preset or in full, on a
         * machine of {@code cores} cores (thread counts included).
         */
        int configurations(boolean quickPreset, int cores) {
            return configurations(quickPreset, cores, false);
        }

        /** As {@link #configurations(boolean, int)}, with the producer/consumer groups oversubscribed or not. */
        int configurations(boolean quickPreset, int cores, boolean oversubscribe) {
            int n = threads == null ? 1 : threads.runs(quickPreset, cores, oversubscribe).size();
            for (Map.Entry<String, List<String>> e : params().entrySet()) {
                if (threads != null && threads.groups() && e.getKey().equals(ThreadSweep.PARAM)) {
                    continue; // set per run by ./bench (-p threads=P/C)
                }
                String over = quickPreset ? quick.get(e.getKey()) : null;
                ParamSweep sweep = sweeps.get(e.getKey());
                n *= over != null ? over.split(",").length
                        : sweep != null ? sweep.values(quickPreset, cores).size() : e.getValue().size();
            }
            return n;
        }
    }

    private static Function<Map<String, String>, String> param(String name) {
        return p -> p.get(name);
    }

    private static final Counter CPU_SHARE_COUNTER = new Counter("CPU share", "cpuNanos", "wallNanos");
    private static final Counter STOLEN_SHARE = new Counter("stolen share", "steals", "taken");
    private static final Counter ABORT_RATE = new Counter("abort rate", "aborts", "attempts");
    /** BWoS owners' block advances per successful operation (puts + gets + steals). */
    private static final Counter BLOCK_ADVANCES = new Counter("block advances/op", "advances", "ops",
            p -> p.getOrDefault("queue", OwnerQueue.BWOS_LIFO).startsWith("bwos"));

    /**
     * The producer/consumer contenders that do not count their consumers' CASes (the SALSA pools of this
     * library do); an experiment without a pool parameter (salsa-fence-mode) runs SALSA.
     */
    private static final Set<String> UNCOUNTED_CAS = Set.of(ProducerConsumerPool.CLQ, ProducerConsumerPool.LBQ,
            ProducerConsumerPool.JCTOOLS_MPMC, ProducerConsumerPool.JCTOOLS_MPMC_XADD, ProducerConsumerPool.CAFE);
    static final Counter CAS_PER_TASK = new Counter("CAS per task", "cas", "taken",
            p -> !UNCOUNTED_CAS.contains(p.getOrDefault("pool", ProducerConsumerPool.SALSA)));
    private static final Counter ASYMMETRIC_SHARE = new Counter("asymmetric share", "asymTaken", "taken");

    /** Whether a run is CAFÉ's: the cafe-* experiments without a pool parameter run CAFÉ only. */
    private static final Predicate<Map<String, String>> CAFE_RUN =
            p -> ProducerConsumerPool.CAFE.equals(p.getOrDefault("pool", ProducerConsumerPool.CAFE));
    private static final Counter CAS_FAILURES = new Counter("CAS failures/op", "casFailures", "casOps", CAFE_RUN);
    private static final Counter TREES_APPENDED = new Counter("treesAppended/s", "treesAppended", null, CAFE_RUN);

    private static final List<String> SALSA_ORDER = List.of(ProducerConsumerPool.SALSA,
            ProducerConsumerPool.SALSA_CAS, ProducerConsumerPool.WS_MSQ, ProducerConsumerPool.WS_LIFO,
            ProducerConsumerPool.CONC_BAG, ProducerConsumerPool.CLQ, ProducerConsumerPool.LBQ,
            ProducerConsumerPool.JCTOOLS_MPMC);

    private static final String SALSA_WORKLOAD = "Each producer puts boxed integers in a loop, each consumer gets"
            + " in a loop (paper §6.2), " + ProducerConsumerBenchmark.BATCH + " operations per invocation; producers"
            + " pause while more than " + ProducerConsumerBenchmark.IN_FLIGHT + " tasks are in flight. `threads` ="
            + " producers/consumers, one JMH run per configuration (JMH thread groups of those sizes); each side goes"
            + " up to the cores (`--threads N`: N), to twice that with `--oversubscribe`. Chunks: 1000 tasks for SALSA and SALSA+CAS, 128 for ConcBag (the paper's optima) unless swept;"
            + " SALSA with the asymmetric fence unless said otherwise (the log names the mode in use). Score: puts +"
            + " tasks taken per second. CAS per task = consumers' CAS attempts / tasks taken, counted by this"
            + " library's pools only (the paper's SALSA stays at or below 0.01). Every trial ends with a"
            + " conservation check (counts and value sums). More threads than cores oversubscribe the machine.";

    /** Producers = consumers, as in SALSA's Fig. 4(a) and CAFÉ's Fig. 2. */
    private static final Predicate<Map<String, String>> EQUAL_SIDES =
            p -> Report.value(p, "producers") != null && Report.value(p, "producers").equals(Report.value(p, "consumers"));

    private static final String CAFE_WORKLOAD = "Producer threads put boxed integers in a loop, consumer threads"
            + " get in a loop (CAFÉ §5.1's synthetic benchmark on the harness of the salsa-* experiments), "
            + ProducerConsumerBenchmark.BATCH + " operations per invocation, `threads` = producers/consumers (one JMH"
            + " run per configuration; each side up to the cores, `--threads N`: N, twice that with"
            + " `--oversubscribe`); producers pause while more than " + ProducerConsumerBenchmark.IN_FLIGHT + " tasks are in flight. Score: puts + tasks taken"
            + " per second, the shared producer/consumer harness's score (the paper plots insertion and retrieval"
            + " rates; `taken/s` is the retrieval rate). CAFÉ runs with a fixed seed; its CAS failures per put or"
            + " successful get (paper Fig. 4a) and trees appended per second come from `CafePool.stats()`, read by"
            + " consumer 0 at the start and the end of each iteration (the pool's per-handle tallies, nothing added"
            + " to the measured loop). Every trial ends with a conservation check (counts and value sums; for CAFÉ"
            + " also against its own counters).";

    private static final List<String> POOL_POLICIES =
            List.of("rand", "seq", "last", "best-of-two", "best-of-many", "numa");

    private static List<String> poolOrder() {
        List<String> order = new ArrayList<>();
        for (String o : List.of("lifo", "fifo")) {
            for (String p : POOL_POLICIES) {
                order.add(o + " " + p);
                order.add(o + " " + p + "+prob");
            }
        }
        return order;
    }

    private static final List<String> PQ_ORDER = List.of(PqHoldBenchmark.CRCQ, PqHoldBenchmark.NUMA_Q,
            PqHoldBenchmark.NUMA_2Q, PqHoldBenchmark.NUMA_P, PqHoldBenchmark.NUMA_Q_1, PqHoldBenchmark.NUMA_2Q_1,
            PqHoldBenchmark.NUMA_P_1, PqHoldBenchmark.FC, PqHoldBenchmark.ACRCQH, PqHoldBenchmark.PBQ,
            PqHoldBenchmark.SKIP_LIST);

    private static final String PQ_QUEUES = "CRCQ (the lock-free calendar queue); NUMA-Q, NUMA-2Q, NUMA-P (the"
            + " CRCQ with delegation channels Q, 2Q, P: blocking, no repost, per-node channels) on a synthetic"
            + " topology of 2 nodes (the threads split evenly, at least one worker per node), so operations on"
            + " the other node's buckets really are delegated, and the same on one node (-1node: every"
            + " operation runs directly); FC (flat combining); ACRCQH (cluster turns over the CRCQ, 2 synthetic"
            + " nodes); PBQ (`PriorityBlockingQueue`); SkipList (`ConcurrentSkipListMap`). Nothing is pinned:"
            + " on this machine the nodes are a belief of the queue, not where the threads run.";

    private static final String HOLD = "Hold model (thesis §3.2): the queue is pre-filled to `size` events in"
            + " the trial's set-up (not measured); every operation of a thread is a hold, a dequeue followed by"
            + " an enqueue of the same event with key = its key + a uniform random increment in [0, 2^33)"
            + " (integer keys: a wide range keeps them apart even at 1M events). Score: queue operations (dequeues + enqueues) per second, all threads. At the end of every"
            + " trial the queue is drained and checked: every event polled was offered, offered = polled +"
            + " left, each value left exactly once, drained in key order.";

    private static List<Ratio> againstCrcq(List<String> variants) {
        List<Ratio> out = new ArrayList<>();
        for (String v : variants) {
            out.add(new Ratio(v, PqHoldBenchmark.CRCQ, null, ""));
        }
        return out;
    }

    private static final Experiment PQ_HOLD = new Experiment(PqHoldBenchmark.EXPERIMENT,
            "NUMA priority queues §3.7: hold model against queue size and threads",
            PqHoldBenchmark.class,
            HOLD + " Threads: JMH's, one JMH run per count, 1 to the cores (`--threads N` takes N as the"
                    + " cores); the quick preset runs 2 threads at 64K events only. Queues: " + PQ_QUEUES,
            List.of("queue"), param("queue"), ThreadSweep.PARAM, "threads", "primary", MEGA, "Mops/s",
            PQ_ORDER,
            List.of(),
            concat(List.of(
                    new Ratio(PqHoldBenchmark.CRCQ, PqHoldBenchmark.PBQ, 1.5,
                            "lock-free calendar queue against one lock, at 64K events and 2 threads",
                            Map.of("size", "65536", ThreadSweep.PARAM, "2")),
                    new Ratio(PqHoldBenchmark.CRCQ, PqHoldBenchmark.SKIP_LIST, 1.0,
                            "O(1) calendar against O(log n) skip list, at 64K events and 2 threads",
                            Map.of("size", "65536", ThreadSweep.PARAM, "2"))),
                    againstCrcq(List.of(PqHoldBenchmark.NUMA_Q, PqHoldBenchmark.NUMA_2Q, PqHoldBenchmark.NUMA_P,
                            PqHoldBenchmark.FC, PqHoldBenchmark.ACRCQH))),
            List.of(new Chart("throughput", "NUMA priority queues: hold model (cf. thesis Fig. 3.17)", "score",
                    "throughput (Mops/s)", "size")),
            Map.of("queue", String.join(",", PqHoldBenchmark.CRCQ, PqHoldBenchmark.NUMA_Q, PqHoldBenchmark.NUMA_2Q,
                            PqHoldBenchmark.NUMA_P, PqHoldBenchmark.FC, PqHoldBenchmark.ACRCQH, PqHoldBenchmark.PBQ,
                            PqHoldBenchmark.SKIP_LIST),
                    "size", "65536"),
            2, false, new ThreadSweep("2", "1..C"));

    private static final Experiment PQ_TIMESHARE = new Experiment(PqHoldBenchmark.TIME_SHARING,
            "NUMA priority queues §3.2: time-sharing, twice as many threads as cores",
            PqHoldBenchmark.class,
            "TIME-SHARING: the hold model of `pq-hold` with 2 x cores JMH threads, so threads are often"
                    + " descheduled, a delegate holding an operation among them (the thesis ran a second"
                    + " program on all cores; here the extra threads are the benchmark's own). " + HOLD
                    + " Queues: " + PQ_QUEUES,
            List.of("queue"), param("queue"), "size", "queue size (events)", "primary", MEGA, "Mops/s",
            PQ_ORDER,
            List.of(),
            againstCrcq(List.of(PqHoldBenchmark.NUMA_Q, PqHoldBenchmark.NUMA_2Q, PqHoldBenchmark.NUMA_P,
                    PqHoldBenchmark.FC, PqHoldBenchmark.ACRCQH, PqHoldBenchmark.PBQ)),
            List.of(new Chart("throughput", "NUMA priority queues: time-sharing, 2 x cores threads (cf. thesis"
                    + " Fig. 3.19)", "score", "throughput (Mops/s)", null)),
            Map.of("queue", String.join(",", PqHoldBenchmark.CRCQ, PqHoldBenchmark.NUMA_Q, PqHoldBenchmark.NUMA_P,
                            PqHoldBenchmark.FC, PqHoldBenchmark.PBQ),
                    "size", "65536"),
            1, false, new ThreadSweep("2C", "2C"));

    private static final Experiment PQ_CHANNELS = new Experiment(PqChannelsBenchmark.EXPERIMENT,
            "NUMA priority queues §3.2: the delegation channels' own cost",
            PqChannelsBenchmark.class,
            "Each channel (Q, 2Q, P), blocking and non-blocking (NB-), against the plain CRCQ, all on one"
                    + " node (-1node): every operation's destination is the caller's node, so it runs directly"
                    + " and the channel layer adds its routing, the operation descriptor and (blocking) the"
                    + " descriptor's claim. Hold model on " + PqChannelsBenchmark.SIZE + " events with"
                    + " `workNanos` of busy work after each operation: none, or the thesis' 12 µs. (The"
                    + " thesis' -FK/-BL tests replace the operation inside the channel instead; the library"
                    + " has no such switch, so the real operation always runs.) Threads: JMH's, the cores in"
                    + " the quick preset, 1 to the cores in full. Score: queue operations per second."
                    + " Conservation is checked at the end of every trial as in `pq-hold`.",
            List.of("queue"), param("queue"), ThreadSweep.PARAM, "threads", "primary", MEGA, "Mops/s",
            List.of(PqChannelsBenchmark.CRCQ, PqChannelsBenchmark.Q, PqChannelsBenchmark.TWO_Q, PqChannelsBenchmark.P,
                    PqChannelsBenchmark.NB_Q, PqChannelsBenchmark.NB_TWO_Q, PqChannelsBenchmark.NB_P),
            List.of(),
            againstCrcq(List.of(PqChannelsBenchmark.Q, PqChannelsBenchmark.TWO_Q, PqChannelsBenchmark.P,
                    PqChannelsBenchmark.NB_Q, PqChannelsBenchmark.NB_TWO_Q, PqChannelsBenchmark.NB_P)),
            List.of(new Chart("throughput", "NUMA priority queues: channels on one node", "score",
                    "throughput (Mops/s)", "workNanos")),
            Map.of("queue", String.join(",", PqChannelsBenchmark.CRCQ, PqChannelsBenchmark.Q,
                    PqChannelsBenchmark.TWO_Q, PqChannelsBenchmark.P)),
            2, false, new ThreadSweep("C", "1..C"));

    private static final Predicate<Map<String, String>> BWOS_RUN = p -> ExecutorPools.BWOS.equals(p.get("pool"));
    private static final Predicate<Map<String, String>> STEALING_RUN =
            p -> !ExecutorPools.THREAD_POOL_EXECUTOR.equals(p.get("pool"));
    private static final List<String> EXECUTOR_ORDER = List.of(ExecutorPools.BWOS, ExecutorPools.FORK_JOIN_POOL,
            ExecutorPools.THREAD_POOL_EXECUTOR);

    private static final Experiment EXECUTOR_FORK_JOIN = new Experiment(ExecutorForkJoinBenchmark.EXPERIMENT,
            "BwosExecutor against ForkJoinPool: recursive fork/join kernels",
            ExecutorForkJoinBenchmark.class,
            "Whole recursive computations, each kernel written once per pool with the same recursion, cut-off"
                    + " and fork/join order (the port is a rename): fib(" + Kernels.FIB_N + ") below a cut-off of "
                    + Kernels.FIB_CUTOFF + " (`fib`, coarse) and fib(" + Kernels.FIB_FINE_N + ") below "
                    + Kernels.FIB_FINE_CUTOFF + " (`fib-fine`, tens of thousands of tiny tasks); jsr166's"
                    + " LeftSpineFib, fib(" + Kernels.LEFTSPINE_N + ") below " + Kernels.LEFTSPINE_CUTOFF
                    + " (`leftspine-fib`: forks the right child down the left spine, joins in reverse); the"
                    + " integral of x³+x over [0, 64] in 2^" + Kernels.INTEGRATE_DEPTH + " Simpson intervals;"
                    + " " + Kernels.NQUEENS_N + "-queens forking the first " + Kernels.NQUEENS_FORK_ROWS + " rows;"
                    + " jsr166's MatrixMultiply (`matmul`, " + Kernels.MATMUL_N + "x" + Kernels.MATMUL_N
                    + " doubles, quadrant recursion down to " + Kernels.MATMUL_BLOCK + "x" + Kernels.MATMUL_BLOCK
                    + " blocks). The root is submitted from outside the pool (`pool.invoke(root)` from the JMH"
                    + " thread) on `BwosExecutor` and on `ForkJoinPool`, each with `parallelism` workers (swept 1"
                    + " to the cores, `--threads N` to N; quick preset: 1 and the cores). Score: computations per"
                    + " second. Counters per computation: steals (both pools' `getStealCount()`), and"
                    + " BwosExecutor's parks and grants on request. Every result is checked against the"
                    + " sequential answer, and a BwosExecutor trial with more than one worker whose steal count"
                    + " stayed 0 fails; a failed check fails the run. The ratios' geomean rows are geometric"
                    + " means over the kernels.",
            List.of("pool"), param("pool"), "kernel", "kernel", "primary", 1, "ops/s",
            List.of(ExecutorPools.BWOS, ExecutorPools.FORK_JOIN_POOL),
            List.of(new Counter("steals/computation", "steals", "work"),
                    new Counter("parks/computation", "parks", "work", BWOS_RUN),
                    new Counter("grants on request/computation", "grantsOnRequest", "work", BWOS_RUN)),
            List.of(Ratio.withGeomean(ExecutorPools.BWOS, ExecutorPools.FORK_JOIN_POOL,
                    "whole-program comparison, same kernels, root submitted from outside")),
            List.of(new Chart("throughput", "BwosExecutor vs ForkJoinPool: fork/join kernels", "score",
                            "computations per second", "parallelism"),
                    new Chart("scaling", "BwosExecutor vs ForkJoinPool: throughput vs workers", "score",
                            "computations per second", null, "parallelism", "parallelism (workers)", p -> true),
                    new Chart("steals", "Steals per computation", "steals/computation", "steals / computation",
                            "parallelism")),
            Map.of(), 1, false, null, List.of(),
            Map.of("parallelism", new ParamSweep("1,C", "1..C")));

    private static final Experiment EXECUTOR_SUBMIT = new Experiment(ExecutorSubmitBenchmark.EXPERIMENT,
            "BwosExecutor against ForkJoinPool and ThreadPoolExecutor: external submitters",
            ExecutorSubmitBenchmark.class,
            "Submitter threads outside the pool (1, 2 and the cores' number of platform threads; `vt1000`:"
                    + " 1000 virtual threads, on JDK 21+ only) call `execute(Runnable)` together "
                    + ExecutorSubmitBenchmark.BATCH + " times per invocation, and the JMH thread waits until"
                    + " every one of those tasks has completed (a shared count, the last task unparks it). Tasks:"
                    + " `empty` or `1us` (about 1 µs of `Blackhole.consumeCPU`, calibrated per trial). Pools:"
                    + " `BwosExecutor`, `ForkJoinPool`, a fixed `ThreadPoolExecutor` on a `LinkedBlockingQueue`,"
                    + " each with parallelism = the cores (`--threads N`: N). Score: tasks completed per second."
                    + " Counters: BwosExecutor's parks and unparks per batch of " + ExecutorSubmitBenchmark.BATCH
                    + " tasks, steals per task of the two stealing pools. A"
                    + " batch with tasks still missing 10 s after its last progress fails the run.",
            List.of("pool"), param("pool"), "submitters", "submitter threads", "primary", MEGA, "Mtasks/s",
            EXECUTOR_ORDER,
            List.of(new Counter("parks/batch", "parks", "invocations", BWOS_RUN),
                    new Counter("unparks/batch", "unparks", "invocations", BWOS_RUN),
                    new Counter("steals/task", "steals", "work", STEALING_RUN)),
            List.of(new Ratio(ExecutorPools.BWOS, ExecutorPools.FORK_JOIN_POOL, null, ""),
                    new Ratio(ExecutorPools.BWOS, ExecutorPools.THREAD_POOL_EXECUTOR, null, "")),
            List.of(new Chart("throughput", "External submitters: tasks completed per second", "score",
                            "tasks completed (M/s)", "task"),
                    new Chart("parks", "BwosExecutor: parks per batch of " + ExecutorSubmitBenchmark.BATCH + " tasks",
                            "parks/batch", "parks / batch", "task")),
            Map.of(), 1, false, null, List.of(),
            Map.of("parallelism", new ParamSweep("C", "C"), "submitters", new ParamSweep("1,2,vt1000",
                    "1,2,C,vt1000")));

    private static final Counter IDLE_P99 = new Counter("p99 start latency (µs)", "p99Nanos", "microsToNanos");
    private static final Counter IDLE_UNPARK =
            new Counter("worker-to-worker unpark (µs)", "unparkNanos", "unparkMicrosToNanos");

    private static final Experiment EXECUTOR_IDLE = new Experiment(ExecutorIdleBenchmark.EXPERIMENT,
            "BwosExecutor against ForkJoinPool and ThreadPoolExecutor: bursts after idle time",
            ExecutorIdleBenchmark.class,
            "A service's load: bursts of " + ExecutorIdleBenchmark.BURST + " tasks (about 1 µs each) submitted"
                    + " with `execute(Runnable)` from the JMH thread, each burst after an unmeasured idle gap of "
                    + ExecutorIdleBenchmark.GAP_MIN_MICROS / 1000 + "-" + ExecutorIdleBenchmark.GAP_MAX_MICROS / 1000
                    + " ms (random, same seed for every pool). Score: time of a burst, first submission to last"
                    + " completion (µs, lower is better, so a ratio below 1 favours BwosExecutor)."
                    + " Counters: submit-to-start latency of each task (from just before `execute` to the task's"
                    + " first line): its median and 99th percentile over all tasks of a fork's measurement"
                    + " iterations (about 6 000 tasks at the quick preset), mean over forks, in µs; the CPU time of the pool's own threads (OS per-thread CPU time via `ThreadMXBean`,"
                    + " threads found by their names) in cores: during a pure idle window of "
                    + ExecutorIdleBenchmark.IDLE_WINDOW_MILLIS + " ms after each iteration's last burst (idle"
                    + " CPU) and over the iteration's bursts and gaps (service CPU); BwosExecutor's parks per"
                    + " burst; the waker's cost of one worker-to-worker unpark (µs, mean over forks of each"
                    + " fork's median): once per fork, after its last measurement iteration and outside the"
                    + " measured time, " + UnparkProbe.ROUNDS + " rounds in which a task parks on one of the"
                    + " pool's workers and a task on another worker spins until that thread is waiting, "
                    + UnparkProbe.SETTLE_MICROS + " µs more (so that its vCPU has gone idle), then times"
                    + " `LockSupport.unpark` of it alone (none with 1 worker). On a virtual machine, waking a"
                    + " thread whose vCPU has halted costs the waker a VM exit, and that cost can differ from"
                    + " one JVM to the next: the per-fork table sets each fork's p99 beside its JVM's unpark"
                    + " cost. Pools with parallelism = the cores"
                    + " (`--threads N`: N). A burst that does not complete within 10 s fails the run.",
            List.of("pool"), param("pool"), null, null, "primary", 1, "µs",
            EXECUTOR_ORDER,
            List.of(new Counter("p50 start latency (µs)", "p50Nanos", "microsToNanos"),
                    IDLE_P99,
                    IDLE_UNPARK,
                    new Counter("idle CPU (cores)", "idleCpuNanos", "idleWallNanos"),
                    new Counter("service CPU (cores)", "busyCpuNanos", "busyWallNanos"),
                    new Counter("parks/burst", "parks", "bursts", BWOS_RUN)),
            List.of(new Ratio(ExecutorPools.BWOS, ExecutorPools.FORK_JOIN_POOL, null, "burst time: lower is better"),
                    new Ratio(ExecutorPools.BWOS, ExecutorPools.THREAD_POOL_EXECUTOR, null,
                            "burst time: lower is better")),
            List.of(new Chart("burst-time", "Bursts after idle: time of a burst", "score", "µs per burst", null),
                    new Chart("p99", "Bursts after idle: p99 submit-to-start latency", "p99 start latency (µs)",
                            "µs", null),
                    new Chart("idle-cpu", "Pool CPU during " + ExecutorIdleBenchmark.IDLE_WINDOW_MILLIS
                            + " ms of idle", "idle CPU (cores)", "cores", null)),
            Map.of(), 1, false, null, List.of(),
            Map.of("parallelism", new ParamSweep("C", "C")),
            List.of(IDLE_P99, IDLE_UNPARK,
                    new Counter("worker-to-worker unpark max (µs)", "unparkMaxNanos", "unparkMicrosToNanos")));

    private static final Predicate<Map<String, String>> BWOS_SCHEDULER =
            p -> VirtualThreadJsonBenchmark.BWOS.equals(p.get("scheduler"));

    private static final Experiment VTHREAD_JSON = new Experiment(VirtualThreadJsonBenchmark.EXPERIMENT,
            "Virtual threads on BwosExecutor against the default scheduler: JSON encode/decode (BWoS §6.3.3)",
            VirtualThreadJsonBenchmark.class,
            "The JVM form of the paper's Go experiment (go-json's encode/decode suite on a BWoS run queue): per"
                    + " invocation " + VirtualThreadJsonBenchmark.VIRTUAL_THREADS + " virtual threads each decode a"
                    + " document with Jackson's data binding and encode it again, "
                    + VirtualThreadJsonBenchmark.OPS_PER_THREAD + " times, with a `Thread.yield()` before each"
                    + " operation after the first (a scheduling point per operation). Documents shaped as go-json's"
                    + " payloads: `small` (a flat record, about 150 bytes), `medium` (a person with 24 avatars, about"
                    + " 2 KB), `large` (a forum page of 100 users and 200 topics, about 40 KB). Schedulers: the JDK's"
                    + " default (`ForkJoinPool`) and a `BwosExecutor` through `BwosVirtualThreads`, both with"
                    + " parallelism = the available processors. Score: operations (decode + encode) per second."
                    + " Counters: per-operation latency from the moment the operation was ready (its thread's"
                    + " `start()`, or just before its yield) to the end of its encode, median and 99th percentile"
                    + " over a fork's measurement iterations, mean over forks, in µs; BwosExecutor's steals, parks"
                    + " and unparks per operation (the default scheduler's pool is internal to the JDK). Every"
                    + " encode must give back the document's bytes. JDK 21+ only (`--jvm`): on JDK 17 the trials"
                    + " fail at set-up with that message.",
            List.of("scheduler"), param("scheduler"), "document", "document", "primary", 1e3, "kops/s",
            List.of(VirtualThreadJsonBenchmark.BWOS, VirtualThreadJsonBenchmark.DEFAULT),
            List.of(new Counter("p50 latency (µs)", "p50Nanos", "microsToNanos"),
                    new Counter("p99 latency (µs)", "p99Nanos", "microsToNanos"),
                    new Counter("steals/op", "steals", "work", BWOS_SCHEDULER),
                    new Counter("parks/op", "parks", "work", BWOS_SCHEDULER),
                    new Counter("unparks/op", "unparks", "work", BWOS_SCHEDULER)),
            List.of(new Ratio(VirtualThreadJsonBenchmark.BWOS, VirtualThreadJsonBenchmark.DEFAULT, null,
                    "throughput: higher is better")),
            List.of(new Chart("throughput", "Virtual threads: JSON operations per second", "score",
                            "operations (k/s)", null),
                    new Chart("p99", "Virtual threads: p99 latency of an operation", "p99 latency (µs)", "µs",
                            null)),
            Map.of(), 1, false, null);

    private static <T> List<T> concat(List<T> a, List<T> b) {
        List<T> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }

    static final List<Experiment> ALL = List.of(
            new Experiment(BwosSingleOwnerBenchmark.EXPERIMENT,
                    "BWoS §6.2.1: single queue without stealing",
                    BwosSingleOwnerBenchmark.class,
                    "One owner thread puts " + FillDrainBenchmark.CAPACITY
                            + " tasks (the capacity), checks that one more put is refused, then gets until"
                            + " empty; one invocation = one fill+drain cycle = "
                            + FillDrainBenchmark.OPS_PER_CYCLE + " operations. BWoS: "
                            + FillDrainBenchmark.BLOCKS + " blocks of "
                            + FillDrainBenchmark.CAPACITY / FillDrainBenchmark.BLOCKS
                            + ". Tasks are pre-boxed; every task taken goes into a Blackhole.",
                    List.of("queue"), param("queue"), null, null, "primary", MEGA, "Mops/s",
                    List.of(OwnerQueue.BWOS_LIFO, OwnerQueue.BWOS_FIFO, OwnerQueue.SEQ_STACK, OwnerQueue.SEQ_RING,
                            OwnerQueue.SEQ_BLOCK_STACK, OwnerQueue.SEQ_BLOCK_RING, OwnerQueue.CHASE_LEV_OPT, OwnerQueue.CHASE_LEV_SC, OwnerQueue.JCTOOLS_SPMC,
                            OwnerQueue.ARRAYDEQUE_LOCKED),
                    List.of(CPU_SHARE_COUNTER),
                    List.of(
                            new Ratio(OwnerQueue.BWOS_LIFO, OwnerQueue.SEQ_STACK, 0.85,
                                    "paper §6.2.1: LIFO BWoS 10.7% below ideal on x86"),
                            new Ratio(OwnerQueue.BWOS_LIFO, OwnerQueue.CHASE_LEV_OPT, 1.25,
                                    "paper §6.2.1: 4.55x ABP (opt) on x86"),
                            new Ratio(OwnerQueue.BWOS_FIFO, OwnerQueue.SEQ_RING, 0.85,
                                    "paper §6.2.1: FIFO BWoS 5.4% below ideal on x86"),
                            new Ratio(OwnerQueue.CHASE_LEV_OPT, OwnerQueue.CHASE_LEV_SC, null,
                                    "paper §6.2.1: barrier optimisation gives ABP 1.65x on x86"),
                            new Ratio(OwnerQueue.BWOS_LIFO, OwnerQueue.CHASE_LEV_SC, null, ""),
                            new Ratio(OwnerQueue.BWOS_FIFO, OwnerQueue.JCTOOLS_SPMC, null,
                                    "paper §6.2.1: FIFO BWoS 3.55x Tokio's queue (Rust)"),
                            new Ratio(OwnerQueue.BWOS_LIFO, OwnerQueue.ARRAYDEQUE_LOCKED, null, ""),
                            new Ratio(OwnerQueue.SEQ_STACK, OwnerQueue.SEQ_RING, null, ""),
                            new Ratio(OwnerQueue.BWOS_LIFO, OwnerQueue.SEQ_BLOCK_STACK, null,
                                    "what BWoS's synchronisation costs the owner beyond its blocks"),
                            new Ratio(OwnerQueue.SEQ_BLOCK_STACK, OwnerQueue.SEQ_STACK, null,
                                    "what the block boundaries alone cost one owner"),
                            new Ratio(OwnerQueue.BWOS_FIFO, OwnerQueue.SEQ_BLOCK_RING, null,
                                    "what BWoS FIFO's synchronisation costs the owner beyond its blocks"),
                            new Ratio(OwnerQueue.SEQ_BLOCK_RING, OwnerQueue.SEQ_RING, null,
                                    "what the block boundaries alone cost one owner")),
                    List.of(new Chart("throughput", "BWoS §6.2.1: single owner, no stealing", "score",
                            "throughput (Mops/s)", null)),
                    Map.of(), 1, false, null),
            new Experiment(FfWorkerTakeBenchmark.EXPERIMENT,
                    "Fence-free work stealing: the worker's take, no thief",
                    FfWorkerTakeBenchmark.class,
                    "One worker thread takes until empty from a deque filled to its capacity of "
                            + FfWorkerTakeBenchmark.CAPACITY + " tasks; one invocation = "
                            + FfWorkerTakeBenchmark.CAPACITY + " takes. The refill (and the check that one more"
                            + " push is refused) is JMH's untimed per-invocation set-up, so the score counts takes"
                            + " only: take is the operation whose fence the fence-free variants drop. No thief:"
                            + " the default δ never comes into play. Tasks are pre-boxed; every task taken goes"
                            + " into a Blackhole.",
                    List.of("queue"), param("queue"), null, null, "primary", MEGA, "Mops/s",
                    List.of(OwnerQueue.THE, OwnerQueue.FF_THE, OwnerQueue.FF_CL, OwnerQueue.THEP,
                            OwnerQueue.CHASE_LEV_OPT, OwnerQueue.SEQ_STACK),
                    List.of(CPU_SHARE_COUNTER),
                    List.of(
                            new Ratio(OwnerQueue.FF_CL, OwnerQueue.CHASE_LEV_OPT, 1.2,
                                    "FF-CL drops the fence of Chase-Lev's take (paper Fig. 4)"),
                            new Ratio(OwnerQueue.THEP, OwnerQueue.THE, 1.2,
                                    "THEP drops the fence of THE's take (paper Fig. 5)"),
                            new Ratio(OwnerQueue.FF_THE, OwnerQueue.THE, null,
                                    "FF-THE drops the fence of THE's take (paper Fig. 3)"),
                            new Ratio(OwnerQueue.CHASE_LEV_OPT, OwnerQueue.SEQ_STACK, null,
                                    "the fence's cost against the ideal"),
                            new Ratio(OwnerQueue.FF_CL, OwnerQueue.SEQ_STACK, null, "")),
                    List.of(new Chart("throughput", "Fence-free: worker take, no thief", "score",
                            "throughput (Mops/s)", null)),
                    Map.of(), 1, true, null),
            new Experiment(BwosOneThiefBenchmark.EXPERIMENT,
                    "BWoS §6.2.2: single queue with one thief",
                    BwosOneThiefBenchmark.class,
                    "One owner thread runs the fill+drain cycle (put until refused, get until empty; capacity "
                            + FillDrainBenchmark.CAPACITY + ", BWoS " + FillDrainBenchmark.BLOCKS
                            + " blocks) while one thief steals. The thief paces itself to the target stolen"
                            + " percentage: it steals while its steals are below that share of the owner's puts"
                            + " (published every " + BwosOneThiefBenchmark.PUBLISH_EVERY
                            + " puts) and idles otherwise; the measured stolen share = steals / (gets + steals)"
                            + " is shown next to the target (a contender whose steals fail falls short of it)."
                            + " Score: total throughput, puts + gets + steals per second (paper §6.2). Tasks"
                            + " are checked for conservation (counts and value sums) at the end of every trial.",
                    List.of("queue"), param("queue"), "stolenPercent", "stolen percentage (target)", "ops", MEGA,
                    "Mops/s",
                    List.of(OwnerQueue.BWOS_LIFO, OwnerQueue.BWOS_FIFO, OwnerQueue.CHASE_LEV_OPT,
                            OwnerQueue.CHASE_LEV_SC, OwnerQueue.JCTOOLS_SPMC),
                    List.of(STOLEN_SHARE, BLOCK_ADVANCES, CPU_SHARE_COUNTER),
                    List.of(
                            new Ratio(OwnerQueue.BWOS_LIFO, OwnerQueue.CHASE_LEV_OPT, null,
                                    "paper §6.2.2: LIFO BWoS 12.59x ABP at 10% stolen (x86)"),
                            new Ratio(OwnerQueue.BWOS_LIFO, OwnerQueue.CHASE_LEV_SC, null, ""),
                            new Ratio(OwnerQueue.BWOS_FIFO, OwnerQueue.JCTOOLS_SPMC, null,
                                    "paper §6.2.2: FIFO BWoS 9.41x Tokio's queue at 10% stolen")),
                    List.of(new Chart("throughput", "BWoS §6.2.2: owner + one thief (cf. paper Fig. 10/11)", "score",
                                    "total throughput (Mops/s)", null),
                            new Chart("stolen-share", "BWoS §6.2.2: measured stolen share", "stolen share",
                                    "steals / (gets + steals)", null)),
                    Map.of("stolenPercent", "0,10,20"), 2, false, null),
            new Experiment(BwosPoolBenchmark.EXPERIMENT,
                    "BWoS §6.2.3: pool of N queues with the steal policies",
                    BwosPoolBenchmark.class,
                    "N worker threads (JMH's thread count; the available processors unless `--threads` says"
                            + " otherwise), one BWoS deque each (capacity " + BwosPoolBenchmark.CAPACITY + ", "
                            + BwosPoolBenchmark.BLOCKS + " blocks): put until full, get until empty, then k·C"
                            + " steal attempts on the pool (k = balancing factor). Every policy with and without"
                            + " probabilistic acceptance (+prob). With one NUMA node (the default `nodes=1`)"
                            + " `numa` behaves as `rand`. Score: puts + gets + successful steals per second."
                            + " Tasks are checked for conservation at the end of every trial.",
                    List.of("order", "policy", "probabilistic"),
                    p -> p.get("order") + " " + p.get("policy") + ("true".equals(p.get("probabilistic")) ? "+prob" : ""),
                    "balance", "balancing factor k (%)", "ops", MEGA, "Mops/s",
                    poolOrder(),
                    List.of(STOLEN_SHARE, BLOCK_ADVANCES),
                    List.of(
                            new Ratio("lifo rand+prob", "lifo rand", null, "probabilistic acceptance (§3.4), LIFO"),
                            new Ratio("fifo rand+prob", "fifo rand", null, "probabilistic acceptance (§3.4), FIFO"),
                            new Ratio("lifo best-of-two", "lifo rand", null, ""),
                            new Ratio("lifo best-of-many", "lifo rand", null,
                                    "paper §6.2.3: best_of_many often worst (owner interference)"),
                            new Ratio("fifo best-of-two", "fifo rand", null, ""),
                            new Ratio("fifo best-of-many", "fifo rand", null, "")),
                    List.of(new Chart("throughput", "BWoS §6.2.3: pool throughput (cf. paper Fig. 12)", "score",
                                    "total throughput (Mops/s)", "order"),
                            new Chart("stolen-share", "BWoS §6.2.3: stolen share", "stolen share",
                                    "steals / (gets + steals)", "order")),
                    Map.of("balance", "0,100", "policy", "rand,best-of-two"), 2, false, null),
            new Experiment(FfAbortRateBenchmark.EXPERIMENT,
                    "Fence-free work stealing: steal abort rate as δ varies",
                    FfAbortRateBenchmark.class,
                    "One worker pushes " + FfAbortRateBenchmark.BATCH + " tasks, then takes until empty, in a loop;"
                            + " one thief calls trySteal() in a loop. δ (the deque's reordering bound) from the"
                            + " default up. Abort rate = aborted attempts / attempts; THEP never aborts (its"
                            + " thieves wait for the worker's echo), its cost shows in steals and throughput."
                            + " Score: pushes + takes + steals per second. Tasks are checked for conservation.",
                    List.of("queue"), param("queue"), "delta", "δ (reordering bound, takes)", "ops", MEGA, "Mops/s",
                    List.of(OwnerQueue.FF_THE, OwnerQueue.FF_CL, OwnerQueue.THEP),
                    List.of(ABORT_RATE, STOLEN_SHARE),
                    List.of(new Ratio(OwnerQueue.FF_CL, OwnerQueue.FF_THE, null, ""),
                            new Ratio(OwnerQueue.THEP, OwnerQueue.FF_THE, null, "")),
                    List.of(new Chart("abort-rate", "Fence-free: steal abort rate vs δ", "abort rate",
                                    "aborts / steal attempts", null),
                            new Chart("throughput", "Fence-free: worker + thief throughput vs δ", "score",
                                    "total throughput (Mops/s)", null)),
                    Map.of("delta", "64,128,512"), 2, true, null),
            EXECUTOR_FORK_JOIN, EXECUTOR_SUBMIT, EXECUTOR_IDLE, VTHREAD_JSON,
            new Experiment(SalsaProducersConsumersBenchmark.EXPERIMENT,
                    "SALSA §6.3: throughput for producer/consumer counts (Fig. 4)",
                    SalsaProducersConsumersBenchmark.class,
                    "Every contender at several producers/consumers counts; 1/1 (one core each on two cores) is the"
                            + " headline. " + SALSA_WORKLOAD,
                    List.of("pool"), param("pool"), "threads", "producers/consumers", "ops", MEGA, "Mops/s",
                    SALSA_ORDER,
                    List.of(CAS_PER_TASK),
                    List.of(
                            new Ratio(ProducerConsumerPool.SALSA, ProducerConsumerPool.SALSA_CAS, 1.3,
                                    "paper §6.3: SALSA 1.7x SALSA+CAS (its CAS-free consume)"),
                            new Ratio(ProducerConsumerPool.SALSA, ProducerConsumerPool.WS_MSQ, 2.0,
                                    "paper §6.3: 20x WS-MSQ at 16/16"),
                            new Ratio(ProducerConsumerPool.SALSA, ProducerConsumerPool.WS_LIFO, null,
                                    "paper §6.3: 20x WS-LIFO at 16/16"),
                            new Ratio(ProducerConsumerPool.SALSA, ProducerConsumerPool.CONC_BAG, null,
                                    "paper §6.3: 3.5x ConcBag at 16/16"),
                            new Ratio(ProducerConsumerPool.SALSA, ProducerConsumerPool.CLQ, null, ""),
                            new Ratio(ProducerConsumerPool.SALSA, ProducerConsumerPool.JCTOOLS_MPMC, null, "")),
                    List.of(new Chart("threads", "SALSA Fig. 4(a): throughput vs threads, producers = consumers",
                                    "score", "throughput (Mops/s)", null, "total", "threads (producers + consumers)",
                                    EQUAL_SIDES),
                            new Chart("throughput", "SALSA Fig. 4(b): throughput vs producers/consumers", "score",
                                    "throughput (Mops/s)", null),
                            new Chart("cas-per-task", "SALSA: CAS per retrieved task", "CAS per task",
                                    "CAS / task", null)),
                    Map.of("pool", String.join(",", ProducerConsumerPool.SALSA, ProducerConsumerPool.SALSA_CAS,
                            ProducerConsumerPool.WS_MSQ, ProducerConsumerPool.CLQ)), 2, false,
                    new ThreadSweep("1/1,C/C", "pow2/pow2")),
            new Experiment(SalsaOneProducerBenchmark.EXPERIMENT,
                    "SALSA §6.3: one producer, N consumers (Fig. 5)",
                    SalsaOneProducerBenchmark.class,
                    "One producer and N consumers: throughput (Fig. 5(a)) and CAS operations per retrieved task"
                            + " (Fig. 5(b)). " + SALSA_WORKLOAD,
                    List.of("pool"), param("pool"), "threads", "producers/consumers", "ops", MEGA, "Mops/s",
                    SALSA_ORDER,
                    List.of(CAS_PER_TASK),
                    List.of(
                            new Ratio(ProducerConsumerPool.SALSA, ProducerConsumerPool.SALSA_CAS, null,
                                    "paper Fig. 5(a): both SALSAs keep their throughput as consumers are added"),
                            new Ratio(ProducerConsumerPool.SALSA, ProducerConsumerPool.WS_MSQ, null,
                                    "paper Fig. 5(a): the others drop by 10x (consumers contend to steal)"),
                            new Ratio(ProducerConsumerPool.SALSA, ProducerConsumerPool.CONC_BAG, null, "")),
                    List.of(new Chart("throughput", "SALSA Fig. 5(a): one producer, N consumers", "score",
                                    "throughput (Mops/s)", null, "consumers", "consumers", p -> true),
                            new Chart("cas-per-task", "SALSA Fig. 5(b): CAS per retrieved task", "CAS per task",
                                    "CAS / task", null, "consumers", "consumers", p -> true)),
                    Map.of("pool", ProducerConsumerPool.SALSA + "," + ProducerConsumerPool.SALSA_CAS + ","
                            + ProducerConsumerPool.WS_MSQ), 2, false, new ThreadSweep("1/1,1/C", "1/1..C")),
            new Experiment(SalsaBalancingBenchmark.EXPERIMENT,
                    "SALSA §6.4: producer-based balancing on and off (Fig. 6)",
                    SalsaBalancingBenchmark.class,
                    "One producer and N consumers, SALSA and SALSA+CAS with producer-based balancing and without it"
                            + " (the producer always inserts into its closest consumer's pool, the others steal). "
                            + SALSA_WORKLOAD,
                    List.of("pool", "balancing"),
                    p -> p.get("pool") + ("false".equals(p.get("balancing")) ? " no-balancing" : ""),
                    "threads", "producers/consumers", "ops", MEGA, "Mops/s",
                    List.of(ProducerConsumerPool.SALSA, ProducerConsumerPool.SALSA + " no-balancing",
                            ProducerConsumerPool.SALSA_CAS, ProducerConsumerPool.SALSA_CAS + " no-balancing"),
                    List.of(CAS_PER_TASK),
                    List.of(
                            new Ratio(ProducerConsumerPool.SALSA + " no-balancing",
                                    ProducerConsumerPool.SALSA_CAS + " no-balancing", null,
                                    "paper §6.4: without balancing, chunk stealing clearly beats task stealing"),
                            new Ratio(ProducerConsumerPool.SALSA, ProducerConsumerPool.SALSA + " no-balancing", null,
                                    "paper §6.4: balancing keeps SALSA from degrading"),
                            new Ratio(ProducerConsumerPool.SALSA_CAS, ProducerConsumerPool.SALSA_CAS + " no-balancing",
                                    null, "")),
                    List.of(new Chart("throughput", "SALSA Fig. 6: balancing on/off, one producer", "score",
                                    "throughput (Mops/s)", null, "consumers", "consumers", p -> true),
                            new Chart("cas-per-task", "SALSA Fig. 6: CAS per retrieved task", "CAS per task",
                                    "CAS / task", null, "consumers", "consumers", p -> true)),
                    Map.of(), 2, false, new ThreadSweep("1/C", "1/1..C")),
            new Experiment(SalsaChunkSizeBenchmark.EXPERIMENT,
                    "SALSA §6.6: chunk size (Fig. 8)",
                    SalsaChunkSizeBenchmark.class,
                    "One producer and N consumers, and as many producers as consumers at the cores (the paper's"
                            + " Fig. 8 runs 16/16); SALSA's and SALSA+CAS's chunk size and ConcBag's block size"
                            + " swept. " + SALSA_WORKLOAD,
                    List.of("pool"), param("pool"), "chunkSize", "chunk size (tasks)", "ops", MEGA, "Mops/s",
                    List.of(ProducerConsumerPool.SALSA, ProducerConsumerPool.SALSA_CAS, ProducerConsumerPool.CONC_BAG),
                    List.of(CAS_PER_TASK),
                    List.of(
                            new Ratio(ProducerConsumerPool.SALSA, ProducerConsumerPool.SALSA_CAS, null, ""),
                            new Ratio(ProducerConsumerPool.SALSA, ProducerConsumerPool.CONC_BAG, null,
                                    "paper §6.6: ConcBag's linear scans lose with large blocks")),
                    List.of(new Chart("throughput", "SALSA Fig. 8: throughput vs chunk size", "score",
                            "throughput (Mops/s)", ThreadSweep.PARAM)),
                    Map.of("chunkSize", "128,1000"), 2, false, new ThreadSweep("1/C", "1/1,1/C,C/C")),
            new Experiment(SalsaFenceBenchmark.EXPERIMENT,
                    "SALSA §6.1: full fence against the asymmetric (membarrier) fence",
                    SalsaFenceBenchmark.class,
                    "SALSA only, one producer and N consumers, FenceMode FULL (a volatile store and load per"
                            + " consumed task) against ASYMMETRIC (no fence in the consumer, a membarrier in each"
                            + " chunk steal). ASYMMETRIC falls back to FULL where membarrier is unavailable: the"
                            + " asymmetric share (tasks taken under the asymmetric fence / tasks taken) is 1 when it"
                            + " ran and 0 after a fallback, and the log names the mode and the reason. "
                            + SALSA_WORKLOAD,
                    List.of("fence"), param("fence"), "threads", "producers/consumers", "ops", MEGA, "Mops/s",
                    List.of("ASYMMETRIC", "FULL"),
                    List.of(ASYMMETRIC_SHARE, CAS_PER_TASK),
                    List.of(new Ratio("ASYMMETRIC", "FULL", 1.0,
                            "§6.1: the consume path without a fence; stealers pay the membarrier")),
                    List.of(new Chart("throughput", "SALSA §6.1: fence modes", "score", "throughput (Mops/s)", null,
                            "consumers", "consumers", p -> true)),
                    Map.of(), 2, false, new ThreadSweep("1/1,1/C", "1/1..C")),
            new Experiment(SalsaOneThreadBenchmark.EXPERIMENT,
                    "SALSA §5.2, §6.1: the three consume paths on one thread",
                    SalsaOneThreadBenchmark.class,
                    "One thread holds producer 0 and consumer 0 of a SALSA pool of one of each (chunks of 1000)"
                            + " and puts " + SalsaOneThreadBenchmark.TASKS + " boxed integers, then takes them"
                            + " back; nothing is stolen. The contenders differ only in takeTask's common case"
                            + " (Algorithm 5, lines 90-92): `salsa` stores the index and TAKEN opaque (the"
                            + " asymmetric fence of §6.1, no fence instruction), `salsa-full` stores the index and"
                            + " loads the owner volatile (a StoreLoad fence per task), `salsa-cas` takes each slot"
                            + " by CAS (SALSA+CAS). Score: puts + takes per second, as in the producer/consumer"
                            + " experiments, which also move each slot's cache line between cores; here the fence"
                            + " and the CAS are measured by themselves. Every trial checks the values' sum and the"
                            + " consumer's CAS count (0 per task, or 1 for `salsa-cas`).",
                    List.of("pool"), param("pool"), null, null, "primary", MEGA, "Mops/s",
                    List.of(SalsaOneThreadBenchmark.SALSA, SalsaOneThreadBenchmark.SALSA_FULL,
                            SalsaOneThreadBenchmark.SALSA_CAS),
                    List.of(CPU_SHARE_COUNTER),
                    List.of(new Ratio(SalsaOneThreadBenchmark.SALSA, SalsaOneThreadBenchmark.SALSA_CAS, null,
                                    "paper §6.3: SALSA 1.7x SALSA+CAS with many threads; here the CAS alone"),
                            new Ratio(SalsaOneThreadBenchmark.SALSA, SalsaOneThreadBenchmark.SALSA_FULL, null,
                                    "§6.1: what the consumer's fence costs by itself")),
                    List.of(new Chart("throughput", "SALSA: consume paths on one thread", "score",
                            "throughput (Mops/s)", null)),
                    Map.of(), 1, false, null),
            PQ_HOLD, PQ_TIMESHARE, PQ_CHANNELS,
            new Experiment(CafeThroughputBenchmark.EXPERIMENT,
                    "CAFÉ §5.2: producer/consumer throughput against threads (cf. paper Fig. 2)",
                    CafeThroughputBenchmark.class,
                    "CAFÉ with trees of height " + CafePool.DEFAULT_HEIGHT + " (k = " + CafePool.DEFAULT_K
                            + ") against `ConcurrentLinkedQueue` (clq), `LinkedBlockingQueue` (lbq, `offer`/`poll`),"
                            + " JCTools `MpmcArrayQueue` (bounded, capacity " + 2 * ProducerConsumerBenchmark.IN_FLIGHT
                            + ", above the bound on tasks in flight) and `MpmcUnboundedXaddArrayQueue` (chunks of "
                            + ProducerConsumerPool.XADD_CHUNK + "). " + CAFE_WORKLOAD,
                    List.of("pool"), param("pool"), "threads", "producers/consumers", "ops", MEGA, "Mops/s",
                    List.of(ProducerConsumerPool.CAFE, ProducerConsumerPool.CLQ, ProducerConsumerPool.LBQ,
                            ProducerConsumerPool.JCTOOLS_MPMC, ProducerConsumerPool.JCTOOLS_MPMC_XADD),
                    List.of(CAS_FAILURES, TREES_APPENDED),
                    List.of(
                            new Ratio(ProducerConsumerPool.CAFE, ProducerConsumerPool.LBQ, 1.0,
                                    "paper §5.2: over 3x LBQ at 16+16 threads; Fig. 3: above LBQ on all three"
                                            + " machines at 6+6"),
                            new Ratio(ProducerConsumerPool.CAFE, ProducerConsumerPool.CLQ, null,
                                    "paper §5.2: 30x CLQ at 16+16 threads (8 AMD quad-cores)"),
                            new Ratio(ProducerConsumerPool.CAFE, ProducerConsumerPool.JCTOOLS_MPMC, null, ""),
                            new Ratio(ProducerConsumerPool.CAFE, ProducerConsumerPool.JCTOOLS_MPMC_XADD, null, "")),
                    List.of(new Chart("throughput", "CAFÉ §5.2: throughput vs threads, producers = consumers (cf."
                            + " paper Fig. 2)", "score", "puts + taken (Mops/s)", null, "total",
                            "threads (producers + consumers)", EQUAL_SIDES)),
                    Map.of(), 2, false, new ThreadSweep("1/1,C/=", "pow2/=")),
            new Experiment(CafeHeightBenchmark.EXPERIMENT,
                    "CAFÉ §5.3: tree height against CAS failures and throughput (cf. paper Fig. 4)",
                    CafeHeightBenchmark.class,
                    "CAFÉ with k = " + CafePool.DEFAULT_K + " and the tree height h swept (h = 0 is a linked-list"
                            + " queue), at one producer and one consumer and (in full) as many of each as cores."
                            + " Paper Fig. 4a (16+16 threads): 4 CAS failures per operation at h = 0, below"
                            + " 0.1 from h = 8. With one producer and one consumer CAS failures are rare at every h"
                            + " (each CAS has at most one rival), so that run shows the cost of the list (trees"
                            + " appended) more than the contention of the paper's figure. " + CAFE_WORKLOAD,
                    List.of(), p -> "cafe k=" + CafePool.DEFAULT_K, "height", "tree height h", "ops", MEGA, "Mops/s",
                    List.of("cafe k=" + CafePool.DEFAULT_K),
                    List.of(CAS_FAILURES, TREES_APPENDED),
                    List.of(),
                    List.of(new Chart("cas-failures", "CAFÉ §5.3: CAS failures per operation vs h (cf. Fig. 4a)",
                                    "CAS failures/op", "CAS failures / (puts + successful gets)", null),
                            new Chart("throughput", "CAFÉ §5.3: throughput vs h (cf. Fig. 4b)", "score",
                                    "puts + taken (Mops/s)", null),
                            new Chart("trees-appended", "CAFÉ §5.3: trees appended vs h", "treesAppended/s",
                                    "trees appended per second", null)),
                    Map.of("height", "0,4,8,12"), 2, false, new ThreadSweep("1/1", "1/1,C/="),
                    List.of(new Limit(CAS_FAILURES.name(), 8, 0.1,
                            "paper §5.3, Fig. 4a: below 0.1 from h = 8 (16+16 threads)"))));

    static Experiment byId(String id) {
        for (Experiment e : ALL) {
            if (e.id().equals(id)) {
                return e;
            }
        }
        return null;
    }
}
