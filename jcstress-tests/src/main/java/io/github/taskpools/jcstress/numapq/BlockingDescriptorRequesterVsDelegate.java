package io.github.taskpools.jcstress.numapq;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.github.taskpools.numapq.Event;
import io.github.taskpools.numapq.NumapqTestAccess.OperationHandle;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.JJJJ_Result;

/**
 * Blocking operation descriptor (thesis §3.1 and §3.4, Algorithm 7): a delegate that took the
 * request from a channel and the requester running its own operation as the fallback both do
 * what {@code NumaCalendarQueue.execute} does: skip it if complete, take it with the
 * FREE-to-IN_HANDLING CAS, run it, and publish the result with the store of DONE. The requester
 * then reads {@code isComplete()} and, if true, returns {@code result}. The two runs are told
 * apart by their outcome (the delegate's dequeue "returns" 5, the requester's own run 7).
 *
 * <p>FORBIDDEN: two winners of the CAS (one operation applied twice: an event inserted twice, or
 * two events extracted for one dequeue), no winner, a requester that sees DONE but reads a null
 * or foreign result (the DONE store must be a release after the write of {@code result}, and
 * {@code isComplete} an acquire before its read), or a final result that is not the winner's.
 *
 * <p>Results: the delegate won (1) or not, the requester won (1) or not, what the requester
 * returned (0: not complete yet, it would keep waiting; -1: complete with a null result; else
 * the result's key), the final result's key (arbiter).
 */
@JCStressTest
@Outcome(id = {"1, 0, 0, 5", "1, 0, 5, 5"}, expect = ACCEPTABLE,
        desc = "the delegate ran it; the requester saw it pending, or complete with the delegate's result")
@Outcome(id = "0, 1, 7, 7", expect = ACCEPTABLE, desc = "the requester took it first and ran it itself")
@Outcome(expect = FORBIDDEN, desc = "two winners or none, or DONE seen with a null or foreign result")
@State
public class BlockingDescriptorRequesterVsDelegate {
    final OperationHandle<Long> op = OperationHandle.dequeue();
    final Event<Long> byDelegate = new Event<>(5, 5L);
    final Event<Long> byRequester = new Event<>(7, 7L);

    @Actor
    public void delegate(JJJJ_Result r) {
        if (!op.isComplete() && op.tryHandle()) {
            op.complete(byDelegate);
            r.r1 = 1;
        }
    }

    @Actor
    public void requester(JJJJ_Result r) {
        if (!op.isComplete() && op.tryHandle()) {
            op.complete(byRequester);
            r.r2 = 1;
        }
        r.r3 = op.isComplete() ? (op.result() == null ? -1 : Drain.keyOf(op.result())) : 0;
    }

    @Arbiter
    public void arbiter(JJJJ_Result r) {
        r.r4 = op.isComplete() && op.result() != null ? Drain.keyOf(op.result()) : -1;
    }
}
