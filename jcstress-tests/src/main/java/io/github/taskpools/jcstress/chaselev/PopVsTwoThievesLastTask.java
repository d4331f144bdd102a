package io.github.taskpools.jcstress.chaselev;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.github.taskpools.api.WorkStealingDeque;
import io.github.taskpools.baselines.chaselev.SeqCstChaseLevDeque;
import io.github.taskpools.chaselev.ChaseLevDeque;
import io.github.taskpools.jcstress.Task;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

/**
 * Chase-Lev, the last-task race three ways: the deque holds one task; the owner pops while two
 * thieves steal. Exactly one of the three must get it. A thief that loses the CAS to the other
 * retries and then finds the deque empty. Results: verdict (the arbiter drains what is left),
 * owner's mask, first thief's, second thief's.
 */
public final class PopVsTwoThievesLastTask {
    private PopVsTwoThievesLastTask() {
    }

    static void verdict(WorkStealingDeque<Task> q, int owner, int thief1, int thief2, IIII_Result r) {
        int rest = Task.drain(q);
        r.r1 = rest == 0 ? Task.verdict(Task.first(1), owner, thief1, thief2) : -2;
        r.r2 = owner;
        r.r3 = thief1;
        r.r4 = thief2;
    }

    @JCStressTest
    @Outcome(id = "1, 1, 0, 0", expect = ACCEPTABLE, desc = "owner won the last task")
    @Outcome(id = {"1, 0, 1, 0", "1, 0, 0, 1"}, expect = ACCEPTABLE, desc = "a thief won the last task")
    @Outcome(id = "0, .*", expect = FORBIDDEN, desc = "taken twice, or seen corrupt")
    @Outcome(id = "-1, .*", expect = FORBIDDEN, desc = "the task was lost")
    @Outcome(id = "-2, .*", expect = FORBIDDEN, desc = "nobody got it: it was still in the deque")
    @Outcome(expect = FORBIDDEN, desc = "anything else")
    @State
    public static class Opt {
        final ChaseLevDeque<Task> q = PopVsStealLastTask.withOneTask(new ChaseLevDeque<>(2));
        int owner;
        int thief1;
        int thief2;

        @Actor
        public void owner() {
            q.bindOwner();
            owner = Task.bitOf(q.pop());
        }

        @Actor
        public void thief1() {
            thief1 = Task.bitOf(q.steal());
        }

        @Actor
        public void thief2() {
            thief2 = Task.bitOf(q.steal());
        }

        @Arbiter
        public void arbiter(IIII_Result r) {
            verdict(q, owner, thief1, thief2, r);
        }
    }

    @JCStressTest
    @Outcome(id = "1, 1, 0, 0", expect = ACCEPTABLE, desc = "owner won the last task")
    @Outcome(id = {"1, 0, 1, 0", "1, 0, 0, 1"}, expect = ACCEPTABLE, desc = "a thief won the last task")
    @Outcome(id = "0, .*", expect = FORBIDDEN, desc = "taken twice, or seen corrupt")
    @Outcome(id = "-1, .*", expect = FORBIDDEN, desc = "the task was lost")
    @Outcome(id = "-2, .*", expect = FORBIDDEN, desc = "nobody got it: it was still in the deque")
    @Outcome(expect = FORBIDDEN, desc = "anything else")
    @State
    public static class SeqCst {
        final SeqCstChaseLevDeque<Task> q = PopVsStealLastTask.withOneTask(new SeqCstChaseLevDeque<>(2));
        int owner;
        int thief1;
        int thief2;

        @Actor
        public void owner() {
            q.bindOwner();
            owner = Task.bitOf(q.pop());
        }

        @Actor
        public void thief1() {
            thief1 = Task.bitOf(q.steal());
        }

        @Actor
        public void thief2() {
            thief2 = Task.bitOf(q.steal());
        }

        @Arbiter
        public void arbiter(IIII_Result r) {
            verdict(q, owner, thief1, thief2, r);
        }
    }
}
