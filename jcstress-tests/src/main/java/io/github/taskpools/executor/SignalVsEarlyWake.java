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
 * A signalled worker that runs before its waker counted it as a searcher. One worker, thread never
 * started. Set-up: the worker announced itself parked. Actor 1 submits a task: its {@code wakeOne}
 * CASes the worker to SIGNALLED, then increments the searching count. Actor 2 plays the worker
 * returning from park early (a spurious return, or an earlier permit): if it sees SIGNALLED it
 * wakes ({@code awake()}) and makes one search round, which takes the task and ends its search,
 * possibly before the waker's increment. The arbiter reads the searching count and how many
 * workers still count as searchers (signalled, or awake and searching).
 *
 * <p>FORBIDDEN: a count that differs from the searchers there are: one left over would make every
 * later submission skip its wake-up (a pool that never wakes a worker again), one missing would
 * let submitters wake workers needlessly.
 */
@JCStressTest
@Outcome(id = "0, 0", expect = ACCEPTABLE, desc = "the worker woke, took the task and stopped searching")
@Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "the worker was signalled but had not run yet")
@Outcome(id = ".*", expect = FORBIDDEN, desc = "the searching count does not match the searchers")
@State
public class SignalVsEarlyWake {
    static final Runnable NOOP = () -> { };

    final BwosExecutor pool;
    final Worker w;

    public SignalVsEarlyWake() {
        pool = UnstartedPools.of(1, 1);
        w = pool.workers[0];
        w.announceParked();
    }

    @Actor
    public void submitter() {
        pool.execute(NOOP);
    }

    @Actor
    public void worker() {
        if (w.isSignalled()) {
            w.awake();
            w.searchStep();
        }
    }

    @Arbiter
    public void arbiter(II_Result r) {
        r.r1 = pool.getSearchingThreadCount();
        r.r2 = (w.isSignalled() || w.isSearching()) ? 1 : 0;
    }
}
