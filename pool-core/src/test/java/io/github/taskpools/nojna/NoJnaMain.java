package io.github.taskpools.nojna;

import io.github.taskpools.api.Topology;
import io.github.taskpools.bwos.LifoBwosDeque;
import io.github.taskpools.executor.BwosExecutor;
import io.github.taskpools.executor.BwosRecursiveTask;
import io.github.taskpools.salsa.FenceMode;
import io.github.taskpools.salsa.SalsaPool;
import java.util.concurrent.TimeUnit;

/**
 * Run by {@link NoJnaTest} in a JVM whose path holds pool-core and JCTools but not JNA: what does
 * not need JNA works, and what needs it says that JNA is missing. Prints {@code OK} at the end;
 * any failure is an exception (exit status 1).
 */
public final class NoJnaMain {
    private NoJnaMain() {
    }

    static final class Fib extends BwosRecursiveTask<Long> {
        final int n;

        Fib(int n) {
            this.n = n;
        }

        @Override
        protected Long compute() {
            if (n < 2) {
                return (long) n;
            }
            Fib f = new Fib(n - 1);
            f.fork();
            return new Fib(n - 2).compute() + f.join();
        }
    }

    public static void main(String[] args) throws Exception {
        try {
            Class.forName("com.sun.jna.Native");
            throw new AssertionError("JNA is on the path of this JVM: the test would prove nothing");
        } catch (ClassNotFoundException expected) {
            // the point of this run
        }
        try (BwosExecutor pool = BwosExecutor.builder().parallelism(2).build()) {
            check(pool.submit(() -> 42).get(10, TimeUnit.SECONDS) == 42, "a submitted task ran");
            check(pool.invoke(new Fib(20)) == 6765L, "fork/join");
        }
        LifoBwosDeque<Long> deque = new LifoBwosDeque<>(4, 8);
        check(deque.push(7L) && deque.pop() == 7L, "a BWoS deque");

        Topology synthetic = Topology.evenlySplit(2, 1);
        SalsaPool<Long> full = SalsaPool.builder(1, 1).topology(synthetic).build();
        check(full.fenceMode() == FenceMode.FULL && full.fenceFallbackReason() == null, "SALSA's default fence");
        check(full.producer().put(5L) && full.consumer().get() == 5L, "SALSA put and get");

        SalsaPool<Long> asymmetric = SalsaPool.builder(1, 1).fence(FenceMode.ASYMMETRIC).topology(synthetic).build();
        String reason = asymmetric.fenceFallbackReason();
        check(asymmetric.fenceMode() == FenceMode.FULL && reason != null && reason.contains("JNA"),
                "ASYMMETRIC falls back to FULL naming JNA, got " + reason);

        check(Topology.system().workers() >= 1, "the system topology (sysfs) without JNA");
        SalsaPool<Long> pinned = SalsaPool.builder(1, 1).pinning(true).topology(synthetic).build();
        try {
            pinned.producer();
            throw new AssertionError("pinning without JNA did not fail");
        } catch (IllegalStateException e) {
            check(e.getMessage().contains("JNA"), "pinning's failure names JNA: " + e.getMessage());
        }
        System.out.println("OK");
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError("failed: " + what);
        }
    }
}
