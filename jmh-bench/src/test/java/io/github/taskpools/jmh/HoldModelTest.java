package io.github.taskpools.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.taskpools.numapq.NumaCalendarQueue;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CyclicBarrier;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Param;

/**
 * The hold model behind {@code pq-hold}, {@code pq-timeshare} and {@code pq-channels}: every queue
 * name the benchmarks declare builds, survives concurrent holds with a clean conservation check, and
 * the check catches a lost event.
 */
class HoldModelTest {
    private static Set<String> declaredQueues() throws NoSuchFieldException {
        Set<String> names = new LinkedHashSet<>();
        names.addAll(List.of(PqHoldBenchmark.class.getField("queue").getAnnotation(Param.class).value()));
        names.addAll(List.of(PqChannelsBenchmark.class.getField("queue").getAnnotation(Param.class).value()));
        return names;
    }

    @Test
    void everyDeclaredQueueConservesItsEventsUnderConcurrentHolds() throws Exception {
        Set<String> names = declaredQueues();
        assertEquals(11 + 3, names.size(), "11 queues of pq-hold, 3 non-blocking channels of pq-channels");
        for (String name : names) {
            for (int threads : new int[] {1, 3}) {
                HoldModel m = new HoldModel(name, threads, 300);
                CyclicBarrier start = new CyclicBarrier(threads);
                List<Thread> ts = new ArrayList<>();
                List<Throwable> failures = new ArrayList<>();
                for (int i = 0; i < threads; i++) {
                    Thread t = new Thread(() -> {
                        try {
                            HoldModel.Tally tally = m.claim();
                            start.await();
                            for (int k = 0; k < 3_000; k++) {
                                m.offerLater(m.poll(tally), tally);
                            }
                        } catch (Throwable x) {
                            synchronized (failures) {
                                failures.add(x);
                            }
                        }
                    });
                    ts.add(t);
                    t.start();
                }
                for (Thread t : ts) {
                    t.join();
                }
                assertTrue(failures.isEmpty(), name + ": " + failures);
                m.checkConservation();
                assertEquals(0, m.queue.size(), name + " drained");
            }
        }
    }

    @Test
    void theTwoNodeQueuesReallyDelegate() throws Exception {
        HoldModel m = new HoldModel(PqHoldBenchmark.NUMA_Q, 2, 4096);
        Thread[] ts = new Thread[2];
        for (int i = 0; i < 2; i++) {
            ts[i] = new Thread(() -> {
                HoldModel.Tally tally = m.claim();
                for (int k = 0; k < 5_000; k++) {
                    m.offerLater(m.poll(tally), tally);
                }
            });
            ts[i].start();
        }
        for (Thread t : ts) {
            t.join();
        }
        assertTrue(((NumaCalendarQueue<Integer>) m.queue).stats().posted() > 0, "operations went to the other node");
        m.checkConservation();
    }

    @Test
    void conservationCheckCatchesALostEvent() {
        HoldModel m = new HoldModel(PqHoldBenchmark.CRCQ, 1, 100);
        HoldModel.Tally tally = m.claim();
        m.offerLater(m.poll(tally), tally);
        assertNotNull(m.poll(tally)); // polled and never offered again
        IllegalStateException x = assertThrows(IllegalStateException.class, m::checkConservation);
        assertTrue(x.getMessage().contains("not conserved"), x.getMessage());
    }

    @Test
    void unknownNamesAreRefused() {
        for (String bad : List.of("NB-CRCQ", "FC-1node", "NUMA-X", "NB-ACRCQH", "")) {
            assertThrows(IllegalArgumentException.class, () -> HoldModel.create(bad, 2), bad);
        }
        assertThrows(IllegalArgumentException.class, () -> new HoldModel(PqHoldBenchmark.CRCQ, 2, 2));
    }

    @Test
    void anEmptyQueueFailsTheHold() {
        HoldModel m = new HoldModel(PqHoldBenchmark.CRCQ, 1, 2);
        HoldModel.Tally tally = m.claim();
        m.poll(tally);
        m.poll(tally);
        IllegalStateException x = assertThrows(IllegalStateException.class, () -> m.poll(tally));
        assertTrue(x.getMessage().contains("reported empty"), x.getMessage());
    }

    @Test
    void moreThreadsThanWorkersIsAnError() {
        HoldModel m = new HoldModel(PqHoldBenchmark.CRCQ, 1, 10);
        m.claim();
        assertThrows(IllegalStateException.class, m::claim);
    }
}
