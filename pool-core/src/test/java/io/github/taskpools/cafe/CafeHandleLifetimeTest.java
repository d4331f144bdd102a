package io.github.taskpools.cafe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.taskpools.ThreadChurn;
import java.lang.ref.WeakReference;
import org.junit.jupiter.api.Test;

/**
 * Handles over a pool's life: a pool that is no longer referenced is collectable while a thread
 * that used it lives (a strong thread-local value referring back to the pool once kept every pool
 * a jcstress worker thread ever used alive, until the fork ran out of heap); a thread keeps its
 * handle; dead and releasing threads' handles are taken over.
 */
class CafeHandleLifetimeTest {

    @Test
    void droppedPoolIsCollectedWhileItsThreadLives() throws InterruptedException {
        WeakReference<CafePool<Integer>> ref = usePoolAndDrop();
        for (int i = 0; i < 50 && ref.get() != null; i++) {
            System.gc();
            Thread.sleep(20);
        }
        assertNull(ref.get(), "the pool stayed reachable from this thread's handle");
    }

    @Test
    void theSameThreadKeepsItsHandle() {
        CafePool<Integer> pool = CafePool.builder().height(2).build();
        CafePool<Integer>.Handle first = pool.producer();
        System.gc();
        assertEquals(first, pool.producer());
        assertEquals(first, pool.consumer());
    }

    /**
     * Threads that die holding their handles, replaced 2000 times, and threads that give theirs
     * back: the next thread takes a dead or released thread's handle over, so the pool makes about
     * as many handles as threads were alive at once, not one per thread, and keeps every count.
     */
    @Test
    void handlesOfDeadAndReleasingThreadsAreTakenOver() throws Exception {
        CafePool<Integer> pool = CafePool.builder().height(3).build();
        int jobs = 2000;
        ThreadChurn.onReplacedThreads("CafePool", 2, jobs, 60, id -> {
            assertTrue(pool.producer().put(id));
            if (id % 2 == 0) {
                throw new ThreadChurn.Replaced(); // dies holding its handle
            }
            assertTrue(pool.release());
        });
        assertTrue(pool.handleCount() <= 32, pool.handleCount() + " handles for " + jobs + " threads' jobs");
        assertEquals(jobs, pool.stats().puts(), "the counts of every handle, whichever thread held it");
        int n = 0;
        for (CafePool<Integer>.Handle c = pool.consumer(); c.get() != null; ) {
            n++;
        }
        assertEquals(jobs, n);
    }

    private static WeakReference<CafePool<Integer>> usePoolAndDrop() {
        CafePool<Integer> pool = CafePool.builder().height(2).build();
        pool.producer().put(1);
        assertEquals(1, pool.consumer().get());
        return new WeakReference<>(pool);
    }
}
