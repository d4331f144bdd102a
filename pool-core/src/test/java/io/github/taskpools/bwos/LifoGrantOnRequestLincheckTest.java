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
 * Lincheck tests of grant on request in {@link LifoBwosDeque}: push and pop on the owner's thread
 * ({@code nonParallelGroup}), steal and requestGrant on any thread. The sequential run of the same
 * queue is the specification, so a request that the owner's next push answers must make exactly
 * the older half of its block stealable, and a request racing the owner's block moves (the CAS on
 * the push limit in {@code setTop}) must not be lost or invented.
 *
 * <p>As in {@code BwosLincheckTest}, the check holds within one lap of the ring (no block is
 * reused: a push may report full, or a grant be withheld, while a thief is still copying out of a
 * block the owner would reuse, which no sequential run explains). Every push moves the owner
 * forward by at most one block, and a scenario pushes at most 8 times, so 10 blocks do. Blocks of
 * 2 make the halves differ (a grant on request of [a, b] grants a and keeps b) and make full-block
 * grants and takeovers frequent.
 */
@EnabledIf(value = "io.github.taskpools.testkit.LincheckSupport#runsOnThisJdk",
        disabledReason = "Lincheck 2.39 with ASM 9.8 cannot instrument class files newer than Java 25")
class LifoGrantOnRequestLincheckTest {
    static final int BLOCKS = 10;

    @Param(name = "task", gen = IntGen.class, conf = "1:9")
    public static class Lifo {
        private final LifoBwosDeque<Integer> q = new LifoBwosDeque<>(BLOCKS, 2);

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

        /** The request's effect is checked, not its answer, which is a racy estimate by contract. */
        @Operation
        public void requestGrant() {
            q.requestGrant();
        }
    }

    private static Actor actor(String name, Object... args) {
        Class<?>[] types = new Class<?>[args.length];
        Arrays.fill(types, int.class);
        try {
            return new Actor(Lifo.class.getMethod(name, types), Arrays.asList(args));
        } catch (NoSuchMethodException e) {
            throw new IllegalArgumentException("no operation " + name, e);
        }
    }

    /**
     * Random scenarios, and three built ones that random ones rarely hit:
     * <ul>
     *   <li>request vs the answering push: two tasks in the owner's block, a thief requests and
     *       steals while the owner pushes (answering) and pops;</li>
     *   <li>request vs takeover: the owner pops down through a takeover of the block granted on
     *       request (the push limit's CAS in {@code setTop}) while a thief requests and steals;
     *       after both, a push must grant if the request was made;</li>
     *   <li>request vs a full-block grant: the owner's push fills its block while a request
     *       comes in.</li>
     * </ul>
     */
    private static ModelCheckingOptions modelChecking() {
        Actor pop = actor("pop");
        Actor steal = actor("steal");
        Actor request = actor("requestGrant");
        ExecutionScenario requestVsPush = new ExecutionScenario(
                List.of(actor("push", 1), actor("push", 2)),
                List.of(List.of(actor("push", 3), pop, pop), List.of(request, steal, steal)),
                List.of(steal, pop), null);
        ExecutionScenario requestVsTakeover = new ExecutionScenario(
                List.of(actor("push", 1), actor("push", 2), request, actor("push", 3)),
                List.of(List.of(pop, pop, pop), List.of(request, steal)),
                List.of(actor("push", 4), steal), null);
        ExecutionScenario requestVsFullGrant = new ExecutionScenario(
                List.of(actor("push", 1)),
                List.of(List.of(actor("push", 2), actor("push", 3), pop), List.of(request, steal, request)),
                List.of(actor("push", 4), steal), null);
        return new ModelCheckingOptions()
                .addCustomScenario(requestVsPush)
                .addCustomScenario(requestVsTakeover)
                .addCustomScenario(requestVsFullGrant)
                .iterations(30).invocationsPerIteration(500)
                .actorsBefore(3).threads(2).actorsPerThread(3).actorsAfter(2);
    }

    private static StressOptions stress() {
        return new StressOptions().iterations(20).invocationsPerIteration(1_000)
                .actorsBefore(3).threads(2).actorsPerThread(3).actorsAfter(2);
    }

    @Test
    void modelCheckingOfGrantOnRequest() {
        LincheckSupport.check(Lifo.class, modelChecking());
    }

    @Test
    void stressOfGrantOnRequest() {
        LincheckSupport.check(Lifo.class, stress());
    }
}
