package io.github.taskpools.jmh;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.taskpools.executor.BwosExecutor;
import io.github.taskpools.executor.BwosVirtualThreads;
import java.util.Arrays;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;

/**
 * Experiment {@code vthread-json}: the JVM form of the BWoS paper's Go experiment (§6.3.3, go-json's
 * encode/decode suite on the Go runtime with a BWoS run queue). Per invocation the benchmark thread
 * starts {@value #VIRTUAL_THREADS} virtual threads; each decodes a {@link JsonDocuments} document
 * (small, medium or large) with Jackson's data binding and encodes it again,
 * {@value #OPS_PER_THREAD} times, with a {@code Thread.yield()} before each operation after the
 * first (a scheduling point per operation, where the Go runtime preempts and reschedules its
 * goroutines), and the benchmark thread waits until all of them have finished. Schedulers: the
 * JDK's default ({@code ForkJoinPool}, parallelism = the available processors) and a
 * {@link BwosExecutor} of the same parallelism through {@link BwosVirtualThreads}. Score: operations
 * (one decode and one encode) per second.
 *
 * <p>Counters: per-operation latency ({@link LatencyCounters}), from the moment the operation became
 * ready (its thread's {@code start()}, or just before its yield) to the end of its encode, so it
 * holds the time the operation waited for a worker; for the BwosExecutor scheduler, its steals, parks
 * and unparks ({@link ExecutorCounters}; the report shows them per operation). The default
 * scheduler's pool is not reachable without more JDK internals, so it has no such counters.
 *
 * <p>Checks that fail the run: every encode must give back the document's bytes, and an invocation
 * with operations missing {@value #STALL_SECONDS} s after its last progress. JDK 21+ only: on older
 * JDKs the trial's set-up fails and says so. The forks run with {@code --add-opens
 * java.base/java.lang=ALL-UNNAMED}, which {@link BwosVirtualThreads} needs on the class path.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Threads(1)
@Fork(value = 3, jvmArgsAppend = "--add-opens=java.base/java.lang=ALL-UNNAMED")
@Warmup(iterations = 5, time = 1, timeUnit = TimeUnit.SECONDS)
@Measurement(iterations = 5, time = 1, timeUnit = TimeUnit.SECONDS)
public class VirtualThreadJsonBenchmark {
    /** The experiment id used by {@code ./bench} and the report. */
    public static final String EXPERIMENT = "vthread-json";
    public static final String DEFAULT = "default";
    public static final String BWOS = "bwos";
    public static final int VIRTUAL_THREADS = 256;
    public static final int OPS_PER_THREAD = 4;
    static final int OPS = VIRTUAL_THREADS * OPS_PER_THREAD;
    static final int STALL_SECONDS = 10;

    @Param({DEFAULT, BWOS})
    public String scheduler;

    @Param({JsonDocuments.SMALL, JsonDocuments.MEDIUM, JsonDocuments.LARGE})
    public String document;

    private final ObjectMapper mapper = new ObjectMapper();
    private Class<?> type;
    private byte[] json;
    private BwosExecutor pool;
    private ThreadFactory factory;
    private Thread waiter;
    private final AtomicInteger remaining = new AtomicInteger();
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    /** The current invocation's latencies, one slot per operation, each written by its own virtual thread. */
    private final long[] latencies = new long[OPS];
    /** The latencies of the fork's measurement iterations so far (warm-up iterations' are dropped). */
    private long[] samples = new long[1 << 16];
    private int count;
    private int iterationStart;
    private int measured;

    @Setup(Level.Trial)
    public void setup() throws Exception {
        if (!Submitters.virtualThreadsSupported()) {
            throw new UnsupportedOperationException(EXPERIMENT + " needs virtual threads (JDK 21+); this is JDK "
                    + Runtime.version() + ": run ./bench with --jvm <a JDK 21+ home>");
        }
        type = JsonDocuments.type(document);
        json = mapper.writeValueAsBytes(JsonDocuments.make(document));
        if (!Arrays.equals(json, mapper.writeValueAsBytes(mapper.readValue(json, type)))) {
            throw new IllegalStateException(document + ": decoding and encoding does not give the document back");
        }
        System.out.println("# " + EXPERIMENT + ": " + document + " document of " + json.length + " bytes");
        waiter = Thread.currentThread();
        int n = Runtime.getRuntime().availableProcessors();
        switch (scheduler) {
            case DEFAULT:
                factory = defaultFactory();
                break;
            case BWOS:
                pool = BwosExecutor.builder().parallelism(n).threadNamePrefix("bwos-vt-worker-").build();
                factory = BwosVirtualThreads.newThreadFactory(pool);
                break;
            default:
                throw new IllegalArgumentException("unknown scheduler " + scheduler + " (known: " + DEFAULT + ", " + BWOS
                        + ")");
        }
    }

    /** {@code Thread.ofVirtual().factory()}, by reflection (compiles with --release 17). */
    private static ThreadFactory defaultFactory() throws ReflectiveOperationException {
        Object builder = Thread.class.getMethod("ofVirtual").invoke(null);
        return (ThreadFactory) Class.forName("java.lang.Thread$Builder").getMethod("factory").invoke(builder);
    }

    @Setup(Level.Iteration)
    public void startIteration() {
        iterationStart = count;
    }

    /** The body of virtual thread {@code v}: its operations, their latencies, then its decrement. */
    private Runnable operations(int v, long started) {
        return () -> {
            try {
                long ready = started;
                for (int k = 0; k < OPS_PER_THREAD; k++) {
                    if (k > 0) {
                        ready = System.nanoTime();
                        Thread.yield();
                    }
                    byte[] out = mapper.writeValueAsBytes(mapper.readValue(json, type));
                    if (out.length != json.length) {
                        throw new IllegalStateException(document + ": encoded " + out.length + " bytes, not "
                                + json.length);
                    }
                    latencies[v * OPS_PER_THREAD + k] = System.nanoTime() - ready;
                }
            } catch (Throwable e) {
                failure.compareAndSet(null, e);
            } finally {
                if (remaining.decrementAndGet() == 0) {
                    LockSupport.unpark(waiter);
                }
            }
        };
    }

    @Benchmark
    @OperationsPerInvocation(OPS)
    public void process(ExecutorCounters c) {
        long steals0 = pool != null ? pool.getStealCount() : 0;
        long parks0 = pool != null ? pool.getParkCount() : 0;
        long unparks0 = pool != null ? pool.getUnparkCount() : 0;
        remaining.set(VIRTUAL_THREADS);
        for (int v = 0; v < VIRTUAL_THREADS; v++) {
            factory.newThread(operations(v, System.nanoTime())).start();
        }
        int last = VIRTUAL_THREADS;
        long progress = System.nanoTime();
        int left;
        while ((left = remaining.get()) != 0) {
            LockSupport.parkNanos(this, 100_000_000L);
            long now = System.nanoTime();
            if (left != last) {
                last = left;
                progress = now;
            } else if (now - progress > STALL_SECONDS * 1_000_000_000L) {
                throw new IllegalStateException(scheduler + ": " + left + " of " + VIRTUAL_THREADS
                        + " virtual threads not finished " + STALL_SECONDS + " s after the last progress");
            }
        }
        Throwable f = failure.get();
        if (f != null) {
            throw new IllegalStateException(scheduler + ": an operation failed", f);
        }
        // The latencies were written before their threads' decrements, which this thread has seen.
        if (count + OPS > samples.length) {
            samples = Arrays.copyOf(samples, 2 * samples.length);
        }
        System.arraycopy(latencies, 0, samples, count, OPS);
        count += OPS;
        if (pool != null) {
            c.steals += pool.getStealCount() - steals0;
            c.parks += pool.getParkCount() - parks0;
            c.unparks += pool.getUnparkCount() - unparks0;
        }
        c.work += OPS;
        c.invocations++;
    }

    /** After the fork's last measurement iteration: the latency percentiles of all its measurement iterations. */
    @TearDown(Level.Iteration)
    public void percentiles(LatencyCounters c, IterationParams iteration) {
        if (iteration.getType() != IterationType.MEASUREMENT) {
            count = iterationStart;
        } else if (++measured == iteration.getCount()) {
            Arrays.sort(samples, 0, count);
            c.forks = 1;
            c.microsToNanos = 1000;
            c.samples = count;
            c.p50Nanos = ExecutorIdleBenchmark.percentile(samples, count, 0.50);
            c.p99Nanos = ExecutorIdleBenchmark.percentile(samples, count, 0.99);
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws InterruptedException {
        if (pool != null) {
            pool.close(); // every virtual thread of the trial has finished
        }
    }
}
