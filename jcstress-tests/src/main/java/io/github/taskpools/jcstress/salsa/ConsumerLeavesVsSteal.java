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
 * A SALSA consumer leaving the pool while another consumer steals from it. §4 assumes a fixed set
 * of consumers; here a thread gives its consumer handle back with {@code release()}, the handle
 * keeps its chunk pool, the other consumers steal its chunks, and the handle's next holder consumes
 * what is left, starting from the state the leaver left (its current chunk, perhaps stolen since).
 * Consumer 0's pool holds chunks of two tasks; the topology has one node, so {@code consumer()}
 * claims the free handles in index order (checked: a claim of another handle throws).
 *
 * <p>{@code Full} and {@code Asym}: three tasks (two chunks). Actor 1 is consumer A: it claims a
 * handle (consumer 0, the one holding the tasks), takes one task with {@code get()} and releases
 * the handle. Actor 2 is consumer B (consumer 1, used unbound by index): one {@code get()}, which
 * finds its own pool empty and steals from A's, before, while or after A leaves. The arbiter
 * claims a handle, which is A's released one, and takes everything left through it, stealing back
 * what B's pool holds.
 *
 * <p>{@code NextHolderFull} and {@code NextHolderAsym}: four tasks (two chunks); A took one task and
 * left before the actors start (in the state's constructor). Actor 1 is A's next holder: it claims
 * a handle, which is A's, and takes one task, through A's current chunk, while actor 2, consumer B,
 * steals. The arbiter takes the rest through a handle of its own.
 *
 * <p>Results: the verdict over every task taken (1: each exactly once; 0: one taken twice or seen
 * with a stale payload; -1: one lost), actor 1's task and actor 2's task (the task's bit). With
 * more tasks in the pool than the two {@code get()}s take, neither may return null: SALSA's get
 * returns null only if the pool was empty at some moment during the call.
 */
public final class ConsumerLeavesVsSteal {
    private ConsumerLeavesVsSteal() {
    }

    /** The race; jcstress wants the actor methods in the test classes themselves. */
    abstract static class Base {
        final SalsaPool<Task> pool;
        final int tasks;
        /** The task A took before the actors started (NextHolder), else 0. */
        final int before;
        int actor1;
        int actor2;

        Base(FenceMode fence, int tasks, boolean leftBefore) {
            this.pool = Salsas.pool(fence, Topology.evenlySplit(2, 1), 2, 2, tasks);
            this.tasks = tasks;
            this.before = leftBefore ? Task.add(0, claim(0).get()) : 0;
            if (leftBefore) {
                pool.release();
            }
        }

        /** The calling thread's consumer handle, which must be consumer {@code expected}. */
        SalsaPool<Task>.ConsumerHandle claim(int expected) {
            SalsaPool<Task>.ConsumerHandle c = pool.consumer();
            if (c.index() != expected) {
                throw new IllegalStateException("claimed " + c + ", expected consumer " + expected);
            }
            return c;
        }

        /** Consumer A: claims consumer 0, takes a task and leaves. */
        void takeAndLeave() {
            actor1 = Task.add(0, claim(0).get());
            pool.release();
        }

        /** A's next holder: claims consumer 0, released by A, and takes a task. */
        void takeOver() {
            actor1 = Task.add(0, claim(0).get());
        }

        /** Consumer B: one get through consumer 1, unbound. */
        void steal() {
            actor2 = Task.add(0, pool.consumer(1).get());
        }

        void verdict(III_Result r) {
            int rest = Salsas.drain(pool, pool.consumer());
            pool.release();
            r.r1 = Task.verdict(Task.first(tasks), before, actor1, actor2, rest);
            r.r2 = actor1;
            r.r3 = actor2;
        }
    }

    @JCStressTest
    @Outcome(id = "1, [124], [124]", expect = ACCEPTABLE, desc = "one task each, the third taken through A's released handle")
    @Outcome(id = "1, 0, .*", expect = FORBIDDEN, desc = "A's get returned null while the pool held tasks")
    @Outcome(id = "1, [124], 0", expect = FORBIDDEN, desc = "B's get returned null while A's released pool held tasks")
    @Outcome(id = "0, .*", expect = FORBIDDEN, desc = "a task taken twice, or seen corrupt")
    @Outcome(id = "-1, .*", expect = FORBIDDEN, desc = "a task lost")
    @Outcome(expect = FORBIDDEN, desc = "anything else")
    @State
    public static class Full extends Base {
        public Full() {
            super(FenceMode.FULL, 3, false);
        }

        @Actor
        public void consumerA() {
            takeAndLeave();
        }

        @Actor
        public void consumerB() {
            steal();
        }

        @Arbiter
        public void arbiter(III_Result r) {
            verdict(r);
        }
    }

    @JCStressTest
    @Outcome(id = "1, [124], [124]", expect = ACCEPTABLE, desc = "one task each, the third taken through A's released handle")
    @Outcome(id = "1, 0, .*", expect = FORBIDDEN, desc = "A's get returned null while the pool held tasks")
    @Outcome(id = "1, [124], 0", expect = FORBIDDEN, desc = "B's get returned null while A's released pool held tasks")
    @Outcome(id = "0, .*", expect = FORBIDDEN, desc = "a task taken twice, or seen corrupt")
    @Outcome(id = "-1, .*", expect = FORBIDDEN, desc = "a task lost")
    @Outcome(expect = FORBIDDEN, desc = "anything else")
    @State
    public static class Asym extends Base {
        public Asym() {
            super(FenceMode.ASYMMETRIC, 3, false);
        }

        @Actor
        public void consumerA() {
            takeAndLeave();
        }

        @Actor
        public void consumerB() {
            steal();
        }

        @Arbiter
        public void arbiter(III_Result r) {
            verdict(r);
        }
    }

    @JCStressTest
    @Outcome(id = "1, [248], [248]", expect = ACCEPTABLE, desc = "one task each, the fourth taken by the arbiter")
    @Outcome(id = "1, 0, .*", expect = FORBIDDEN, desc = "the next holder's get returned null while the pool held tasks")
    @Outcome(id = "1, [248], 0", expect = FORBIDDEN, desc = "B's get returned null while the pool held tasks")
    @Outcome(id = "0, .*", expect = FORBIDDEN, desc = "a task taken twice, or seen corrupt")
    @Outcome(id = "-1, .*", expect = FORBIDDEN, desc = "a task lost")
    @Outcome(expect = FORBIDDEN, desc = "anything else")
    @State
    public static class NextHolderFull extends Base {
        public NextHolderFull() {
            super(FenceMode.FULL, 4, true);
        }

        @Actor
        public void nextHolder() {
            takeOver();
        }

        @Actor
        public void consumerB() {
            steal();
        }

        @Arbiter
        public void arbiter(III_Result r) {
            verdict(r);
        }
    }

    @JCStressTest
    @Outcome(id = "1, [248], [248]", expect = ACCEPTABLE, desc = "one task each, the fourth taken by the arbiter")
    @Outcome(id = "1, 0, .*", expect = FORBIDDEN, desc = "the next holder's get returned null while the pool held tasks")
    @Outcome(id = "1, [248], 0", expect = FORBIDDEN, desc = "B's get returned null while the pool held tasks")
    @Outcome(id = "0, .*", expect = FORBIDDEN, desc = "a task taken twice, or seen corrupt")
    @Outcome(id = "-1, .*", expect = FORBIDDEN, desc = "a task lost")
    @Outcome(expect = FORBIDDEN, desc = "anything else")
    @State
    public static class NextHolderAsym extends Base {
        public NextHolderAsym() {
            super(FenceMode.ASYMMETRIC, 4, true);
        }

        @Actor
        public void nextHolder() {
            takeOver();
        }

        @Actor
        public void consumerB() {
            steal();
        }

        @Arbiter
        public void arbiter(III_Result r) {
            verdict(r);
        }
    }
}
