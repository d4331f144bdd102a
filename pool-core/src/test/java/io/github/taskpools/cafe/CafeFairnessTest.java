package io.github.taskpools.cafe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Fairness (§3.2): tasks leave CAFÉ in the FIFO order of their trees, so no task is overtaken by
 * more than {@code 2^(h+1) - 2} tasks plus the number of gets in progress when its put returned;
 * with one consumer, as here, that is a tree's capacity {@code 2^(h+1) - 1}, checked for every
 * height 0..12 (with several consumers each running get may add one overtaking from a later tree,
 * see {@link CafePool}'s class comment, so this test keeps to one). Measured with the
 * {@link Overtakings} harness, on one thread (random bursts of puts and gets) and with one producer
 * and one consumer thread (the producer's order is the put order, the consumer's the get order).
 * On one thread a task can be overtaken only by tasks of its own tree, so the bound is one less;
 * across threads a get that scanned a task's tree before the task arrived may take a task of the
 * next tree, one more. The sequential run also shows the measurement has teeth: h = 0 is exactly
 * FIFO (0 overtakings) and every h ≥ 1 overtakes.
 */
class CafeFairnessTest {

    private static final int[] HEIGHTS = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};

    private static int tasksFor(int h) {
        return Math.max(30_000, 5 * ((1 << (h + 1)) - 1));
    }

    @Test
    void oneThreadOvertakingsStayWithinATree() {
        StringBuilder report = new StringBuilder("one thread, max overtakings / tree capacity:");
        for (int h : HEIGHTS) {
            CafePool<Integer> pool = CafePool.builder().height(h).seed(h).build();
            CafePool<Integer>.Handle me = pool.producer();
            int n = tasksFor(h);
            Overtakings o = new Overtakings(n);
            SplittableRandom rnd = new SplittableRandom(h * 101L);
            int next = 1;
            int cap = pool.treeCapacity();
            while (o.count() < n) {
                int puts = rnd.nextInt(2 * cap + 2);
                for (int i = 0; i < puts && next <= n; i++) {
                    me.put(next++);
                }
                int gets = rnd.nextInt(2 * cap + 2);
                for (int i = 0; i < gets; i++) {
                    Integer t = me.get();
                    if (t == null) {
                        break;
                    }
                    o.got(t);
                }
            }
            report.append(String.format(" h=%d: %d/%d", h, o.max(), cap));
            assertTrue(o.max() <= cap - 1, "h=" + h + ": a task overtaken " + o.max() + " times, tree capacity " + cap);
            if (h == 0) {
                assertEquals(0, o.max(), "trees of one node are a FIFO queue");
            } else {
                assertTrue(o.max() > 0, "h=" + h + ": tasks of one tree come out in random order, yet none overtook");
            }
        }
        System.out.println(report);
    }

    @ParameterizedTest(name = "h={0}")
    @ValueSource(ints = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})
    void oneProducerOneConsumerOvertakingsStayWithinATree(int h) throws Exception {
        CafePool<Integer> pool = CafePool.builder().height(h).seed(h * 7L).build();
        int n = tasksFor(h);
        int cap = pool.treeCapacity();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread producer = new Thread(() -> {
            try {
                CafePool<Integer>.Handle p = pool.producer();
                SplittableRandom rnd = new SplittableRandom(h);
                for (int t = 1; t <= n; t++) {
                    p.put(t);
                    if (rnd.nextInt(512) == 0) {
                        LockSupport.parkNanos(rnd.nextInt(20_000)); // let the consumer catch up
                    }
                }
            } catch (Throwable e) {
                failure.compareAndSet(null, e);
            }
        }, "producer");
        Overtakings o = new Overtakings(n);
        producer.start();
        CafePool<Integer>.Handle c = pool.consumer();
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (o.count() < n && failure.get() == null) {
            boolean producerDone = !producer.isAlive();
            Integer t = c.get();
            if (t != null) {
                o.got(t);
            } else if (producerDone) {
                break; // a get after the last put completed found nothing: nothing can come
            }
            assertTrue(System.nanoTime() < deadline, "consumer stuck at " + o.count() + " of " + n);
        }
        producer.join();
        if (failure.get() != null) {
            throw new AssertionError("producer failed", failure.get());
        }
        assertEquals(n, o.count(), "every task got");
        assertFalse(c.get() != null, "nothing left");
        System.out.printf("1 producer, 1 consumer, h=%d: max overtakings %d, tree capacity %d, mean %.2f%n",
                h, o.max(), cap, (double) o.total() / n);
        assertTrue(o.max() <= cap, "h=" + h + ": a task overtaken " + o.max() + " times, tree capacity " + cap);
    }
}
