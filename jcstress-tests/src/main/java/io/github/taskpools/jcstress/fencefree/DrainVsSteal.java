package io.github.taskpools.jcstress.fencefree;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.github.taskpools.api.WorkStealingDeque;
import io.github.taskpools.fencefree.FfClDeque;
import io.github.taskpools.fencefree.FfTheDeque;
import io.github.taskpools.fencefree.ThepDeque;
import io.github.taskpools.jcstress.Task;
import java.lang.invoke.VarHandle;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * The owner drains a deque of {@value #TASKS} tasks while a thief steals until EMPTY (at most
 * {@value #ATTEMPTS} calls of {@code trySteal}), with δ = 1.
 *
 * <p>The checked variants (FfThe, FfCl, Thep) make a full fence between the owner's takes, so at
 * most one take is ever in its store buffer and δ = 1 is safe on any bounded-TSO machine (§4
 * counts buffered takes): a duplicate or a loss is a bug of the deque. Every steal the thief
 * makes races the owner's takes within a one-store window, where a δ test that is off by one, a
 * slot read before the check, a missing FENCE after raising H, or a THEP wait that ends too early
 * would hand the thief a task the owner is taking. (With the default δ = 64 and 65 tasks, as this
 * test had before, the owner needs 65 takes to reach the thief's task and no bug of that kind
 * could show.) THEP's thief may wait for the echo; the owner keeps taking, so the wait ends.
 *
 * <p>The δ boundary itself: FF-THE's and FF-CL's thief must never take task {@value #TASKS} - 1,
 * the newest. To take it the thief would have to see T - H = 1 = δ, a steal at exactly δ from the
 * tail, which they refuse whenever it happens (also when the owner has not started, where nothing
 * else could catch it); so every mask with that task's bit (8) is FORBIDDEN for them.
 *
 * <p>{@link FfTheUnfenced} is a negative control: the same drain without the owner's fences, so
 * several takes may sit in its store buffer and δ = 1 is too small for this machine (S = 65).
 * A duplicate there is the hardware reaching the store-buffer window the deques guard against,
 * and is marked ACCEPTABLE_INTERESTING: it shows the harness can reach it, and is not a bug of a
 * deque used with a δ below the machine's bound.
 *
 * <p>Results: verdict (1 each task once, 0 twice or corrupt, -1 lost), mask of the thief's tasks
 * (-4: the deque caught its thief claiming a cleared slot; -3 corrupt).
 */
public final class DrainVsSteal {
    private DrainVsSteal() {
    }

    static final int CAPACITY = 8;
    static final int DELTA = 1;
    static final int TASKS = 4;
    static final int ATTEMPTS = 6;

    /** The state and the actors' bodies; jcstress wants the annotated methods in each test. */
    abstract static class Race {
        final Ledger ledger = new Ledger(TASKS);
        final WorkStealingDeque<Task> q;
        final boolean fenced;
        int thief;

        Race(WorkStealingDeque<Task> q, boolean fenced) {
            this.q = ledger.fill(q);
            this.fenced = fenced;
        }

        final void ownerPart() {
            q.bindOwner();
            while (ledger.ownerTook(q.pop()) != -1) {
                if (fenced) {
                    VarHandle.fullFence(); // at most one take in the store buffer: δ = 1 is enough
                }
            }
        }

        final void thiefPart() {
            thief = ledger.thiefSteals(q, ATTEMPTS);
        }

        final void judge(II_Result r) {
            r.r1 = ledger.verdictAfterThiefSteals(q);
            r.r2 = thief;
        }
    }

    @JCStressTest
    @Outcome(id = "1, 0", expect = ACCEPTABLE, desc = "the thief stole nothing (δ or fewer in sight, or EMPTY)")
    @Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "the thief stole task 0")
    @Outcome(id = "1, 3", expect = ACCEPTABLE, desc = "the thief stole tasks 0 and 1")
    @Outcome(id = "1, 7", expect = ACCEPTABLE, desc = "the thief stole tasks 0 to 2 before any take was visible")
    @Outcome(expect = FORBIDDEN, desc = "a task taken twice, lost or corrupt, or a steal within δ of the tail")
    @State
    public static class FfThe extends Race {
        public FfThe() {
            super(new FfTheDeque<>(CAPACITY, DELTA), true);
        }

        @Actor
        public void owner() {
            ownerPart();
        }

        @Actor
        public void thief() {
            thiefPart();
        }

        @Arbiter
        public void arbiter(II_Result r) {
            judge(r);
        }
    }

    @JCStressTest
    @Outcome(id = "1, 0", expect = ACCEPTABLE, desc = "the thief stole nothing (δ or fewer in sight, or EMPTY)")
    @Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "the thief stole task 0")
    @Outcome(id = "1, 3", expect = ACCEPTABLE, desc = "the thief stole tasks 0 and 1")
    @Outcome(id = "1, 7", expect = ACCEPTABLE, desc = "the thief stole tasks 0 to 2 before any take was visible")
    @Outcome(expect = FORBIDDEN, desc = "a task taken twice, lost or corrupt, or a steal within δ of the tail")
    @State
    public static class FfCl extends Race {
        public FfCl() {
            super(new FfClDeque<>(CAPACITY, DELTA), true);
        }

        @Actor
        public void owner() {
            ownerPart();
        }

        @Actor
        public void thief() {
            thiefPart();
        }

        @Arbiter
        public void arbiter(II_Result r) {
            judge(r);
        }
    }

    @JCStressTest
    @Outcome(id = "1, 0", expect = ACCEPTABLE, desc = "the owner took everything")
    @Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "the thief stole task 0")
    @Outcome(id = "1, 3", expect = ACCEPTABLE, desc = "the thief stole tasks 0 and 1")
    @Outcome(id = "1, 7", expect = ACCEPTABLE, desc = "the thief stole tasks 0 to 2")
    @Outcome(id = "1, 15", expect = ACCEPTABLE, desc = "the thief stole every task (the last after the echo)")
    @Outcome(expect = FORBIDDEN, desc = "a task taken twice, lost or corrupt")
    @State
    public static class Thep extends Race {
        public Thep() {
            super(new ThepDeque<>(CAPACITY, DELTA), true);
        }

        @Actor
        public void owner() {
            ownerPart();
        }

        @Actor
        public void thief() {
            thiefPart();
        }

        @Arbiter
        public void arbiter(II_Result r) {
            judge(r);
        }
    }

    @JCStressTest
    @Outcome(id = "1, 0", expect = ACCEPTABLE, desc = "the thief stole nothing")
    @Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "the thief stole task 0")
    @Outcome(id = "1, 3", expect = ACCEPTABLE, desc = "the thief stole tasks 0 and 1")
    @Outcome(id = "1, 7", expect = ACCEPTABLE, desc = "the thief stole tasks 0 to 2")
    @Outcome(expect = ACCEPTABLE_INTERESTING, desc = "δ = 1 below this machine's bound: the store buffer hid"
            + " more than one take (duplicate, or the deque caught its thief on a cleared slot)")
    @State
    public static class FfTheUnfenced extends Race {
        public FfTheUnfenced() {
            super(new FfTheDeque<>(CAPACITY, DELTA), false);
        }

        @Actor
        public void owner() {
            ownerPart();
        }

        @Actor
        public void thief() {
            thiefPart();
        }

        @Arbiter
        public void arbiter(II_Result r) {
            judge(r);
        }
    }
}
