package io.github.taskpools.jcstress.numapq;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.github.taskpools.numapq.CalendarQueue;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.JJJJ_Result;

/**
 * CRCQ (thesis §2.3.2, Algorithms 1 and 2): an enqueue "in the past" (a key before the current
 * virtual bucket) races with a dequeue scanning the current bucket. The enqueue inserts, then
 * moves {@code current} back with a new epoch; a dequeue that read the old epoch either finds
 * the node or fails its CAS on {@code current} and rescans. The dequeuer polls twice.
 *
 * <p>Linearizable outcomes: the dequeues come before the enqueue (100, 130), around it
 * (100, 7) or after it (7, 100). Taking 7 and then anything but the old minimum 100 means a
 * minimum was skipped; a final verdict other than 1 means an event was lost or duplicated.
 * Results: first poll, second poll, verdict, 0.
 */
@JCStressTest
@Outcome(id = {"100, 130, 1, 0", "100, 7, 1, 0", "7, 100, 1, 0"}, expect = ACCEPTABLE,
        desc = "linearizable: the past enqueue before, between or after the dequeues")
@Outcome(expect = FORBIDDEN, desc = "a skipped minimum, a lost or duplicated event")
@State
public class EnqueueInThePastVsDequeue {
    static final long[] KEYS = {100, 130, 160, 190, 220, 250, 280, 310, 340, 370};
    static final long[] ALL = {7, 100, 130, 160, 190, 220, 250, 280, 310, 340, 370};
    final CalendarQueue<Long> q = Drain.filled(KEYS);

    @Actor
    public void enqueuer() {
        q.offer(7, 7L);
    }

    @Actor
    public void dequeuer(JJJJ_Result r) {
        r.r1 = Drain.keyOf(q.poll());
        r.r2 = Drain.keyOf(q.poll());
    }

    @Arbiter
    public void arbiter(JJJJ_Result r) {
        r.r3 = Drain.verdict(q, ALL, r.r1, r.r2);
    }
}
