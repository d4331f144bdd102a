package io.github.taskpools.numapq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.Arrays;
import java.util.Comparator;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntConsumer;

/**
 * The conservation and ordering stress harness shared by every {@link ConcurrentPriorityQueue}.
 *
 * <p>Several threads run a hold-like mix (offer a key at or after the last key they dequeued,
 * sometimes before it: enqueue in the past; poll), with random stalls (yield, park) injected.
 * Every offer gets a unique value. Afterwards:
 * <ul>
 *   <li>conservation: every value offered is dequeued exactly once (threads, then a drain), with
 *       the key it was offered with;</li>
 *   <li>ordering (the specification): no dequeue returns key k while an event with a
 *       strictly smaller key stayed in the queue for the whole dequeue, i.e. was offered
 *       completely before the dequeue began and not dequeued before it ended. Times are ticks of
 *       one global counter taken after each offer returns and around each poll.</li>
 * </ul>
 */
final class PqStress {
    private PqStress() {
    }

    static void run(ConcurrentPriorityQueue<Long> q, int threads, int opsPerThread, IntConsumer onStart) {
        run(q, threads, opsPerThread, 0, onStart);
    }

    /** As above, each thread first offering {@code prefill} events (keys spread over 10^6). */
    static void run(ConcurrentPriorityQueue<Long> q, int threads, int opsPerThread, int prefill,
            IntConsumer onStart) {
        AtomicLong clock = new AtomicLong();
        AtomicLong ids = new AtomicLong();
        int maxEvents = threads * (opsPerThread + prefill) + 1;
        long[] keyOf = new long[maxEvents];
        long[] enqDone = new long[maxEvents];
        long[] deqStart = new long[maxEvents];
        long[] deqEnd = new long[maxEvents];
        Arrays.fill(deqStart, Long.MAX_VALUE);
        int[] taken = new int[maxEvents];
        AtomicReference<Throwable> failure = new AtomicReference<>();
        CyclicBarrier start = new CyclicBarrier(threads);
        Thread[] ts = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            int me = t;
            ts[t] = new Thread(() -> {
                try {
                    onStart.accept(me);
                    ThreadLocalRandom rnd = ThreadLocalRandom.current();
                    for (int i = 0; i < prefill; i++) {
                        int id = (int) ids.getAndIncrement();
                        keyOf[id] = rnd.nextInt(1_000_000);
                        q.offer(keyOf[id], (long) id);
                        enqDone[id] = clock.incrementAndGet();
                    }
                    start.await();
                    long last = 0;
                    for (int i = 0; i < opsPerThread; i++) {
                        if (rnd.nextInt(2) == 0) {
                            int id = (int) ids.getAndIncrement();
                            long key = rnd.nextInt(8) == 0 ? last - rnd.nextInt(1_000) : last + rnd.nextInt(100_000);
                            keyOf[id] = key;
                            q.offer(key, (long) id);
                            enqDone[id] = clock.incrementAndGet();
                        } else {
                            long s = clock.incrementAndGet();
                            Event<Long> e = q.poll();
                            long end = clock.incrementAndGet();
                            if (e != null) {
                                int id = (int) (long) e.value();
                                record(id, e.key(), s, end, keyOf, deqStart, deqEnd, taken);
                                last = e.key();
                            }
                        }
                        int stall = rnd.nextInt(256);
                        if (stall == 0) {
                            LockSupport.parkNanos(rnd.nextInt(50_000));
                        } else if (stall < 4) {
                            Thread.yield();
                        }
                    }
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            }, "pq-stress-" + t);
            ts[t].start();
        }
        for (Thread t : ts) {
            try {
                t.join(120_000);
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
            if (t.isAlive()) {
                fail("a stress thread hung: " + Arrays.toString(t.getStackTrace()));
            }
        }
        if (failure.get() != null) {
            throw new AssertionError("a stress thread failed", failure.get());
        }
        onStart.accept(0); // the drain runs on this thread
        for (Event<Long> e; (e = q.poll()) != null;) {
            long s = clock.incrementAndGet();
            record((int) (long) e.value(), e.key(), s, s, keyOf, deqStart, deqEnd, taken);
        }
        int n = (int) ids.get();
        for (int id = 0; id < n; id++) {
            assertEquals(1, taken[id], "event " + id + " dequeued " + taken[id] + " times");
        }
        assertEquals(0, q.size(), "size after the drain");
        checkOrder(n, keyOf, enqDone, deqStart, deqEnd);
    }

    private static synchronized void record(int id, long key, long s, long e, long[] keyOf,
            long[] deqStart, long[] deqEnd, int[] taken) {
        assertEquals(keyOf[id], key, "key of event " + id);
        taken[id]++;
        deqStart[id] = s;
        deqEnd[id] = e;
    }

    /**
     * For every dequeue D: no event j with key_j < key_D, enqDone_j < start_D and
     * deqStart_j > end_D. A sweep over D by start time, inserting events by enqDone, with a
     * Fenwick tree of minimum keys over deqStart ranks answering "smallest key among inserted
     * events dequeued after end_D".
     */
    private static void checkOrder(int n, long[] keyOf, long[] enqDone, long[] deqStart, long[] deqEnd) {
        Integer[] byEnq = new Integer[n];
        Integer[] byStart = new Integer[n];
        for (int i = 0; i < n; i++) {
            byEnq[i] = i;
            byStart[i] = i;
        }
        Arrays.sort(byEnq, Comparator.comparingLong(i -> enqDone[i]));
        Arrays.sort(byStart, Comparator.comparingLong(i -> deqStart[i]));
        int[] rank = new int[n]; // rank by deqStart, 0 = earliest
        for (int r = 0; r < n; r++) {
            rank[byStart[r]] = r;
        }
        long[] fen = new long[n + 1]; // suffix minima: index n - rank
        Arrays.fill(fen, Long.MAX_VALUE);
        int next = 0;
        for (int r = 0; r < n; r++) {
            int d = byStart[r];
            while (next < n && enqDone[byEnq[next]] < deqStart[d]) {
                int j = byEnq[next++];
                for (int x = n - rank[j]; x <= n; x += x & -x) {
                    fen[x] = Math.min(fen[x], keyOf[j]);
                }
            }
            // events j with deqStart_j > deqEnd_d: ranks above the last rank starting <= end
            int lo = upperRank(byStart, deqStart, deqEnd[d]);
            long min = Long.MAX_VALUE;
            for (int x = n - lo; x > 0; x -= x & -x) {
                min = Math.min(min, fen[x]);
            }
            assertTrue(min >= keyOf[d], "event " + d + " (key " + keyOf[d]
                    + ") dequeued while a smaller key " + min + " stayed in the queue");
        }
    }

    /** The first rank whose deqStart exceeds {@code t}. */
    private static int upperRank(Integer[] byStart, long[] deqStart, long t) {
        int lo = 0;
        int hi = byStart.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (deqStart[byStart[mid]] <= t) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
