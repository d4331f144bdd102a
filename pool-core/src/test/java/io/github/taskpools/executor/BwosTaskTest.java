package io.github.taskpools.executor;

import static io.github.taskpools.executor.ExecutorTestSupport.LONG_WAIT_MS;
import static io.github.taskpools.executor.ExecutorTestSupport.fibSequential;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.taskpools.executor.ExecutorTestSupport.Fib;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Fork/join semantics of {@link BwosTask}, after the JSR-166 TCK's {@code RecursiveTaskTest} and {@code ForkJoinTaskTest}. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class BwosTaskTest {
    private final List<BwosExecutor> pools = new ArrayList<>();

    private BwosExecutor pool(int parallelism) {
        BwosExecutor p = BwosExecutor.builder().parallelism(parallelism).build();
        pools.add(p);
        return p;
    }

    @AfterEach
    void terminateAll() throws InterruptedException {
        for (BwosExecutor p : pools) {
            ExecutorTestSupport.terminate(p);
        }
    }

    // ------------------------------------------------------------------ kernels

    /** Adds {@code i * 3 + 1} to {@code a[i]} over [lo, hi), splitting down to {@code grain}. */
    static final class AddKernel extends BwosRecursiveAction {
        final int[] a;
        final int lo;
        final int hi;

        AddKernel(int[] a, int lo, int hi) {
            this.a = a;
            this.lo = lo;
            this.hi = hi;
        }

        @Override
        protected void compute() {
            if (hi - lo <= 512) {
                for (int i = lo; i < hi; i++) {
                    a[i] += i * 3 + 1;
                }
                return;
            }
            int mid = (lo + hi) >>> 1;
            invokeAll(new AddKernel(a, lo, mid), new AddKernel(a, mid, hi));
        }
    }

    /** Sum of {@code a[lo, hi)}, forking the left half, computing the right. */
    static final class Sum extends BwosRecursiveTask<Long> {
        final int[] a;
        final int lo;
        final int hi;

        Sum(int[] a, int lo, int hi) {
            this.a = a;
            this.lo = lo;
            this.hi = hi;
        }

        @Override
        protected Long compute() {
            if (hi - lo <= 256) {
                long s = 0;
                for (int i = lo; i < hi; i++) {
                    s += a[i];
                }
                return s;
            }
            int mid = (lo + hi) >>> 1;
            Sum left = new Sum(a, lo, mid);
            left.fork();
            long right = new Sum(a, mid, hi).compute();
            return right + left.join();
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void fibIsRight(int parallelism) {
        BwosExecutor p = pool(parallelism);
        LongAdder forks = new LongAdder();
        for (int n : new int[] {0, 1, 2, 10, 24}) {
            assertEquals(fibSequential(n), p.invoke(new Fib(n, 8, forks)), "fib(" + n + ")");
        }
        assertTrue(forks.sum() > 1000);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void arrayKernelIsRight(int parallelism) {
        BwosExecutor p = pool(parallelism);
        int n = 1 << 18;
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i;
        }
        p.invoke(new AddKernel(a, 0, n));
        p.invoke(new AddKernel(a, 0, n));
        long expected = 0;
        for (int i = 0; i < n; i++) {
            assertEquals(i + 2 * (i * 3 + 1), a[i], "a[" + i + "]");
            expected += a[i];
        }
        assertEquals(expected, p.invoke(new Sum(a, 0, n)));
        assertEquals(expected, p.submit(new Sum(a, 0, n)).join());
    }

    // ------------------------------------------------------------------ exceptions

    /** Throws {@code ex} at depth 0, deep inside a fork tree. */
    static final class Thrower extends BwosRecursiveTask<Integer> {
        final int depth;
        final Throwable ex;

        Thrower(int depth, Throwable ex) {
            this.depth = depth;
            this.ex = ex;
        }

        @Override
        protected Integer compute() {
            if (depth == 0) {
                if (ex instanceof RuntimeException) {
                    throw (RuntimeException) ex;
                }
                throw (Error) ex;
            }
            Thrower f = new Thrower(depth - 1, ex);
            f.fork();
            Thrower g = new Thrower(depth - 1, ex);
            int x = g.compute();
            return x + f.join();
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void exceptionsAreRethrownAsTheSameInstance(int parallelism) {
        BwosExecutor p = pool(parallelism);
        RuntimeException rte = new IllegalStateException("compute failed");
        assertSame(rte, assertThrows(IllegalStateException.class, () -> p.invoke(new Thrower(0, rte))));
        assertSame(rte, assertThrows(IllegalStateException.class, () -> p.invoke(new Thrower(6, rte))));
        Error err = new StackOverflowError("simulated");
        assertSame(err, assertThrows(StackOverflowError.class, () -> p.invoke(new Thrower(6, err))));

        Thrower t = new Thrower(4, rte);
        p.submit(t);
        assertSame(rte, assertThrows(IllegalStateException.class, t::join));
        assertSame(rte, assertThrows(IllegalStateException.class, t::join), "join again");
        ExecutionException ee = assertThrows(ExecutionException.class, t::get);
        assertSame(rte, ee.getCause());
        ee = assertThrows(ExecutionException.class, () -> t.get(1, TimeUnit.SECONDS));
        assertSame(rte, ee.getCause());
        assertTrue(t.isDone());
        assertTrue(t.isCompletedAbnormally());
        assertFalse(t.isCompletedNormally());
        assertFalse(t.isCancelled());
        assertSame(rte, t.getException());
    }

    /** A checked exception from exec() is wrapped in a RuntimeException by join, in an ExecutionException by get. */
    @Test
    void checkedExceptionsAreWrapped() {
        BwosExecutor p = pool(1);
        Exception checked = new java.io.IOException("checked");
        BwosTask<Void> t = new BwosRecursiveAction() {
            @Override
            protected void compute() {
                BwosTaskTest.<RuntimeException>sneakyThrow(checked);
            }
        };
        RuntimeException e = assertThrows(RuntimeException.class, () -> p.invoke(t));
        assertSame(checked, e.getCause());
        assertSame(checked, assertThrows(ExecutionException.class, t::get).getCause());
        assertSame(checked, t.getException());
    }

    @SuppressWarnings("unchecked")
    static <E extends Throwable> void sneakyThrow(Throwable t) throws E {
        throw (E) t;
    }

    @Test
    void forkOutsideAWorkerIsIllegal() {
        pool(1);
        Fib f = new Fib(5, 1, new LongAdder());
        IllegalStateException e = assertThrows(IllegalStateException.class, f::fork);
        assertTrue(e.getMessage().contains("fork()") && e.getMessage().contains("BwosExecutor"), e.getMessage());
        assertFalse(f.isDone());
        assertFalse(BwosTask.inBwosExecutor());
    }

    // ------------------------------------------------------------------ invokeAll

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void invokeAllVariants(int parallelism) {
        BwosExecutor p = pool(parallelism);
        LongAdder forks = new LongAdder();
        List<Long> results = p.invoke(new BwosRecursiveTask<List<Long>>() {
            @Override
            protected List<Long> compute() {
                assertTrue(inBwosExecutor());
                Fib a = new Fib(15, 5, forks);
                Fib b = new Fib(16, 5, forks);
                invokeAll(a, b);
                Fib[] many = new Fib[7];
                for (int i = 0; i < many.length; i++) {
                    many[i] = new Fib(10 + i, 5, forks);
                }
                invokeAll(many);
                List<Fib> coll = new ArrayList<>();
                for (int i = 0; i < 5; i++) {
                    coll.add(new Fib(12 + i, 5, forks));
                }
                assertSame(coll, invokeAll(coll));
                invokeAll(); // nothing
                invokeAll(new Fib(3, 1, forks)); // one: run in place
                List<Long> r = new ArrayList<>();
                r.add(a.getRawResult());
                r.add(b.getRawResult());
                for (Fib f : many) {
                    assertTrue(f.isCompletedNormally());
                    r.add(f.join());
                }
                for (Fib f : coll) {
                    assertTrue(f.isDone());
                    r.add(f.getRawResult());
                }
                return r;
            }
        });
        List<Long> expected = new ArrayList<>();
        expected.add(fibSequential(15));
        expected.add(fibSequential(16));
        for (int i = 0; i < 7; i++) {
            expected.add(fibSequential(10 + i));
        }
        for (int i = 0; i < 5; i++) {
            expected.add(fibSequential(12 + i));
        }
        assertEquals(expected, results);
    }

    @Test
    void invokeAllWithANullTaskThrowsBeforeForkingAny() {
        BwosExecutor p = pool(1);
        AtomicBoolean ran = new AtomicBoolean();
        NullPointerException e = assertThrows(NullPointerException.class, () -> p.invoke(new BwosRecursiveAction() {
            @Override
            protected void compute() {
                BwosRecursiveAction marker = new BwosRecursiveAction() {
                    @Override
                    protected void compute() {
                        ran.set(true);
                    }
                };
                invokeAll(marker, null, marker);
            }
        }));
        assertTrue(e.getMessage().contains("task 1"), e.getMessage());
        assertFalse(ran.get());
    }

    @Test
    void invokeAllPropagatesAnExceptionAfterRunningTheOthers() {
        BwosExecutor p = pool(2);
        RuntimeException boom = new IllegalStateException("boom");
        AtomicInteger ran = new AtomicInteger();
        assertSame(boom, assertThrows(IllegalStateException.class, () -> p.invoke(new BwosRecursiveAction() {
            @Override
            protected void compute() {
                BwosTask<?>[] ts = new BwosTask<?>[5];
                for (int i = 0; i < ts.length; i++) {
                    int k = i;
                    ts[i] = new BwosRecursiveAction() {
                        @Override
                        protected void compute() {
                            ran.incrementAndGet();
                            if (k == 2) {
                                throw boom;
                            }
                        }
                    };
                }
                invokeAll(ts);
            }
        })));
        assertTrue(ran.get() >= 3);
    }

    // ------------------------------------------------------------------ status and completion

    static final class Value extends BwosRecursiveTask<String> {
        final AtomicInteger runs = new AtomicInteger();

        @Override
        protected String compute() {
            runs.incrementAndGet();
            return "computed";
        }
    }

    @Test
    void statusOfAFreshTask() {
        Value v = new Value();
        assertFalse(v.isDone());
        assertFalse(v.isCompletedNormally());
        assertFalse(v.isCompletedAbnormally());
        assertFalse(v.isCancelled());
        assertNull(v.getException());
        assertNull(v.getRawResult());
        assertThrows(TimeoutException.class, () -> v.get(1, TimeUnit.MILLISECONDS));
    }

    @Test
    void completeSetsTheResultAndSkipsTheComputation() throws Exception {
        BwosExecutor p = pool(1);
        Value v = new Value();
        v.complete("given");
        assertTrue(v.isDone());
        assertTrue(v.isCompletedNormally());
        assertFalse(v.isCompletedAbnormally());
        assertNull(v.getException());
        assertEquals("given", v.join());
        assertEquals("given", v.get());
        assertEquals("given", p.invoke(v));
        assertEquals(0, v.runs.get(), "a completed task does not run");
    }

    @Test
    void completeAfterCompletionDoesNotChangeTheResult() {
        BwosExecutor p = pool(1);
        Value v = new Value();
        assertEquals("computed", p.invoke(v));
        v.complete("late");
        assertEquals("computed", v.join(), "complete() on a done task: 'if not done yet'");
        Value w = new Value();
        w.complete("first");
        w.complete("second");
        assertEquals("first", w.join());
    }

    @Test
    void completeExceptionally() throws Exception {
        BwosExecutor p = pool(1);
        Value v = new Value();
        RuntimeException boom = new IllegalArgumentException("given");
        v.completeExceptionally(boom);
        assertTrue(v.isDone());
        assertTrue(v.isCompletedAbnormally());
        assertFalse(v.isCompletedNormally());
        assertFalse(v.isCancelled());
        assertSame(boom, v.getException());
        assertSame(boom, assertThrows(IllegalArgumentException.class, v::join));
        assertSame(boom, assertThrows(ExecutionException.class, v::get).getCause());
        assertSame(boom, assertThrows(IllegalArgumentException.class, () -> p.invoke(v)));
        assertEquals(0, v.runs.get());
        v.completeExceptionally(new IllegalStateException("second"));
        assertSame(boom, v.getException(), "the first completion wins");
        assertThrows(NullPointerException.class, () -> new Value().completeExceptionally(null));
    }

    /** A waiter parked in get() from outside is woken by complete() from another thread. */
    @Test
    void completeWakesAnExternalWaiter() throws Exception {
        Value v = new Value();
        Thread completer = new Thread(() -> {
            try {
                Thread.sleep(20);
            } catch (InterruptedException ignored) {
                // complete anyway
            }
            v.complete("woken");
        });
        completer.start();
        assertEquals("woken", v.get(LONG_WAIT_MS, TimeUnit.MILLISECONDS));
        completer.join();
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void cancelOfAForkedButNotRunTask(int parallelism) {
        BwosExecutor p = pool(parallelism);
        String r = p.invoke(new BwosRecursiveTask<String>() {
            @Override
            protected String compute() {
                Value child = new Value();
                child.fork();
                boolean cancelled = child.cancel(false);
                if (!cancelled) {
                    // stolen and completed meanwhile at parallelism 2: then nothing to check here
                    return child.isCompletedNormally() ? "raced" : "neither";
                }
                assertTrue(child.isCancelled());
                assertTrue(child.isDone());
                assertTrue(child.isCompletedAbnormally());
                assertFalse(child.isCompletedNormally());
                assertTrue(child.getException() instanceof CancellationException);
                assertThrows(CancellationException.class, child::join);
                assertThrows(CancellationException.class, child::get);
                assertFalse(child.cancel(true), "cancel of a done task fails");
                assertEquals(0, child.runs.get(), "a cancelled task must not run");
                return "cancelled";
            }
        });
        if (parallelism == 1) {
            assertEquals("cancelled", r);
        } else {
            assertTrue(r.equals("cancelled") || r.equals("raced"), r);
        }
    }

    @Test
    void cancelFromOutsideOfASubmittedTaskThatWaits() throws Exception {
        // No spares: the blocked-worker monitor could otherwise run the queued task first.
        BwosExecutor p = BwosExecutor.builder().parallelism(1).maxSpares(0).build();
        pools.add(p);
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        p.execute(() -> {
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        Value queued = new Value();
        p.submit(queued);
        assertTrue(queued.cancel(true));
        release.countDown();
        assertThrows(CancellationException.class, queued::join);
        assertEquals("after", p.submit(() -> "after").get());
        assertEquals(0, queued.runs.get());
    }

    // ------------------------------------------------------------------ joins of stolen tasks

    /**
     * Deep recursion with many joins at parallelism 4: the answer is right, and the thieves stole
     * (a fork/join run that never steals would mean the grant-on-request path never publishes).
     */
    @Test
    void joinsOfStolenTasksComplete() {
        BwosExecutor p = pool(4);
        LongAdder forks = new LongAdder();
        long steals = 0;
        for (int round = 0; round < 5 && steals == 0; round++) {
            assertEquals(fibSequential(27), p.invoke(new Fib(27, 4, forks)));
            steals = p.getStealCount();
        }
        assertTrue(steals > 0, () -> "no steal in 5 runs of fib(27): " + p);
    }

    /** Joins that must wait for a thief: the joined task is running elsewhere when the joiner arrives. */
    @Test
    void joinWaitsForATaskRunningOnAnotherWorker() {
        BwosExecutor p = pool(2);
        ConcurrentHashMap<String, Thread> where = new ConcurrentHashMap<>();
        for (int i = 0; i < 20; i++) {
            long r = p.invoke(new BwosRecursiveTask<Long>() {
                @Override
                protected Long compute() {
                    // Fork enough that a thief's request meets hidden tasks, then join them all.
                    List<BwosRecursiveTask<Long>> kids = new ArrayList<>();
                    for (int k = 0; k < 64; k++) {
                        BwosRecursiveTask<Long> kid = new BwosRecursiveTask<Long>() {
                            @Override
                            protected Long compute() {
                                where.put(Thread.currentThread().getName(), Thread.currentThread());
                                return fibSequential(18);
                            }
                        };
                        kid.fork();
                        kids.add(kid);
                    }
                    long s = 0;
                    for (int k = kids.size() - 1; k >= 0; k--) {
                        s += kids.get(k).join();
                    }
                    return s;
                }
            });
            assertEquals(64 * fibSequential(18), r);
        }
    }

    /** A task submitted from a worker and joined there completes at parallelism 1 (no deadlock). */
    @Test
    void joinOfATaskSubmittedFromTheSameWorker() {
        BwosExecutor p = pool(1);
        String r = p.invoke(new BwosRecursiveTask<String>() {
            @Override
            protected String compute() {
                Value v = new Value();
                assertSame(v, p.submit(v));
                String a = v.join();
                Value w = new Value();
                p.execute(w);
                String b = w.join();
                Value x = new Value();
                String c = p.invoke(x); // in place on a worker
                return a + b + c;
            }
        });
        assertEquals("computedcomputedcomputed", r);
    }

    /** A submitted task joined from outside, and a submitted task's future. */
    @Test
    void submitReturnsTheTaskAsItsFuture() throws Exception {
        BwosExecutor p = pool(2);
        LongAdder forks = new LongAdder();
        Fib f = new Fib(20, 6, forks);
        Future<Long> fut = p.submit(f);
        assertSame(f, fut);
        assertEquals(fibSequential(20), fut.get(LONG_WAIT_MS, TimeUnit.MILLISECONDS));
        assertEquals(fibSequential(20), f.join());
        assertTrue(f.isCompletedNormally());
        Fib g = new Fib(20, 6, forks);
        p.execute(g);
        assertEquals(fibSequential(20), g.join());
    }
}
