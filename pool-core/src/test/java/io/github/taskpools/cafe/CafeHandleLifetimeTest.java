package io.github.taskpools.cafe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.lang.ref.WeakReference;
import org.junit.jupiter.api.Test;

/**
 * A pool that is no longer referenced must be collectable even though a long-lived thread holds a
 * handle of it in its thread-local map (a strong thread-local value referring back to the pool kept
 * every pool a jcstress worker thread ever used alive, until the fork ran out of heap).
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

    private static WeakReference<CafePool<Integer>> usePoolAndDrop() {
        CafePool<Integer> pool = CafePool.builder().height(2).build();
        pool.producer().put(1);
        assertEquals(1, pool.consumer().get());
        return new WeakReference<>(pool);
    }
}
