package io.github.taskpools.executor;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.ZZ_Result;

/**
 * A signal absorbed by a parking worker's last look. Two workers, threads never started. Set-up:
 * task 1 is queued, worker 1 has announced itself parked (idle, PARKED). Actor 1 plays worker 0
 * parking: {@code announceParked()}, then {@code lookAgain()}, which takes task 1. Actor 2 submits
 * task 2, whose {@code wakeOne} may pick worker 0 while it is PARKED: worker 0 then runs task 1,
 * and the wake-up meant for task 2 is spent unless worker 0 passes it on. The arbiter reads
 * whether worker 0 found a task and whether worker 1 was signalled.
 *
 * <p>FORBIDDEN: worker 1 not signalled: one of the two tasks stays queued with worker 0 busy with
 * the other and worker 1 parked (found on Temurin 25 under load: two tasks meeting at a barrier,
 * the second never ran).
 */
@JCStressTest
@Outcome(id = "true, true", expect = ACCEPTABLE, desc = "worker 0 took one task, worker 1 was woken for the other")
@Outcome(id = ".*, false", expect = FORBIDDEN, desc = "a task queued, worker 1 parked and not signalled")
@Outcome(id = "false, true", expect = FORBIDDEN, desc = "worker 0's last look missed task 1, queued before it")
@State
public class AbsorbedSignal {
    static final Runnable NOOP = () -> { };

    final BwosExecutor pool;
    final Worker w0;
    final Worker w1;

    public AbsorbedSignal() {
        pool = UnstartedPools.of(2, 1);
        w0 = pool.workers[0];
        w1 = pool.workers[1];
        pool.execute(NOOP);
        w1.announceParked();
    }

    @Actor
    public void worker0Parks(ZZ_Result r) {
        w0.announceParked();
        r.r1 = w0.lookAgain() != null;
    }

    @Actor
    public void submitter() {
        pool.execute(NOOP);
    }

    @Arbiter
    public void arbiter(ZZ_Result r) {
        r.r2 = w1.isSignalled();
    }
}
