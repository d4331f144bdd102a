package io.github.taskpools.jcstress.executor;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.github.taskpools.executor.BwosExecutor;
import io.github.taskpools.executor.ExecutorTestAccess;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * The idle stack in the pool's {@code ctl} (run state, idle count and the top worker's park stamp
 * in one word) while a worker pushes itself and a waker pops. Two workers whose threads are never
 * started: worker 1 parked before the actors run (stack: worker 1). Actor 1 plays worker 0's
 * {@code announceParked()} (PARKED, then the push CAS, which reads the top into its
 * {@code nextIdle}); actor 2 pops twice ({@code wakeTop()}: read ctl, read the top's
 * {@code nextIdle} racily, CAS). The arbiter reads the idle count and how many workers are still
 * PARKED, then pops until the stack is empty and reads what is left of both (the stack must hold
 * every worker the count holds).
 *
 * <p>ACCEPTABLE: both popped (idle 0, none parked), or worker 1 popped and the second pop found the
 * stack empty before worker 0 pushed (idle 1, worker 0 parked); nothing left after the drain.
 * FORBIDDEN: anything else: a count that disagrees with the workers on the stack (a worker woken
 * twice or never, a pop that linked a stale {@code nextIdle} and lost a worker from the stack, a
 * PARKED written after the popper's ACTIVE), or a count borrowed from the run state.
 */
@JCStressTest
@Outcome(id = "0, 0, 0", expect = ACCEPTABLE, desc = "both workers popped")
@Outcome(id = "1, 1, 0", expect = ACCEPTABLE, desc = "worker 1 popped; worker 0 pushed after the second pop found the stack empty")
@Outcome(expect = FORBIDDEN, desc = "the idle count disagrees with the parked workers")
@State
public class IdleStackPushVsPop {
    final BwosExecutor pool;

    public IdleStackPushVsPop() {
        pool = UnstartedPools.of(2, 1);
        ExecutorTestAccess.worker(pool, 1).announceParked();
    }

    @Actor
    public void worker() {
        ExecutorTestAccess.worker(pool, 0).announceParked();
    }

    @Actor
    public void waker() {
        ExecutorTestAccess.wakeTop(pool);
        ExecutorTestAccess.wakeTop(pool);
    }

    @Arbiter
    public void arbiter(III_Result r) {
        r.r1 = ExecutorTestAccess.idleCount(pool);
        r.r2 = parked();
        ExecutorTestAccess.wakeTop(pool);
        ExecutorTestAccess.wakeTop(pool);
        r.r3 = ExecutorTestAccess.idleCount(pool) + parked();
    }

    private int parked() {
        return (ExecutorTestAccess.worker(pool, 0).isParked() ? 1 : 0)
                + (ExecutorTestAccess.worker(pool, 1).isParked() ? 1 : 0);
    }
}
