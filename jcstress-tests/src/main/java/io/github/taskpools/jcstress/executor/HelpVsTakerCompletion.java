package io.github.taskpools.jcstress.executor;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.github.taskpools.executor.BwosExecutor;
import io.github.taskpools.executor.BwosRecursiveAction;
import io.github.taskpools.executor.BwosTask;
import io.github.taskpools.executor.ExecutorTestAccess;
import io.github.taskpools.executor.ExecutorTestAccess.WorkerHandle;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.ZZ_Result;

/**
 * A joiner's help ({@code Worker.helpStealer}) against the taker finishing the joined task and
 * forking on. Two workers, threads never started. Set-up: worker 0 took task L (recorded as its
 * taker) and runs it. Actor 1 plays worker 0: L completes, then worker 0 forks X (a task of its
 * next frame, not of L) with a grant pending, so that the push grants X to thieves at once. Actor
 * 2 plays worker 1 joining L: it steals from worker 0's deque and asks {@code
 * BwosTask.runsFork} whether the stolen fork belongs to L's run, as helpStealer does before it runs
 * a fork inside the join.
 *
 * <p>FORBIDDEN: worker 1 stole X and took it for L's (the completion, made before X's push and
 * published with it by the grant's release, was not seen after the steal): run inside the join,
 * such a fork could wait for a frame below the joiner (randomized join graphs hung so). Results:
 * stolen, taken for L's.
 */
@JCStressTest
@Outcome(id = "true, true", expect = FORBIDDEN, desc = "a fork made after L completed taken for L's")
@Outcome(id = "true, false", expect = ACCEPTABLE, desc = "stole X and saw L done: X goes to the spill queue")
@Outcome(id = "false, false", expect = ACCEPTABLE, desc = "the steal came before the grant")
@Outcome(id = "false, true", expect = FORBIDDEN, desc = "impossible: nothing stolen")
@State
public class HelpVsTakerCompletion {
    static final class Noop extends BwosRecursiveAction {
        @Override
        protected void compute() {
        }
    }

    final WorkerHandle w0;
    final WorkerHandle w1;
    final Noop l = new Noop();
    final Noop x = new Noop();

    public HelpVsTakerCompletion() {
        BwosExecutor pool = UnstartedPools.of(2, 2);
        w0 = ExecutorTestAccess.worker(pool, 0);
        w1 = ExecutorTestAccess.worker(pool, 1);
        w0.forks.bindOwner();
        ExecutorTestAccess.recordStealer(l, w0);
    }

    @Actor
    public void takerCompletesThenForks() {
        w0.forks.bindOwner();
        l.complete(null);
        w0.forks.requestGrant(); // as a thief's request: the push grants X alone
        w0.fork(x);
    }

    @Actor
    public void joinerHelps(ZZ_Result r) {
        BwosTask<?> stolen = w0.forks.steal();
        r.r1 = stolen != null;
        r.r2 = stolen != null && ExecutorTestAccess.runsFork(l, w0, stolen);
    }
}
