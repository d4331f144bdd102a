package io.github.taskpools.jcstress.salsa;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.github.taskpools.salsa.FenceMode;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * The race of Figure 3 (§5.5) with two actors, so that it runs on a two-CPU machine, where
 * {@link CheckEmptyVsPut} (three actors) cannot be scheduled. Task 0 is in consumer 1's pool.
 * Consumer 0 gets; the other actor puts task 1 into consumer 0's pool and then gets through
 * consumer 1, which takes task 0 if it is still there. This is the order of Figure 3: a get that
 * gave up after one traversal (consume, then steal from each other pool) would find its own pool
 * empty before the put and consumer 1's pool empty after the take, though the pool always held a
 * task. It holds one from start to end of either get (there are two tasks and each get takes at
 * most one), so neither get may return null: get's checkEmpty (lines 20-21, 30-36) sends consumer
 * 0 round again. With get returning null after its traversal instead (a planted bug), quick mode
 * observed "1, 0, 1" in both fence modes. The set-up, the actors' bodies and
 * the results are {@link CheckEmptyVsPut}'s: verdict over everything taken (the arbiter drains the
 * rest), consumer 0's mask, consumer 1's mask. Each fence mode is tested ({@code Full},
 * {@code Asym}).
 */
public final class CheckEmptyVsPutThenTake {
    private CheckEmptyVsPutThenTake() {
    }

    @JCStressTest
    @Outcome(id = "1, [12], [12]", expect = ACCEPTABLE, desc = "each get took one task")
    @Outcome(id = "1, 0, .*", expect = FORBIDDEN, desc = "consumer 0 reported empty while a task was in the pool")
    @Outcome(id = "1, .*, 0", expect = FORBIDDEN, desc = "consumer 1 reported empty while a task was in the pool")
    @Outcome(id = "0, .*", expect = FORBIDDEN, desc = "a task taken twice, or seen corrupt")
    @Outcome(id = "-1, .*", expect = FORBIDDEN, desc = "a task lost")
    @Outcome(expect = FORBIDDEN, desc = "anything else")
    @State
    public static class Full extends CheckEmptyVsPut.Base {
        public Full() {
            super(FenceMode.FULL);
        }

        @Actor
        public void consumer0() {
            consumer0Body();
        }

        @Actor
        public void putThenConsumer1() {
            producerBody();
            consumer1Body();
        }

        @Arbiter
        public void arbiter(III_Result r) {
            verdict(r);
        }
    }

    @JCStressTest
    @Outcome(id = "1, [12], [12]", expect = ACCEPTABLE, desc = "each get took one task")
    @Outcome(id = "1, 0, .*", expect = FORBIDDEN, desc = "consumer 0 reported empty while a task was in the pool")
    @Outcome(id = "1, .*, 0", expect = FORBIDDEN, desc = "consumer 1 reported empty while a task was in the pool")
    @Outcome(id = "0, .*", expect = FORBIDDEN, desc = "a task taken twice, or seen corrupt")
    @Outcome(id = "-1, .*", expect = FORBIDDEN, desc = "a task lost")
    @Outcome(expect = FORBIDDEN, desc = "anything else")
    @State
    public static class Asym extends CheckEmptyVsPut.Base {
        public Asym() {
            super(FenceMode.ASYMMETRIC);
        }

        @Actor
        public void consumer0() {
            consumer0Body();
        }

        @Actor
        public void putThenConsumer1() {
            producerBody();
            consumer1Body();
        }

        @Arbiter
        public void arbiter(III_Result r) {
            verdict(r);
        }
    }
}
