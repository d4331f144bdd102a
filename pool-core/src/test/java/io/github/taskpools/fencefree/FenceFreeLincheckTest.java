package io.github.taskpools.fencefree;

import io.github.taskpools.api.WorkStealingDeque;
import io.github.taskpools.testkit.LincheckSupport;
import java.lang.invoke.VarHandle;
import java.util.ArrayDeque;
import org.jetbrains.kotlinx.lincheck.annotations.Operation;
import org.jetbrains.kotlinx.lincheck.annotations.Param;
import org.jetbrains.kotlinx.lincheck.paramgen.IntGen;
import org.jetbrains.kotlinx.lincheck.strategy.stress.StressOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;

/**
 * Linearizability in Lincheck's stress mode, against a bounded deque in which a steal finds
 * nothing exactly when the deque holds δ tasks or fewer (δ = 0 for THE: only when empty). For
 * FF-THE and FF-CL that is a deterministic strengthening of the paper's relaxed specification
 * (§4: ABORT at any time, without effect), and what these implementations do: a thief answers
 * EMPTY or ABORT ({@code steal()} gives {@code null} for both) only after reading T - H &lt;= δ,
 * and steals only after reading T - H > δ. The owner's operations run in one thread
 * ({@code nonParallelGroup = "owner"}), thieves in the others.
 *
 * <p>Stress mode only. Lincheck's model checker explores interleavings under sequential
 * consistency, and under sequential consistency the worker's store to T is never reordered with
 * its load of H: a fence-free deque looks exactly like a fenced one there, so the model checker
 * cannot tell whether δ does its job. Stress mode runs the real threads on the real processor
 * (x86-64, TSO), where the reordering happens; the jcstress tests and the conservation stress
 * tests aim at the same windows more directly.
 *
 * <p>THEP is not here: its steal waits for the worker's echo when the deque holds δ tasks or fewer
 * (§5), and a scenario whose owner part ends with tasks left would wait for ever (§6: THEP meets
 * the ordinary specification by blocking, which needs a worker that keeps taking). The conservation
 * stress tests and jcstress cover it.
 *
 * <p>Capacity 4 and δ 1, so that scenarios reach the full deque, wrap around the array, and cross
 * the boundary where steals start to succeed. δ = 1 is far below this machine's bound for takes
 * back to back (its probe gives S = 65, so δ = 33 with the deques' own store between takes), and
 * Lincheck's bookkeeping between two owner operations does not bound how many takes the store
 * buffer may hold, so the owner's {@code pop} operation makes a full fence after each take: at
 * most one take is then ever in the owner's store buffer, and δ = 1 is safe on every bounded-TSO
 * processor (§4 counts buffered takes). A failure here is a bug, not the hardware outrunning δ.
 * The fence sits in the test's operation, after the take: the take itself is still fence-free
 * and races the thieves within a one-store window, where a δ test off by one or a thief without
 * its FENCE would show (the jcstress tests DrainVsSteal and PopVsStealLastTask use the same
 * device).
 *
 * <p>Skipped where Lincheck 2.39 cannot instrument the JDK's classes; see
 * {@link io.github.taskpools.testkit.LincheckSupport}.
 */
@EnabledIf(value = "io.github.taskpools.testkit.LincheckSupport#runsOnThisJdk",
        disabledReason = "Lincheck 2.39 with ASM 9.8 cannot instrument class files newer than Java 25")
class FenceFreeLincheckTest {
    static final int CAPACITY = 4;
    static final int DELTA = 1;

    private static StressOptions stress(Class<?> spec) {
        return new StressOptions().iterations(15).invocationsPerIteration(2_000)
                .actorsBefore(3).threads(2).actorsPerThread(3).actorsAfter(2)
                .sequentialSpecification(spec);
    }

    @Test
    void theStress() {
        LincheckSupport.check(The.class, stress(ExactSpec.class));
    }

    @Test
    void ffTheStress() {
        LincheckSupport.check(FfThe.class, stress(WithinDeltaSpec.class));
    }

    @Test
    void ffClStress() {
        LincheckSupport.check(FfCl.class, stress(WithinDeltaSpec.class));
    }

    /** The operations; Lincheck makes a fresh instance, and so a fresh deque, per invocation. */
    @Param(name = "task", gen = IntGen.class, conf = "1:9")
    public abstract static class Scenario {
        private final WorkStealingDeque<Integer> deque;

        Scenario(WorkStealingDeque<Integer> deque) {
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
            Integer task = deque.pop();
            VarHandle.fullFence(); // at most one take in the store buffer: δ = 1 is safe (class comment)
            return task;
        }

        @Operation
        public Integer steal() {
            return deque.steal();
        }
    }

    public static final class The extends Scenario {
        public The() {
            super(new TheDeque<>(CAPACITY));
        }
    }

    public static final class FfThe extends Scenario {
        public FfThe() {
            super(new FfTheDeque<>(CAPACITY, DELTA));
        }
    }

    public static final class FfCl extends Scenario {
        public FfCl() {
            super(new FfClDeque<>(CAPACITY, DELTA));
        }
    }

    /** A bounded deque whose steal finds nothing when it holds {@code delta} tasks or fewer. */
    abstract static class Spec {
        private final ArrayDeque<Integer> tasks = new ArrayDeque<>();
        private final int delta;

        Spec(int delta) {
            this.delta = delta;
        }

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
            return tasks.size() <= delta ? null : tasks.pollFirst();
        }
    }

    /** THE: steal fails only on an empty deque. */
    public static final class ExactSpec extends Spec {
        public ExactSpec() {
            super(0);
        }
    }

    /** FF-THE and FF-CL with δ = {@value #DELTA}. */
    public static final class WithinDeltaSpec extends Spec {
        public WithinDeltaSpec() {
            super(DELTA);
        }
    }
}
