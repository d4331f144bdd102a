package io.github.taskpools.jcstress.numapq;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.github.taskpools.numapq.CalendarQueue;
import io.github.taskpools.numapq.NumapqTestAccess;
import io.github.taskpools.numapq.NumapqTestAccess.OperationHandle;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.JJJ_Result;

/**
 * Non-blocking dequeue whose candidate is frozen by a resize (thesis §3.1.1, Algorithm 6 lines
 * 10-21 and 58-60): the one-bucket table holds 6 events, the most it holds before growing.
 * Two executors run one dequeue descriptor. Executor X first offers 45, so the next ReadTable
 * announces the growth; executor Y may meanwhile have proposed 10 of the old table as the
 * candidate. A resize that freezes the candidate (MOV) before its extraction migrates it as a
 * live node, so the candidate can no longer be deleted for the operation: the executors must
 * reset it and agree on a node of the new table (the copy of 10). A candidate deleted for the
 * operation before the freeze is MOV_DEAD and not migrated.
 *
 * <p>Two actors instead of the review's three (two executors and a separate growing offer): the
 * machine this runs on has two CPUs and jcstress skips a test with more actors than CPUs. The
 * growing offer runs before executor X in the same thread; executor Y races the offer, the
 * resize and executor X.
 *
 * <p>FORBIDDEN: the executors disagree, a key other than the minimum 10, or a drain verdict
 * other than 1 (10 taken and also migrated, or an event lost). Results: X's result, Y's
 * result, drain verdict.
 */
@JCStressTest
@Outcome(id = "10, 10, 1", expect = ACCEPTABLE, desc = "both executors return the minimum, taken once")
@Outcome(expect = FORBIDDEN, desc = "executors disagree, the minimum skipped, a key taken twice or lost")
@State
public class NonBlockingDequeueCandidateFrozenByResize {
    static final long[] KEYS = {10, 20, 30, 40, 50, 60};
    static final long[] ALL = {10, 20, 30, 40, 45, 50, 60};
    final CalendarQueue<Long> q = Drain.filled(KEYS);
    final OperationHandle<Long> op = OperationHandle.dequeue();

    @Actor
    public void growThenExecutor(JJJ_Result r) {
        q.offer(45, 45L);
        r.r1 = Drain.keyOf(NumapqTestAccess.dequeue(q, op));
    }

    @Actor
    public void executor(JJJ_Result r) {
        r.r2 = Drain.keyOf(NumapqTestAccess.dequeue(q, op));
    }

    @Arbiter
    public void arbiter(JJJ_Result r) {
        r.r3 = Drain.verdict(q, ALL, r.r1);
    }
}
