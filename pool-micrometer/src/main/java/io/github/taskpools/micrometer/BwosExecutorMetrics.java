package io.github.taskpools.micrometer;

import io.github.taskpools.executor.BwosExecutor;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.BaseUnits;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.Objects;
import java.util.function.ToDoubleFunction;

/**
 * Publishes a {@link BwosExecutor}'s state to a Micrometer {@link MeterRegistry}: the meters that
 * Micrometer's {@code ExecutorServiceMetrics} publishes for a {@code ForkJoinPool}, with the same
 * names, types, base units and tags, so that one dashboard serves both pools, and the executor's
 * own counts of grants, parks, wake-ups and searching workers.
 *
 * <pre>{@code
 * MeterRegistry registry = new SimpleMeterRegistry();           // or the application's registry
 * try (BwosExecutor pool = BwosExecutor.builder().parallelism(4).build()) {
 *     new BwosExecutorMetrics(pool, "requests", Tags.of("service", "checkout")).bindTo(registry);
 *     pool.submit(() -> "reply").get();                          // executor.* tagged name=requests
 * }
 * }</pre>
 *
 * <p>Every meter carries the tag {@code name} (the executor name given here) and the caller's
 * tags. The meters, each reading a getter of {@link io.github.taskpools.executor.BwosExecutorMXBean}:
 * <table class="striped">
 * <caption>Meters</caption>
 * <thead><tr><th>name</th><th>type</th><th>base unit</th><th>value</th></tr></thead>
 * <tbody>
 * <tr><td>{@code executor.steals}</td><td>function counter</td><td></td><td>{@code getStealCount()}</td></tr>
 * <tr><td>{@code executor.queued}</td><td>gauge</td><td></td>
 *     <td>{@code getQueuedTaskCount() + getQueuedSubmissionCount()}</td></tr>
 * <tr><td>{@code executor.active}</td><td>gauge</td><td></td><td>{@code getActiveThreadCount()}</td></tr>
 * <tr><td>{@code executor.running}</td><td>gauge</td><td></td><td>{@code getRunningThreadCount()}</td></tr>
 * <tr><td>{@code executor.parallelism}</td><td>gauge</td><td>threads</td><td>{@code getParallelism()}</td></tr>
 * <tr><td>{@code executor.pool.size}</td><td>gauge</td><td>threads</td><td>{@code getPoolSize()}</td></tr>
 * <tr><td>{@code executor.completed}</td><td>function counter</td><td>tasks</td>
 *     <td>{@code getCompletedTaskCount()}</td></tr>
 * <tr><td>{@code executor.grants}</td><td>function counter</td><td></td><td>{@code getGrantCount()}</td></tr>
 * <tr><td>{@code executor.grants.on.request}</td><td>function counter</td><td></td>
 *     <td>{@code getGrantsOnRequestCount()}</td></tr>
 * <tr><td>{@code executor.grant.requests}</td><td>function counter</td><td></td>
 *     <td>{@code getGrantRequestCount()}</td></tr>
 * <tr><td>{@code executor.parks}</td><td>function counter</td><td></td><td>{@code getParkCount()}</td></tr>
 * <tr><td>{@code executor.unparks}</td><td>function counter</td><td></td><td>{@code getUnparkCount()}</td></tr>
 * <tr><td>{@code executor.searching}</td><td>gauge</td><td>threads</td><td>{@code getSearchingThreadCount()}</td></tr>
 * <tr><td>{@code executor.parked}</td><td>gauge</td><td>threads</td><td>{@code getParkedThreadCount()}</td></tr>
 * <tr><td>{@code executor.spares}</td><td>gauge</td><td>threads</td><td>{@code getSpareThreadCount()}</td></tr>
 * <tr><td>{@code executor.blocked}</td><td>gauge</td><td>threads</td><td>{@code getBlockedThreadCount()}</td></tr>
 * </tbody>
 * </table>
 * The first six are {@code ExecutorServiceMetrics}'s for a {@code ForkJoinPool}, and
 * {@code executor.completed} is its counter for a {@code ThreadPoolExecutor}. Not published:
 * {@code executor.delayed}, as the pool schedules no delayed tasks. Tasks are not timed: this binder reads the pool's counters and wraps nothing.
 *
 * <p>The counts are sums of per-worker counters read without locking: exact once the pool is
 * quiescent, estimates while it runs; a thread that reads a counter twice never sees it decrease.
 * Each meter holds the pool weakly, as Micrometer's own binders do, so binding does not keep a
 * pool alive: once the pool is collected its gauges read {@code NaN} and its counters the last
 * value they read. This binder holds the pool until the binder itself is dropped. It is
 * immutable: bind it to any number of registries, from any thread.
 */
public final class BwosExecutorMetrics implements MeterBinder {
    private final BwosExecutor executor;
    private final Iterable<Tag> tags;
    private final String prefix;

    /**
     * Meters named {@code executor.*} for {@code executor}, tagged {@code name=executorName} and
     * with {@code tags}.
     *
     * @throws NullPointerException if an argument is null (the message names it)
     */
    public BwosExecutorMetrics(BwosExecutor executor, String executorName, Iterable<Tag> tags) {
        this(executor, executorName, "", tags);
    }

    /**
     * As {@link #BwosExecutorMetrics(BwosExecutor, String, Iterable)}, with every meter name
     * prefixed by {@code metricPrefix} (a dot is added unless it ends in one; a blank prefix adds
     * nothing), as {@code ExecutorServiceMetrics}' prefix does: it keeps apart executors whose meters
     * carry different tag keys.
     *
     * @throws NullPointerException if an argument is null (the message names it)
     */
    public BwosExecutorMetrics(BwosExecutor executor, String executorName, String metricPrefix, Iterable<Tag> tags) {
        this.executor = Objects.requireNonNull(executor, "executor");
        Objects.requireNonNull(executorName, "executorName");
        Objects.requireNonNull(metricPrefix, "metricPrefix");
        this.tags = Tags.concat(Objects.requireNonNull(tags, "tags"), "name", executorName);
        this.prefix = metricPrefix.isBlank() ? "" : metricPrefix.endsWith(".") ? metricPrefix : metricPrefix + ".";
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        Objects.requireNonNull(registry, "registry");
        counter(registry, "executor.steals", BwosExecutor::getStealCount, null,
                "Tasks taken from another worker's deques or inbox");
        gauge(registry, "executor.queued", p -> p.getQueuedTaskCount() + p.getQueuedSubmissionCount(), null,
                "Tasks queued for execution: in the workers' deques and inboxes and in the shared submission queue");
        gauge(registry, "executor.active", BwosExecutor::getActiveThreadCount, null,
                "Workers not idle: running a task, searching for one, or blocked in a join");
        gauge(registry, "executor.running", BwosExecutor::getRunningThreadCount, null,
                "Workers not idle and not blocked in a join or managedBlock");
        gauge(registry, "executor.parallelism", BwosExecutor::getParallelism, BaseUnits.THREADS,
                "Workers the pool was built with");
        gauge(registry, "executor.pool.size", BwosExecutor::getPoolSize, BaseUnits.THREADS,
                "Worker threads that have not exited");
        counter(registry, "executor.completed", BwosExecutor::getCompletedTaskCount, BaseUnits.TASKS,
                "Tasks the workers have run");
        counter(registry, "executor.grants", BwosExecutor::getGrantCount, null,
                "Blocks of a worker's deque handed to thieves, full or on request");
        counter(registry, "executor.grants.on.request", BwosExecutor::getGrantsOnRequestCount, null,
                "Grants that answered a thief's request");
        counter(registry, "executor.grant.requests", BwosExecutor::getGrantRequestCount, null,
                "Requests for a grant that found the owner holding tasks thieves could not take");
        counter(registry, "executor.parks", BwosExecutor::getParkCount, null,
                "Times a worker parked, idle or in a join");
        counter(registry, "executor.unparks", BwosExecutor::getUnparkCount, null,
                "Times a parked worker was woken for new work");
        gauge(registry, "executor.searching", BwosExecutor::getSearchingThreadCount, BaseUnits.THREADS,
                "Workers searching for work");
        gauge(registry, "executor.parked", BwosExecutor::getParkedThreadCount, BaseUnits.THREADS,
                "Workers parked while idle");
        gauge(registry, "executor.spares", BwosExecutor::getSpareThreadCount, BaseUnits.THREADS,
                "Threads beyond parallelism, started for blocked workers");
        gauge(registry, "executor.blocked", BwosExecutor::getBlockedThreadCount, BaseUnits.THREADS,
                "Workers blocked in a join or managedBlock, compensated");
    }

    /** A function counter over {@code count}, holding the pool weakly (FunctionCounter's default). */
    private void counter(MeterRegistry registry, String name, ToDoubleFunction<BwosExecutor> count, String baseUnit,
            String description) {
        FunctionCounter.builder(prefix + name, executor, count)
                .tags(tags)
                .baseUnit(baseUnit)
                .description(description)
                .register(registry);
    }

    /** A gauge over {@code level}, holding the pool weakly (Gauge's default). */
    private void gauge(MeterRegistry registry, String name, ToDoubleFunction<BwosExecutor> level, String baseUnit,
            String description) {
        Gauge.builder(prefix + name, executor, level)
                .tags(tags)
                .baseUnit(baseUnit)
                .description(description)
                .register(registry);
    }
}
