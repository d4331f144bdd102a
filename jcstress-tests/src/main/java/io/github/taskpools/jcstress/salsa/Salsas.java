package io.github.taskpools.jcstress.salsa;

import io.github.taskpools.api.Topology;
import io.github.taskpools.jcstress.Task;
import io.github.taskpools.salsa.FenceMode;
import io.github.taskpools.salsa.SalsaPool;

/** Shared set-up of the SALSA jcstress tests. */
final class Salsas {
    private Salsas() {
    }

    /**
     * A pool of {@code consumers} consumers and one producer, whose first {@code tasks} tasks
     * ({@code Task.of(0..tasks-1)}) sit in one chunk of consumer 0's pool. The asymmetric mode must
     * really be asymmetric: a fallback to the full fence would make the test prove nothing about it.
     */
    static SalsaPool<Task> pool(FenceMode fence, int consumers, int chunkSize, int tasks) {
        return pool(fence, Topology.evenlySplit(2, 2), consumers, chunkSize, tasks);
    }

    /**
     * {@link #pool(FenceMode, int, int, int)} on {@code topology}. On a topology of one node every
     * consumer handle is on the claiming thread's node, so {@code pool.consumer()} claims the free
     * handles in index order.
     */
    static SalsaPool<Task> pool(FenceMode fence, Topology topology, int consumers, int chunkSize, int tasks) {
        SalsaPool<Task> pool = SalsaPool.builder(consumers, 1).chunkSize(chunkSize).fence(fence)
                .topology(topology).build();
        if (pool.fenceMode() != fence) {
            throw new IllegalStateException("asked for " + fence + ", got " + pool.fenceMode() + ": "
                    + pool.fenceFallbackReason());
        }
        for (int i = 0; i < tasks; i++) {
            pool.producer(0).produceForce(0, Task.of(i));
        }
        return pool;
    }

    /**
     * Run by an arbiter (the actors are done): takes everything left through consumer 0, as its
     * {@code get} does (consume, steal from every other pool, then checkEmpty), but in a bounded
     * number of rounds. A broken pool may hand out a task again and again, or claim tasks through
     * checkEmpty that no consume or steal can take, and {@code get} would then never return; this
     * reports CORRUPT instead of hanging the test.
     */
    static int drain(SalsaPool<Task> pool) {
        return drain(pool, pool.consumer(0));
    }

    /** {@link #drain(SalsaPool)} through consumer {@code c}, which steals from every other one. */
    static int drain(SalsaPool<Task> pool, SalsaPool<Task>.ConsumerHandle c) {
        int rest = 0;
        for (int round = 0; round < 2 * Task.MAX_TASKS; round++) {
            Task t = c.consume();
            for (int v = 0; t == null && v < pool.consumers(); v++) {
                if (v != c.index()) {
                    t = c.steal(v);
                }
            }
            if (t != null) {
                rest = Task.add(rest, t);
            } else if (c.checkEmpty()) {
                return rest;
            }
        }
        return rest | Task.CORRUPT;
    }
}
