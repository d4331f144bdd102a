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
 * Chase-Lev, the fence handshake with two actors: the deque holds task 0 (bit 1, oldest) and task
 * 1 (bit 2); the owner pops once while a thief steals twice. The thief's first steal always gets
 * task 0. Its second steal races the pop for task 1: a pop that read {@code top == 0} takes task 1
 * without a CAS, and the full fences must then make the second steal see the lowered
 * {@code bottom}; a pop that read {@code top == 1} races the second steal by CAS. Without the
 * fences, the owner and the thief could both get task 1. (The same race with two thieves is
 * {@link PopVsTwoThievesTwoTasks}, which needs three CPUs.) Results: verdict over everything taken
 * (the arbiter drains what is left), owner's mask, thief's mask.
 */
public final class PopVsStealTwiceTwoTasks {
    private PopVsStealTwiceTwoTasks() {
    }

    static void verdict(WorkStealingDeque<Task> q, int owner, int thief, III_Result r) {
        int rest = Task.drain(q);
        r.r1 = Task.verdict(Task.first(2), owner, thief, rest);
        r.r2 = owner;
        r.r3 = thief;
    }

    @JCStressTest
    @Outcome(id = "1, 2, 1", expect = ACCEPTABLE, desc = "owner popped task 1, thief stole task 0")
    @Outcome(id = "1, 0, 3", expect = ACCEPTABLE, desc = "thief stole both, pop found none or lost the CAS")
    @Outcome(id = "0, .*", expect = FORBIDDEN, desc = "a task taken twice, or seen corrupt")
    @Outcome(id = "-1, .*", expect = FORBIDDEN, desc = "a task lost")
    @Outcome(expect = FORBIDDEN, desc = "pop or steal failed with a task it should have taken")
    @State
    public static class Opt {
        final ChaseLevDeque<Task> q = PopVsTwoThievesTwoTasks.withTwoTasks(new ChaseLevDeque<>(2));
        int owner;
        int thief;

        @Actor
        public void owner() {
            q.bindOwner();
            owner = Task.bitOf(q.pop());
        }

        @Actor
        public void thief() {
            thief = Task.bitOf(q.steal()) | Task.bitOf(q.steal());
        }

        @Arbiter
        public void arbiter(III_Result r) {
            verdict(q, owner, thief, r);
        }
    }

    @JCStressTest
    @Outcome(id = "1, 2, 1", expect = ACCEPTABLE, desc = "owner popped task 1, thief stole task 0")
    @Outcome(id = "1, 0, 3", expect = ACCEPTABLE, desc = "thief stole both, pop found none or lost the CAS")
    @Outcome(id = "0, .*", expect = FORBIDDEN, desc = "a task taken twice, or seen corrupt")
    @Outcome(id = "-1, .*", expect = FORBIDDEN, desc = "a task lost")
    @Outcome(expect = FORBIDDEN, desc = "pop or steal failed with a task it should have taken")
    @State
    public static class SeqCst {
        final SeqCstChaseLevDeque<Task> q = PopVsTwoThievesTwoTasks.withTwoTasks(new SeqCstChaseLevDeque<>(2));
        int owner;
        int thief;

        @Actor
        public void owner() {
            q.bindOwner();
            owner = Task.bitOf(q.pop());
        }

        @Actor
        public void thief() {
            thief = Task.bitOf(q.steal()) | Task.bitOf(q.steal());
        }

        @Arbiter
        public void arbiter(III_Result r) {
            verdict(q, owner, thief, r);
        }
    }
}
