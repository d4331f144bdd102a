package io.github.taskpools.jcstress.bwos;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.github.taskpools.bwos.FifoBwosDeque;
import io.github.taskpools.bwos.LifoBwosDeque;
import io.github.taskpools.jcstress.Task;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/** Two thieves in one block: their CASes on S hand out distinct entries, in order. */
public class TwoThievesInOneBlock {

    /**
     * LIFO: 3 blocks of 2, tasks 0-1 in the granted block 0, task 2 in the owner's block. Two
     * thieves steal from block 0 (the owner's takeover of it is covered by
     * {@link LifoTakeoverVsInFlightSteals}). Results: verdict, thief 1's mask, thief 2's mask.
     */
    @JCStressTest
    @Outcome(id = {"1, 1, 2", "1, 2, 1"}, expect = ACCEPTABLE, desc = "the thieves split block 0")
    @Outcome(id = "0, .*", expect = FORBIDDEN, desc = "a task taken twice or seen corrupt")
    @Outcome(id = "-1, .*", expect = FORBIDDEN, desc = "a task lost")
    @Outcome(expect = FORBIDDEN, desc = "anything else: a thief found nothing, or out of order")
    @State
    public static class Lifo {
        final LifoBwosDeque<Task> q = new LifoBwosDeque<>(3, 2);
        int thief1;
        int thief2;

        public Lifo() {
            for (int i = 0; i < 3; i++) {
                q.push(Task.of(i));
            }
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
        public void arbiter(III_Result r) {
            int rest = Task.drain(q);
            r.r1 = Task.verdict(Task.first(3), thief1, thief2, rest);
            r.r2 = thief1;
            r.r3 = thief2;
        }
    }

    /**
     * FIFO: 2 blocks of 4, tasks 0-3 in the consumer's block 0, tasks 4-5 in the granted
     * producer's block 1. Two thieves steal from block 1 while nobody else moves. Results:
     * verdict, thief 1's mask, thief 2's mask.
     */
    @JCStressTest
    @Outcome(id = {"1, 16, 32", "1, 32, 16"}, expect = ACCEPTABLE, desc = "the thieves split block 1")
    @Outcome(id = "0, .*", expect = FORBIDDEN, desc = "a task taken twice or seen corrupt")
    @Outcome(id = "-1, .*", expect = FORBIDDEN, desc = "a task lost")
    @Outcome(expect = FORBIDDEN, desc = "anything else: a thief found nothing although two tasks were there")
    @State
    public static class Fifo {
        final FifoBwosDeque<Task> q = new FifoBwosDeque<>(2, 4);
        int thief1;
        int thief2;

        public Fifo() {
            for (int i = 0; i < 6; i++) {
                q.push(Task.of(i));
            }
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
        public void arbiter(III_Result r) {
            int rest = Task.drain(q);
            r.r1 = Task.verdict(Task.first(6), thief1, thief2, rest);
            r.r2 = thief1;
            r.r3 = thief2;
        }
    }
}
