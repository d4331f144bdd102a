package io.github.taskpools.chaselev;

import io.github.taskpools.api.WorkStealingDeque;
import io.github.taskpools.testkit.LincheckSupport;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.List;
import org.jetbrains.kotlinx.lincheck.Actor;
import org.jetbrains.kotlinx.lincheck.annotations.Operation;
import org.jetbrains.kotlinx.lincheck.annotations.Param;
import org.jetbrains.kotlinx.lincheck.execution.ExecutionScenario;
import org.jetbrains.kotlinx.lincheck.paramgen.IntGen;
import org.jetbrains.kotlinx.lincheck.strategy.managed.modelchecking.ModelCheckingOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;

/**
 * Linearizability against a plain bounded deque ({@link Spec}): pop takes the newest task, steal
 * the oldest and returns null only when the deque is empty (a Chase-Lev thief that loses a CAS
 * retries, so losing a race is not a reason to fail), push fails only when the deque is full. The
 * owner's operations run in one thread ({@code nonParallelGroup = "owner"}), thieves in the others.
 *
 * <p>Lincheck's model checker, which runs here, explores thread interleavings under sequential
 * consistency, switching threads at every shared access, VarHandle accesses included (its traces
 * show {@code top.getAcquire()}, {@code bottom.setOpaque(..)}, {@code top.compareAndSet(..)}).
 * It does not model weak memory, so it checks the algorithm, not the orderings of
 * {@link ChaseLevDeque}; those are for the jcstress tests. Each of the two mutations "last-task pop
 * without CAS" and "pop reads top before lowering bottom" is caught by the custom scenarios below
 * within 100 invocations (checked by hand, not kept as a test).
 *
 * <p>The model checker is slow on this 2-core machine (about 10 ms of CPU per invocation), so the
 * budget is small: the four races that matter as fixed scenarios, plus a few random ones.
 * Capacity 2, so that scenarios reach the full deque and wrap around the array.
 *
 * <p>Skipped where Lincheck 2.39 cannot instrument the JDK's classes; see
 * {@link io.github.taskpools.testkit.LincheckSupport}.
 */
@EnabledIf(value = "io.github.taskpools.testkit.LincheckSupport#runsOnThisJdk",
        disabledReason = "Lincheck 2.39 with ASM 9.8 cannot instrument class files newer than Java 25")
public class ChaseLevLincheckTest {
    public static final int CAPACITY = 2;
    private static final int INVOCATIONS = 100;

    @Test
    void chaseLevModelChecking() throws NoSuchMethodException {
        LincheckSupport.check(OptScenario.class, options());
    }

    /** The options, custom scenarios included; also for the baseline deque's test in pool-baselines. */
    public static ModelCheckingOptions options() throws NoSuchMethodException {
        Actor push1 = actor("push", 1);
        Actor push2 = actor("push", 2);
        Actor pop = actor("pop");
        Actor steal = actor("steal");
        return new ModelCheckingOptions()
                // The last task: owner pop against one thief, then against two.
                .addCustomScenario(scenario(List.of(push1), List.of(List.of(pop), List.of(steal)), List.of()))
                .addCustomScenario(scenario(List.of(push1),
                        List.of(List.of(pop), List.of(steal), List.of(steal)), List.of()))
                // Two tasks: a pop that needs no CAS, then the last task, against two thieves.
                .addCustomScenario(scenario(List.of(push1, push2),
                        List.of(List.of(pop, pop), List.of(steal), List.of(steal)), List.of(steal)))
                // A full deque: steals free slots that the owner's pushes reuse (wrap-around).
                .addCustomScenario(scenario(List.of(push1, push2),
                        List.of(List.of(pop, actor("push", 3), actor("push", 4)), List.of(steal), List.of(steal)),
                        List.of(pop, pop, steal)))
                .iterations(2)
                .invocationsPerIteration(INVOCATIONS)
                .threads(3)
                .actorsPerThread(2)
                .actorsBefore(2)
                .actorsAfter(1)
                .sequentialSpecification(Spec.class);
    }

    private static Actor actor(String name, Object... args) throws NoSuchMethodException {
        Class<?>[] types = new Class<?>[args.length];
        Arrays.fill(types, int.class);
        return new Actor(Scenario.class.getMethod(name, types), Arrays.asList(args));
    }

    private static ExecutionScenario scenario(List<Actor> init, List<List<Actor>> parallel, List<Actor> post) {
        return new ExecutionScenario(init, parallel, post, null);
    }

    /** The operations; Lincheck makes a fresh instance, and so a fresh deque, per invocation. */
    @Param(name = "task", gen = IntGen.class, conf = "1:9")
    public abstract static class Scenario {
        private final WorkStealingDeque<Integer> deque;

        protected Scenario(WorkStealingDeque<Integer> deque) {
            this.deque = deque;
        }

        // The owner group runs on one thread per part of a scenario; the parts are ordered by
        // happens-before, which is what bindOwner() asks for.

        @Operation(nonParallelGroup = "owner")
        public boolean push(@Param(name = "task") int task) {
            deque.bindOwner();
            return deque.push(task);
        }

        @Operation(nonParallelGroup = "owner")
        public Integer pop() {
            deque.bindOwner();
            return deque.pop();
        }

        @Operation
        public Integer steal() {
            return deque.steal();
        }
    }

    public static final class OptScenario extends Scenario {
        public OptScenario() {
            super(new ChaseLevDeque<>(CAPACITY));
        }
    }

    /** The sequential specification: a bounded deque. */
    public static final class Spec {
        private final ArrayDeque<Integer> tasks = new ArrayDeque<>();

        public boolean push(int task) {
            if (tasks.size() == CAPACITY) {
                return false;
            }
            tasks.addLast(task);
            return true;
        }

        public Integer pop() {
            return tasks.pollLast();
        }

        public Integer steal() {
            return tasks.pollFirst();
        }
    }
}
