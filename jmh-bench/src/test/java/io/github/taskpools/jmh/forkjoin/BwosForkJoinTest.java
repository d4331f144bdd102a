package io.github.taskpools.jmh.forkjoin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class BwosForkJoinTest {

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void kernelsComputeTheSequentialAnswer(int parallelism) {
        try (BwosForkJoin runner = new BwosForkJoin(parallelism)) {
            assertEquals(parallelism, runner.parallelism());
            for (String name : new String[] {Kernels.FIB, Kernels.INTEGRATE, Kernels.NQUEENS}) {
                Kernels.Kernel k = Kernels.byName(name);
                for (int i = 0; i < 5; i++) {
                    double r = k.onBwos(runner);
                    assertTrue(k.check(r), name + " gave " + r);
                }
            }
        }
    }

    @Test
    void smallerSizesAndTheForkJoinPoolSide() {
        ForkJoinPool fjp = new ForkJoinPool(2);
        try (BwosForkJoin runner = new BwosForkJoin(2)) {
            for (int n = 0; n <= 20; n++) {
                Kernels.Kernel fib = Kernels.fib(n, 3);
                assertTrue(fib.check(fib.onBwos(runner)), "fib " + n);
                assertTrue(fib.check(fib.onForkJoinPool(fjp)), "fib " + n);
                assertTrue(fib.check(Kernels.fibSeq(n)));
                assertFalse(fib.check(Kernels.fibSeq(n) + 1), "the check can fail");
            }
            long[] queens = {1, 0, 0, 2, 10, 4, 40, 92, 352, 724};
            for (int n = 1; n <= 10; n++) {
                Kernels.Kernel q = Kernels.nqueens(n, 3);
                assertTrue(q.check(queens[n - 1]), "known count for " + n);
                assertTrue(q.check(q.onBwos(runner)), "queens " + n);
                assertTrue(q.check(q.onForkJoinPool(fjp)), "queens " + n);
            }
            Kernels.Kernel in = Kernels.integrate(8.0, 6);
            assertTrue(in.check(8.0 * 8 * 8 * 8 / 4 + 8.0 * 8 / 2));
            assertFalse(in.check(8.0 * 8 * 8 * 8 / 4));
            assertTrue(in.check(in.onBwos(runner)));
            assertTrue(in.check(in.onForkJoinPool(fjp)));
        } finally {
            fjp.shutdown();
        }
        assertThrows(IllegalArgumentException.class, () -> Kernels.byName("nope"));
    }

    /** A binary tree of tasks; every leaf marks its slot, with random stalls so that thieves get work. */
    static final class Tree extends BwosForkJoin.Task {
        final int lo;
        final int hi;
        final AtomicIntegerArray runs;

        Tree(int lo, int hi, AtomicIntegerArray runs) {
            this.lo = lo;
            this.hi = hi;
            this.runs = runs;
        }

        @Override
        protected void compute(BwosForkJoin.Worker w) {
            if (hi - lo == 1) {
                runs.incrementAndGet(lo);
                if (ThreadLocalRandom.current().nextInt(64) == 0) {
                    LockSupport.parkNanos(20_000);
                }
                return;
            }
            int mid = (lo + hi) >>> 1;
            Tree left = new Tree(lo, mid, runs);
            fork(w, left);
            new Tree(mid, hi, runs).compute(w);
            join(w, left);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3})
    void everyTaskRunsExactlyOnce(int parallelism) {
        int leaves = 20_000;
        try (BwosForkJoin runner = new BwosForkJoin(parallelism)) {
            for (int round = 0; round < 10; round++) {
                AtomicIntegerArray runs = new AtomicIntegerArray(leaves);
                runner.invoke(new Tree(0, leaves, runs));
                for (int i = 0; i < leaves; i++) {
                    assertEquals(1, runs.get(i), "leaf " + i + " in round " + round);
                }
            }
        }
    }

    @Test
    void aDeepForkChainOverflowsTheDequeIntoInlineRuns() {
        // Each level forks three leaves and goes one level deeper before joining them, so the deque
        // would need 3 * depth slots.
        final class Chain extends BwosForkJoin.Task {
            final int depth;
            long sum;

            Chain(int depth) {
                this.depth = depth;
            }

            @Override
            protected void compute(BwosForkJoin.Worker w) {
                if (depth == 0) {
                    sum = 1;
                    return;
                }
                Chain[] leaves = new Chain[3];
                for (int i = 0; i < leaves.length; i++) {
                    leaves[i] = new Chain(0);
                    fork(w, leaves[i]);
                }
                Chain child = new Chain(depth - 1);
                child.compute(w);
                sum = child.sum;
                for (int i = leaves.length - 1; i >= 0; i--) {
                    join(w, leaves[i]);
                    sum += leaves[i].sum;
                }
            }
        }
        int depth = BwosForkJoin.BLOCKS * BwosForkJoin.BLOCK_SIZE / 2; // 3 * depth > the deque's capacity
        Thread t = new Thread(null, () -> {
            try (BwosForkJoin runner = new BwosForkJoin(2)) {
                Chain root = new Chain(depth);
                runner.invoke(root);
                assertEquals(3L * depth + 1, root.sum);
            }
        }, "deep", 1L << 28);
        Throwable[] failure = new Throwable[1];
        t.setUncaughtExceptionHandler((th, e) -> failure[0] = e);
        t.start();
        assertTrue(join(t));
        if (failure[0] != null) {
            throw new AssertionError(failure[0]);
        }
    }

    private static boolean join(Thread t) {
        try {
            t.join(60_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return !t.isAlive();
    }

    @Test
    void aFailingTaskFailsTheComputationAndTheRunner() {
        RuntimeException boom = new IllegalStateException("boom");
        final class Failing extends BwosForkJoin.Task {
            final int depth;

            Failing(int depth) {
                this.depth = depth;
            }

            @Override
            protected void compute(BwosForkJoin.Worker w) {
                if (depth == 0) {
                    throw boom;
                }
                Failing left = new Failing(depth - 1);
                fork(w, left);
                join(w, left);
            }
        }
        try (BwosForkJoin runner = new BwosForkJoin(2)) {
            RuntimeException e = assertThrows(RuntimeException.class, () -> runner.invoke(new Failing(5)));
            assertSame(boom, e);
            IllegalStateException again = assertThrows(IllegalStateException.class,
                    () -> Kernels.byName(Kernels.FIB).onBwos(runner));
            assertTrue(again.getMessage().contains("failed"));
        }
    }

    @Test
    void closeStopsTheHelpersAndRefusesWork() {
        BwosForkJoin runner = new BwosForkJoin(3);
        Kernels.Kernel fib = Kernels.fib(15, 5);
        assertTrue(fib.check(fib.onBwos(runner)));
        runner.close();
        for (Thread t : runner.helperThreads()) {
            assertFalse(t.isAlive(), t.getName());
        }
        assertThrows(IllegalStateException.class, () -> fib.onBwos(runner));
        assertThrows(IllegalArgumentException.class, () -> new BwosForkJoin(0));
        assertThrows(NullPointerException.class, () -> new BwosForkJoin(1).invoke(null));
    }
}
