package io.github.taskpools.executor;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/** Helpers shared by the executor tests: bounded waits for eventual states, and fork/join kernels. */
final class ExecutorTestSupport {
    /** A generous bound for anything that must happen eventually: a hang, not a slow machine. */
    static final long LONG_WAIT_MS = 20_000;

    private ExecutorTestSupport() {
    }

    /** Waits until {@code condition} holds; fails with {@code what} if it does not within {@link #LONG_WAIT_MS}. */
    static void awaitTrue(BooleanSupplier condition, Supplier<String> what) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(LONG_WAIT_MS);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("still not true after " + LONG_WAIT_MS + " ms: " + what.get());
            }
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted while waiting for: " + what.get(), e);
            }
        }
    }

    /** Shuts the pool down now and checks that it terminates: the end of every test. */
    static void terminate(BwosExecutor pool) throws InterruptedException {
        if (pool != null) {
            pool.shutdownNow();
            assertTrue(pool.awaitTermination(LONG_WAIT_MS, TimeUnit.MILLISECONDS), () -> "pool did not terminate: " + pool);
        }
    }

    /**
     * A pool of {@code n} workers whose threads never run, for tests that play the workers' steps
     * themselves: its factory's threads do nothing on {@code start()}. The pool's own lazy start
     * brings each worker up (a signal that finds no worker idle), then the worker leaves the
     * waking count as its thread's {@code run()} would: every worker is then awake, none idle.
     */
    static BwosExecutor unstartedPool(BwosExecutor.Builder builder, int n) {
        BwosExecutor pool = builder.parallelism(n).threadFactory(r -> new Thread(r) {
            @Override
            public void start() {
                // never runs: the test plays this worker
            }
        }).build();
        for (int i = 0; i < n; i++) {
            pool.ctl.signalWork();
            pool.workers[i].endWaking();
        }
        if (pool.ctl.created() != n || pool.getPoolSize() != n) {
            throw new IllegalStateException("set-up: " + pool.ctl.created() + " workers for " + n);
        }
        return pool;
    }

    static long fibSequential(int n) {
        return n < 2 ? n : fibSequential(n - 1) + fibSequential(n - 2);
    }

    /** Fibonacci with a fork per call above {@code threshold}; counts its forks. */
    static final class Fib extends BwosRecursiveTask<Long> {
        final int n;
        final int threshold;
        final java.util.concurrent.atomic.LongAdder forks;

        Fib(int n, int threshold, java.util.concurrent.atomic.LongAdder forks) {
            this.n = n;
            this.threshold = threshold;
            this.forks = forks;
        }

        @Override
        protected Long compute() {
            if (n <= threshold) {
                return fibSequential(n);
            }
            Fib f1 = new Fib(n - 1, threshold, forks);
            f1.fork();
            forks.increment();
            Fib f2 = new Fib(n - 2, threshold, forks);
            return f2.compute() + f1.join();
        }
    }
}
