package io.github.taskpools.jcstress.pool;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.github.taskpools.api.WorkStealingPool;
import io.github.taskpools.internal.InternalTestAccess;
import io.github.taskpools.pool.BwosPool;
import io.github.taskpools.pool.PoolTestAccess;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.ZZ_Result;

/**
 * A LIFO BWoS pool's grant against a worker about to block in {@code take()}. Two workers, blocks
 * of 2. Set-up: worker 0 has put two tasks, which fill its block (nothing granted yet). Actor 1 plays
 * worker 0 putting a third task: the push finds its block full and grants it to thieves (release of
 * S), and the put, seeing its deque's grant count move, signals the pool's event count (a fence and
 * a read of the waiting count). Actor 2 plays worker 1's last step before parking: it announces
 * itself ({@code prepare()}) and looks once more ({@code get()}: its empty deque, then a steal). The
 * arbiter reads whether the epoch moved since. Results: the look stole a task; the epoch moved.
 *
 * <p>FORBIDDEN: the look missed the granted tasks and the put saw no waiter: worker 1 would park
 * with stealable tasks in the pool and nobody to wake it.
 */
@JCStressTest
@Outcome(id = "false, false", expect = FORBIDDEN, desc = "the look missed the grant and the put saw no waiter")
@Outcome(id = "true, .*", expect = ACCEPTABLE, desc = "worker 1's last look stole a granted task")
@Outcome(id = "false, true", expect = ACCEPTABLE, desc = "the put saw the waiter and moved the epoch")
@State
public class GrantVsWait {
    final BwosPool<Long> pool = BwosPool.<Long>builder(2).order(BwosPool.Order.LIFO).blockCount(3).blockSize(2).build();
    final WorkStealingPool.Worker<Long> w0 = pool.worker(0);
    final WorkStealingPool.Worker<Long> w1 = pool.worker(1);
    long key;

    public GrantVsWait() {
        w0.bind();
        w0.put(1L);
        w0.put(2L);
    }

    @Actor
    public void worker0Grants() {
        w0.bind(); // the set-up thread's hand-off: the state's construction happens before the actors
        w0.put(3L);
    }

    @Actor
    public void worker1LastLook(ZZ_Result r) {
        w1.bind();
        key = InternalTestAccess.prepare(PoolTestAccess.waiters(pool));
        r.r1 = w1.get() != null;
    }

    @Arbiter
    public void arbiter(ZZ_Result r) {
        r.r2 = PoolTestAccess.waiters(pool).signalCount() != key;
    }
}
