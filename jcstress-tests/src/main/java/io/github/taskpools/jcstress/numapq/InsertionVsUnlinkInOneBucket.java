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
 * Harris list of one bucket (thesis §2.3.1 and §2.3.2, Algorithm 1 lines 7-11 and Algorithm 2
 * line 16): an insertion after a node races with the deletion and unlinking of that node. The
 * one-bucket table holds 10 and 20. The inserter has found 10 valid and CASes 10.next from 20
 * to its node 15; the other actor deletes 10 (the dequeue's fetch-and-or of DEL) and then
 * offers 12, whose search unlinks the deleted 10. The thesis keeps the mark in 10.next, so the
 * insertion CAS fails on a marked pointer; here a marker node freezes 10.next before 10 is
 * unlinked ({@code CalendarNode}, as in {@code ConcurrentSkipListMap}): an insertion that beats
 * the marker is captured by it and relinked with the unlink, one that loses fails its CAS and
 * searches again. Unlinking 10 with a plain read of its successor would drop a 15 linked in
 * between.
 *
 * <p>Two actors instead of the review's three (the deletion and the unlinking offer in separate
 * threads): the machine this runs on has two CPUs and jcstress skips a test with more actors
 * than CPUs. The deletion and the unlinking run in sequence in one actor; the race that matters,
 * the insertion CAS on 10.next against the freezing of 10.next and the unlink, remains.
 *
 * <p>FORBIDDEN: the poll returns anything but 10 (the only key below 15 present when it
 * starts, 12 is offered after it), or a drain verdict other than 1 (15 or 12 lost, an event
 * duplicated or out of order). Results: the poll, the drain verdict.
 */
@JCStressTest
@Outcome(id = "10, 1", expect = ACCEPTABLE, desc = "10 taken; 12, 15 and 20 all survive, in order")
@Outcome(expect = FORBIDDEN, desc = "an insertion lost to the unlink, or a wrong poll")
@State
public class InsertionVsUnlinkInOneBucket {
    static final long[] ALL = {10, 12, 15, 20};
    final CalendarQueue<Long> q = Drain.filled(10, 20);

    @Actor
    public void deleteThenUnlink(JJ_Result r) {
        r.r1 = Drain.keyOf(q.poll());
        q.offer(12, 12L);
    }

    @Actor
    public void insertAfter() {
        q.offer(15, 15L);
    }

    @Arbiter
    public void arbiter(JJ_Result r) {
        r.r2 = Drain.verdict(q, ALL, r.r1);
    }
}
