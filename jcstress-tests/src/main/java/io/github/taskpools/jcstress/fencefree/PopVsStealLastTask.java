package io.github.taskpools.jcstress.fencefree;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.github.taskpools.api.WorkStealingDeque;
import io.github.taskpools.fencefree.FfClDeque;
import io.github.taskpools.fencefree.FfTheDeque;
import io.github.taskpools.fencefree.TheDeque;
import io.github.taskpools.fencefree.ThepDeque;
import io.github.taskpools.jcstress.Task;
import java.lang.invoke.VarHandle;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * The last-task race of every variant.
 *
 * <p>THE and THEP: the deque holds one task (default δ for THEP); the owner pops while a thief
 * calls {@code trySteal}. Exactly one of them must get it. THE's thief may win (the take's fence
 * and the lock decide); THEP's thief waits for the worker's echo or for T to fall below h + 1 (§5).
 * Results: verdict over everything taken (the arbiter drains what is left: 1 each once, 0 twice or
 * corrupt, -1 lost, -2 still in the deque), owner's index (-1 none), thief's code (index, -1
 * EMPTY, -2 ABORT, -3 corrupt).
 *
 * <p>FF-THE and FF-CL: with one task and δ >= 1 their thief answers from its first read of T and
 * never races, so that set-up tests nothing. Here instead δ = {@value #FF_DELTA} and the deque
 * holds δ + 1 = 2 tasks, so a thief that reads T before the owner's first take passes the δ check
 * and goes for task 0 (and then task 1) while the owner takes task 1 and then task 0, the last
 * one. The owner makes a full fence between its takes (its own bookkeeping, not the deque's), so
 * at most one take is ever in its store buffer: δ = 1 is then safe on any bounded-TSO machine (§4
 * counts takes still buffered), and a duplicate or a loss is a bug of the deque. The race is real:
 * a thief whose δ test were off by one (stealing at exactly δ from the tail) would steal task 0
 * after seeing the first take's T = 1 while the owner's store T = 0 for its second take is still
 * in its buffer and its load of H misses the thief's raise (FF-THE), or steal task 1 (H = 1, T = 2)
 * while the owner takes task 1 without its CAS having read H = 0 (FF-CL): the store-buffer window
 * of one store, which x86-64 opens readily. Such a steal shows only as a task taken twice: a
 * thief that stole within δ while the owner was not taking the same task leaves an outcome this
 * test accepts ("1, 2, 1"), which is why {@link DrainVsSteal} checks the δ boundary itself (its
 * thief must never take the newest task). The thief calls {@code trySteal} until EMPTY, at most
 * three times. Results: verdict, mask of the owner's tasks, mask of the thief's (-4: the deque
 * caught its thief claiming a cleared slot).
 */
public final class PopVsStealLastTask {
    private PopVsStealLastTask() {
    }

    static final int CAPACITY = 128;

    /** The state and the actors' bodies; jcstress wants the annotated methods in each test. */
    abstract static class Race {
        final Ledger ledger = new Ledger(1);
        final WorkStealingDeque<Task> q;
        int owner;
        int thief;

        Race(WorkStealingDeque<Task> q) {
            this.q = ledger.fill(q);
        }

        final void ownerPart() {
            q.bindOwner();
            owner = ledger.ownerTook(q.pop());
        }

        final void thiefPart() {
            thief = Ledger.thiefCode(q.trySteal());
        }

        /**
         * THEP: jcstress may build the state, and so the deque, on the thief's thread, which then
         * owns the deque until the owner actor's {@code bindOwner()}; THEP's steal by its owner
         * never waits and answers ABORT. So the thief retries an ABORT until it sees the binding
         * (the owner actor binds first thing, so this ends). Every other answer stands: an ABORT
         * can only come from the owner's give-up, never from a thief's steal.
         */
        final void thiefPartRetryingWhileOwner() {
            int code = Ledger.thiefCode(q.trySteal());
            for (int spins = 0; code == Ledger.ABORT; spins++) {
                if (spins < 1_000) {
                    Thread.onSpinWait();
                } else {
                    Thread.yield();
                }
                code = Ledger.thiefCode(q.trySteal());
            }
            thief = code;
        }

        final void judge(III_Result r) {
            boolean left = q.sizeEstimate() > 0;
            int verdict = ledger.verdict(q, thief);
            r.r1 = left && verdict == Ledger.OK ? -2 : verdict;
            r.r2 = owner;
            r.r3 = thief;
        }
    }

    @JCStressTest
    @Outcome(id = "1, 0, -1", expect = ACCEPTABLE, desc = "owner won the last task")
    @Outcome(id = "1, -1, 0", expect = ACCEPTABLE, desc = "thief won the last task")
    @Outcome(expect = FORBIDDEN, desc = "taken twice, lost, left behind, corrupt, or an ABORT")
    @State
    public static class The extends Race {
        public The() {
            super(new TheDeque<>(CAPACITY));
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
        public void arbiter(III_Result r) {
            judge(r);
        }
    }

    static final int FF_DELTA = 1;

    /** FF-THE and FF-CL: two tasks, δ = 1, the owner fenced between takes (see the class comment). */
    abstract static class FencedRace {
        final Ledger ledger = new Ledger(FF_DELTA + 1);
        final WorkStealingDeque<Task> q;
        int thief;

        FencedRace(WorkStealingDeque<Task> q) {
            this.q = ledger.fill(q);
        }

        final void ownerPart() {
            q.bindOwner();
            while (ledger.ownerTook(q.pop()) != -1) {
                VarHandle.fullFence(); // at most one take in the store buffer: δ = 1 is enough
            }
        }

        final void thiefPart() {
            thief = ledger.thiefSteals(q, 3);
        }

        final void judge(III_Result r) {
            r.r1 = ledger.verdictAfterThiefSteals(q);
            r.r2 = ledger.ownerMask();
            r.r3 = thief;
        }
    }

    @JCStressTest
    @Outcome(id = "1, 3, 0", expect = ACCEPTABLE, desc = "the owner took both; the thief saw δ or fewer")
    @Outcome(id = "1, 2, 1", expect = ACCEPTABLE, desc = "the thief saw 2 tasks and stole task 0; the owner took 1")
    @Outcome(expect = FORBIDDEN, desc = "a task taken twice, lost or corrupt (how a steal within δ shows here)")
    @State
    public static class FfThe extends FencedRace {
        public FfThe() {
            super(new FfTheDeque<>(CAPACITY, FF_DELTA));
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
        public void arbiter(III_Result r) {
            judge(r);
        }
    }

    @JCStressTest
    @Outcome(id = "1, 3, 0", expect = ACCEPTABLE, desc = "the owner took both; the thief saw δ or fewer")
    @Outcome(id = "1, 2, 1", expect = ACCEPTABLE, desc = "the thief saw 2 tasks and stole task 0; the owner took 1")
    @Outcome(expect = FORBIDDEN, desc = "a task taken twice, lost or corrupt (how a steal within δ shows here)")
    @State
    public static class FfCl extends FencedRace {
        public FfCl() {
            super(new FfClDeque<>(CAPACITY, FF_DELTA));
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
        public void arbiter(III_Result r) {
            judge(r);
        }
    }

    @JCStressTest
    @Outcome(id = "1, 0, -1", expect = ACCEPTABLE, desc = "owner won the last task")
    @Outcome(id = "1, -1, 0", expect = ACCEPTABLE, desc = "thief won the last task after the echo")
    @Outcome(expect = FORBIDDEN, desc = "taken twice, lost, left behind or corrupt")
    @State
    public static class Thep extends Race {
        public Thep() {
            super(new ThepDeque<>(CAPACITY));
        }

        @Actor
        public void owner() {
            ownerPart();
        }

        @Actor
        public void thief() {
            thiefPartRetryingWhileOwner();
        }

        @Arbiter
        public void arbiter(III_Result r) {
            judge(r);
        }
    }
}
