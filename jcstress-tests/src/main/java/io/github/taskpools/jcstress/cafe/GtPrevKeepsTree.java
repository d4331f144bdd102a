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
 * CAFÉ §3.2, the race that motivates {@code GT.prev} (the section's last paragraph): GT and PT
 * both at T, a consumer finds T empty and moves GT on by one while a producer puts into T, checks
 * that GT still points to T, and returns without moving it back. Trees of height 1 (3 nodes),
 * k = 1, puts steered leftwards: set-up puts tasks 0, 1 into T0 (root, left), 2 into T1 (T0's
 * left-steered put fails, so T1 is appended and PT = T1), and gets 0 and 1, which leaves
 * GT = (⊥, T0) and T0's right node free. Then a producer puts task 5 into T0's right node
 * (lines 15-17, seeing {@code GT.cur = T0} unless the consumer's CAS came first), while a consumer
 * finds T0 empty (or task 5 there), CASes GT to (T0, T1) and gets task 2 (or 5). Unlike
 * {@link GtBackVsConsumerAdvance}, whose producer always moves GT back, here the producer may
 * leave GT alone and only {@code GT.prev = T0} keeps task 5 in reach of the arbiter's gets
 * (Lemma 2): without the try of {@code prev} (Algorithm 2, line 44) "the consumer got 2, task 5
 * lost" is reachable. Results: verdict (1 each task got once, -1 one lost, 0 one got twice or
 * corrupt), the consumer's task.
 */
@JCStressTest
@Outcome(id = "1, 4", expect = ACCEPTABLE, desc = "the consumer got task 2 (T1), the arbiter task 5 (T0)")
@Outcome(id = "1, 32", expect = ACCEPTABLE, desc = "the consumer got task 5 (T0), the arbiter task 2")
@Outcome(id = "-1, .*", expect = FORBIDDEN, desc = "a task lost: GT moved past T0 without keeping it as prev")
@Outcome(id = "0, .*", expect = FORBIDDEN, desc = "a task got twice or seen corrupt")
@Outcome(expect = FORBIDDEN, desc = "anything else: the consumer found nothing although task 2 was there")
@State
public class GtPrevKeepsTree {
    final CafePool<Task> pool = Steer.twoPerTree();
    final Object t0 = Steer.producerNode(pool);
    int consumer;

    public GtPrevKeepsTree() {
        Steer.putThenGet(pool, 3, 2);
        if (Steer.producerNode(pool) == t0) {
            throw new IllegalStateException("set-up: task 2 should have gone into a second tree");
        }
    }

    @Actor
    public void producer() {
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
        r.r1 = Task.verdict(0b100100, consumer, rest);
        r.r2 = consumer;
    }
}
