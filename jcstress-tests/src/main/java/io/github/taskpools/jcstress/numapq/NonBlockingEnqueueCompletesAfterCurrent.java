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
import org.openjdk.jcstress.infra.results.JJ_Result;

/**
 * Non-blocking enqueue (thesis §3.1.1, Algorithm 4 lines 26-35): two executors of one enqueue
 * descriptor of key 7, an enqueue "in the past" of a queue holding 100..370. Executor X runs it
 * and then polls; executor Y helps. Whichever executor validates the candidate, X's enqueue has
 * completed before X's poll begins, so the poll must return 7: a poll that returns 100 skipped a
 * completed enqueue (an executor returned before {@code current} was lowered to 7's bucket).
 * The arbiter drains the rest and checks that 7 is in the queue exactly once.
 *
 * <p>In this package (split across jars on the class path) because descriptors are package-private.
 * Results: X's poll, drain verdict.
 */
@JCStressTest
@Outcome(id = "7, 1", expect = ACCEPTABLE, desc = "the poll after the completed enqueue takes 7")
@Outcome(expect = FORBIDDEN, desc = "the poll skipped the completed enqueue, or 7 was lost or duplicated")
@State
public class NonBlockingEnqueueCompletesAfterCurrent {
    static final long[] KEYS = {100, 130, 160, 190, 220, 250, 280, 310, 340, 370};
    static final long[] ALL = {7, 100, 130, 160, 190, 220, 250, 280, 310, 340, 370};
    final CalendarQueue<Long> q = Drain.filled(KEYS);
    final OperationHandle<Long> op = OperationHandle.enqueue(new Event<>(7, 7L));

    @Actor
    public void requester(JJ_Result r) {
        NumapqTestAccess.enqueue(q, op);
        r.r1 = Drain.keyOf(q.poll());
    }

    @Actor
    public void delegate() {
        NumapqTestAccess.enqueue(q, op);
    }

    @Arbiter
    public void arbiter(JJ_Result r) {
        r.r2 = Drain.verdict(q, ALL, r.r1);
    }
}
