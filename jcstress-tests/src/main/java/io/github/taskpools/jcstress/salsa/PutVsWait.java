package io.github.taskpools.jcstress.salsa;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.github.taskpools.api.Topology;
import io.github.taskpools.internal.InternalTestAccess;
import io.github.taskpools.salsa.FenceMode;
import io.github.taskpools.salsa.SalsaPool;
import io.github.taskpools.salsa.SalsaTestAccess;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.ZZ_Result;

/**
 * A SALSA put against a consumer about to block in {@code take()}: the event count's Dekker pattern
 * ({@code internal.Waiters}). Actor 1 puts a task (its release store into the chunk, then the
 * waiters' signal). Actor 2 plays the consumer's last step before parking: it announces itself
 * ({@code prepare()}, which returns the epoch it would park on) and looks once more ({@code get()}).
 * The arbiter reads whether the epoch moved since. Results: the look found the task; the epoch
 * moved (the consumer would not park, or would be unparked).
 *
 * <p>FORBIDDEN: the look missed the task and the put saw no waiter: the consumer would park with a
 * task in the pool and nobody to wake it. Two variants: {@link Full}, the default fence mode (the
 * producer fences before it reads the waiting count), and {@link Asymmetric} (no fence on the put;
 * the consumer's membarrier; where membarrier is unavailable the pool falls back to FULL).
 */
public class PutVsWait {
    /** The shared actors of both variants. */
    abstract static class Base {
        final SalsaPool<Long> pool;
        final SalsaPool<Long>.ProducerHandle producer;
        final SalsaPool<Long>.ConsumerHandle consumer;
        long key;

        Base(FenceMode mode) {
            pool = SalsaPool.<Long>builder(1, 1).fence(mode).chunkSize(4).topology(Topology.evenlySplit(2, 1))
                    .build();
            producer = pool.producer(0);
            consumer = pool.consumer(0);
        }

        void put() {
            producer.put(1L);
        }

        void lastLook(ZZ_Result r) {
            key = InternalTestAccess.prepare(SalsaTestAccess.waiters(pool));
            r.r1 = consumer.get() != null;
        }

        void arbiter(ZZ_Result r) {
            r.r2 = SalsaTestAccess.waiters(pool).signalCount() != key;
        }
    }

    @JCStressTest
    @Outcome(id = "false, false", expect = FORBIDDEN, desc = "the look missed the task and the put saw no waiter")
    @Outcome(id = "true, .*", expect = ACCEPTABLE, desc = "the consumer's last look took the task")
    @Outcome(id = "false, true", expect = ACCEPTABLE, desc = "the put saw the waiter and moved the epoch")
    @State
    public static class Full extends Base {
        public Full() {
            super(FenceMode.FULL);
        }

        @Actor
        public void producer() {
            put();
        }

        @Actor
        public void consumer(ZZ_Result r) {
            lastLook(r);
        }

        @Arbiter
        public void arbiter(ZZ_Result r) {
            super.arbiter(r);
        }
    }

    @JCStressTest
    @Outcome(id = "false, false", expect = FORBIDDEN, desc = "the look missed the task and the put saw no waiter")
    @Outcome(id = "true, .*", expect = ACCEPTABLE, desc = "the consumer's last look took the task")
    @Outcome(id = "false, true", expect = ACCEPTABLE, desc = "the put saw the waiter and moved the epoch")
    @State
    public static class Asymmetric extends Base {
        public Asymmetric() {
            super(FenceMode.ASYMMETRIC);
        }

        @Actor
        public void producer() {
            put();
        }

        @Actor
        public void consumer(ZZ_Result r) {
            lastLook(r);
        }

        @Arbiter
        public void arbiter(ZZ_Result r) {
            super.arbiter(r);
        }
    }
}
