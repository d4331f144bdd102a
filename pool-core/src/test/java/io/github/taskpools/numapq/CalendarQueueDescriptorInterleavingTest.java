package io.github.taskpools.numapq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Interleavings of the non-blocking descriptor operations (thesis §3.1.1) replayed step by step:
 * the steps of one executor are performed by hand on the queue's internals, then another executor
 * runs the real code. The same races run free in jcstress ({@code jcstress-tests}, package
 * {@code io.github.taskpools.numapq}).
 */
class CalendarQueueDescriptorInterleavingTest {
    static final long[] KEYS = {100, 130, 160, 190, 220, 250, 280, 310, 340, 370};

    /**
     * Algorithm 4 lines 26-35: executor Y inserted the TEMP node of an enqueue in the past (key 7),
     * won the candidate and validated it, and stalls before lowering {@code current}. The requester
     * X then runs the same descriptor: it finds the candidate valid and returns. Its next poll must
     * see 7, since its enqueue completed first.
     */
    @Test
    void aHelperThatFindsTheCandidateValidLowersCurrentBeforeItReturns() {
        CalendarQueue<Long> q = new CalendarQueue<>();
        for (long k : KEYS) {
            q.offer(k, k);
        }
        Operation<Long> op = Operation.enqueue(new Event<>(7, 7L));
        CalendarTable<Long> h = q.readTable();
        long vb = Math.floorDiv(7, h.bw);
        assertTrue(h.length > 1 && h.bucketOf(vb) != h.bucketOf(h.current.vb) && vb < h.current.vb,
                "setup: 7 is in the past, in another physical bucket than current");

        // Y: insert at the front of 7's bucket (7 is the smallest key), win the candidate, validate.
        int b = h.bucketOf(vb);
        CalendarNode<Long> first = h.first(b);
        CalendarNode<Long> n = new CalendarNode<>(7, op.event, op, CalendarNode.TEMP);
        n.epoch = h.current.epoch;
        n.home = h;
        n.next = first;
        assertTrue(h.casFirst(b, first, n));
        assertTrue(op.casCandidate(null, n));
        assertTrue(CalendarNode.STATE.compareAndSet(n, CalendarNode.TEMP, 0L));

        // X: runs the operation, which completes; then polls.
        assertNull(q.enqueue(op, null));
        assertTrue(op.isComplete());
        assertEquals(7, q.poll().key(), "the poll after the completed enqueue skipped key 7");

        // Y resumes (lines 29-34) and the rest drains in order, 7 taken once.
        h.enqueuedAt(vb);
        h.addSize(1);
        for (long k : KEYS) {
            assertEquals(k, q.poll().key());
        }
        assertNull(q.poll());
        assertEquals(0, q.size());
    }
}
