package io.github.taskpools.jcstress.executor;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.github.taskpools.executor.BwosExecutor;
import io.github.taskpools.executor.BwosTask;
import io.github.taskpools.executor.ExecutorTestAccess;
import io.github.taskpools.executor.ExecutorTestAccess.SubmissionQueueHandle;
import io.github.taskpools.executor.ExecutorTestAccess.WorkerHandle;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * A searching worker's relaxed look ({@code SubmissionQueue.relaxedPoll}: the slot of base first,
 * top only when the slot holds a task) racing a worker's take and a submission that wraps around
 * the ring. A stripe of two slots holds a (index 0) and b (index 1). Actor 1 takes the oldest task
 * (its CAS moves base, then it clears the slot) and then submits c, index 2, whose slot is slot 0.
 * Actor 2 looks twice: at base 2 it may find slot 0 still holding a, not cleared yet, or already
 * holding c; top tells the two apart. The arbiter takes everything left from the stripe and the
 * spill queue. Results: whether a, b and c were each taken exactly once; whether actor 2 took c.
 *
 * <p>FORBIDDEN: a task lost or taken twice (a look that took a stale slot of the last lap).
 */
@JCStressTest
@Outcome(id = "1, 0", expect = ACCEPTABLE, desc = "every task once; c left for the arbiter")
@Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "every task once; the relaxed look took c")
@Outcome(expect = FORBIDDEN, desc = "a task lost or taken twice")
@State
public class StripeRelaxedPollVsWrap {
    final BwosExecutor pool = UnstartedPools.of(1, 1);
    final SubmissionQueueHandle stripe = new SubmissionQueueHandle(2);
    final StripeWrapVsTake.Task a = new StripeWrapVsTake.Task(1);
    final StripeWrapVsTake.Task b = new StripeWrapVsTake.Task(2);
    final StripeWrapVsTake.Task c = new StripeWrapVsTake.Task(4);
    int took1;
    int took2;

    public StripeRelaxedPollVsWrap() {
        stripe.push(a, pool, true);
        stripe.push(b, pool, true);
    }

    @Actor
    public void takerAndSubmitter() {
        BwosTask<?> t = stripe.poll();
        took1 = t == null ? 0 : ((StripeWrapVsTake.Task) t).bit;
        stripe.push(c, pool, true);
    }

    @Actor
    public void searcher() {
        int bits = 0;
        for (int i = 0; i < 2; i++) {
            BwosTask<?> t = stripe.relaxedPoll();
            int bit = t == null ? 0 : ((StripeWrapVsTake.Task) t).bit;
            bits |= bit | (bits & bit) << 8; // a task taken twice here sets a bit above 7
        }
        took2 = bits;
    }

    @Arbiter
    public void arbiter(II_Result r) {
        int seen = took1;
        int twice = (seen & took2) | (took2 >>> 8);
        seen |= took2 & 7;
        for (BwosTask<?> t; (t = stripe.poll()) != null; ) {
            twice |= seen & ((StripeWrapVsTake.Task) t).bit;
            seen |= ((StripeWrapVsTake.Task) t).bit;
        }
        WorkerHandle w0 = ExecutorTestAccess.worker(pool, 0);
        for (BwosTask<?> t; (t = ExecutorTestAccess.pollInjection(pool, w0, true, false)) != null; ) {
            twice |= seen & ((StripeWrapVsTake.Task) t).bit;
            seen |= ((StripeWrapVsTake.Task) t).bit;
        }
        r.r1 = seen == 7 && twice == 0 ? 1 : 0;
        r.r2 = (took2 & 4) != 0 ? 1 : 0;
    }
}
