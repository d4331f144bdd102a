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
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * Chase-Lev, push-then-steal publication into a reused slot: two tasks (bits 4 and 8) were pushed
 * and stolen before the race, so both slots still hold those stale references (thieves never clear
 * a slot). The owner then creates task 0 (its plain payload written after construction) and
 * pushes it into slot 0 while a thief steals. A thief that gets a task must get task 0 with its
 * payload (push's release fence / volatile store pairs with the thief's acquire of bottom), never
 * the stale task of the slot. Results: verdict over everything taken (the arbiter drains what is
 * left), thief's mask.
 */
public final class PushVsStealPublication {
    private PushVsStealPublication() {
    }

    static <D extends WorkStealingDeque<Task>> D withStaleSlots(D q) {
        q.push(Task.of(2));
        q.push(Task.of(3));
        q.steal();
        q.steal();
        return q;
    }

    static void verdict(WorkStealingDeque<Task> q, int thief, II_Result r) {
        int rest = Task.drain(q);
        r.r1 = Task.verdict(Task.first(1), thief, rest);
        r.r2 = thief;
    }

    @JCStressTest
    @Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "thief stole the new task, fully initialised")
    @Outcome(id = "1, 0", expect = ACCEPTABLE, desc = "thief came before the push")
    @Outcome(id = "0, .*", expect = FORBIDDEN, desc = "thief saw a stale task or an uninitialised payload")
    @Outcome(id = "-1, .*", expect = FORBIDDEN, desc = "the task was lost")
    @Outcome(expect = FORBIDDEN, desc = "anything else")
    @State
    public static class Opt {
        final ChaseLevDeque<Task> q = withStaleSlots(new ChaseLevDeque<>(2));
        int thief;

        @Actor
        public void owner() {
            q.bindOwner();
            q.push(Task.of(0));
        }

        @Actor
        public void thief() {
            thief = Task.bitOf(q.steal());
        }

        @Arbiter
        public void arbiter(II_Result r) {
            verdict(q, thief, r);
        }
    }

    @JCStressTest
    @Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "thief stole the new task, fully initialised")
    @Outcome(id = "1, 0", expect = ACCEPTABLE, desc = "thief came before the push")
    @Outcome(id = "0, .*", expect = FORBIDDEN, desc = "thief saw a stale task or an uninitialised payload")
    @Outcome(id = "-1, .*", expect = FORBIDDEN, desc = "the task was lost")
    @Outcome(expect = FORBIDDEN, desc = "anything else")
    @State
    public static class SeqCst {
        final SeqCstChaseLevDeque<Task> q = withStaleSlots(new SeqCstChaseLevDeque<>(2));
        int thief;

        @Actor
        public void owner() {
            q.bindOwner();
            q.push(Task.of(0));
        }

        @Actor
        public void thief() {
            thief = Task.bitOf(q.steal());
        }

        @Arbiter
        public void arbiter(II_Result r) {
            verdict(q, thief, r);
        }
    }
}
