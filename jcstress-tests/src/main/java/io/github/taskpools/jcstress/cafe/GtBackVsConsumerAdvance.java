package io.github.taskpools.jcstress.cafe;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.github.taskpools.cafe.CafePool;
import io.github.taskpools.jcstress.Task;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * CAFÉ §3.2: GT moving back while a consumer advances it. Trees of height 1 (3 nodes), k = 1,
 * puts steered leftwards: set-up puts tasks 0, 1 into T0 (root, left), 2, 3 into T1 and 4 into T2,
 * and gets 0-3, which leaves GT = (T0, T1), PT = T2, and T0's right node free. Then a producer
 * whose PT read went stale (it still holds T0) puts task 5 into T0's right node and, seeing
 * {@code GT.cur = T1} past T0, moves GT back to (⊥, T0) (lines 15-17, moveGTBack); at the same time
 * a consumer finds T0 and T1 empty (or task 5 in T0) and moves GT on to (T1, T2) to get task 4.
 * Whatever the order, task 5 must stay reachable (Lemma 2): the arbiter gets everything left.
 * Results: verdict (1 each task got once, -1 one lost, 0 one got twice or corrupt), the consumer's
 * task.
 */
@JCStressTest
@Outcome(id = "1, 16", expect = ACCEPTABLE, desc = "the consumer got task 4 (T2), the arbiter task 5")
@Outcome(id = "1, 32", expect = ACCEPTABLE, desc = "the consumer got task 5 (T0), the arbiter task 4")
@Outcome(id = "-1, .*", expect = FORBIDDEN, desc = "a task lost: GT left T0 behind")
@Outcome(id = "0, .*", expect = FORBIDDEN, desc = "a task got twice or seen corrupt")
@Outcome(expect = FORBIDDEN, desc = "anything else: the consumer found nothing although task 4 was there")
@State
public class GtBackVsConsumerAdvance {
    final CafePool<Task> pool = Steer.twoPerTree();
    final Object t0 = Steer.producerNode(pool);
    int consumer;

    public GtBackVsConsumerAdvance() {
        Steer.putThenGet(pool, 5, 4);
    }

    @Actor
    public void staleProducer() {
        if (!Steer.putIn(pool.producer(), t0, Task.of(5), Steer.RIGHT)) {
            throw new IllegalStateException("T0's right node should have been free");
        }
    }

    @Actor
    public void consumer() {
        consumer = Task.bitOf(pool.consumer().get());
    }

    @Arbiter
    public void arbiter(II_Result r) {
        CafePool<Task>.Handle me = pool.consumer();
        int rest = Task.drain(me::get);
        r.r1 = Task.verdict(0b110000, consumer, rest);
        r.r2 = consumer;
    }
}
