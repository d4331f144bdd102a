package io.github.taskpools.jcstress.salsa;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.github.taskpools.jcstress.Task;
import io.github.taskpools.salsa.FenceMode;
import io.github.taskpools.salsa.SalsaPool;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

/**
 * Two stealers on one chunk and the ABA case of §5.3: consumer 0 holds a chunk of three tasks;
 * consumer 1 steals from 0 while consumer 2 steals from 0 and consumes, and consumer 0 consumes
 * and then steals from 2, so the chunk may go 0 -> 2 -> 0 while consumer 1 still holds the owner
 * word and index it read before. Without the tag in the owner word consumer 1's CAS would succeed
 * on the returned chunk with a stale index and take a task again. Results: verdict over everything
 * taken (the arbiter drains the rest), then the masks of consumers 0, 1 and 2. Each fence mode is
 * tested: {@code Full} and {@code Asym} take different load paths on the consumer and the stealer.
 */
public final class TwoStealersAndStealBack {
    private TwoStealersAndStealBack() {
    }

    /** The race; jcstress wants the actor methods in the test classes themselves. */
    abstract static class Base {
        final SalsaPool<Task> pool;
        int c0;
        int c1;
        int c2;

        Base(FenceMode fence) {
            this.pool = Salsas.pool(fence, 3, 4, 3);
        }

        void consumer0Body() {
            int m = Task.add(0, pool.consumer(0).consume());
            c0 = Task.add(m, pool.consumer(0).steal(2));
        }

        void consumer1Body() {
            c1 = Task.add(0, pool.consumer(1).steal(0));
        }

        void consumer2Body() {
            int m = Task.add(0, pool.consumer(2).steal(0));
            c2 = Task.add(m, pool.consumer(2).consume());
        }

        void verdict(IIII_Result r) {
            r.r1 = Task.verdict(Task.first(3), c0, c1, c2, Salsas.drain(pool));
            r.r2 = c0;
            r.r3 = c1;
            r.r4 = c2;
        }
    }

    @JCStressTest
    @Outcome(id = "1, .*", expect = ACCEPTABLE, desc = "every task taken exactly once")
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
        public void consumer2() {
            consumer2Body();
        }

        @Arbiter
        public void arbiter(IIII_Result r) {
            verdict(r);
        }
    }

    @JCStressTest
    @Outcome(id = "1, .*", expect = ACCEPTABLE, desc = "every task taken exactly once")
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
        public void consumer2() {
            consumer2Body();
        }

        @Arbiter
        public void arbiter(IIII_Result r) {
            verdict(r);
        }
    }
}
