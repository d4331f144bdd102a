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
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * The ABA case of §5.3 with two actors, so that it runs on a two-CPU machine (where jcstress
 * cannot schedule {@link TwoStealersAndStealBack}'s three): consumer 0 holds a chunk of three
 * tasks; the stealer (consumer 1) steals from 0 while the other actor, the bouncer, steals the
 * chunk from 0 as consumer 2 and then back from 2 as consumer 0, taking a task each time. The
 * chunk goes 0 -> 2 -> 0, its owner id back where the stealer may have read it, under a new node
 * with a moved index. Without the tag in the owner word the stealer's CAS succeeds on the returned
 * chunk and it takes a task through its stale node and index, one the bouncer already took. The
 * two steals also race each other for the chunk while it is in consumer 0's pool (two stealers, one
 * ownership CAS). Results: verdict over everything taken (the arbiter drains the rest), the
 * bouncer's mask, the stealer's mask. Each fence mode is tested ({@code Full}, {@code Asym}).
 */
public final class StealBackUnderAStaleStealer {
    private StealBackUnderAStaleStealer() {
    }

    /** The race; jcstress wants the actor methods in the test classes themselves. */
    abstract static class Base {
        final SalsaPool<Task> pool;
        int bouncer;
        int stealer;

        Base(FenceMode fence) {
            this.pool = Salsas.pool(fence, 3, 4, 3);
        }

        void bounce() {
            int m = Task.add(0, pool.consumer(2).steal(0));
            bouncer = Task.add(m, pool.consumer(0).steal(2));
        }

        void steal() {
            stealer = Task.add(0, pool.consumer(1).steal(0));
        }

        void verdict(III_Result r) {
            r.r1 = Task.verdict(Task.first(3), bouncer, stealer, Salsas.drain(pool));
            r.r2 = bouncer;
            r.r3 = stealer;
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
        public void bouncer() {
            bounce();
        }

        @Actor
        public void stealer() {
            steal();
        }

        @Arbiter
        public void arbiter(III_Result r) {
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
        public void bouncer() {
            bounce();
        }

        @Actor
        public void stealer() {
            steal();
        }

        @Arbiter
        public void arbiter(III_Result r) {
            verdict(r);
        }
    }
}
