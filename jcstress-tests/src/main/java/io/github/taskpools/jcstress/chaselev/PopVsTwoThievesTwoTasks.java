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
 * Chase-Lev, the fence handshake: the deque holds task 0 (bit 1, oldest) and task 1 (bit 2); the
 * owner pops once while two thieves steal once each. A pop that sees {@code top < b} takes task 1
 * without a CAS, relying on the two full fences to keep thieves off it; the second thief then
 * races for it only if the first thief's claim of task 0 came before the owner's decrement. Pop
 * never returns task 0 here; a thief never gets task 1 while task 0 is left; a steal that returns
 * nothing means the other thief took task 0 (a steal fails only on an empty deque, and the deque
 * is not empty while task 0 is in it); a pop that returns nothing means both tasks were stolen.
 * Results: verdict over everything taken (the arbiter drains
 * what is left), owner's mask, first thief's, second thief's.
 */
public final class PopVsTwoThievesTwoTasks {
    private PopVsTwoThievesTwoTasks() {
    }

    static <D extends WorkStealingDeque<Task>> D withTwoTasks(D q) {
        q.push(Task.of(0));
        q.push(Task.of(1));
        return q;
    }

    static void verdict(WorkStealingDeque<Task> q, int owner, int thief1, int thief2, IIII_Result r) {
        int rest = Task.drain(q);
        r.r1 = Task.verdict(Task.first(2), owner, thief1, thief2, rest);
        r.r2 = owner;
        r.r3 = thief1;
        r.r4 = thief2;
    }

    @JCStressTest
    @Outcome(id = {"1, 2, 1, 0", "1, 2, 0, 1"}, expect = ACCEPTABLE, desc = "owner popped task 1, a thief stole 0")
    @Outcome(id = {"1, 0, 1, 2", "1, 0, 2, 1"}, expect = ACCEPTABLE, desc = "thieves stole both, pop found none")
    @Outcome(id = "0, .*", expect = FORBIDDEN, desc = "a task taken twice, or seen corrupt")
    @Outcome(id = "-1, .*", expect = FORBIDDEN, desc = "a task lost")
    @Outcome(expect = FORBIDDEN, desc = "pop or steal failed with a task it should have taken")
    @State
    public static class Opt {
        final ChaseLevDeque<Task> q = withTwoTasks(new ChaseLevDeque<>(2));
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
    @Outcome(id = {"1, 2, 1, 0", "1, 2, 0, 1"}, expect = ACCEPTABLE, desc = "owner popped task 1, a thief stole 0")
    @Outcome(id = {"1, 0, 1, 2", "1, 0, 2, 1"}, expect = ACCEPTABLE, desc = "thieves stole both, pop found none")
    @Outcome(id = "0, .*", expect = FORBIDDEN, desc = "a task taken twice, or seen corrupt")
    @Outcome(id = "-1, .*", expect = FORBIDDEN, desc = "a task lost")
    @Outcome(expect = FORBIDDEN, desc = "pop or steal failed with a task it should have taken")
    @State
    public static class SeqCst {
        final SeqCstChaseLevDeque<Task> q = withTwoTasks(new SeqCstChaseLevDeque<>(2));
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
