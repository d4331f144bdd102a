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
 * A worker signalled for one submission counts as the pool's searcher, so a second submission
 * wakes nobody. Two workers, threads never started. Set-up: both workers announced themselves
 * parked, then task 1 was submitted, which signalled one of them (the woken worker, counted as a
 * searcher). Actor 1 plays the woken worker: it wakes ({@code awake()}) and makes one search round
 * ({@code searchStep()}), which takes a task. Actor 2 submits task 2, whose {@code wakeOne} wakes
 * nobody while it sees the searcher. The arbiter reads whether a task is queued with the other
 * worker parked and not signalled: the woken worker, busy with its task, would leave it there
 * (two tasks meeting at a barrier would hang).
 *
 * <p>FORBIDDEN: such a stranded task (the searcher that took a task must wake the next worker if
 * more is queued; with endSearching's wake removed this outcome appears); a search round that
 * found nothing, although task 1 was queued before it.
 */
@JCStressTest
@Outcome(id = "true, false", expect = ACCEPTABLE, desc = "the woken worker took a task; the other is signalled or nothing is left")
@Outcome(id = ".*, true", expect = FORBIDDEN, desc = "a task queued with the other worker parked and not signalled")
@Outcome(id = "false, false", expect = FORBIDDEN, desc = "the woken worker's search missed task 1")
@State
public class SignalledSearcher {
    static final Runnable NOOP = () -> { };

    final BwosExecutor pool;
    final Worker woken;
    final Worker other;

    public SignalledSearcher() {
        pool = UnstartedPools.of(2, 1);
        pool.workers[0].announceParked();
        pool.workers[1].announceParked();
        pool.execute(NOOP);
        woken = pool.workers[0].isSignalled() ? pool.workers[0] : pool.workers[1];
        other = woken == pool.workers[0] ? pool.workers[1] : pool.workers[0];
        if (!woken.isSignalled() || other.isSignalled() || pool.getSearchingThreadCount() != 1) {
            throw new IllegalStateException("set-up: the first submission must signal one worker, as a searcher");
        }
    }

    @Actor
    public void wokenWorker(ZZ_Result r) {
        woken.awake();
        r.r1 = woken.searchStep() != null;
    }

    @Actor
    public void submitter() {
        pool.execute(NOOP);
    }

    @Arbiter
    public void arbiter(ZZ_Result r) {
        r.r2 = !pool.queuesEmpty() && other.isParked();
    }
}
