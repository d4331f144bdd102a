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
 * A submission while a woken worker is on its way from the idle stack. Two workers, threads never
 * started. Set-up: both parked (worker 1 on top), then a wake pops worker 1, counting it in the
 * pool's waking count. Actor 1 plays worker 1 running again: {@code block()} returns at once (it is
 * ACTIVE), leaving the waking count, then its first look ({@code scan}). Actor 2 submits one task,
 * whose {@code wakeOne} wakes nobody while it sees worker 1 counted as waking, relying on that
 * look. The arbiter reads whether worker 0 was woken. Results: worker 1's look took the task;
 * worker 0 is awake.
 *
 * <p>FORBIDDEN: neither, a task with no worker woken for it and missed by the look the submitter
 * relied on (the count must fall before the look: with the decrement after it, a submitter can
 * read the count before the decrement and the look can read the stripe before the submission).
 */
@JCStressTest
@Outcome(id = "false, false", expect = FORBIDDEN, desc = "the submitter relied on the woken worker's look, which missed the task")
@Outcome(id = "true, false", expect = ACCEPTABLE, desc = "the woken worker's look took the task; nobody else was woken")
@Outcome(id = "false, true", expect = ACCEPTABLE, desc = "the woken worker had left the waking count: the submitter woke worker 0")
@Outcome(id = "true, true", expect = ACCEPTABLE, desc = "both: the look took the task after the submitter woke worker 0")
@State
public class SubmitWhileWaking {
    static final Runnable NOOP = () -> { };

    final BwosExecutor pool;
    final WorkerHandle w0;
    final WorkerHandle w1;

    public SubmitWhileWaking() {
        pool = UnstartedPools.of(2, 1);
        w0 = ExecutorTestAccess.worker(pool, 0);
        w1 = ExecutorTestAccess.worker(pool, 1);
        w0.lookAgain(w0.announceParked());
        w1.lookAgain(w1.announceParked());
        ExecutorTestAccess.wakeOne(pool);
        if (w1.isParked() || !w0.isParked()) {
            throw new IllegalStateException("set-up: worker 1 should be woken, worker 0 parked");
        }
    }

    @Actor
    public void worker1Wakes(ZZ_Result r) {
        w1.block();
        r.r1 = w1.scan(false) != null;
    }

    @Actor
    public void submitter() {
        pool.execute(NOOP);
    }

    @Arbiter
    public void arbiter(ZZ_Result r) {
        r.r2 = !w0.isParked();
    }
}
