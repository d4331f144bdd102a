package io.github.taskpools.executor;

import static io.github.taskpools.executor.ExecutorTestSupport.LONG_WAIT_MS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Every accepted task runs exactly once. Submitters outside the pool (platform threads, and 10 000
 * virtual threads on JDK 21+) submit root tasks with unique ids through every entry point; some
 * roots fork subtasks, some submit further tasks from inside the pool; random stalls perturb the
 * interleavings. Run counts per id (an {@link AtomicIntegerArray}) and id checksums are compared
 * with what was submitted. Variants: tiny deques (pushes overflow into the shared queue), and
 * shutdown while submitters still submit (each submission either is rejected and never runs, or
 * runs exactly once).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class BwosExecutorConservationTest {
    /** Ids: root r in [0, R); its forked children at R + 2r, R + 2r + 1; its inside submission at 3R + r. */
    static final class Ledger {
        final int roots;
        final AtomicIntegerArray runs;
        final LongAdder idSum = new LongAdder();
        final AtomicReference<Throwable> failure = new AtomicReference<>();

        Ledger(int roots) {
            this.roots = roots;
            this.runs = new AtomicIntegerArray(4 * roots);
        }

        static boolean forks(int r) {
            return r % 5 == 0;
        }

        static boolean submitsInside(int r) {
            return r % 7 == 3;
        }

        void ran(int id) {
            runs.incrementAndGet(id);
            idSum.add(id);
            stall();
        }

        /** The body of root {@code r}, run on a worker. */
        void root(BwosExecutor pool, int r) {
            ran(r);
            if (forks(r)) {
                Leaf a = new Leaf(this, roots + 2 * r);
                Leaf b = new Leaf(this, roots + 2 * r + 1);
                a.fork();
                stall();
                b.fork();
                b.join();
                a.join();
            }
            if (submitsInside(r)) {
                int id = 3 * roots + r;
                if ((r & 1) == 0) {
                    pool.execute(() -> ran(id)); // from inside: accepted until shutdownNow
                } else {
                    pool.submit(new Leaf(this, id));
                }
            }
        }

        /** Ids expected to run once when roots {@code accepted} were accepted. */
        void check(java.util.BitSet accepted) {
            long expectedSum = 0;
            List<String> wrong = new ArrayList<>();
            java.util.BitSet expected = new java.util.BitSet(4 * roots);
            for (int r = accepted.nextSetBit(0); r >= 0; r = accepted.nextSetBit(r + 1)) {
                expected.set(r);
                if (forks(r)) {
                    expected.set(roots + 2 * r);
                    expected.set(roots + 2 * r + 1);
                }
                if (submitsInside(r)) {
                    expected.set(3 * roots + r);
                }
            }
            for (int id = 0; id < 4 * roots; id++) {
                int want = expected.get(id) ? 1 : 0;
                if (expected.get(id)) {
                    expectedSum += id;
                }
                int got = runs.get(id);
                if (got != want && wrong.size() < 20) {
                    wrong.add("id " + id + " (" + kind(id) + ") ran " + got + " times, expected " + want);
                }
            }
            if (failure.get() != null) {
                throw new AssertionError("a task failed", failure.get());
            }
            assertTrue(wrong.isEmpty(), () -> "lost or duplicated tasks: " + wrong);
            assertEquals(expectedSum, idSum.sum(), "checksum of the ids run");
        }

        String kind(int id) {
            return id < roots ? "root" : id < 3 * roots ? "fork of root " + (id - roots) / 2 : "inside submission of root " + (id - 3 * roots);
        }
    }

    static void stall() {
        ThreadLocalRandom rnd = ThreadLocalRandom.current();
        int k = rnd.nextInt(64);
        if (k == 0) {
            LockSupport.parkNanos(1_000L * (1 + rnd.nextInt(50)));
        } else if (k < 4) {
            Thread.yield();
        }
    }

    static final class Leaf extends BwosRecursiveAction {
        final Ledger ledger;
        final int id;

        Leaf(Ledger ledger, int id) {
            this.ledger = ledger;
            this.id = id;
        }

        @Override
        protected void compute() {
            ledger.ran(id);
        }
    }

    static final class Root extends BwosRecursiveAction {
        final Ledger ledger;
        final BwosExecutor pool;
        final int r;

        Root(Ledger ledger, BwosExecutor pool, int r) {
            this.ledger = ledger;
            this.pool = pool;
            this.r = r;
        }

        @Override
        protected void compute() {
            ledger.root(pool, r);
        }
    }

    /** Submits root {@code r} through one of the entry points; throws what the entry point throws. */
    static void submitRoot(BwosExecutor pool, Ledger l, int r) {
        switch (r % 5) {
            case 0:
                pool.execute(() -> guarded(l, () -> l.root(pool, r)));
                break;
            case 1:
                pool.submit(() -> guarded(l, () -> l.root(pool, r)));
                break;
            case 2:
                pool.submit((Callable<Integer>) () -> {
                    guarded(l, () -> l.root(pool, r));
                    return r;
                });
                break;
            case 3:
                pool.submit(new Root(l, pool, r));
                break;
            default:
                pool.execute(new Root(l, pool, r));
                break;
        }
    }

    static void guarded(Ledger l, Runnable body) {
        try {
            body.run();
        } catch (Throwable t) {
            l.failure.compareAndSet(null, t);
            throw t;
        }
    }

    /** Starts {@code threads} submitters over roots [0, roots), each taking every threads-th id. */
    private static List<Thread> submitters(int threads, int roots, Consumer<Integer> submit, CountDownLatch start,
            AtomicReference<Throwable> failure, java.util.function.Function<Runnable, Thread> starter) {
        List<Thread> ts = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            int first = i;
            ts.add(starter.apply(() -> {
                try {
                    start.await();
                    for (int r = first; r < roots; r += threads) {
                        submit.accept(r);
                        if ((r & 15) == 0) {
                            stall();
                        }
                    }
                } catch (Throwable t) {
                    failure.compareAndSet(null, t);
                }
            }));
        }
        return ts;
    }

    private static Thread platform(Runnable r) {
        Thread t = new Thread(r, "submitter");
        t.setDaemon(true);
        t.start();
        return t;
    }

    private static void runAll(BwosExecutor pool, int threads, int roots, java.util.function.Function<Runnable, Thread> starter)
            throws Exception {
        Ledger l = new Ledger(roots);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> ts = submitters(threads, roots, r -> submitRoot(pool, l, r), start, failure, starter);
        start.countDown();
        for (Thread t : ts) {
            t.join(LONG_WAIT_MS);
            assertTrue(!t.isAlive(), "a submitter hangs");
        }
        if (failure.get() != null) {
            throw new AssertionError("a submitter failed", failure.get());
        }
        pool.shutdown(); // graceful: runs every accepted task and what they fork and submit
        assertTrue(pool.awaitTermination(LONG_WAIT_MS, TimeUnit.MILLISECONDS), () -> "no termination: " + pool);
        java.util.BitSet all = new java.util.BitSet(roots);
        all.set(0, roots);
        l.check(all);
    }

    @Test
    void platformSubmitters() throws Exception {
        for (int parallelism : new int[] {1, 2, 4}) {
            BwosExecutor pool = BwosExecutor.builder().parallelism(parallelism).build();
            try {
                runAll(pool, 4, 20_000, BwosExecutorConservationTest::platform);
            } finally {
                ExecutorTestSupport.terminate(pool);
            }
        }
    }

    @Test
    void tinyDequesOverflowIntoTheSharedQueue() throws Exception {
        for (int parallelism : new int[] {1, 3}) {
            BwosExecutor pool = BwosExecutor.builder().parallelism(parallelism).forkDeque(3, 1).submitDeque(2, 1).build();
            try {
                runAll(pool, 3, 20_000, BwosExecutorConservationTest::platform);
            } finally {
                ExecutorTestSupport.terminate(pool);
            }
        }
    }

    /** Forks far deeper than a tiny deque holds: every overflowed fork still runs once and its join returns. */
    @Test
    void deepForksOnTinyDeques() throws Exception {
        BwosExecutor pool = BwosExecutor.builder().parallelism(2).forkDeque(3, 1).submitDeque(2, 1).build();
        try {
            LongAdder forks = new LongAdder();
            for (int i = 0; i < 3; i++) {
                assertEquals(ExecutorTestSupport.fibSequential(22), pool.invoke(new ExecutorTestSupport.Fib(22, 3, forks)));
            }
        } finally {
            ExecutorTestSupport.terminate(pool);
        }
    }

    @Test
    void virtualThreadSubmitters() throws Exception {
        Method ofVirtual;
        try {
            ofVirtual = Thread.class.getMethod("ofVirtual");
        } catch (NoSuchMethodException e) {
            Assumptions.abort("virtual threads need JDK 21+; running on " + Runtime.version());
            return;
        }
        Object builder = ofVirtual.invoke(null);
        Method start = Class.forName("java.lang.Thread$Builder").getMethod("start", Runnable.class);
        java.util.function.Function<Runnable, Thread> virtual = r -> {
            try {
                return (Thread) start.invoke(builder, r);
            } catch (ReflectiveOperationException e) {
                throw new AssertionError(e);
            }
        };
        BwosExecutor pool = BwosExecutor.builder().parallelism(2).build();
        try {
            runAll(pool, 10_000, 50_000, virtual);
        } finally {
            ExecutorTestSupport.terminate(pool);
        }
    }

    /**
     * shutdown() while submitters still submit: a submission that returned normally ran exactly once
     * (with its forks and inside submissions); one that threw RejectedExecutionException never ran.
     */
    @Test
    void shutdownWhileSubmitting() throws Exception {
        for (int round = 0; round < 12; round++) {
            boolean tiny = (round & 1) == 1;
            BwosExecutor.Builder b = BwosExecutor.builder().parallelism(1 + round % 3);
            if (tiny) {
                b.forkDeque(3, 1).submitDeque(2, 1);
            }
            BwosExecutor pool = b.build();
            try {
                shutdownRace(pool, 4, 40_000);
            } catch (Throwable t) {
                fail("round " + round + " (parallelism " + (1 + round % 3) + (tiny ? ", tiny deques" : "") + ")", t);
            } finally {
                ExecutorTestSupport.terminate(pool);
            }
        }
    }

    private static void shutdownRace(BwosExecutor pool, int threads, int roots) throws Exception {
        Ledger l = new Ledger(roots);
        java.util.BitSet[] accepted = new java.util.BitSet[threads];
        java.util.BitSet[] rejected = new java.util.BitSet[threads];
        AtomicReference<Throwable> failure = new AtomicReference<>();
        CountDownLatch start = new CountDownLatch(1);
        LongAdder submitted = new LongAdder();
        List<Thread> ts = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            int first = i;
            java.util.BitSet acc = accepted[i] = new java.util.BitSet(roots);
            java.util.BitSet rej = rejected[i] = new java.util.BitSet(roots);
            ts.add(platform(() -> {
                try {
                    start.await();
                    for (int r = first; r < roots; r += threads) {
                        try {
                            submitRoot(pool, l, r);
                            acc.set(r);
                        } catch (RejectedExecutionException e) {
                            rej.set(r);
                        }
                        submitted.increment();
                        if ((r & 15) == 0) {
                            stall();
                        }
                    }
                } catch (Throwable t) {
                    failure.compareAndSet(null, t);
                }
            }));
        }
        start.countDown();
        // shut down somewhere in the middle of the submissions
        int at = roots / 8 + ThreadLocalRandom.current().nextInt(roots / 4);
        while (submitted.sum() < at && ts.stream().anyMatch(Thread::isAlive)) {
            Thread.onSpinWait();
        }
        pool.shutdown();
        for (Thread t : ts) {
            t.join(LONG_WAIT_MS);
            assertTrue(!t.isAlive(), "a submitter hangs");
        }
        if (failure.get() != null) {
            throw new AssertionError("a submitter failed", failure.get());
        }
        assertTrue(pool.awaitTermination(LONG_WAIT_MS, TimeUnit.MILLISECONDS), () -> "no termination: " + pool);
        java.util.BitSet all = new java.util.BitSet(roots);
        int rejectedCount = 0;
        for (int i = 0; i < threads; i++) {
            all.or(accepted[i]);
            rejectedCount += rejected[i].cardinality();
            java.util.BitSet both = (java.util.BitSet) accepted[i].clone();
            both.and(rejected[i]);
            assertTrue(both.isEmpty());
        }
        assertEquals(roots, all.cardinality() + rejectedCount, "every submission was accepted or rejected");
        l.check(all);
    }
}
