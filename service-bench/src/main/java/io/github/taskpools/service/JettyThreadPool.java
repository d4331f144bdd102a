package io.github.taskpools.service;

import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.util.thread.ThreadPool;

/**
 * Jetty's request {@link ThreadPool} over an executor under test: {@link #execute} hands the task to
 * the executor, the other methods report its occupancy. (Jetty's own {@code ExecutorThreadPool}
 * wraps only a {@code ThreadPoolExecutor}.)
 *
 * <p>Implementation notes. Jetty 12.1 reads {@link #isLowOnThreads} only in its optional
 * {@code LowResourceMonitor}; whether a selector runs a produced task itself is decided by its
 * {@code AdaptiveExecutionStrategy}, which hands the selecting role to a reserved thread when the
 * executor is a {@code TryExecutor} whose {@code tryExecute} succeeds (its {@code ReservedThreadExecutor}
 * keeps pool threads waiting for that). This pool is deliberately not a {@code TryExecutor}: a
 * reserved thread would hold one of the executor's few workers, so every request Jetty reads is
 * {@code execute}d here, an external submission to the executor under test. {@code
 * isLowOnThreads} follows {@code ExecutorThreadPool}'s rule (every thread made and at least as many
 * tasks queued as threads idle); a virtual thread per task is never low (as Jetty's {@code
 * VirtualThreadPool}). The selectors themselves run on threads of their own ({@link JettyConnector}).
 */
final class JettyThreadPool implements ThreadPool {
    private final ServiceExecutor executor;

    JettyThreadPool(ServiceExecutor executor) {
        this.executor = executor;
    }

    @Override
    public void execute(Runnable task) {
        executor.execute(task);
    }

    /** Waits until the executor has terminated (the service closes it after stopping Jetty). */
    @Override
    public void join() throws InterruptedException {
        while (!executor.executor().awaitTermination(1, TimeUnit.DAYS)) {
            // keep waiting, as Jetty's pools do
        }
    }

    @Override
    public int getThreads() {
        return executor.threads();
    }

    @Override
    public int getIdleThreads() {
        return executor.idleThreads();
    }

    @Override
    public boolean isLowOnThreads() {
        int threads = executor.threads();
        return threads >= 0 && threads >= executor.parallelism()
                && executor.queuedTasks() >= executor.idleThreads();
    }

    @Override
    public String toString() {
        return "JettyThreadPool[" + executor.name() + ", parallelism " + executor.parallelism() + "]";
    }
}
