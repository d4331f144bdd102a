package io.github.taskpools.jcstress.fencefree;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.github.taskpools.api.WorkStealingDeque;
import io.github.taskpools.fencefree.FfClDeque;
import io.github.taskpools.fencefree.FfTheDeque;
import io.github.taskpools.jcstress.Task;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * A steal at exactly δ from the tail, for the variants whose steals abort (FF-THE, FF-CL): the
 * deque holds δ + 1 tasks; the owner pops one while a thief steals. A thief that still sees δ + 1
 * tasks may take the oldest (T - δ > h: Fig. 3 line 61, Fig. 4 line 76); one that sees the pop has
 * the oldest task exactly δ from the tail and must answer ABORT. δ = 64, the default with the
 * conservative bound, twice what this machine needs (its probe: S = 65, δ = 33). Results: verdict
 * (1 each task once, 0 twice or corrupt, -1 lost), owner's index (δ expected), thief's code
 * (index, -1 EMPTY, -2 ABORT, -3 corrupt).
 */
public final class StealAtDeltaFromTail {
    private StealAtDeltaFromTail() {
    }

    static final int CAPACITY = 128;
    static final int DELTA = 64;

    /** The state and the actors' bodies; jcstress wants the annotated methods in each test. */
    abstract static class Race {
        final Ledger ledger = new Ledger(DELTA + 1);
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
            r.r1 = ledger.verdict(q, thief);
            r.r2 = owner;
            r.r3 = thief;
        }
    }

    @JCStressTest
    @Outcome(id = "1, 64, 0", expect = ACCEPTABLE, desc = "the thief saw δ + 1 tasks and stole the oldest")
    @Outcome(id = "1, 64, -2", expect = ACCEPTABLE, desc = "the thief saw the oldest exactly δ from the tail: ABORT")
    @Outcome(expect = FORBIDDEN, desc = "a steal within δ, EMPTY, or a task taken twice, lost or corrupt")
    @State
    public static class FfThe extends Race {
        public FfThe() {
            super(new FfTheDeque<>(CAPACITY, DELTA));
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
    @Outcome(id = "1, 64, 0", expect = ACCEPTABLE, desc = "the thief saw δ + 1 tasks and stole the oldest")
    @Outcome(id = "1, 64, -2", expect = ACCEPTABLE, desc = "the thief saw the oldest exactly δ from the tail: ABORT")
    @Outcome(expect = FORBIDDEN, desc = "a steal within δ, EMPTY, or a task taken twice, lost or corrupt")
    @State
    public static class FfCl extends Race {
        public FfCl() {
            super(new FfClDeque<>(CAPACITY, DELTA));
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
