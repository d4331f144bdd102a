package io.github.taskpools.jcstress.salsa;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;
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
 * SALSA's takeTask against a steal of the same chunk (§5.3 and §6.1): the consumer increments the
 * chunk's index and checks ownership while a stealer CASes the ownership and reads the index. With
 * the index store reordered after the ownership check (the store-load reordering of §6.1) both
 * would take the same task. Each fence mode is tested: {@code Full} (volatile store and load on the
 * consumer) and {@code Asym} (program order only on the consumer, membarrier on the stealer).
 *
 * <p>Two tasks fill a chunk of two, so the stealer may take the second (the chunk's last: the
 * checkLast and chunk-retirement path) while the consumer takes the first, or both may race for
 * the first by CAS. Results: verdict over everything taken (the arbiter drains the rest), the
 * consumer's mask, the stealer's mask.
 */
public final class ConsumeVsSteal {
    private ConsumeVsSteal() {
    }

    /** The race; jcstress wants the actor methods in the test classes themselves. */
    abstract static class Base {
        final SalsaPool<Task> pool;
        final int tasks;
        int consumer;
        int stealer;

        Base(FenceMode fence, int chunkSize, int tasks) {
            this.pool = Salsas.pool(fence, 2, chunkSize, tasks);
            this.tasks = tasks;
        }

        void consume() {
            consumer = Task.add(0, pool.consumer(0).consume());
        }

        void steal() {
            stealer = Task.add(0, pool.consumer(1).steal(0));
        }

        void verdict(III_Result r) {
            r.r1 = Task.verdict(Task.first(tasks), consumer, stealer, Salsas.drain(pool));
            r.r2 = consumer;
            r.r3 = stealer;
        }
    }

    @JCStressTest
    @Outcome(id = "1, 1, 2", expect = ACCEPTABLE, desc = "one each: consumer the first, stealer the second")
    @Outcome(id = "1, 1, 0", expect = ACCEPTABLE, desc = "consumer the first, the stealer nothing")
    @Outcome(id = "1, 0, 1", expect = ACCEPTABLE, desc = "the stealer took the first")
    @Outcome(id = "1, 0, 2", expect = ACCEPTABLE_INTERESTING, desc = "the stealer took the second, the consumer nothing")
    @Outcome(id = "1, 0, 0", expect = ACCEPTABLE_INTERESTING, desc = "neither took one")
    @Outcome(id = "0, .*", expect = FORBIDDEN, desc = "taken twice, or seen corrupt")
    @Outcome(id = "-1, .*", expect = FORBIDDEN, desc = "lost")
    @Outcome(expect = FORBIDDEN, desc = "anything else")
    @State
    public static class Full extends Base {
        public Full() {
            super(FenceMode.FULL, 2, 2);
        }

        @Actor
        public void consumer() {
            consume();
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
    @Outcome(id = "1, 1, 2", expect = ACCEPTABLE, desc = "one each: consumer the first, stealer the second")
    @Outcome(id = "1, 1, 0", expect = ACCEPTABLE, desc = "consumer the first, the stealer nothing")
    @Outcome(id = "1, 0, 1", expect = ACCEPTABLE, desc = "the stealer took the first")
    @Outcome(id = "1, 0, 2", expect = ACCEPTABLE_INTERESTING, desc = "the stealer took the second, the consumer nothing")
    @Outcome(id = "1, 0, 0", expect = ACCEPTABLE_INTERESTING, desc = "neither took one")
    @Outcome(id = "0, .*", expect = FORBIDDEN, desc = "taken twice, or seen corrupt")
    @Outcome(id = "-1, .*", expect = FORBIDDEN, desc = "lost")
    @Outcome(expect = FORBIDDEN, desc = "anything else")
    @State
    public static class Asym extends Base {
        public Asym() {
            super(FenceMode.ASYMMETRIC, 2, 2);
        }

        @Actor
        public void consumer() {
            consume();
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
