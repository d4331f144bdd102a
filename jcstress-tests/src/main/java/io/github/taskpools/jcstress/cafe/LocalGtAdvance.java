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
 * CAFÉ §3.2, Algorithm 2 lines 50 and 55: a consumer that finds GT's trees empty while a producer is
 * inside {@code moveGTBack} ({@code oldProducers > 0}) moves on to {@code (cur, cur.next)} in its
 * local {@code gtVal} only, without a CAS, so that old producers moving GT back are not undone and
 * their loop ends; meanwhile two stale producers move GT back. Trees of height 1, k = 1, puts
 * steered leftwards ({@link Steer#putThenGet}): set-up puts tasks 0-8 into T0-T3 (two each) and
 * T4 (task 8, PT = T4) and gets 0-7, which leaves GT = (T2, T3) and every tree's right node free.
 * A third producer whose PT read went stale, P1, puts task 9 into T1's right node, sees
 * {@code GT.cur = T3} past T1 and stops in {@code moveGTBack} after raising {@code oldProducers}
 * ({@link StalledProducer}); it stays there until the arbiter, so a consumer never CASes GT.
 * Actors: a second stale producer puts task 10 into T0's right node and moves GT back to (⊥, T0)
 * (lines 15-17, 31-38: its CAS cannot fail, the consumer does not write GT); a consumer either
 * reads GT after that move and gets task 10 from T0, or reads (T2, T3), finds both empty, sees
 * {@code oldProducers > 0} and advances locally to (T3, T4), where it gets task 8. The arbiter
 * lets P1 finish (GT.cur = T0 is not past T1, so P1 leaves GT alone) and gets everything left.
 * A consumer that published its advance (a plain store of GT instead of the local
 * {@code gtVal = newGT}) could put GT past T0 after the second producer moved it back, and P1
 * would then move it back to T1 only: task 10 lost. A consumer that did not advance at all would spin on (T2, T3) until P1 finishes,
 * which is after the actors: the test would hang (get is no longer wait-free, Lemma 9). A
 * consumer that gave up and returned null would break Theorem 1 (task 8's put completed before
 * the get started). Results: verdict (1 each of tasks 8, 9, 10 got once, -1 one lost, 0 one got
 * twice or corrupt), the consumer's task.
 */
@JCStressTest
@Outcome(id = "1, 256", expect = ACCEPTABLE, desc = "the consumer advanced locally from (T2, T3) and got task 8 (T4)")
@Outcome(id = "1, 1024", expect = ACCEPTABLE, desc = "the consumer read GT moved back and got task 10 (T0)")
@Outcome(id = "-1, .*", expect = FORBIDDEN, desc = "a task lost: GT left a tree with a task behind")
@Outcome(id = "0, .*", expect = FORBIDDEN, desc = "a task got twice or seen corrupt")
@Outcome(expect = FORBIDDEN, desc = "anything else: the consumer found nothing although task 8 was there")
@State
public class LocalGtAdvance {
    final CafePool<Task> pool = Steer.twoPerTree();
    final Object t0 = Steer.producerNode(pool);
    final StalledProducer p1;
    int consumer;

    public LocalGtAdvance() {
        Steer.putThenGet(pool, 9, 8);
        Object t1 = Steer.next(t0);
        Object t3 = Steer.next(Steer.next(t1));
        if (Steer.consumerNode(pool) != t3 || Steer.producerNode(pool) != Steer.next(t3)) {
            throw new IllegalStateException("set-up: expected GT.cur = T3 and PT = T4");
        }
        p1 = StalledProducer.putAndStallInMoveGtBack(pool, t1, Task.of(9), Steer.RIGHT);
    }

    @Actor
    public void staleProducer() {
        if (!Steer.putIn(pool.producer(), t0, Task.of(10), Steer.RIGHT)) {
            throw new IllegalStateException("T0's right node should have been free");
        }
    }

    @Actor
    public void consumer() {
        consumer = Task.bitOf(pool.consumer().get());
    }

    @Arbiter
    public void arbiter(II_Result r) {
        p1.resume();
        CafePool<Task>.Handle me = pool.consumer();
        int rest = Task.drain(me::get);
        r.r1 = Task.verdict(0b111 << 8, consumer, rest);
        r.r2 = consumer;
    }
}
