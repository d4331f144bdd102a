package io.github.taskpools.jcstress.executor;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.github.taskpools.executor.BwosExecutor;
import io.github.taskpools.executor.BwosRecursiveAction;
import io.github.taskpools.executor.BwosTask;
import io.github.taskpools.executor.ExecutorTestAccess;
import io.github.taskpools.executor.ExecutorTestAccess.WorkerHandle;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * A fork published twice ({@code Worker.publishCopy}: it stayed in the forker's block while
 * another worker was idle, so a copy went to the forker's queue of copies): the forker's pop against
 * an idle worker's poll of the copy. Two workers, threads never started. Set-up: with worker 1
 * parked, worker 0 forked task A (granted alone to thieves) and then X through {@code Worker.fork};
 * the grant for X is not made while A is unclaimed, so X sits both in worker 0's block and in its
 * queue of copies, marked shared. Actor 1 plays worker 0 popping its deque and claiming what
 * it got; actor 2 plays worker 1 polling worker 0's copies and claiming; the arbiter runs
 * whatever each claimed, as a worker would.
 *
 * <p>FORBIDDEN: both claimed (X would run twice), or neither (X would never run). Results: worker
 * 0 claimed, worker 1 claimed, times X ran.
 */
@JCStressTest
@Outcome(id = "1, 0, 1", expect = ACCEPTABLE, desc = "the forker popped and ran X; the copy is dropped")
@Outcome(id = "0, 1, 1", expect = ACCEPTABLE, desc = "the idle worker ran the copy; the forker drops its own")
@Outcome(id = "1, 1, .*", expect = FORBIDDEN, desc = "X claimed twice")
@Outcome(id = "0, 0, .*", expect = FORBIDDEN, desc = "X lost")
@State
public class SharedForkClaim {
    static final class Count extends BwosRecursiveAction {
        int runs;

        @Override
        protected void compute() {
            runs++;
        }
    }

    final WorkerHandle w0;
    final Count x = new Count();
    BwosTask<?> claimed0;
    BwosTask<?> claimed1;

    public SharedForkClaim() {
        BwosExecutor pool = UnstartedPools.of(2, 2);
        w0 = ExecutorTestAccess.worker(pool, 0);
        WorkerHandle w1 = ExecutorTestAccess.worker(pool, 1);
        w0.forks.bindOwner();
        w1.lookAgain(w1.announceParked()); // worker 1 parks: idle
        w0.fork(new Count()); // granted alone to the idle worker, which has not claimed it yet
        w0.fork(x); // no second grant while the first is unclaimed: X stays in the block, and a copy goes out
        if (!ExecutorTestAccess.isShared(x) || w0.copies.size() != 1 || w0.forks.ownerBlockSize() != 1) {
            throw new IllegalStateException("set-up: X not published twice");
        }
    }

    @Actor
    public void forkerPops(III_Result r) {
        w0.forks.bindOwner();
        BwosTask<?> t = w0.forks.pop();
        if (t != null && ExecutorTestAccess.tryClaim(t)) {
            claimed0 = t;
            r.r1 = 1;
        }
    }

    @Actor
    public void idleWorkerPolls(III_Result r) {
        BwosTask<?> t = w0.copies.poll();
        if (t != null && ExecutorTestAccess.tryClaim(t)) {
            claimed1 = t;
            r.r2 = 1;
        }
    }

    @Arbiter
    public void arbiter(III_Result r) {
        if (claimed0 != null) {
            ExecutorTestAccess.doExec(claimed0);
        }
        if (claimed1 != null) {
            ExecutorTestAccess.doExec(claimed1);
        }
        r.r3 = x.runs;
    }
}
