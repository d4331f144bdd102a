package io.github.taskpools.jmh;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.Executor;

/**
 * The external submitters of {@code executor-submit}: {@code n} threads (platform threads, or virtual
 * threads on JDK 21+) that wait at a barrier and, each time the benchmark thread releases them
 * ({@link #release}), together call {@code execute} {@code batch} times on the pool (thread i its share,
 * {@code batch / n}, one more for the first {@code batch % n}), then wait again. The threads live for the
 * trial, so a batch measures submissions, not thread starts.
 */
final class Submitters implements AutoCloseable {
    /** A {@code submitters} value naming virtual threads: "vt" and their number, e.g. {@code vt1000}. */
    static final String VIRTUAL_PREFIX = "vt";

    private final CyclicBarrier barrier;
    private final List<Thread> threads = new ArrayList<>();
    private volatile boolean closed;
    /** The first exception a submitter met (then it stops); checked by the benchmark thread. */
    private volatile Throwable failure;

    /**
     * Starts the submitters described by {@code spec} (a count of platform threads, or {@code vtN}: N
     * virtual threads), which will submit {@code batch} tasks of {@code task} to {@code pool} per release.
     *
     * @throws UnsupportedOperationException for virtual threads on a JDK without them (before 21)
     */
    Submitters(String spec, Executor pool, Runnable task, int batch) {
        boolean virtual = spec.startsWith(VIRTUAL_PREFIX);
        int n = Integer.parseInt(virtual ? spec.substring(VIRTUAL_PREFIX.length()) : spec);
        if (n < 1 || n > batch) {
            throw new IllegalArgumentException("submitters must be in [1, " + batch + "], got " + spec);
        }
        if (virtual && !virtualThreadsSupported()) {
            throw new UnsupportedOperationException("virtual threads need JDK 21 or later; this is "
                    + Runtime.version());
        }
        barrier = new CyclicBarrier(n + 1);
        for (int i = 0; i < n; i++) {
            int share = batch / n + (i < batch % n ? 1 : 0);
            Runnable loop = () -> {
                try {
                    while (true) {
                        barrier.await();
                        if (closed) {
                            return;
                        }
                        for (int k = 0; k < share; k++) {
                            pool.execute(task);
                        }
                    }
                } catch (InterruptedException | BrokenBarrierException e) {
                    // closed
                } catch (Throwable e) {
                    failure = e;
                    barrier.reset();
                }
            };
            Thread t;
            if (virtual) {
                t = startVirtual(i, loop);
            } else {
                t = new Thread(loop, "submitter-" + i);
                t.setDaemon(true);
                t.start();
            }
            threads.add(t);
        }
    }

    /** Lets every submitter submit its share of one batch; returns at once (they run concurrently). */
    void release() throws InterruptedException, BrokenBarrierException {
        Throwable f = failure;
        if (f != null) {
            throw new IllegalStateException("a submitter failed", f);
        }
        barrier.await();
    }

    /** The first exception a submitter met, or null. */
    Throwable failure() {
        return failure;
    }

    @Override
    public void close() throws InterruptedException {
        closed = true;
        // A submitter waiting at the barrier gets BrokenBarrierException and stops; one still on its way
        // there is caught by a later reset.
        long deadline = System.nanoTime() + 10_000_000_000L;
        for (Thread t : threads) {
            while (t.isAlive() && System.nanoTime() < deadline) {
                barrier.reset();
                t.join(10);
            }
        }
    }

    /** Whether this JVM has virtual threads ({@code Thread.ofVirtual()}, JDK 21+). */
    static boolean virtualThreadsSupported() {
        try {
            Thread.class.getMethod("ofVirtual");
            return true;
        } catch (NoSuchMethodException e) {
            return false;
        }
    }

    /** {@code Thread.ofVirtual().name("vsubmitter-" + i).start(r)}, by reflection (compiles with --release 17). */
    private static Thread startVirtual(int i, Runnable r) {
        try {
            Object builder = Thread.class.getMethod("ofVirtual").invoke(null);
            Class<?> api = Class.forName("java.lang.Thread$Builder");
            builder = api.getMethod("name", String.class).invoke(builder, "vsubmitter-" + i);
            return (Thread) api.getMethod("start", Runnable.class).invoke(builder, r);
        } catch (InvocationTargetException e) {
            throw new IllegalStateException("could not start a virtual thread", e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new UnsupportedOperationException("virtual threads need JDK 21 or later", e);
        }
    }
}
