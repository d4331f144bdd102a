package io.github.taskpools.jcstress.executor;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.github.taskpools.executor.BwosExecutor;
import io.github.taskpools.executor.BwosTask;
import io.github.taskpools.executor.ExecutorTestAccess;
import io.github.taskpools.executor.ExecutorTestAccess.WorkerHandle;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.ZZZ_Result;

/**
 * The parking handshake of {@code Worker} against a batch moved into a worker's inbox. Two
 * workers, threads never started. Set-up: two tasks submitted from outside (one stripe). Actor 1
 * plays worker 0 polling the shared queue: it takes the first task and moves the second into its
 * inbox, then calls {@code signalWork()} (full fence, then the counts). Actor 2 plays worker 1
 * parking: {@code announceParked()}, then {@code lookAgain(top)}, which polls the stripes and
 * steals from worker 0's inbox. Without the signal, a task moved into the inbox of a worker that
 * then blocks in the task it took (two tasks meeting at a barrier) would wait behind a parked
 * worker. Results: worker 1 found a task, worker 1 is awake (off the idle stack), worker 0 moved a
 * batch.
 *
 * <p>FORBIDDEN: worker 0 moved the second task into its inbox, yet worker 1 neither found it nor
 * was woken (a lost wake-up); worker 1 took a task but is still on the idle stack; or no batch and
 * worker 1 found nothing (a task lost).
 */
@JCStressTest
@Outcome(id = "false, false, true", expect = FORBIDDEN, desc = "a batch moved before worker 1 parked, and nobody woke it")
@Outcome(id = "false, .*, false", expect = FORBIDDEN, desc = "worker 0 took one task, worker 1 none, no batch: a task lost")
@Outcome(id = "true, false, .*", expect = FORBIDDEN, desc = "worker 1 took a task but is still on the idle stack")
@Outcome(id = "true, true, false", expect = ACCEPTABLE, desc = "each worker took one task from the shared queue")
@Outcome(id = "true, true, true", expect = ACCEPTABLE, desc = "worker 1's last look stole the batch from the inbox")
@Outcome(id = "false, true, true", expect = ACCEPTABLE, desc = "worker 0's signal woke worker 1 (its look found nothing, or handed the task back)")
@State
public class ParkVsInboxBatch {
    static final Runnable NOOP = () -> { };

    final BwosExecutor pool;
    final WorkerHandle w0;
    final WorkerHandle w1;

    public ParkVsInboxBatch() {
        pool = UnstartedPools.of(2, 1);
        w0 = ExecutorTestAccess.worker(pool, 0);
        w1 = ExecutorTestAccess.worker(pool, 1);
        pool.execute(NOOP);
        pool.execute(NOOP);
    }

    @Actor
    public void worker0Polls(ZZZ_Result r) {
        BwosTask<?> t = ExecutorTestAccess.pollInjection(pool, w0, false, true);
        r.r3 = t != null && w0.inbox.currentProducerIndex() == 1;
    }

    @Actor
    public void worker1Parks(ZZZ_Result r) {
        r.r1 = w1.lookAgain(w1.announceParked()) != null;
    }

    @Arbiter
    public void arbiter(ZZZ_Result r) {
        r.r2 = !w1.isParked();
    }
}
