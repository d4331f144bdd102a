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
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * Chase-Lev, the last-task race: the deque holds one task; the owner pops while a thief steals.
 * Exactly one of them must get it: the owner through the CAS of its last-task path, or the thief
 * (then the owner's CAS fails, or it sees the deque empty). Results: verdict over everything taken
 * (the arbiter drains what is left), owner's mask, thief's mask.
 */
public final class PopVsStealLastTask {
    private PopVsStealLastTask() {
    }

    static <D extends WorkStealingDeque<Task>> D withOneTask(D q) {
        q.push(Task.of(0));
        return q;
    }

    static void verdict(WorkStealingDeque<Task> q, int owner, int thief, III_Result r) {
        int rest = Task.drain(q);
        r.r1 = rest == 0 ? Task.verdict(Task.first(1), owner, thief) : -2;
        r.r2 = owner;
        r.r3 = thief;
    }

    @JCStressTest
    @Outcome(id = "1, 1, 0", expect = ACCEPTABLE, desc = "owner won the last task")
    @Outcome(id = "1, 0, 1", expect = ACCEPTABLE, desc = "thief won the last task")
    @Outcome(id = "0, .*", expect = FORBIDDEN, desc = "both took it, or it was seen corrupt")
    @Outcome(id = "-1, .*", expect = FORBIDDEN, desc = "the task was lost")
    @Outcome(id = "-2, .*", expect = FORBIDDEN, desc = "neither got it: it was still in the deque")
    @Outcome(expect = FORBIDDEN, desc = "anything else")
    @State
    public static class Opt {
        final ChaseLevDeque<Task> q = withOneTask(new ChaseLevDeque<>(2));
        int owner;
        int thief;

        @Actor
        public void owner() {
            q.bindOwner();
            owner = Task.bitOf(q.pop());
        }

        @Actor
        public void thief() {
            thief = Task.bitOf(q.steal());
        }

        @Arbiter
        public void arbiter(III_Result r) {
            verdict(q, owner, thief, r);
        }
    }

    @JCStressTest
    @Outcome(id = "1, 1, 0", expect = ACCEPTABLE, desc = "owner won the last task")
    @Outcome(id = "1, 0, 1", expect = ACCEPTABLE, desc = "thief won the last task")
    @Outcome(id = "0, .*", expect = FORBIDDEN, desc = "both took it, or it was seen corrupt")
    @Outcome(id = "-1, .*", expect = FORBIDDEN, desc = "the task was lost")
    @Outcome(id = "-2, .*", expect = FORBIDDEN, desc = "neither got it: it was still in the deque")
    @Outcome(expect = FORBIDDEN, desc = "anything else")
    @State
    public static class SeqCst {
        final SeqCstChaseLevDeque<Task> q = withOneTask(new SeqCstChaseLevDeque<>(2));
        int owner;
        int thief;

        @Actor
        public void owner() {
            q.bindOwner();
            owner = Task.bitOf(q.pop());
        }

        @Actor
        public void thief() {
            thief = Task.bitOf(q.steal());
        }

        @Arbiter
        public void arbiter(III_Result r) {
            verdict(q, owner, thief, r);
        }
    }
}
