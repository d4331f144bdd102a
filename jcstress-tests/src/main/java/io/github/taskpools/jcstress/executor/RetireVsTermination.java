package io.github.taskpools.jcstress.executor;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.github.taskpools.executor.BwosExecutor;
import io.github.taskpools.executor.ExecutorTestAccess;
import io.github.taskpools.executor.ExecutorTestAccess.WorkerHandle;
import java.time.Duration;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * An idle spare retires while the pool shuts down. Parallelism 1, threads never run ({@link
 * UnstartedPools}). Set-up as in {@link RetireVsWake}: worker 1 a spare; then both workers park
 * (looks done), so that nothing keeps the pool from terminating. Actor 1 plays worker 1's
 * timed-out park: {@code tryRetire}, and if it left the stack, its exit ({@code workerExited},
 * which tries to terminate a shut-down pool). Actor 2 shuts the pool down, which tries to commit
 * termination (every thread idle, every queue empty). A retirement changes {@code ctl} (one idle
 * worker fewer, then one thread fewer) and fails the commit's CAS, or finds the run state
 * QUIESCED and does not retire. Results: retired; termination committed; threads.
 *
 * <p>FORBIDDEN: not committed: the only retry after a failed commit is the retiring worker's exit,
 * and a pool whose workers are all parked would never terminate ({@code close()} would wait for
 * ever). Also a thread count that does not match.
 */
@JCStressTest
@Outcome(id = "1, 1, 1", expect = ACCEPTABLE, desc = "worker 1 retired; termination committed, by shutdown or by the exit")
@Outcome(id = "0, 1, 2", expect = ACCEPTABLE, desc = "termination committed first; worker 1 stays until it sees QUIESCED and exits")
@Outcome(expect = FORBIDDEN, desc = "termination never committed, or a wrong thread count")
@State
public class RetireVsTermination {
    final BwosExecutor pool;
    final WorkerHandle w0;
    final WorkerHandle w1;
    boolean retired;

    public RetireVsTermination() {
        pool = UnstartedPools.of(BwosExecutor.builder().parallelism(1).keepAlive(Duration.ofNanos(1)), 1, 1);
        w0 = ExecutorTestAccess.worker(pool, 0);
        ExecutorTestAccess.beginBlock(pool);
        w1 = ExecutorTestAccess.worker(pool, 1);
        w1.endWaking();
        ExecutorTestAccess.endBlock(pool);
        if (w0.lookAgain(w0.announceParked()) != null || w1.lookAgain(w1.announceParked()) != null
                || pool.getPoolSize() != 2 || ExecutorTestAccess.idleCount(pool) != 2) {
            throw new IllegalStateException("set-up: " + pool);
        }
    }

    @Actor
    public void spareTimesOut() {
        retired = ExecutorTestAccess.tryRetire(pool, w1);
        if (retired) {
            ExecutorTestAccess.workerExited(pool, w1, true);
        }
    }

    @Actor
    public void shutdown() {
        pool.shutdown();
    }

    @Arbiter
    public void arbiter(III_Result r) {
        r.r1 = retired ? 1 : 0;
        r.r2 = ExecutorTestAccess.runState(pool) == ExecutorTestAccess.QUIESCED ? 1 : 0;
        r.r3 = pool.getPoolSize();
    }
}
