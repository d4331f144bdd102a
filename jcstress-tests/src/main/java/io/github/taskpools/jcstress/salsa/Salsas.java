package io.github.taskpools.jcstress.salsa;

import io.github.taskpools.jcstress.Task;
import io.github.taskpools.salsa.FenceMode;
import io.github.taskpools.salsa.NumaTopology;
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
        SalsaPool<Task> pool = SalsaPool.builder(consumers, 1).chunkSize(chunkSize).fence(fence)
                .topology(NumaTopology.synthetic(2, 2)).build();
        if (pool.fenceMode() != fence) {
            throw new IllegalStateException("asked for " + fence + ", got " + pool.fenceMode() + ": "
                    + pool.fenceFallbackReason());
        }
        for (int i = 0; i < tasks; i++) {
            pool.producer(0).produceForce(0, Task.of(i));
        }
        return pool;
    }

    /** Adds a taken task to a mask; a task seen twice or corrupt makes the mask CORRUPT. */
    static int add(int mask, Task t) {
        int bit = Task.bitOf(t);
        return (mask & bit) != 0 ? mask | Task.CORRUPT : mask | bit;
    }

    /** Run by an arbiter (the actors are done): gets everything left through consumer 0. */
    static int drain(SalsaPool<Task> pool) {
        int rest = 0;
        for (Task t; (t = pool.consumer(0).get()) != null; ) {
            rest = add(rest, t);
        }
        return rest;
    }
}
