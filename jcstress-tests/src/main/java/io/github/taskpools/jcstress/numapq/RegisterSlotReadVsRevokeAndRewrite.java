package io.github.taskpools.jcstress.numapq;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.github.taskpools.numapq.NumapqTestAccess.OperationHandle;
import io.github.taskpools.numapq.NumapqTestAccess.RegisterSlotHandle;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * P channel register (thesis §3.6, Algorithms 11 and 12 line 13): a twin reads the posted
 * request op2 while the requester revokes it and, as a non-blocking requester does once its
 * request is over either way, posts op3 to the same register. Exactly one of the twin and the
 * revoke owns op2, and a twin that did not win op2's round must not come back with op3 as if
 * it had: it may only return op3 from op3's own round, after a successful revoke.
 *
 * <p>Results: what the twin read (0 nothing, 2 op2, 3 op3), whether the revoke won (1) or not.
 */
@JCStressTest
@Outcome(id = "2, 0", expect = ACCEPTABLE, desc = "the twin won op2 before the revoke")
@Outcome(id = {"0, 1", "3, 1"}, expect = ACCEPTABLE,
        desc = "the revoke won op2; the twin read nothing, or op3 once it was posted")
@Outcome(id = "3, 0", expect = FORBIDDEN, desc = "the twin won op2's round but returned op3")
@Outcome(expect = FORBIDDEN, desc = "op2 owned by both or by neither")
@State
public class RegisterSlotReadVsRevokeAndRewrite {
    final RegisterSlotHandle slot = new RegisterSlotHandle();
    final OperationHandle<Long> op2 = OperationHandle.dequeue();
    final OperationHandle<Long> op3 = OperationHandle.dequeue();

    public RegisterSlotReadVsRevokeAndRewrite() {
        slot.write(op2);
    }

    @Actor
    public void twin(II_Result r) {
        Object o = slot.read();
        r.r1 = o == null ? 0 : op2.is(o) ? 2 : op3.is(o) ? 3 : -1;
    }

    @Actor
    public void requester(II_Result r) {
        r.r2 = slot.revoke() ? 1 : 0;
        slot.write(op3);
    }
}
