package io.github.taskpools.numapq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Random single-threaded operation sequences against a model: {@link PriorityQueue} for the keys
 * and, per key, the set of values (equal keys leave in any order). Every poll must return the
 * model's minimum key with one of that key's values, peekKey the minimum, size the count. The key mixes cover
 * enqueue in the past (keys below the last dequeued one), equal keys, negative keys, very sparse
 * keys (bucket-width rebalancing) and phases that grow the table to thousands of buckets and
 * shrink it back to one (resizes in both directions).
 */
class CalendarQueueSequentialModelTest {
    @Test
    void randomOperationsMatchPriorityQueue() {
        for (long seed = 1; seed <= 16; seed++) {
            run(seed, false);
        }
    }

    @Test
    void descriptorOperationsMatchPriorityQueue() {
        for (long seed = 1; seed <= 8; seed++) {
            run(seed, true);
        }
    }

    private static void run(long seed, boolean descriptors) {
        Random rnd = new Random(seed);
        CalendarQueue<Long> q = new CalendarQueue<>();
        PriorityQueue<Long> model = new PriorityQueue<>();
        Map<Long, Set<Long>> values = new TreeMap<>();
        long serial = 0;
        long last = 0;
        int maxLength = 1;
        int mode = (int) (seed % 4);
        for (int phase = 0; phase < 6; phase++) {
            boolean growing = phase % 2 == 0;
            int ops = 2_000 + rnd.nextInt(4_000);
            for (int i = 0; i < ops; i++) {
                boolean offer = growing ? rnd.nextInt(10) < 7 : rnd.nextInt(10) < 3;
                if (offer) {
                    long key = key(rnd, mode, last);
                    long value = serial++;
                    model.add(key);
                    values.computeIfAbsent(key, k -> new HashSet<>()).add(value);
                    if (descriptors) {
                        assertNull(q.enqueue(Operation.enqueue(new Event<>(key, value)), null));
                    } else {
                        q.offer(key, value);
                    }
                } else {
                    Long expect = model.peek();
                    Event<Long> got = descriptors
                            ? CalendarQueue.castEvent(q.dequeue(Operation.dequeue(), null))
                            : q.poll();
                    if (expect == null) {
                        assertNull(got, "seed " + seed + ": poll on empty");
                        continue;
                    }
                    assertTrue(got != null, "seed " + seed + ": poll lost an element");
                    assertEquals(expect, got.key(), "seed " + seed + ": not the minimum");
                    model.poll();
                    assertTrue(values.get(expect).remove(got.value()),
                            "seed " + seed + ": unknown or repeated value " + got);
                    last = got.key();
                }
                maxLength = Math.max(maxLength, q.length());
                if (i % 97 == 0) {
                    Long min = model.peek();
                    assertEquals(min == null ? "empty" : Long.toString(min),
                            q.peekKey().isPresent() ? Long.toString(q.peekKey().getAsLong()) : "empty");
                    assertEquals(model.size(), q.size(), "seed " + seed);
                }
            }
        }
        while (!model.isEmpty()) {
            long expect = model.poll();
            Event<Long> got = q.poll();
            assertEquals(expect, got.key(), "seed " + seed + ": drain order");
            assertTrue(values.get(expect).remove(got.value()), "seed " + seed + ": drain value");
        }
        assertNull(q.poll());
        assertEquals(0, q.size());
        assertEquals(1, q.length(), "an empty queue shrinks to one bucket");
        assertTrue(maxLength >= 256, "seed " + seed + ": the table never grew, max length " + maxLength);
    }

    private static long key(Random rnd, int mode, long last) {
        switch (mode) {
            case 0: // hold-model-like: mostly ahead of the last dequeued key, some in the past
                return rnd.nextInt(10) == 0 ? last - rnd.nextInt(50) : last + rnd.nextInt(1_000_000);
            case 1: // many equal keys
                return rnd.nextInt(64);
            case 2: // negative and positive, wide
                return rnd.nextLong() >> 20;
            default: // sparse clusters far apart: forces bucket-width rebalancing
                return (rnd.nextInt(4) * 1_000_000_000_000L) + rnd.nextInt(100_000_000);
        }
    }
}
