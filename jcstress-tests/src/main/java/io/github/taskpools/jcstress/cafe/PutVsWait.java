package io.github.taskpools.jcstress.cafe;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.github.taskpools.cafe.CafePool;
import io.github.taskpools.cafe.CafeTestAccess;
import io.github.taskpools.internal.InternalTestAccess;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.ZZ_Result;

/**
 * A CAFÉ put against a consumer about to block in {@code take()} (the event count of
 * {@code internal.Waiters}), as {@code salsa.PutVsWait}: actor 1 puts (the tree's CAS, then the
 * signal's fence and read of the waiting count); actor 2 announces itself and looks once more;
 * the arbiter reads whether the epoch moved. Results: the look found the task; the epoch moved.
 *
 * <p>FORBIDDEN: the look missed the task and the put saw no waiter (the consumer would park with a
 * task in the pool and nobody to wake it).
 */
@JCStressTest
@Outcome(id = "false, false", expect = FORBIDDEN, desc = "the look missed the task and the put saw no waiter")
@Outcome(id = "true, .*", expect = ACCEPTABLE, desc = "the consumer's last look took the task")
@Outcome(id = "false, true", expect = ACCEPTABLE, desc = "the put saw the waiter and moved the epoch")
@State
public class PutVsWait {
    final CafePool<Long> pool = CafePool.builder().height(2).seed(7).build();
    long key;

    @Actor
    public void producer() {
        pool.producer().put(1L);
    }

    @Actor
    public void consumer(ZZ_Result r) {
        key = InternalTestAccess.prepare(CafeTestAccess.waiters(pool));
        r.r1 = pool.consumer().get() != null;
    }

    @Arbiter
    public void arbiter(ZZ_Result r) {
        r.r2 = CafeTestAccess.waiters(pool).signalCount() != key;
    }
}
