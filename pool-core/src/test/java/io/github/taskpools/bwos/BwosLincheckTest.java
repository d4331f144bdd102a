package io.github.taskpools.bwos;

import org.jetbrains.kotlinx.lincheck.LinChecker;
import org.jetbrains.kotlinx.lincheck.annotations.Operation;
import org.jetbrains.kotlinx.lincheck.annotations.Param;
import org.jetbrains.kotlinx.lincheck.paramgen.IntGen;
import org.jetbrains.kotlinx.lincheck.strategy.managed.modelchecking.ModelCheckingOptions;
import org.jetbrains.kotlinx.lincheck.strategy.stress.StressOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;

/**
 * Lincheck tests of both BWoS variants: every concurrent history of push/pop (owner operations,
 * confined to one thread by {@code nonParallelGroup}) and steal (any thread) must be explainable by
 * a sequential run of the same queue, which is the specification: BWoS's steal misses entries that
 * sit in the owner's block, and the sequential run says exactly which.
 *
 * <p>The check is linearizability within one lap of the ring: blocks of one entry, so every
 * operation crosses a block boundary (grant, takeover, the thieves' block advance), and more
 * blocks than a scenario can push, so no block is reused. Across reuse BWoS is deliberately not
 * linearizable: a push may report full while a thief is still copying out of the block it would
 * reuse (§4.2.2), and the FIFO producer may move the consumer on, which briefly hides a block from
 * thieves. Those windows are covered by the jcstress tests and the conservation stress tests.
 *
 * <p>Mode: model checking (it runs on VarHandles: a non-atomic takeover planted on purpose is found
 * as a duplicated task) and stress, both on the same scenarios. The model checker explores
 * interleavings under sequential consistency only; the weak orderings are the business of jcstress.
 */
@EnabledIf(value = "io.github.taskpools.testkit.LincheckSupport#runsOnThisJdk",
        disabledReason = "Lincheck 2.39 (ASM 9.6) cannot instrument class files newer than Java 22")
class BwosLincheckTest {
    /** More blocks than a scenario pushes (3 before, 3 in parallel, 2 after): no reuse. */
    static final int BLOCKS = 9;

    @Param(name = "task", gen = IntGen.class, conf = "1:9")
    public static class Lifo {
        private final LifoBwosDeque<Integer> q = new LifoBwosDeque<>(BLOCKS, 1);

        @Operation(nonParallelGroup = "owner")
        public boolean push(@Param(name = "task") int task) {
            q.bindOwner(); // the owner group runs on one thread per scenario part
            return q.push(task);
        }

        @Operation(nonParallelGroup = "owner")
        public Integer pop() {
            q.bindOwner();
            return q.pop();
        }

        @Operation
        public Integer steal() {
            return q.steal();
        }
    }

    @Param(name = "task", gen = IntGen.class, conf = "1:9")
    public static class Fifo {
        private final FifoBwosDeque<Integer> q = new FifoBwosDeque<>(BLOCKS, 1);

        @Operation(nonParallelGroup = "owner")
        public boolean push(@Param(name = "task") int task) {
            q.bindOwner();
            return q.push(task);
        }

        @Operation(nonParallelGroup = "owner")
        public Integer pop() {
            q.bindOwner();
            return q.pop();
        }

        @Operation
        public Integer steal() {
            return q.steal();
        }
    }

    private static ModelCheckingOptions modelChecking() {
        return new ModelCheckingOptions().iterations(20).invocationsPerIteration(300)
                .actorsBefore(3).threads(2).actorsPerThread(3).actorsAfter(2);
    }

    private static StressOptions stress() {
        return new StressOptions().iterations(20).invocationsPerIteration(2_000)
                .actorsBefore(3).threads(2).actorsPerThread(3).actorsAfter(2);
    }

    @Test
    void lifoModelChecking() {
        LinChecker.check(Lifo.class, modelChecking());
    }

    @Test
    void lifoStress() {
        LinChecker.check(Lifo.class, stress());
    }

    @Test
    void fifoModelChecking() {
        LinChecker.check(Fifo.class, modelChecking());
    }

    @Test
    void fifoStress() {
        LinChecker.check(Fifo.class, stress());
    }
}
