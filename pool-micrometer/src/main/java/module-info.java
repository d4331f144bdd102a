/**
 * Micrometer metrics for {@code BwosExecutor}: {@link io.github.taskpools.micrometer.BwosExecutorMetrics},
 * a {@code MeterBinder}. Micrometer's jars are automatic modules ({@code micrometer.core}); this
 * module's API takes and implements its types, so it requires it transitively, as it does
 * {@code io.github.taskpools}.
 */
// "requires-transitive-automatic": micrometer.core is an automatic module, named by the
// Automatic-Module-Name of its jar's manifest.
@SuppressWarnings("requires-transitive-automatic")
module io.github.taskpools.micrometer {
    requires transitive io.github.taskpools;
    requires transitive micrometer.core;
    exports io.github.taskpools.micrometer;
}
