package io.github.taskpools.jcstress.salsa;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.github.taskpools.api.Topology;
import io.github.taskpools.jcstress.Task;
import io.github.taskpools.salsa.FenceMode;
import io.github.taskpools.salsa.SalsaPool;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * checkEmpty against a concurrent put, the situation of Figure 3 (§5.5): task 0 is in consumer 1's
 * pool; consumer 0 gets, consumer 1 gets, and a producer puts task 1 into consumer 0's pool. Task 0
 * is in the pool until somebody takes it, so both gets returning null is not linearizable: one of
 * them must have seen a non-empty pool at every point of its call. Results: verdict over everything
 * taken (the arbiter drains the rest), consumer 0's mask, consumer 1's mask. Each fence mode is
 * tested ({@code Full}, {@code Asym}).
 */
public final class CheckEmptyVsPut {
    private CheckEmptyVsPut() {
    }

    /** The race; jcstress wants the actor methods in the test classes themselves. */
    abstract static class Base {
        final SalsaPool<Task> pool;
        int c0;
        int c1;

        Base(FenceMode fence) {
            pool = SalsaPool.builder(2, 1).chunkSize(1).fence(fence).topology(Topology.evenlySplit(2, 2)).build();
            if (pool.fenceMode() != fence) {
                throw new IllegalStateException("asked for " + fence + ", got " + pool.fenceMode() + ": "
                        + pool.fenceFallbackReason());
            }
            pool.producer(0).produceForce(1, Task.of(0));
        }

        void consumer0Body() {
            c0 = Task.add(0, pool.consumer(0).get());
        }

        void consumer1Body() {
            c1 = Task.add(0, pool.consumer(1).get());
        }

        void producerBody() {
            pool.producer(0).produceForce(0, Task.of(1));
        }

        void verdict(III_Result r) {
            r.r1 = Task.verdict(Task.first(2), c0, c1, Salsas.drain(pool));
            r.r2 = c0;
            r.r3 = c1;
        }
    }

    @JCStressTest
    @Outcome(id = "1, 0, 0", expect = FORBIDDEN, desc = "both reported empty while task 0 was in the pool")
    @Outcome(id = "1, [0-3], [0-3]", expect = ACCEPTABLE, desc = "every task taken once, a linearizable empty")
    @Outcome(id = "0, .*", expect = FORBIDDEN, desc = "a task taken twice, or seen corrupt")
    @Outcome(id = "-1, .*", expect = FORBIDDEN, desc = "a task lost")
    @Outcome(expect = FORBIDDEN, desc = "anything else")
    @State
    public static class Full extends Base {
        public Full() {
            super(FenceMode.FULL);
        }

        @Actor
        public void consumer0() {
            consumer0Body();
        }

        @Actor
        public void consumer1() {
            consumer1Body();
        }

        @Actor
        public void producer() {
            producerBody();
        }

        @Arbiter
        public void arbiter(III_Result r) {
            verdict(r);
        }
    }

    @JCStressTest
    @Outcome(id = "1, 0, 0", expect = FORBIDDEN, desc = "both reported empty while task 0 was in the pool")
    @Outcome(id = "1, [0-3], [0-3]", expect = ACCEPTABLE, desc = "every task taken once, a linearizable empty")
    @Outcome(id = "0, .*", expect = FORBIDDEN, desc = "a task taken twice, or seen corrupt")
    @Outcome(id = "-1, .*", expect = FORBIDDEN, desc = "a task lost")
    @Outcome(expect = FORBIDDEN, desc = "anything else")
    @State
    public static class Asym extends Base {
        public Asym() {
            super(FenceMode.ASYMMETRIC);
        }

        @Actor
        public void consumer0() {
            consumer0Body();
        }

        @Actor
        public void consumer1() {
            consumer1Body();
        }

        @Actor
        public void producer() {
            producerBody();
        }

        @Arbiter
        public void arbiter(III_Result r) {
            verdict(r);
        }
    }
}
