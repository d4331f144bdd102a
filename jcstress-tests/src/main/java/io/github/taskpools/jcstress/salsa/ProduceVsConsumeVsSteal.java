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
 * A steal of a chunk that becomes empty, and a task added to it later (§5.3, the check of
 * Algorithm 5 line 88: the victim takes only tasks present before the steal). Task 0 sits in slot 0
 * of a chunk of three in consumer 0's pool, and the producer still fills that chunk. The victim
 * consumes twice, the stealer steals from it and then consumes, and the producer puts task 1 into
 * slot 1 meanwhile. If the victim could take task 1 after the stealer saw slot 1 empty and started
 * its node at slot 1, both would take it. Each fence mode is tested ({@code Full}, {@code Asym}).
 * Results: verdict over everything taken (the arbiter drains the rest), the victim's mask, the
 * stealer's mask.
 */
public final class ProduceVsConsumeVsSteal {
    private ProduceVsConsumeVsSteal() {
    }

    /** The race; jcstress wants the actor methods in the test classes themselves. */
    abstract static class Base {
        final SalsaPool<Task> pool;
        int victim;
        int stealer;

        Base(FenceMode fence) {
            this.pool = Salsas.pool(fence, 2, 3, 1);
        }

        void victimBody() {
            int m = Task.add(0, pool.consumer(0).consume());
            victim = Task.add(m, pool.consumer(0).consume());
        }

        void stealerBody() {
            int m = Task.add(0, pool.consumer(1).steal(0));
            stealer = Task.add(m, pool.consumer(1).consume());
        }

        void producerBody() {
            pool.producer(0).produceForce(0, Task.of(1));
        }

        void verdict(III_Result r) {
            r.r1 = Task.verdict(Task.first(2), victim, stealer, Salsas.drain(pool));
            r.r2 = victim;
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
        public void victim() {
            victimBody();
        }

        @Actor
        public void stealer() {
            stealerBody();
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
        public void victim() {
            victimBody();
        }

        @Actor
        public void stealer() {
            stealerBody();
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
