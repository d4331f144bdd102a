package io.github.taskpools.jcstress.numapq;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.github.taskpools.numapq.CalendarQueue;
import io.github.taskpools.numapq.Event;
import io.github.taskpools.numapq.NumapqTestAccess;
import io.github.taskpools.numapq.NumapqTestAccess.OperationHandle;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.JJJ_Result;

/**
 * Non-blocking enqueue across a resize (thesis §3.1.1, Algorithm 4 and Algorithm 5, the
 * migration of a TEMP node): the one-bucket table holds 6 events, the most it holds before
 * growing. Two executors run one enqueue descriptor of key 7. Executor X first offers 45, so
 * the first ReadTable to read a size over 6 (X's, Y's, or the offer's own if Y already counted
 * 7) announces the growth and migrates; Y may meanwhile insert its TEMP node into the old
 * table, where the resize finds it frozen before or after the candidate is agreed: Algorithm 5
 * settles the candidate with a CAS and migrates only the candidate (any other TEMP node of the
 * operation dies), and a candidate validated in the old table is copied as a live node. X then
 * polls: its enqueue has completed, so the poll must return 7, the minimum.
 *
 * <p>Two actors instead of the review's three (two executors and a separate growing offer): the
 * machine this runs on has two CPUs and jcstress skips a test with more actors than CPUs. The
 * growing offer runs before executor X in the same thread; the interleavings of executor Y
 * against the offer, the resize and executor X all remain.
 *
 * <p>FORBIDDEN: a poll other than 7 (the completed enqueue was lost or left behind
 * {@code current}), a size other than 7 after the poll, or a drain verdict other than 1 (7
 * inserted twice or lost, an event lost or out of order). Results: X's poll, size before the
 * drain, drain verdict.
 */
@JCStressTest
@Outcome(id = "7, 7, 1", expect = ACCEPTABLE, desc = "7 inserted once, polled first, size exact")
@Outcome(expect = FORBIDDEN, desc = "7 lost, skipped or duplicated, or the size is off")
@State
public class NonBlockingEnqueueDuringResize {
    static final long[] KEYS = {10, 20, 30, 40, 50, 60};
    static final long[] ALL = {7, 10, 20, 30, 40, 45, 50, 60};
    final CalendarQueue<Long> q = Drain.filled(KEYS);
    final OperationHandle<Long> op = OperationHandle.enqueue(new Event<>(7, 7L));

    @Actor
    public void growThenExecutorThenPoll(JJJ_Result r) {
        q.offer(45, 45L);
        NumapqTestAccess.enqueue(q, op);
        r.r1 = Drain.keyOf(q.poll());
    }

    @Actor
    public void executor() {
        NumapqTestAccess.enqueue(q, op);
    }

    @Arbiter
    public void arbiter(JJJ_Result r) {
        r.r2 = q.size();
        r.r3 = Drain.verdict(q, ALL, r.r1);
    }
}
