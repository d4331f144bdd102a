package io.github.taskpools.jcstress.cafe;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;
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
 * CAFÉ §3.2, Algorithm 2 lines 20-29: two producers fail in the same full tree and append a tree
 * concurrently. Trees of height 1, k = 1, puts steered leftwards: set-up puts tasks 0, 1 into T0
 * (root, left) and gets them, so every left-steered put fails in T0. Both producers then call
 * {@code insertNewTree}; one CAS on the last node's {@code next} wins and the loser drops its tree
 * (line 28), both move PT on and put into T1. A producer whose PT read was already T1 when it
 * walked the list may append after T1 too: the paper allows that spare tree, which stays empty.
 * Both tasks must come out exactly once. Results: verdict (1 each task got once, -1 one lost, 0
 * one got twice or corrupt), trees appended.
 */
@JCStressTest
@Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "one tree appended, the other producer's CAS lost")
@Outcome(id = "1, 2", expect = ACCEPTABLE_INTERESTING,
        desc = "a producer walked from an already advanced PT and appended a spare tree")
@Outcome(id = "-1, .*", expect = FORBIDDEN, desc = "a task lost")
@Outcome(id = "0, .*", expect = FORBIDDEN, desc = "a task got twice or seen corrupt")
@Outcome(expect = FORBIDDEN, desc = "anything else: no tree or more than two appended")
@State
public class ConcurrentInsertNewTree {
    final CafePool<Task> pool = CafePool.builder().height(1).k(1).randomSource(() -> Steer.LEFT).build();

    public ConcurrentInsertNewTree() {
        CafePool<Task>.Handle me = pool.producer();
        me.put(Task.of(0)); // T0's root
        me.put(Task.of(1)); // T0's left child
        int got = Task.bitOf(me.get()) | Task.bitOf(me.get());
        if (got != Task.first(2) || pool.stats().treesAppended() != 0) {
            throw new IllegalStateException("set-up: expected tasks 0 and 1 from T0 alone, got " + got);
        }
    }

    @Actor
    public void producer1() {
        pool.producer().put(Task.of(2));
    }

    @Actor
    public void producer2() {
        pool.producer().put(Task.of(3));
    }

    @Arbiter
    public void arbiter(II_Result r) {
        CafePool<Task>.Handle me = pool.consumer();
        int rest = Task.drain(me::get);
        r.r1 = Task.verdict(0b1100, rest);
        r.r2 = (int) pool.stats().treesAppended();
    }
}
