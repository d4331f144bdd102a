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
 * The race of {@link ProduceVsConsumeVsSteal} (§5.3, Algorithm 5 line 88: the victim takes only
 * tasks present before the steal) with two actors, so that it runs on a two-CPU machine, where the
 * three-actor form cannot be scheduled. The same set-up: task 0 in slot 0 of a chunk of three in
 * consumer 0's pool, which the producer still fills. The other actor steals from the victim, then
 * puts task 1 into slot 1 as the producer and says so in a volatile flag, then consumes as the
 * stealer; the victim consumes, waits until it sees the flag, and consumes again. So the put always
 * lands after the steal, in the window the three-actor test reaches only sometimes, and the
 * victim's second consume always comes after the put (the asymmetric mode's steal runs a
 * membarrier, which two back-to-back consumes would outlast): the stealer's node starts at slot 1 (or
 * beyond task 0, if it stole it), and a victim that took task 1 from the stolen chunk would take it
 * a second time. Without line 88's check (a planted bug) the test fails in both modes. Results:
 * verdict over everything taken (the arbiter drains the rest), the victim's mask, the stealer's
 * mask. Each fence mode is tested ({@code Full}, {@code Asym}).
 */
public final class StealThenProduceVsConsume {
    private StealThenProduceVsConsume() {
    }

    /** The two actors' bodies over {@link ProduceVsConsumeVsSteal}'s set-up. */
    abstract static class Base extends ProduceVsConsumeVsSteal.Base {
        /** Bounds the victim's wait, should the other actor not run at all during the test. */
        static final int MAX_SPINS = 1 << 16;

        /**
         * The test's own flag, not the pool's: a volatile write by the second actor after its put,
         * read volatile by the victim, so the victim's second consume happens after the put.
         */
        volatile boolean produced;

        Base(FenceMode fence) {
            super(fence);
        }

        /**
         * The victim: consumes, waits until task 1 is in, consumes again. Waiting without consuming
         * keeps the victim's current node: a consume that finds nothing drops it, and the next one
         * would check the chunk's owner before it reads a slot.
         */
        void waitingVictimBody() {
            SalsaPool<Task>.ConsumerHandle c = pool.consumer(0);
            int m = Task.add(0, c.consume());
            for (int i = 0; i < MAX_SPINS && !produced; i++) {
                Thread.onSpinWait();
            }
            victim = Task.add(m, c.consume());
        }

        /** The second actor: steal, put task 1 as the producer, consume as the stealer. */
        void stealProduceConsumeBody() {
            int m = Task.add(0, pool.consumer(1).steal(0));
            producerBody();
            produced = true;
            stealer = Task.add(m, pool.consumer(1).consume());
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
            waitingVictimBody();
        }

        @Actor
        public void stealThenProduce() {
            stealProduceConsumeBody();
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
            waitingVictimBody();
        }

        @Actor
        public void stealThenProduce() {
            stealProduceConsumeBody();
        }

        @Arbiter
        public void arbiter(III_Result r) {
            verdict(r);
        }
    }
}
