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
 * CRCQ (thesis §2.3.2, Algorithm 1 lines 12-16 against Algorithm 2 line 24): an enqueue into
 * the current virtual bucket races with a dequeue that found that bucket empty and advances
 * {@code current}. The 4-bucket table (bucket width 1) holds 100, 101, 102, 130..310; the state
 * constructor polls 100, so {@code current} still points at virtual bucket 100, which holds
 * only the deleted node. The enqueuer offers 100 again (virtual bucket == cur, not "in the
 * past"); the dequeuer polls (the next key, 101, is one virtual bucket away, so a poll costs
 * about as much as the offer and the two overlap). Line 14 breaks out only when
 * {@code nc > current}, so an insertion at {@code nc == cur} also moves {@code current} (to
 * itself) with epoch + 1, and a dequeue that scanned the bucket before the insertion fails its
 * CAS to (cur + 1, E) and rescans. With {@code >=} there, that CAS would succeed and leave the
 * completed enqueue behind {@code current}. A node left behind is found again only when the
 * scan comes round to its physical bucket (virtual bucket 104 here), so 102 is there to be
 * taken first: the drain would return 102 before 100.
 * ({@code EnqueueInThePastVsDequeue} covers {@code nc < cur}.)
 *
 * <p>Linearizable outcomes: the poll takes 100 (after the offer) or 101 (before it), and the
 * rest drains in order. FORBIDDEN: any other poll, or a drain verdict other than 1 (a 100 left
 * behind {@code current} comes out late, out of order). Results: the poll, drain verdict.
 */
@JCStressTest
@Outcome(id = {"100, 1", "101, 1"}, expect = ACCEPTABLE,
        desc = "the poll before (101) or after (100) the offer; the rest in order")
@Outcome(expect = FORBIDDEN, desc = "the completed enqueue was left behind current, or an event lost")
@State
public class EnqueueInTheCurrentBucketVsAdvance {
    static final long[] KEYS = {100, 101, 102, 130, 160, 190, 220, 250, 280, 310};
    final CalendarQueue<Long> q = Drain.filled(KEYS);

    public EnqueueInTheCurrentBucketVsAdvance() {
        q.poll(); // takes 100; current stays at virtual bucket 100 until a scan finds it empty
    }

    @Actor
    public void enqueuer() {
        q.offer(100, 100L);
    }

    @Actor
    public void dequeuer(JJ_Result r) {
        r.r1 = Drain.keyOf(q.poll());
    }

    @Arbiter
    public void arbiter(JJ_Result r) {
        r.r2 = Drain.verdict(q, KEYS, r.r1);
    }
}
