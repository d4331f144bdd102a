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
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * A submission that wraps around a stripe's ring onto the slot a worker is taking. A stripe of two
 * slots holds tasks a (index 0) and b (index 1). Actor 1, a worker, takes the oldest task: its CAS
 * moves base past index 0, then it reads slot 0 and clears it. Actor 2 submits c, index 2, whose
 * slot is slot 0: a submitter writes only a null slot, so if the worker has not cleared it yet, c
 * goes into the pool's spill queue (the submitter's last try: it tried every other stripe). The arbiter takes everything left from the stripe and the spill
 * queue. Results: the task actor 1 took (1 = a); whether a, b and c were each taken exactly once;
 * where c went (0 the ring, 1 the spill queue).
 *
 * <p>FORBIDDEN: a task lost or taken twice, which is what a submitter overwriting slot 0 before the
 * worker read it would do (a lost, c twice).
 */
@JCStressTest
@Outcome(id = "1, 1, 0", expect = ACCEPTABLE, desc = "c found slot 0 cleared and went into the ring")
@Outcome(id = "1, 1, 1", expect = ACCEPTABLE, desc = "c found slot 0 still set and went into the spill queue")
@Outcome(expect = FORBIDDEN, desc = "a task lost or taken twice, or the worker did not take the oldest")
@State
public class StripeWrapVsTake {
    final BwosExecutor pool = UnstartedPools.of(1, 1);
    final SubmissionQueueHandle stripe = new SubmissionQueueHandle(2);
    final Task a = new Task(1);
    final Task b = new Task(2);
    final Task c = new Task(4);
    int took;

    public StripeWrapVsTake() {
        stripe.push(a, pool, true);
        stripe.push(b, pool, true);
    }

    @Actor
    public void worker() {
        BwosTask<?> t = stripe.poll();
        took = t == null ? 0 : ((Task) t).bit;
    }

    @Actor
    public void submitter() {
        stripe.push(c, pool, true);
    }

    @Arbiter
    public void arbiter(III_Result r) {
        int seen = took;
        int twice = 0;
        int spilled = 0;
        for (BwosTask<?> t; (t = stripe.poll()) != null; ) {
            twice |= seen & ((Task) t).bit;
            seen |= ((Task) t).bit;
        }
        WorkerHandle w0 = ExecutorTestAccess.worker(pool, 0);
        for (BwosTask<?> t; (t = ExecutorTestAccess.pollInjection(pool, w0, true, false)) != null; ) {
            twice |= seen & ((Task) t).bit;
            seen |= ((Task) t).bit;
            spilled |= t == c ? 1 : 0;
        }
        r.r1 = took;
        r.r2 = seen == 7 && twice == 0 ? 1 : 0;
        r.r3 = spilled;
    }

    /** A task that names itself by a bit. */
    static final class Task extends BwosTask<Void> {
        final int bit;

        Task(int bit) {
            this.bit = bit;
        }

        @Override
        protected boolean exec() {
            return true;
        }

        @Override
        public Void getRawResult() {
            return null;
        }

        @Override
        protected void setRawResult(Void value) {
        }
    }
}
