package io.github.taskpools.jcstress.fencefree;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.github.taskpools.api.WorkStealingDeque;
import io.github.taskpools.fencefree.FfClDeque;
import io.github.taskpools.fencefree.FfTheDeque;
import io.github.taskpools.fencefree.ThepDeque;
import io.github.taskpools.jcstress.Task;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * The bounded-TSO litmus test of Morrison and Afek (§7.3, Fig. 9) in small: the deque holds δ + 1
 * tasks; the owner takes until the deque is empty, with no fence, while a thief steals once. At
 * any moment up to δ of the owner's takes may sit in its store buffer; the thief, which steals
 * only when it sees more than δ tasks (or, in THEP, after the owner's echo), must never take a
 * task the owner has taken. δ = 64 (twice what this machine needs: S = 65, δ = 33). Results:
 * verdict (1 each task once, 0 twice or corrupt, -1 lost), thief's code (index, -1 EMPTY, -2
 * ABORT, -3 corrupt).
 */
public final class DrainVsSteal {
    private DrainVsSteal() {
    }

    static final int CAPACITY = 128;
    static final int DELTA = 64;

    /** The state and the actors' bodies; jcstress wants the annotated methods in each test. */
    abstract static class Race {
        final Ledger ledger = new Ledger(DELTA + 1);
        final WorkStealingDeque<Task> q;
        int thief;

        Race(WorkStealingDeque<Task> q) {
            this.q = ledger.fill(q);
        }

        final void ownerPart() {
            q.bindOwner();
            while (ledger.ownerTook(q.pop()) != -1) {
                // take until empty
            }
        }

        final void thiefPart() {
            thief = Ledger.thiefCode(q.trySteal());
        }

        final void judge(II_Result r) {
            r.r1 = ledger.verdict(q, thief);
            r.r2 = thief;
        }
    }

    @JCStressTest
    @Outcome(id = "1, 0", expect = ACCEPTABLE, desc = "the thief stole the oldest before the owner came near it")
    @Outcome(id = "1, -1", expect = ACCEPTABLE, desc = "the owner took everything; EMPTY")
    @Outcome(id = "1, -2", expect = ACCEPTABLE, desc = "the thief saw δ tasks or fewer: ABORT")
    @Outcome(expect = FORBIDDEN, desc = "a task taken twice, lost or corrupt")
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
        public void arbiter(II_Result r) {
            judge(r);
        }
    }

    @JCStressTest
    @Outcome(id = "1, 0", expect = ACCEPTABLE, desc = "the thief stole the oldest before the owner came near it")
    @Outcome(id = "1, -1", expect = ACCEPTABLE, desc = "the owner took everything; EMPTY")
    @Outcome(id = "1, -2", expect = ACCEPTABLE, desc = "the thief saw δ tasks or fewer: ABORT")
    @Outcome(expect = FORBIDDEN, desc = "a task taken twice, lost or corrupt")
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
        public void arbiter(II_Result r) {
            judge(r);
        }
    }

    @JCStressTest
    @Outcome(id = "1, 0", expect = ACCEPTABLE, desc = "the thief stole the oldest, at once or after the echo")
    @Outcome(id = "1, -1", expect = ACCEPTABLE, desc = "the owner took everything; EMPTY")
    @Outcome(expect = FORBIDDEN, desc = "an ABORT, or a task taken twice, lost or corrupt")
    @State
    public static class Thep extends Race {
        public Thep() {
            super(new ThepDeque<>(CAPACITY, DELTA));
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
