package io.github.taskpools.bwos;

import org.jetbrains.kotlinx.lincheck.LinChecker;
import org.jetbrains.kotlinx.lincheck.annotations.Operation;
import org.jetbrains.kotlinx.lincheck.annotations.Param;
import org.jetbrains.kotlinx.lincheck.paramgen.IntGen;
import org.jetbrains.kotlinx.lincheck.strategy.managed.modelchecking.ModelCheckingOptions;
import org.jetbrains.kotlinx.lincheck.strategy.stress.StressOptions;
import org.junit.jupiter.api.Test;

/**
 * Lincheck tests of both BWoS variants: every concurrent history of push/pop (owner operations,
 * confined to one thread by {@code nonParallelGroup}) and steal (any thread) must be explainable by
 * a sequential run of the same queue, which is the specification: BWoS's steal may miss entries
 * that sit in the owner's block, and the sequential run says exactly which.
 *
 * <p>Blocks of one entry (3 of them for LIFO, 2 for FIFO) put block advancement, takeover, grant and wrap-around within a
 * few operations. The model checker explores interleavings under sequential consistency only; the
 * weak orderings are the business of the jcstress tests. Stress mode runs the same scenarios on
 * real threads.
 */
class BwosLincheckTest {

    @Param(name = "task", gen = IntGen.class, conf = "1:9")
    public static class Lifo {
        private final LifoBwosDeque<Integer> q = new LifoBwosDeque<>(3, 1);

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
        private final FifoBwosDeque<Integer> q = new FifoBwosDeque<>(2, 1);

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
        return new ModelCheckingOptions().iterations(30).invocationsPerIteration(300)
                .actorsBefore(3).threads(2).actorsPerThread(3).actorsAfter(2);
    }

    private static StressOptions stress() {
        return new StressOptions().iterations(30).invocationsPerIteration(2_000)
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
