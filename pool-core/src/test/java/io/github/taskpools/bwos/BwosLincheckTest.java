package io.github.taskpools.bwos;

import io.github.taskpools.testkit.LincheckSupport;
import java.util.Arrays;
import java.util.List;
import org.jetbrains.kotlinx.lincheck.Actor;
import org.jetbrains.kotlinx.lincheck.annotations.Operation;
import org.jetbrains.kotlinx.lincheck.annotations.Param;
import org.jetbrains.kotlinx.lincheck.execution.ExecutionScenario;
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
        disabledReason = "Lincheck 2.39 with ASM 9.8 cannot instrument class files newer than Java 25")
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

    /**
     * FIFO with grant on request: {@code requestGrant} from any thread, answered at the owner's
     * next push. Blocks of 3 entries, so that the consumer's block (the producer's) can hold tasks
     * with room left, the case a request is answered with a grant on request; as in {@link Fifo}
     * no block is reused, since each push moves the producer at most one block.
     *
     * <p>The operation drops what {@code requestGrant} returns: the answer is a hint (the API's
     * word), and it cannot be linearizable against steal, since the owner's answer changes what
     * thieves may steal and what a request reads by two stores, the grant of S and the producer's
     * move; a thief between them steals a moved task and still sees the consumer in the
     * producer's block. What is checked is that requests, pending and answered, never make push,
     * pop and steal lose, duplicate or reorder a task, nor steal one the sequential run would not.
     */
    @Param(name = "task", gen = IntGen.class, conf = "1:9")
    public static class FifoRequest {
        private final FifoBwosDeque<Integer> q = new FifoBwosDeque<>(BLOCKS, 3);

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

        @Operation
        public void requestGrant() {
            q.requestGrant();
        }
    }

    /**
     * Random scenarios, and first the race of §4.2.1 that random ones rarely build: three tasks
     * in three one-entry blocks, the two lower ones granted; the owner pops down through both
     * takeovers while a thief steals from the lowest block. A takeover that is not one atomic
     * exchange of S (read, then write) lets owner and thief take the same task, which this
     * scenario finds.
     */
    private static ModelCheckingOptions modelChecking(Class<?> test) {
        return modelChecking(test, takeoverVsSteal(test));
    }

    private static ExecutionScenario takeoverVsSteal(Class<?> test) {
        Actor pop = actor(test, "pop");
        Actor steal = actor(test, "steal");
        return new ExecutionScenario(
                List.of(actor(test, "push", 1), actor(test, "push", 2), actor(test, "push", 3)),
                List.of(List.of(pop, pop, pop), List.of(steal, steal)), List.of(steal), null);
    }

    /**
     * Grant on request racing the consumer and a thief: two tasks hidden in the consumer's block;
     * a thief asks and steals while the owner pushes (answering: the newer half, tasks 2 and 3,
     * moves to the next block) and pops down to the cut and across it (takeover of the granted
     * block). A moved task must be taken once, by the thief or by the consumer after its takeover.
     */
    private static ExecutionScenario requestVsPopAndSteal(Class<?> test) {
        Actor pop = actor(test, "pop");
        Actor steal = actor(test, "steal");
        return new ExecutionScenario(
                List.of(actor(test, "push", 1), actor(test, "push", 2)),
                List.of(List.of(actor(test, "push", 3), pop, pop), List.of(actor(test, "requestGrant"), steal, steal)),
                List.of(pop, steal), null);
    }

    private static ModelCheckingOptions modelChecking(Class<?> test, ExecutionScenario custom) {
        return new ModelCheckingOptions().addCustomScenario(custom)
                .iterations(20).invocationsPerIteration(300)
                .actorsBefore(3).threads(2).actorsPerThread(3).actorsAfter(2);
    }

    private static Actor actor(Class<?> test, String name, Object... args) {
        Class<?>[] types = new Class<?>[args.length];
        Arrays.fill(types, int.class);
        try {
            return new Actor(test.getMethod(name, types), Arrays.asList(args));
        } catch (NoSuchMethodException e) {
            throw new IllegalArgumentException(test + " has no operation " + name, e);
        }
    }

    private static StressOptions stress() {
        return new StressOptions().iterations(20).invocationsPerIteration(2_000)
                .actorsBefore(3).threads(2).actorsPerThread(3).actorsAfter(2);
    }

    @Test
    void lifoModelChecking() {
        LincheckSupport.check(Lifo.class, modelChecking(Lifo.class));
    }

    @Test
    void lifoStress() {
        LincheckSupport.check(Lifo.class, stress());
    }

    @Test
    void fifoModelChecking() {
        LincheckSupport.check(Fifo.class, modelChecking(Fifo.class));
    }

    @Test
    void fifoStress() {
        LincheckSupport.check(Fifo.class, stress());
    }

    @Test
    void fifoRequestModelChecking() {
        LincheckSupport.check(FifoRequest.class, modelChecking(FifoRequest.class)
                .addCustomScenario(requestVsPopAndSteal(FifoRequest.class)));
    }

    @Test
    void fifoRequestStress() {
        LincheckSupport.check(FifoRequest.class, stress().addCustomScenario(requestVsPopAndSteal(FifoRequest.class)));
    }
}
