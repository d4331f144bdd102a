package io.github.taskpools;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntConsumer;

/**
 * Threads that come and go, for the tests of the thread bindings: jobs on a {@link
 * ThreadPoolExecutor} whose threads die and are replaced, on virtual threads, and on threads that
 * are all alive at once.
 */
public final class ThreadChurn {
    private ThreadChurn() {
    }

    /** Thrown by a job to have the executor replace its thread (it dies holding what it held). */
    public static final class Replaced extends RuntimeException {
        public Replaced() {
            super(null, null, false, false);
        }
    }

    /**
     * How job {@code id} ends its thread's use of a pool: a quarter of the jobs kill their thread
     * holding what it holds (its replacement takes it over), a quarter give it back with
     * {@code release} and live on, the rest keep it for the thread's next job.
     */
    public static void endJob(int id, Runnable release) {
        switch (id % 4) {
            case 0:
                throw new Replaced();
            case 1:
                release.run();
                break;
            default:
                break;
        }
    }

    /**
     * Runs jobs {@code 0 .. jobs - 1} on a fixed {@link ThreadPoolExecutor} of {@code threads}
     * threads, which replaces a thread whose job throws {@link Replaced}; fails on any other
     * exception, or if the jobs take more than {@code timeoutSeconds}.
     *
     * @return how many threads ran jobs
     */
    public static int onReplacedThreads(String name, int threads, int jobs, long timeoutSeconds, IntConsumer job)
            throws InterruptedException {
        Set<Thread> made = ConcurrentHashMap.newKeySet();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        ThreadPoolExecutor tpe = new ThreadPoolExecutor(threads, threads, 0, TimeUnit.SECONDS,
                new LinkedBlockingQueue<>(), r -> {
                    Thread t = new Thread(r);
                    t.setUncaughtExceptionHandler((th, e) -> {
                        if (!(e instanceof Replaced)) {
                            failure.compareAndSet(null, e);
                        }
                    });
                    made.add(t);
                    return t;
                });
        for (int j = 0; j < jobs; j++) {
            int id = j;
            tpe.execute(() -> job.accept(id));
        }
        tpe.shutdown();
        assertTrue(tpe.awaitTermination(timeoutSeconds, TimeUnit.SECONDS), name + ": jobs did not finish");
        if (failure.get() != null) {
            throw new AssertionError(name, failure.get());
        }
        return made.size();
    }

    /**
     * Runs jobs {@code 0 .. n - 1}, each on a virtual thread of its own (JDK 21+; the test is
     * skipped on older JDKs), and waits for all of them; rethrows the first failure.
     */
    public static void onVirtualThreads(int n, long timeoutSeconds, IntConsumer job) throws Exception {
        ExecutorService vts;
        try {
            vts = (ExecutorService) Executors.class.getMethod("newVirtualThreadPerTaskExecutor").invoke(null);
        } catch (NoSuchMethodException e) {
            assumeTrue(false, "virtual threads need JDK 21+");
            return;
        }
        List<Future<?>> done = new ArrayList<>();
        try (AutoCloseable closing = vts::shutdown) {
            for (int v = 0; v < n; v++) {
                int id = v;
                done.add(vts.submit(() -> job.accept(id)));
            }
            for (Future<?> f : done) {
                f.get(timeoutSeconds, TimeUnit.SECONDS);
            }
        }
        assertTrue(vts.awaitTermination(60, TimeUnit.SECONDS));
    }

    /**
     * Starts {@code n} threads that each run {@code claim} and stay alive until all have run it
     * (so that none gives back what it claimed before the others claimed); fails with the first
     * failure, as {@code what} leaking.
     */
    public static void allAtOnce(String what, int n, Runnable claim) throws InterruptedException {
        CountDownLatch claimed = new CountDownLatch(n);
        CountDownLatch leave = new CountDownLatch(1);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        List<Thread> ts = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            Thread t = new Thread(() -> {
                try {
                    claim.run();
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                } finally {
                    claimed.countDown();
                }
                try {
                    leave.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            ts.add(t);
            t.start();
        }
        claimed.await();
        leave.countDown();
        for (Thread t : ts) {
            t.join();
        }
        if (failure.get() != null) {
            throw new AssertionError(what + " leaked", failure.get());
        }
    }
}
