package io.github.taskpools.executor;

/**
 * What monitoring sees of a {@link BwosExecutor} (registered with {@code Builder.jmxName}). Counts
 * are sums of per-worker counters read without locking: each is exact once the pool is quiescent
 * and an estimate while it runs.
 */
public interface BwosExecutorMXBean {
    /** Workers that run tasks at once: the parallelism the pool was built with. */
    int getParallelism();

    /**
     * Worker threads started and not exited, spares included: 0 before any work, at most
     * parallelism while no worker is blocked (threads start as work appears).
     */
    int getPoolSize();

    /** Threads beyond parallelism: spares added for blocked workers, not yet retired. */
    int getSpareThreadCount();

    /** Workers in a compensated wait: parked in a join, or in {@code BwosExecutor.managedBlock}. */
    int getBlockedThreadCount();

    /** Tasks taken from another worker's deque (steals, including a joiner's steals back). */
    long getStealCount();

    /** Tasks in the workers' deques. */
    long getQueuedTaskCount();

    /** Tasks in the shared submission queue. */
    long getQueuedSubmissionCount();

    /** Threads not idle: running, searching or blocked. */
    int getActiveThreadCount();

    /**
     * Threads not idle and not blocked in a compensated wait (as {@code
     * ForkJoinPool.getRunningThreadCount()}): active minus blocked, an estimate while the pool runs.
     */
    int getRunningThreadCount();

    /** Workers searching for work. */
    int getSearchingThreadCount();

    /** Workers parked while idle. */
    int getParkedThreadCount();

    /** Times a worker parked, idle or in a join. */
    long getParkCount();

    /** Times a worker was woken for new work. */
    long getUnparkCount();

    /** Grants of the workers' deques: blocks handed to thieves, full or on request. */
    long getGrantCount();

    /** Grants that answered a thief's request (grant on request). */
    long getGrantsOnRequestCount();

    /** Requests for a grant that found the owner holding hidden tasks. */
    long getGrantRequestCount();

    /** Tasks the workers ran from their loops and joins. */
    long getCompletedTaskCount();

    /** Whether every worker is idle and every queue empty. */
    boolean isQuiescent();

    /** Whether shutdown began. */
    boolean isShutdown();

    /** Whether every worker exited after shutdown. */
    boolean isTerminated();
}
