package io.github.taskpools.numapq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;

/**
 * Conservation and ordering of the CRCQ under concurrency ({@link PqStress}), and the agreement
 * of the non-blocking descriptor operations (Algorithms 4 and 6) when two threads run every
 * operation of one list at the same time.
 */
class CalendarQueueConservationTest {
    @RepeatedTest(4)
    void holdMixConservesAndOrders() {
        PqStress.run(new CalendarQueue<>(), 4, 40_000, t -> { });
    }

    @Test
    void fromAFilledQueueAcrossShrinks() {
        CalendarQueue<Long> q = new CalendarQueue<>();
        PqStress.run(q, 3, 30_000, t -> { });
        assertEquals(1, q.length());
    }

    /**
     * Two threads run the same descriptors, in the same order, with random stalls: each enqueue
     * must insert once, each dequeue extract at most one event, and both runners must agree on
     * each dequeue's outcome. Everything inserted comes out exactly once.
     */
    @RepeatedTest(3)
    void twoExecutorsPerDescriptorAgree() throws Exception {
        CalendarQueue<Long> q = new CalendarQueue<>();
        int n = 30_000;
        @SuppressWarnings("unchecked")
        Operation<Long>[] ops = new Operation[n];
        ThreadLocalRandom rnd = ThreadLocalRandom.current();
        long id = 0;
        for (int i = 0; i < n; i++) {
            ops[i] = rnd.nextInt(5) < 3
                    ? Operation.enqueue(new Event<>(rnd.nextLong(1_000_000), id++))
                    : Operation.dequeue();
        }
        Object[][] results = new Object[2][n];
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread[] ts = new Thread[2];
        for (int t = 0; t < 2; t++) {
            int me = t;
            ts[t] = new Thread(() -> {
                try {
                    ThreadLocalRandom r = ThreadLocalRandom.current();
                    for (int i = 0; i < n; i++) {
                        results[me][i] = ops[i].type == Operation.ENQUEUE
                                ? q.enqueue(ops[i], null) : q.dequeue(ops[i], null);
                        if (r.nextInt(64) == 0) {
                            Thread.yield();
                        }
                    }
                } catch (Throwable e) {
                    failure.set(e);
                }
            });
            ts[t].start();
        }
        for (Thread t : ts) {
            t.join();
        }
        if (failure.get() != null) {
            throw new AssertionError(failure.get());
        }
        Set<Long> seen = new HashSet<>();
        for (int i = 0; i < n; i++) {
            assertEquals(results[0][i], results[1][i], "the executors of op " + i + " disagree");
            if (ops[i].type == Operation.DEQUEUE && results[0][i] != null) {
                Event<Long> e = CalendarQueue.castEvent(results[0][i]);
                assertTrue(seen.add(e.value()), "event " + e + " dequeued twice");
            }
        }
        for (Event<Long> e; (e = q.poll()) != null;) {
            assertTrue(seen.add(e.value()), "event " + e + " dequeued twice");
        }
        assertEquals(id, seen.size(), "events lost");
        assertEquals(0, q.size());
    }
}
