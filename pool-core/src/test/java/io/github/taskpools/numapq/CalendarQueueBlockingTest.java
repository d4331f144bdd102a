package io.github.taskpools.numapq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

/** CalendarQueue's blocking take and poll(timeout): they park while empty and an offer wakes them. */
class CalendarQueueBlockingTest {
    private static final Duration LIMIT = Duration.ofSeconds(30);

    @Test
    void aBlockedTakeIsWokenByAnOffer() {
        assertTimeoutPreemptively(LIMIT, () -> {
            CalendarQueue<String> q = new CalendarQueue<>();
            CompletableFuture<Event<String>> taken = new CompletableFuture<>();
            Thread taker = new Thread(() -> {
                try {
                    taken.complete(q.take());
                } catch (Throwable e) {
                    taken.completeExceptionally(e);
                }
            });
            taker.start();
            while (taker.getState() != Thread.State.WAITING) { // parked in take: the queue is empty
                Thread.onSpinWait();
            }
            q.offer(7L, "seven");
            Event<String> e = taken.get();
            assertEquals(7L, e.key());
            assertEquals("seven", e.value());
        });
    }

    @Test
    void pollWithATimeoutGivesNullWhenNothingCameAndTheSmallestKeyOtherwise() throws InterruptedException {
        CalendarQueue<String> q = new CalendarQueue<>();
        long t0 = System.nanoTime();
        assertNull(q.poll(20, TimeUnit.MILLISECONDS));
        assertTrue(System.nanoTime() - t0 >= TimeUnit.MILLISECONDS.toNanos(20), "waited its timeout");
        assertNull(q.poll(0, TimeUnit.SECONDS), "a zero timeout looks once");
        q.offer(9L, "nine");
        q.offer(3L, "three");
        assertEquals(3L, q.poll(1, TimeUnit.SECONDS).key());
        assertEquals(9L, q.take().key());
    }

    @Test
    void anInterruptEndsTheWaitAndLosesNothing() throws Exception {
        CalendarQueue<String> q = new CalendarQueue<>();
        Thread.currentThread().interrupt();
        assertThrows(InterruptedException.class, q::take, "an interrupt on entry");
        assertTimeoutPreemptively(LIMIT, () -> {
            CompletableFuture<Throwable> outcome = new CompletableFuture<>();
            Thread taker = new Thread(() -> {
                try {
                    q.take();
                    outcome.complete(null);
                } catch (Throwable e) {
                    outcome.complete(e);
                }
            });
            taker.start();
            while (taker.getState() != Thread.State.WAITING) {
                Thread.onSpinWait();
            }
            taker.interrupt();
            assertTrue(outcome.get() instanceof InterruptedException, "interrupted while parked");
        });
        q.offer(1L, "one");
        assertEquals(1L, q.poll().key(), "the queue still works and kept its event");
    }

    /**
     * Two offerers, two takers that block with no timeout: every event taken exactly once, with
     * stalls, and each taker gets its stop event, 200 rounds. The hang this scenario showed on
     * 2026-12-01 (a taker parked for good with its stop event queued) was {@code internal.Waiters}'
     * (fixed 2026-12-02; {@code BlockingTakeTest.blockedTakersGetEveryTaskAndTheirStopTask}); a
     * stand-alone run of it hung within 30 rounds on either JDK before the fix.
     */
    @Test
    void everyOfferedEventIsTakenOnceByBlockedTakers() {
        assertTimeoutPreemptively(Duration.ofSeconds(120), () -> {
            for (int round = 0; round < 200; round++) {
                blockedTakersRound();
            }
        });
    }

    private static void blockedTakersRound() throws InterruptedException {
        int perOfferer = 20_000;
        CalendarQueue<Long> q = new CalendarQueue<>();
        AtomicLongArray seen = new AtomicLongArray(2 * perOfferer);
        AtomicLong takenCount = new AtomicLong();
        Thread[] takers = new Thread[2];
        for (int t = 0; t < takers.length; t++) {
            takers[t] = new Thread(() -> {
                try {
                    for (;;) {
                        Event<Long> e = q.take();
                        if (e.value() < 0) {
                            return; // a stop event, one per taker
                        }
                        seen.incrementAndGet(e.value().intValue());
                        takenCount.incrementAndGet();
                    }
                } catch (InterruptedException e) {
                    throw new AssertionError(e);
                }
            });
            takers[t].start();
        }
        Thread[] offerers = new Thread[2];
        for (int o = 0; o < offerers.length; o++) {
            int base = o * perOfferer;
            offerers[o] = new Thread(() -> {
                for (int i = 0; i < perOfferer; i++) {
                    q.offer(i, (long) (base + i));
                    if (i % 4096 == 0) {
                        LockSupport.parkNanos(200_000); // a stall: takers go to sleep and must be woken
                    }
                }
            });
            offerers[o].start();
        }
        for (Thread o : offerers) {
            o.join();
        }
        while (takenCount.get() < 2L * perOfferer) {
            Thread.sleep(1);
        }
        for (int t = 0; t < takers.length; t++) {
            q.offer(Long.MAX_VALUE - 1, -1L);
        }
        for (Thread t : takers) {
            t.join();
        }
        for (int i = 0; i < seen.length(); i++) {
            assertEquals(1, seen.get(i), "event " + i + " taken once");
        }
        assertNull(q.poll());
    }

    @Test
    void takeGivesTheSmallestKeyPresent() throws InterruptedException {
        CalendarQueue<String> q = new CalendarQueue<>();
        q.offer(50L, "b");
        q.offer(10L, "a");
        assertEquals(10L, q.take().key());
        assertEquals(50L, q.take().key());
    }
}
