package io.github.taskpools.executor;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * The idle count of the pool's {@code ctl} word (run state in the high half, idle workers in the
 * low half) while a waker signals a worker that is announcing that it parks. A waker that sees a
 * worker PARKED takes one off the idle count; if the worker showed PARKED before it counted itself
 * idle, that decrement could come first, and with no other idle worker it borrowed from the run
 * state, so that a submission read a running pool as shut down and was rejected (seen once on
 * Temurin 25 in {@code executor-submit}). Two workers whose threads are never started: worker 1
 * parked before the actors run (idle 1), actor 1 plays worker 0's announcement, actor 2 signals
 * and then reads the idle count.
 *
 * <p>Results: the idle count actor 2 read after its signal; which worker it signalled (-1: none).
 */
@JCStressTest
@Outcome(id = {"1, 1", "0, 1", "1, -1", "2, -1"}, expect = ACCEPTABLE,
        desc = "worker 1 signalled (before or after worker 0 counted itself), or nobody (a searcher or none seen)")
@Outcome(id = "1, 0", expect = ACCEPTABLE, desc = "worker 0 signalled after it counted itself idle")
@Outcome(id = "0, 0", expect = FORBIDDEN,
        desc = "worker 0 signalled before it counted itself idle: the count ran ahead of the workers")
@Outcome(expect = FORBIDDEN, desc = "an idle count out of range")
@State
public class SignalVsAnnounceParked {
    final BwosExecutor pool;

    public SignalVsAnnounceParked() {
        pool = UnstartedPools.of(2, 1);
        pool.workers[1].announceParked();
    }

    @Actor
    public void worker() {
        pool.workers[0].announceParked();
    }

    @Actor
    public void waker(II_Result r) {
        pool.signalWork();
        r.r1 = pool.idleCount();
    }

    @Arbiter
    public void arbiter(II_Result r) {
        r.r2 = pool.workers[0].isSignalled() ? 0 : pool.workers[1].isSignalled() ? 1 : -1;
    }
}
