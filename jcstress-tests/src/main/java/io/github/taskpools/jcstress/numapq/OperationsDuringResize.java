package io.github.taskpools.jcstress.numapq;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.github.taskpools.numapq.CalendarQueue;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.JJ_Result;

/**
 * CRCQ resize (thesis Algorithm 3): the one-bucket table holds 6 events, the most it holds
 * before growing (2·DEPB·length). Two enqueues start together, the second followed by a dequeue:
 * whichever operation reads the size after the first insertion announces the new table and
 * migrates, and the other helps, or is still inserting into the old table while it is frozen and
 * walked (an insertion either lands before the freeze and is migrated, or fails its CAS on a
 * frozen {@code next} or bucket slot and retries in the new table); the dequeue may run into the
 * migration too. Nothing may be lost or duplicated and the dequeue must return the minimum.
 * Results: the polled key, the arbiter's verdict (1 = all once, in order).
 *
 * <p>Two actors: this test first had three (the dequeue in an actor of its own), and jcstress
 * schedules no test with more actors than the machine has CPUs ("No scheduling is possible, these
 * tests would not run"), so on the two-CPU machines of this project it never ran.
 */
@JCStressTest
@Outcome(id = {"3, 1", "10, 1"}, expect = ACCEPTABLE, desc = "the minimum, before or after the enqueue of 3")
@Outcome(expect = FORBIDDEN, desc = "a lost, duplicated or skipped event")
@State
public class OperationsDuringResize {
    static final long[] KEYS = {10, 20, 30, 40, 50, 60};
    static final long[] ALL = {3, 10, 20, 30, 40, 50, 60, 45};
    final CalendarQueue<Long> q = Drain.filled(KEYS);

    @Actor
    public void enqueuePast() {
        q.offer(3, 3L);
    }

    @Actor
    public void enqueueMiddleThenDequeue(JJ_Result r) {
        q.offer(45, 45L);
        r.r1 = Drain.keyOf(q.poll());
    }

    @Arbiter
    public void arbiter(JJ_Result r) {
        r.r2 = Drain.verdict(q, ALL, r.r1);
    }
}
