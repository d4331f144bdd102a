package io.github.taskpools.jcstress.numapq;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.github.taskpools.numapq.CalendarQueue;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.JJJ_Result;

/**
 * CRCQ (thesis §2.3.2, Algorithm 2): two dequeues race for the same minimum. Both find the first
 * valid node of the current bucket; the fetch-and-or on its DEL mark decides: the loser sees the
 * mark in the old value and moves on to the next node. Results: the keys polled by the two
 * actors (0 for none) and the arbiter's verdict on what is left (1 = all there once, in order).
 */
public final class TwoDequeuersRaceForTheMinimum {
    private TwoDequeuersRaceForTheMinimum() {
    }

    /** One event: one dequeue gets it, the other finds the queue empty. */
    @JCStressTest
    @Outcome(id = {"5, 0, 1", "0, 5, 1"}, expect = ACCEPTABLE, desc = "one dequeue won the only event")
    @Outcome(expect = FORBIDDEN, desc = "both got it, it was lost, or the queue was left wrong")
    @State
    public static class OneEvent {
        final CalendarQueue<Long> q = Drain.filled(5);

        @Actor
        public void first(JJJ_Result r) {
            r.r1 = Drain.keyOf(q.poll());
        }

        @Actor
        public void second(JJJ_Result r) {
            r.r2 = Drain.keyOf(q.poll());
        }

        @Arbiter
        public void arbiter(JJJ_Result r) {
            r.r3 = Drain.verdict(q, new long[] {5}, r.r1, r.r2);
        }
    }

    /**
     * Several events over several buckets (the table has grown and measured a bucket width):
     * the two dequeues take the two smallest, one each.
     */
    @JCStressTest
    @Outcome(id = {"100, 101, 1", "101, 100, 1"}, expect = ACCEPTABLE, desc = "each took one of the two minima")
    @Outcome(expect = FORBIDDEN, desc = "a duplicate, a skipped minimum, or the queue was left wrong")
    @State
    public static class ManyBuckets {
        static final long[] KEYS = {100, 101, 130, 160, 190, 220, 250, 280, 310, 340};
        final CalendarQueue<Long> q = Drain.filled(KEYS);

        @Actor
        public void first(JJJ_Result r) {
            r.r1 = Drain.keyOf(q.poll());
        }

        @Actor
        public void second(JJJ_Result r) {
            r.r2 = Drain.keyOf(q.poll());
        }

        @Arbiter
        public void arbiter(JJJ_Result r) {
            r.r3 = Drain.verdict(q, KEYS, r.r1, r.r2);
        }
    }
}
