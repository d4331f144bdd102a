package io.github.taskpools.jcstress.fencefree;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.github.taskpools.api.WorkStealingDeque;
import io.github.taskpools.fencefree.FfClDeque;
import io.github.taskpools.fencefree.FfTheDeque;
import io.github.taskpools.fencefree.TheDeque;
import io.github.taskpools.fencefree.ThepDeque;
import io.github.taskpools.jcstress.Task;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * The last-task race of every variant: the deque holds one task; the owner pops while a thief
 * calls {@code trySteal}. Exactly one of them must get it. THE's thief may win (the take's fence
 * and the lock decide); FF-THE's and FF-CL's never may, since one task is within δ of the tail
 * (Morrison and Afek §6: they refuse to steal there and answer ABORT, or EMPTY once the pop is
 * seen); THEP's thief waits for the worker's echo or for T to fall below h + 1 (§5). The deques
 * use their default δ and a capacity above it. Results: verdict over everything taken (the arbiter
 * drains what is left: 1 each once, 0 twice or corrupt, -1 lost, -2 still in the deque), owner's
 * index (-1 none), thief's code (index, -1 EMPTY, -2 ABORT, -3 corrupt).
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

    @JCStressTest
    @Outcome(id = "1, 0, -1", expect = ACCEPTABLE, desc = "owner won; the thief saw the pop: EMPTY")
    @Outcome(id = "1, 0, -2", expect = ACCEPTABLE, desc = "owner won; the thief saw one task within δ: ABORT")
    @Outcome(expect = FORBIDDEN, desc = "the thief stole within δ of the tail, or taken twice, lost, corrupt")
    @State
    public static class FfThe extends Race {
        public FfThe() {
            super(new FfTheDeque<>(CAPACITY));
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
    @Outcome(id = "1, 0, -1", expect = ACCEPTABLE, desc = "owner won; the thief saw the pop: EMPTY")
    @Outcome(id = "1, 0, -2", expect = ACCEPTABLE, desc = "owner won; the thief saw one task within δ: ABORT")
    @Outcome(expect = FORBIDDEN, desc = "the thief stole within δ of the tail, or taken twice, lost, corrupt")
    @State
    public static class FfCl extends Race {
        public FfCl() {
            super(new FfClDeque<>(CAPACITY));
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
    @Outcome(expect = FORBIDDEN, desc = "taken twice, lost, left behind, corrupt, or an ABORT")
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
            thiefPart();
        }

        @Arbiter
        public void arbiter(III_Result r) {
            judge(r);
        }
    }
}
