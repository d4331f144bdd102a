package io.github.taskpools.service;

import io.github.taskpools.executor.BwosExecutor;
import io.github.taskpools.executor.BwosVirtualThreads;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.IntFunction;
import java.util.stream.Stream;

/**
 * The executors the service benchmark compares, each made at a given parallelism:
 * <ul>
 *   <li>{@code bwos}: {@link BwosExecutor} (default deque geometry);</li>
 *   <li>{@code forkjoinpool}: {@link ForkJoinPool} (LIFO mode, as {@code new ForkJoinPool(n)}); the
 *       blocking endpoint waits through {@link ForkJoinPool#managedBlock};</li>
 *   <li>{@code threadpoolexecutor}: a fixed {@link ThreadPoolExecutor} on a {@link LinkedBlockingQueue}
 *       (what {@code Executors.newFixedThreadPool} makes);</li>
 *   <li>{@code virtual}: a virtual thread per request on the JDK's default scheduler (JDK 21+; the
 *       parallelism is the scheduler's, {@code -Djdk.virtualThreadScheduler.parallelism}, which the
 *       runner sets to the same number).</li>
 * </ul>
 * The list is open: an entry is a name, a description and a factory; {@link #ENTRIES} is the one
 * place to add one.
 */
public final class ServiceExecutors {
    private ServiceExecutors() {
    }

    /**
     * How BwosExecutor's request threads wait in the blocking endpoint: through {@link
     * BwosExecutor#managedBlock}, which compensates a blocked worker with an idle or a spare one, as
     * {@code ForkJoinPool.managedBlock} does.
     */
    static final Blocking BWOS_BLOCKING = BwosExecutor::managedBlock;

    /**
     * One executor of the comparison: its name (the runner's {@code --executors}), a description for
     * the report, whether this JVM can make it and its factory (given the parallelism).
     */
    public record Entry(String name, String description, BooleanSupplier availability,
            IntFunction<ServiceExecutor> factory) {
        /** Makes the executor with {@code parallelism} workers. */
        public ServiceExecutor create(int parallelism) {
            if (parallelism < 1) {
                throw new IllegalArgumentException("parallelism must be at least 1, got " + parallelism);
            }
            return factory.apply(parallelism);
        }

        /** Whether this JVM can make it (virtual threads need JDK 21+). */
        public boolean available() {
            return availability.getAsBoolean();
        }
    }

    /** Every executor of the comparison, in the report's order. */
    public static final List<Entry> ENTRIES = List.of(
            new Entry("bwos", "BwosExecutor", () -> true, ServiceExecutors::bwos),
            new Entry("forkjoinpool", "ForkJoinPool", () -> true,
                    parallelism -> forkJoinPool("forkjoinpool", parallelism, ForkJoinKind.LIFO)),
            new Entry("threadpoolexecutor", "fixed ThreadPoolExecutor", () -> true,
                    ServiceExecutors::threadPoolExecutor),
            new Entry("virtual", "virtual thread per request (default scheduler)", ServiceExecutors::virtualThreads,
                    ServiceExecutors::virtual),
            new Entry("virtual-bwos", "virtual thread per request on a BwosExecutor (BwosVirtualThreads)",
                    ServiceExecutors::virtualThreads, ServiceExecutors::virtualBwos));

    /**
     * Executors run only when {@code --executors} names them: variants that explain a result.
     * {@code forkjoinpool-saturating} is ForkJoinPool with its compensation off (at most parallelism
     * threads; a worker blocked in a JDK synchronizer, which waits through {@code
     * ForkJoinPool.managedBlock} on a ForkJoinPool worker, is not replaced): ForkJoinPool as it
     * would be without the compensation other pools lack (docs/measurements/service-2026-12-05).
     * {@code forkjoinpool-fifo} is ForkJoinPool in async mode: a task that a worker submits runs
     * after the older ones of its queue (FIFO), as BwosExecutor runs a worker's submissions, where
     * the default (LIFO) runs the newest first (docs/measurements/service-2026-12-06).
     * {@code forkjoinpool-aa} is {@code forkjoinpool} again under another name: run beside it
     * ({@code --executors forkjoinpool,forkjoinpool-aa --interleave}), it measures how far two
     * identical pools differ in the benchmark, the spread any comparison of executors must exceed.
     */
    public static final List<Entry> OPT_IN = List.of(
            new Entry("forkjoinpool-saturating", "ForkJoinPool without compensation (saturates at parallelism threads)",
                    () -> true,
                    parallelism -> forkJoinPool("forkjoinpool-saturating", parallelism, ForkJoinKind.SATURATING)),
            new Entry("forkjoinpool-fifo", "ForkJoinPool in async mode (a worker's own submissions FIFO)",
                    () -> true, parallelism -> forkJoinPool("forkjoinpool-fifo", parallelism, ForkJoinKind.FIFO)),
            new Entry("forkjoinpool-aa", "ForkJoinPool again (an A/A run: two identical pools' spread)", () -> true,
                    parallelism -> forkJoinPool("forkjoinpool-aa", parallelism, ForkJoinKind.LIFO)));

    /** The names of {@link #ENTRIES} and {@link #OPT_IN}, for picocli's {@code ${COMPLETION-CANDIDATES}}. */
    public static final class AllNames implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return Stream.concat(ENTRIES.stream(), OPT_IN.stream()).map(Entry::name).iterator();
        }
    }

    /** The names of {@link #OPT_IN}, for picocli's {@code ${COMPLETION-CANDIDATES}}. */
    public static final class OptInNames implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return OPT_IN.stream().map(Entry::name).iterator();
        }
    }

    /** The entry of that name. */
    public static Entry entry(String name) {
        List<String> names = new ArrayList<>();
        for (List<Entry> list : List.of(ENTRIES, OPT_IN)) {
            for (Entry e : list) {
                if (e.name().equals(name)) {
                    return e;
                }
                names.add(e.name());
            }
        }
        throw new IllegalArgumentException("unknown executor '" + name + "' (known: " + String.join(", ", names) + ")");
    }

    /** Counts the pools, for unique thread names; getAndIncrement (volatile) by any thread making one. */
    private static final AtomicInteger POOLS = new AtomicInteger();

    private static ServiceExecutor bwos(int parallelism) {
        BwosExecutor pool = BwosExecutor.builder().parallelism(parallelism)
                .threadNamePrefix("bwos-" + POOLS.incrementAndGet() + "-worker-").build();
        return new BwosCounters("bwos", parallelism, pool, pool, BWOS_BLOCKING);
    }

    /**
     * A ServiceExecutor with a BwosExecutor's counters. {@code executor} runs the requests: the pool
     * itself, or a per-task executor of virtual threads the pool schedules, which {@link #close()}
     * closes before the pool.
     */
    private static final class BwosCounters extends ServiceExecutor {
        private final BwosExecutor pool;

        BwosCounters(String name, int parallelism, BwosExecutor pool, ExecutorService executor, Blocking blocking) {
            super(name, parallelism, executor, blocking);
            this.pool = pool;
        }

        @Override public OptionalLong steals() {
            return OptionalLong.of(pool.getStealCount());
        }

        @Override public OptionalLong parks() {
            return OptionalLong.of(pool.getParkCount());
        }

        @Override public OptionalLong wakes() {
            return OptionalLong.of(pool.getUnparkCount());
        }

        @Override public int threads() {
            return pool.getPoolSize();
        }

        @Override public int idleThreads() {
            return Math.max(0, pool.getPoolSize() - pool.getActiveThreadCount());
        }

        @Override public long queuedTasks() {
            return pool.getQueuedTaskCount() + pool.getQueuedSubmissionCount();
        }

        @Override public void close() throws InterruptedException {
            try {
                super.close();
            } finally {
                if (executor() != pool) {
                    pool.shutdown();
                    if (!pool.awaitTermination(10, TimeUnit.SECONDS)) {
                        pool.shutdownNow();
                    }
                }
            }
        }
    }

    /** The ForkJoinPools of the comparison. */
    private enum ForkJoinKind {
        /** As {@code new ForkJoinPool(n)}: LIFO, up to 256 threads beyond parallelism for blocked workers. */
        LIFO,
        /**
         * LIFO, at most parallelism threads: saturating instead of adding one (the last constructor's
         * {@code saturate} predicate).
         */
        SATURATING,
        /** As {@code LIFO}, in the constructors' async mode: a worker's own queue FIFO. */
        FIFO
    }

    /** ForkJoinPool of the given kind. */
    private static ServiceExecutor forkJoinPool(String name, int parallelism, ForkJoinKind kind) {
        String prefix = name + "-" + POOLS.incrementAndGet() + "-worker-";
        AtomicInteger made = new AtomicInteger(); // getAndIncrement (volatile) by the pool's thread factory
        ForkJoinPool.ForkJoinWorkerThreadFactory factory = p -> {
            ForkJoinWorkerThread t = ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(p);
            t.setName(prefix + made.getAndIncrement());
            return t;
        };
        boolean asyncMode = kind == ForkJoinKind.FIFO;
        ForkJoinPool pool = kind != ForkJoinKind.SATURATING ? new ForkJoinPool(parallelism, factory, null, asyncMode)
                : new ForkJoinPool(parallelism, factory, null, asyncMode, parallelism, parallelism, 1, p -> true,
                        60, TimeUnit.SECONDS);
        return new ServiceExecutor(name, parallelism, pool, Blocking.FORK_JOIN) {
            @Override public OptionalLong steals() {
                return OptionalLong.of(pool.getStealCount());
            }

            @Override public int threads() {
                return pool.getPoolSize();
            }

            @Override public int idleThreads() {
                return Math.max(0, pool.getPoolSize() - pool.getActiveThreadCount());
            }

            @Override public long queuedTasks() {
                return pool.getQueuedTaskCount() + pool.getQueuedSubmissionCount();
            }
        };
    }

    private static ServiceExecutor threadPoolExecutor(int parallelism) {
        String prefix = "threadpoolexecutor-" + POOLS.incrementAndGet() + "-worker-";
        AtomicInteger made = new AtomicInteger(); // getAndIncrement (volatile) by the pool's thread factory
        ThreadPoolExecutor pool = new ThreadPoolExecutor(parallelism, parallelism, 0L, TimeUnit.MILLISECONDS,
                new LinkedBlockingQueue<>(), r -> {
                    Thread t = new Thread(r, prefix + made.getAndIncrement());
                    t.setDaemon(true);
                    return t;
                });
        pool.prestartAllCoreThreads();
        return new ServiceExecutor("threadpoolexecutor", parallelism, pool, Blocking.IN_PLACE) {
            @Override public int threads() {
                return pool.getPoolSize();
            }

            @Override public int idleThreads() {
                return Math.max(0, pool.getPoolSize() - pool.getActiveCount());
            }

            @Override public long queuedTasks() {
                return pool.getQueue().size();
            }
        };
    }

    /** {@code Executors.newVirtualThreadPerTaskExecutor()} where the JDK has it (21+), else null. */
    private static final MethodHandle VIRTUAL_PER_TASK = virtualPerTask();

    private static MethodHandle virtualPerTask() {
        try {
            return MethodHandles.publicLookup().findStatic(Executors.class, "newVirtualThreadPerTaskExecutor",
                    MethodType.methodType(ExecutorService.class));
        } catch (NoSuchMethodException | IllegalAccessException e) {
            return null;
        }
    }

    /** {@code Executors.newThreadPerTaskExecutor(ThreadFactory)} where the JDK has it (21+), else null. */
    private static final MethodHandle THREAD_PER_TASK = threadPerTask();

    private static MethodHandle threadPerTask() {
        try {
            return MethodHandles.publicLookup().findStatic(Executors.class, "newThreadPerTaskExecutor",
                    MethodType.methodType(ExecutorService.class, java.util.concurrent.ThreadFactory.class));
        } catch (NoSuchMethodException | IllegalAccessException e) {
            return null;
        }
    }

    private static boolean virtualThreads() {
        return VIRTUAL_PER_TASK != null;
    }

    /**
     * A virtual thread per request, scheduled by a BwosExecutor of {@code parallelism} workers
     * through {@link BwosVirtualThreads} (experimental; the server JVM opens {@code java.lang} to
     * the unnamed module, see ServiceBench). Closing it closes the per-task executor, then the pool.
     */
    private static ServiceExecutor virtualBwos(int parallelism) {
        if (THREAD_PER_TASK == null) {
            throw new UnsupportedOperationException("executor 'virtual-bwos' needs JDK 21 or newer (this is "
                    + Runtime.version() + ")");
        }
        BwosExecutor pool = BwosExecutor.builder().parallelism(parallelism)
                .threadNamePrefix("vbwos-" + POOLS.incrementAndGet() + "-worker-").build();
        ExecutorService perTask;
        try {
            perTask = (ExecutorService) THREAD_PER_TASK.invokeExact(BwosVirtualThreads.newThreadFactory(pool, "request-"));
        } catch (RuntimeException e) {
            pool.shutdownNow();
            throw e; // no hook, or java.lang not opened: the message says what to add
        } catch (Throwable t) {
            pool.shutdownNow();
            throw new IllegalStateException("Executors.newThreadPerTaskExecutor failed", t);
        }
        return new BwosCounters("virtual-bwos", parallelism, pool, perTask, Blocking.IN_PLACE);
    }

    private static ServiceExecutor virtual(int parallelism) {
        if (VIRTUAL_PER_TASK == null) {
            throw new UnsupportedOperationException("executor 'virtual' needs JDK 21 or newer (this is "
                    + Runtime.version() + ")");
        }
        ExecutorService perTask;
        try {
            perTask = (ExecutorService) VIRTUAL_PER_TASK.invokeExact();
        } catch (Throwable t) {
            throw new IllegalStateException("Executors.newVirtualThreadPerTaskExecutor failed", t);
        }
        // Virtual threads unmount while they sleep or wait, so blocking in place is the managed way.
        return new ServiceExecutor("virtual", parallelism, perTask, Blocking.IN_PLACE) {
            @Override public int threads() {
                return -1;
            }

            @Override public int idleThreads() {
                return 0;
            }

            @Override public long queuedTasks() {
                return 0;
            }
        };
    }
}
