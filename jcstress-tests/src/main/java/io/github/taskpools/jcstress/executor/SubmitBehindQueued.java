package io.github.taskpools.jcstress.executor;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.github.taskpools.executor.BwosExecutor;
import io.github.taskpools.executor.ExecutorTestAccess;
import io.github.taskpools.executor.ExecutorTestAccess.WorkerHandle;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.ZZ_Result;

/**
 * A submission behind queued tasks, while an awake worker takes them. Two workers, threads never
 * started. Set-up: two tasks submitted from outside into one stripe while no worker is idle (so
 * they woke nobody: worker 0 is the awake worker that will take them), then worker 1 parks. Actor 1
 * plays worker 0 taking from the shared queue; actor 2 submits a third task into the same stripe.
 * The arbiter looks for a task still queued (in the stripe or worker 0's inbox) with worker 1 still
 * parked. Worker 0 runs the task it took: if that task waits for another (tasks meeting at a
 * barrier), only worker 1 can run it. Results: worker 0 took a task; a task is stranded.
 *
 * <p>The third submission goes in behind two queued tasks, or behind one if worker 0 took the
 * first before the submitter read the stripe's base: in the first case it wakes nobody (a
 * submission wakes a worker only into a stripe of at most one queued task, ForkJoinPool's rule),
 * and only the takers' hand-on (a taker signals for what it leaves in the stripe, and for the batch
 * it moved into its inbox) can wake worker 1: the submitter's volatile store of top then read of
 * base, against the taker's CAS of base then read of top, is a Dekker pair.
 *
 * <p>Two variants: {@link Scan}, worker 0's scan (relaxed poll, batch into the inbox), and
 * {@link Single}, the poll of a joiner helping others (one task, no batch).
 */
public class SubmitBehindQueued {
    static final Runnable NOOP = () -> { };

    /** The shared set-up of both variants. */
    abstract static class Base {
        final BwosExecutor pool;
        final WorkerHandle w0;
        final WorkerHandle w1;
        /** The set-up thread's submission probe: the submitter actor offers into the same stripe. */
        final int probe;

        Base() {
            pool = UnstartedPools.of(2, 1);
            w0 = ExecutorTestAccess.worker(pool, 0);
            w1 = ExecutorTestAccess.worker(pool, 1);
            pool.execute(NOOP); // no worker idle: wakes nobody
            pool.execute(NOOP); // the same stripe (this thread's probe)
            w1.announceParked();
            probe = ExecutorTestAccess.submitterProbe()[0];
        }

        void submit() {
            ExecutorTestAccess.submitterProbe()[0] = probe;
            pool.execute(NOOP);
        }

        void check(ZZ_Result r) {
            r.r2 = !ExecutorTestAccess.queuesEmpty(pool) && w1.isParked();
        }
    }

    @JCStressTest
    @Outcome(id = ".*, true", expect = FORBIDDEN, desc = "a task queued behind a parked worker nobody woke")
    @Outcome(id = "true, false", expect = ACCEPTABLE, desc = "worker 0 took a task; the rest has worker 1 woken, or nothing is left")
    @State
    public static class Scan extends Base {
        @Actor
        public void worker0Scans(ZZ_Result r) {
            r.r1 = ExecutorTestAccess.pollInjection(pool, w0, false, true) != null;
        }

        @Actor
        public void submitter() {
            submit();
        }

        @Arbiter
        public void arbiter(ZZ_Result r) {
            check(r);
        }
    }

    @JCStressTest
    @Outcome(id = ".*, true", expect = FORBIDDEN, desc = "a task queued behind a parked worker nobody woke")
    @Outcome(id = "true, false", expect = ACCEPTABLE, desc = "worker 0 took a task; the rest has worker 1 woken")
    @State
    public static class Single extends Base {
        @Actor
        public void worker0Polls(ZZ_Result r) {
            r.r1 = ExecutorTestAccess.pollInjection(pool, w0, false, false) != null;
        }

        @Actor
        public void submitter() {
            submit();
        }

        @Arbiter
        public void arbiter(ZZ_Result r) {
            check(r);
        }
    }
}
