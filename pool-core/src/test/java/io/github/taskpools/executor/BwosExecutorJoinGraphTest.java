package io.github.taskpools.executor;

import static io.github.taskpools.executor.ExecutorTestSupport.LONG_WAIT_MS;
import static io.github.taskpools.executor.ExecutorTestSupport.terminate;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.atomic.LongAccumulator;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every join returns, on randomized join graphs over externally submitted and forked tasks: N
 * tasks submitted from outside, in reverse order, each of which joins ({@code get()}) up to two
 * external tasks of higher index (so the graph has no cycle) and forks a small tree whose nodes
 * fork, join their children and also {@code get()} an external task of higher index. At 1, 2 and
 * 8 workers; the largest pool size (spares for blocked joiners) and the deepest stack seen in a
 * task are printed, and the stack is checked against a bound: a joiner runs only its joined task
 * and that task's subtasks, never unrelated queued work.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class BwosExecutorJoinGraphTest {
    private static final int EXTERNAL = 300;
    /**
     * Graphs per worker count. Before joiners checked that a stolen fork belongs to the joined
     * task's run (2026-12-05), about one graph in 200 hung at 8 workers on Temurin 25.
     */
    private static final int GRAPHS = 60;

    @ParameterizedTest(name = "{0} workers")
    @ValueSource(ints = {1, 2, 8})
    void everyJoinReturns(int workers) throws Exception {
        LongAccumulator deepest = new LongAccumulator(Math::max, 0);
        LongAccumulator largestPool = new LongAccumulator(Math::max, 0);
        for (int graph = 0; graph < GRAPHS; graph++) {
            BwosExecutor pool = BwosExecutor.builder().parallelism(workers).build();
            try {
                run(pool, new SplittableRandom(31L * graph + workers), deepest, largestPool);
            } finally {
                terminate(pool);
            }
        }
        System.out.printf("join graphs, %d workers, %d graphs of %d external tasks: largest pool size %d, deepest task stack %d frames%n",
                workers, GRAPHS, EXTERNAL, largestPool.get(), deepest.get());
        // About 12 frames per level of join (compute or call, doExec, runTask, awaitJoin, takeOwn,
        // get or join, and the adapters). A join runs only its task, found queued, or that task's
        // subtasks, at most Worker.MAX_JOIN_DEPTH (64) joins deep: under 64 x 12 frames plus the
        // forked trees and the worker's loop. Running any queued task inside a join (as joiners did
        // until 2026-12-04) could nest all 300 external tasks, some 3 600 frames.
        assertTrue(deepest.get() < 1_200, "a joining stack of " + deepest.get() + " frames");
    }

    private static void run(BwosExecutor pool, SplittableRandom random, LongAccumulator deepest,
            LongAccumulator largestPool) throws Exception {
        AtomicReferenceArray<Future<Long>> futures = new AtomicReferenceArray<>(EXTERNAL);
        AtomicInteger forkedRuns = new AtomicInteger();
        long[] seeds = new long[EXTERNAL];
        for (int i = 0; i < EXTERNAL; i++) {
            seeds[i] = random.nextLong();
        }
        Thread sampler = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                largestPool.accumulate(pool.getPoolSize());
                try {
                    Thread.sleep(1);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
        sampler.start();
        try {
            for (int i = EXTERNAL - 1; i >= 0; i--) {
                int id = i;
                futures.set(i, pool.submit(() -> external(id, seeds[id], futures, forkedRuns, deepest)));
            }
            for (int i = 0; i < EXTERNAL; i++) {
                try {
                    assertEquals(i, futures.get(i).get(LONG_WAIT_MS, TimeUnit.MILLISECONDS));
                } catch (TimeoutException e) {
                    // The hang is the failure: show where every thread waits (shutdownNow in the
                    // caller's finally would then report only that the pool did not terminate).
                    StringBuilder dump = new StringBuilder("external task " + i + " not done after " + LONG_WAIT_MS
                            + " ms: " + pool + "\n");
                    Thread.getAllStackTraces().forEach((t, frames) -> {
                        dump.append('"').append(t.getName()).append("\" ").append(t.getState()).append('\n');
                        for (StackTraceElement f : frames) {
                            dump.append("    at ").append(f).append('\n');
                        }
                    });
                    System.out.println(dump);
                    throw new AssertionError("external task " + i + " not done after " + LONG_WAIT_MS + " ms: " + pool, e);
                }
            }
            assertTrue(forkedRuns.get() > 0);
        } finally {
            sampler.interrupt();
            sampler.join();
        }
    }

    /** External task {@code id}: joins up to two external tasks above it and a forked tree. */
    private static long external(int id, long seed, AtomicReferenceArray<Future<Long>> futures,
            AtomicInteger forkedRuns, LongAccumulator deepest) throws Exception {
        deepest.accumulate(depth());
        SplittableRandom r = new SplittableRandom(seed);
        long v = id;
        int joins = r.nextInt(3);
        for (int k = 0; k < joins && id + 1 < EXTERNAL; k++) {
            int j = r.nextInt(id + 1, EXTERNAL);
            v += futures.get(j).get() - j; // its result is j: adds nothing, but must return
        }
        if (r.nextInt(2) == 0) {
            v += new Node(id, r.nextInt(4), r.nextLong(), futures, forkedRuns, deepest).invoke();
        }
        return v;
    }

    /** A forked tree node: forks two children, gets an external task above its root, joins both. */
    static final class Node extends BwosRecursiveTask<Long> {
        final int root;
        final int levels;
        final long seed;
        final AtomicReferenceArray<Future<Long>> futures;
        final AtomicInteger runs;
        final LongAccumulator deepest;

        Node(int root, int levels, long seed, AtomicReferenceArray<Future<Long>> futures, AtomicInteger runs,
                LongAccumulator deepest) {
            this.root = root;
            this.levels = levels;
            this.seed = seed;
            this.futures = futures;
            this.runs = runs;
            this.deepest = deepest;
        }

        @Override
        protected Long compute() {
            runs.incrementAndGet();
            deepest.accumulate(depth());
            SplittableRandom r = new SplittableRandom(seed);
            long v = 0;
            if (root + 1 < EXTERNAL && r.nextInt(4) == 0) {
                int j = r.nextInt(root + 1, EXTERNAL);
                try {
                    v += futures.get(j).get() - j;
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }
            if (levels == 0) {
                return v;
            }
            Node a = new Node(root, levels - 1, r.nextLong(), futures, runs, deepest);
            Node b = new Node(root, levels - 1, r.nextLong(), futures, runs, deepest);
            b.fork();
            v += a.invoke();
            return v + b.join();
        }
    }

    private static long depth() {
        return StackWalker.getInstance().walk(s -> s.count());
    }
}
