package io.github.taskpools.jmh;

import io.github.taskpools.executor.BwosExecutor;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The pools of the {@code executor-*} experiments, made the same way for every benchmark: each with
 * {@code parallelism} workers whose threads are named {@code <pool>-<n>-worker-<i>} (n numbers the
 * pools) and recorded, so that the CPU time of the pool's own threads can be read
 * ({@link #cpuNanos()}). Contenders: {@link BwosExecutor} (default deque geometry), {@link ForkJoinPool}
 * (default asynchronous mode false, default keep-alive) and a fixed {@link ThreadPoolExecutor} on a
 * {@link LinkedBlockingQueue} (what {@code Executors.newFixedThreadPool} makes).
 */
public final class ExecutorPools implements AutoCloseable {
    public static final String BWOS = "bwos";
    public static final String FORK_JOIN_POOL = "forkjoinpool";
    public static final String THREAD_POOL_EXECUTOR = "threadpoolexecutor";

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    /** Numbers the pools, for unique thread name prefixes. */
    private static final AtomicInteger POOLS = new AtomicInteger();

    /** The pool's kind, one of the constants above. */
    public final String kind;
    public final int parallelism;
    /** Exactly one of these is set. */
    public final BwosExecutor bwos;
    public final ForkJoinPool forkJoinPool;
    public final ThreadPoolExecutor threadPool;
    /** Every thread the pool's factory made (for BwosExecutor: found by name, see {@link #threads()}). */
    private final List<Thread> threads = new CopyOnWriteArrayList<>();
    private final String prefix;

    public ExecutorPools(String kind, int parallelism) {
        if (parallelism < 1) {
            throw new IllegalArgumentException("parallelism must be at least 1, got " + parallelism);
        }
        this.kind = kind;
        this.parallelism = parallelism;
        prefix = kind + "-" + POOLS.incrementAndGet() + "-worker-";
        switch (kind) {
            case BWOS:
                // The default thread factory: its BwosWorkerThreads find their worker through a field; a
                // custom factory's threads would look it up in a ThreadLocal on every fork. The threads
                // are found by their (unique) name prefix instead.
                bwos = BwosExecutor.builder().parallelism(parallelism).threadNamePrefix(prefix).build();
                forkJoinPool = null;
                threadPool = null;
                break;
            case FORK_JOIN_POOL:
                ForkJoinPool.ForkJoinWorkerThreadFactory fjtf = pool -> {
                    ForkJoinWorkerThread t = ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(pool);
                    t.setName(prefix + threads.size());
                    threads.add(t);
                    return t;
                };
                forkJoinPool = new ForkJoinPool(parallelism, fjtf, null, false);
                bwos = null;
                threadPool = null;
                break;
            case THREAD_POOL_EXECUTOR:
                ThreadFactory tpf = r -> {
                    Thread t = new Thread(r, prefix + threads.size());
                    t.setDaemon(true);
                    threads.add(t);
                    return t;
                };
                threadPool = new ThreadPoolExecutor(parallelism, parallelism, 0L, TimeUnit.MILLISECONDS,
                        new LinkedBlockingQueue<>(), tpf);
                threadPool.prestartAllCoreThreads();
                bwos = null;
                forkJoinPool = null;
                break;
            default:
                throw new IllegalArgumentException("unknown pool " + kind + " (known: " + BWOS + ", " + FORK_JOIN_POOL
                        + ", " + THREAD_POOL_EXECUTOR + ")");
        }
    }

    /** The pool as an {@link ExecutorService}. */
    public ExecutorService executor() {
        return bwos != null ? bwos : forkJoinPool != null ? forkJoinPool : threadPool;
    }

    /** The pool's steal count (0 for the ThreadPoolExecutor, which does not steal). */
    public long steals() {
        return bwos != null ? bwos.getStealCount() : forkJoinPool != null ? forkJoinPool.getStealCount() : 0;
    }

    /** BwosExecutor's park count; 0 for the others. */
    public long parks() {
        return bwos != null ? bwos.getParkCount() : 0;
    }

    /** BwosExecutor's unpark count; 0 for the others. */
    public long unparks() {
        return bwos != null ? bwos.getUnparkCount() : 0;
    }

    /** BwosExecutor's grants on request; 0 for the others. */
    public long grantsOnRequest() {
        return bwos != null ? bwos.getGrantsOnRequestCount() : 0;
    }

    /**
     * The threads the pool's factory made so far; BwosExecutor's (made by its own factory as work
     * appears: it starts its workers lazily, and spares) are looked up by their name prefix at each
     * call, and kept once found.
     */
    public List<Thread> threads() {
        if (bwos != null) {
            for (Thread t : Thread.getAllStackTraces().keySet()) {
                if (t.getName().startsWith(prefix) && !threads.contains(t)) {
                    threads.add(t);
                }
            }
        }
        return List.copyOf(threads);
    }

    /**
     * The CPU time of the pool's own threads so far, in nanoseconds (the operating system's per-thread
     * count, via {@link ThreadMXBean#getThreadCpuTime}); a thread that has terminated counts no more.
     *
     * @throws UnsupportedOperationException if the JVM does not measure thread CPU time
     */
    @SuppressWarnings("deprecation") // Thread.getId: threadId() is JDK 19+
    public long cpuNanos() {
        if (!THREADS.isThreadCpuTimeSupported()) {
            throw new UnsupportedOperationException("this JVM does not measure thread CPU time");
        }
        long sum = 0;
        for (Thread t : threads()) {
            long ns = THREADS.getThreadCpuTime(t.getId());
            if (ns > 0) {
                sum += ns;
            }
        }
        return sum;
    }

    /** Shuts the pool down and waits for its threads (at most 10 s). */
    @Override
    public void close() throws InterruptedException {
        ExecutorService e = executor();
        e.shutdown();
        if (!e.awaitTermination(10, TimeUnit.SECONDS)) {
            throw new IllegalStateException(kind + " did not terminate within 10 s");
        }
    }
}
