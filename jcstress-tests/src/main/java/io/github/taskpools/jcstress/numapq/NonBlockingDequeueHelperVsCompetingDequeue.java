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
import org.openjdk.jcstress.infra.results.JJJJ_Result;

/**
 * Non-blocking dequeue (thesis §3.1.1, Algorithm 6 lines 10-21 and 29-50): two executors of one
 * dequeue descriptor, one of which first runs a competing dequeue of its own. The competing
 * dequeue may delete the node the other executor proposed as candidate; the descriptor must
 * then drop it and agree on another node. Both executors of the descriptor return the same
 * event, the two dequeues take the two smallest keys once each, and the rest drains in order.
 *
 * <p>Results: the competing poll, executor X's result, executor Y's result, drain verdict.
 */
@JCStressTest
@Outcome(id = {"100, 130, 130, 1", "130, 100, 100, 1"}, expect = ACCEPTABLE,
        desc = "the executors agree; the two dequeues took 100 and 130 once each")
@Outcome(expect = FORBIDDEN, desc = "executors disagree, a key taken twice, skipped, lost or duplicated")
@State
public class NonBlockingDequeueHelperVsCompetingDequeue {
    static final long[] KEYS = {100, 130, 160, 190, 220, 250, 280, 310, 340, 370};
    final CalendarQueue<Long> q = Drain.filled(KEYS);
    final OperationHandle<Long> op = OperationHandle.dequeue();

    @Actor
    public void competingDequeueThenExecutor(JJJJ_Result r) {
        r.r1 = Drain.keyOf(q.poll());
        r.r2 = Drain.keyOf(NumapqTestAccess.dequeue(q, op));
    }

    @Actor
    public void executor(JJJJ_Result r) {
        r.r3 = Drain.keyOf(NumapqTestAccess.dequeue(q, op));
    }

    @Arbiter
    public void arbiter(JJJJ_Result r) {
        r.r4 = Drain.verdict(q, KEYS, r.r1, r.r2);
    }
}
