/**
 * Micrometer metrics for {@link io.github.taskpools.executor.BwosExecutor}: bind a pool with
 * {@code new BwosExecutorMetrics(pool, "requests", Tags.empty()).bindTo(registry)}; see
 * {@link io.github.taskpools.micrometer.BwosExecutorMetrics} for the meters.
 */
package io.github.taskpools.micrometer;
