package io.github.taskpools.jcstress.executor;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.github.taskpools.executor.BwosExecutor;
import io.github.taskpools.executor.BwosTask;
import io.github.taskpools.executor.ExecutorTestAccess.SubmissionQueueHandle;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * The takers' cache of top ({@code SubmissionQueue.topAbove}): a taker that finds the cache above
 * base takes the index of base without reading top, relying on the thread that read top and
 * stored the cache to pass the publication of the slot on (its release store, our acquire).
 * Actor 1 submits a (index 0) and b (index 1), then makes a relaxed look ({@code relaxedPoll}),
 * which reads top and caches it (unless actor 2 cached it first) and takes the oldest task left.
 * Actor 2 makes two relaxed looks, each of which may take an index on the strength of the cache
 * alone; a look that takes an index whose slot it reads as empty returns nothing and loses that
 * task. The arbiter takes everything left. Results: whether a and b were each taken exactly once;
 * what actor 1 took and what actor 2 took (bits: 1 a, 2 b).
 *
 * <p>FORBIDDEN: a task lost or taken twice (a look that trusted a cache whose publication it did
 * not see). Two actors, so that it runs on two CPUs; the cache's writer is then the submitter
 * itself, whose pushes precede its store of the cache in program order.
 */
@JCStressTest
@Outcome(id = "1, [0-2], [0-3]", expect = ACCEPTABLE, desc = "every task once")
@Outcome(expect = FORBIDDEN, desc = "a task lost or taken twice")
@State
public class StripeCachedTop {
    final BwosExecutor pool = UnstartedPools.of(1, 1);
    final SubmissionQueueHandle stripe = new SubmissionQueueHandle(4);
    final StripeWrapVsTake.Task a = new StripeWrapVsTake.Task(1);
    final StripeWrapVsTake.Task b = new StripeWrapVsTake.Task(2);
    int took1;
    int took2;

    @Actor
    public void submitterThenTaker() {
        stripe.push(a, pool, true);
        stripe.push(b, pool, true);
        took1 = bit(stripe.relaxedPoll());
    }

    @Actor
    public void taker() {
        int first = bit(stripe.relaxedPoll());
        int second = bit(stripe.relaxedPoll());
        took2 = first | second | (first & second) << 8; // the same task twice sets a bit above 7
    }

    private static int bit(BwosTask<?> t) {
        return t == null ? 0 : ((StripeWrapVsTake.Task) t).bit;
    }

    @Arbiter
    public void arbiter(III_Result r) {
        int seen = took1;
        int twice = (seen & took2) | (took2 >>> 8);
        seen |= took2 & 3;
        for (BwosTask<?> t; (t = stripe.poll()) != null; ) {
            twice |= seen & bit(t);
            seen |= bit(t);
        }
        r.r1 = seen == 3 && twice == 0 ? 1 : 0;
        r.r2 = took1;
        r.r3 = took2;
    }
}
