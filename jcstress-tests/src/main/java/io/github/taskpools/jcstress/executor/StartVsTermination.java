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
 * A lazy start racing the commit of termination. Parallelism 1, no thread started yet (threads
 * would never run: {@link UnstartedPools} with no worker up). Actor 1 signals work (a late wake of
 * a submitter whose task was taken, or a worker's hand-on): with no worker idle and none started,
 * it adds a thread by a CAS of {@code ctl} that requires the run state below QUIESCED. Actor 2
 * shuts the pool down: with every thread (none) idle and the queues empty it commits QUIESCED, and
 * with no thread the pool has terminated. Results: threads; termination committed; terminated.
 *
 * <p>FORBIDDEN: a thread added after termination (awaitTermination returned while a worker starts,
 * and nobody would count it down again), or committed with a thread that is not idle.
 */
@JCStressTest
@Outcome(id = "0, 1, 1", expect = ACCEPTABLE, desc = "termination first: the signal adds no thread")
@Outcome(id = "1, 0, 0", expect = ACCEPTABLE, desc = "the start first: the new worker is busy, it will park and commit")
@Outcome(expect = FORBIDDEN, desc = "a thread started after termination, or termination with a busy thread")
@State
public class StartVsTermination {
    final BwosExecutor pool = UnstartedPools.of(BwosExecutor.builder().parallelism(1), 0, 1);

    @Actor
    public void signal() {
        ExecutorTestAccess.signalWork(pool);
    }

    @Actor
    public void shutdown() {
        pool.shutdown();
    }

    @Arbiter
    public void arbiter(III_Result r) {
        r.r1 = pool.getPoolSize();
        r.r2 = ExecutorTestAccess.runState(pool) == ExecutorTestAccess.QUIESCED ? 1 : 0;
        r.r3 = pool.isTerminated() ? 1 : 0;
    }
}
