package io.github.taskpools.salsa;

import io.github.taskpools.api.Topology;
import io.github.taskpools.testkit.LincheckSupport;
import org.jetbrains.kotlinx.lincheck.annotations.Operation;
import org.jetbrains.kotlinx.lincheck.strategy.managed.modelchecking.ModelCheckingOptions;
import org.jetbrains.kotlinx.lincheck.strategy.stress.StressOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;

/**
 * Linearizability of the pool specification ({@link Spec}): a bag in which put always succeeds
 * and get returns a task if the bag holds one and null only if it is empty, which is the
 * linearizable emptiness of §5.5. Every task is the same value, so the check is about counts:
 * a task taken twice, lost, or a null while a task was in the pool is a violation.
 *
 * <p>One producer and two consumers, each in its own {@code nonParallelGroup} because a handle
 * serves one thread at a time. Chunks of two tasks and chunk pools of one chunk, so scenarios
 * cross chunk boundaries, steal partly taken chunks and reuse chunks. The model checker explores
 * interleavings under sequential consistency only (the fence modes are the business of jcstress),
 * so the pool runs in {@link FenceMode#FULL}, which makes no native call. Both model checking and
 * stress run, on a small budget: the model checker costs tens of milliseconds per invocation on
 * this 2-core machine.
 */
@EnabledIf(value = "io.github.taskpools.testkit.LincheckSupport#runsOnThisJdk",
        disabledReason = "Lincheck 2.39 with ASM 9.8 cannot instrument class files newer than Java 25")
class SalsaLincheckTest {

    /** The operations; Lincheck makes a fresh instance, and so a fresh pool, per invocation. */
    public static class Scenario {
        private final SalsaPool<Integer> pool = SalsaPool.builder(2, 1).chunkSize(2).chunkPoolCapacity(1)
                .fence(FenceMode.FULL).topology(Topology.evenlySplit(2, 2)).build();

        @Operation(nonParallelGroup = "producer")
        public void put() {
            pool.producer(0).put(1);
        }

        @Operation(nonParallelGroup = "consumer0")
        public Integer get0() {
            return pool.consumer(0).get();
        }

        @Operation(nonParallelGroup = "consumer1")
        public Integer get1() {
            return pool.consumer(1).get();
        }
    }

    /** The sequential specification of both scenarios: a bag of identical tasks. */
    public static final class Spec {
        private int size;

        public void put() {
            size++;
        }

        public Integer get0() {
            return take();
        }

        public Integer get1() {
            return take();
        }

        /** {@link HandOffScenario}'s get. */
        public Integer get() {
            return take();
        }

        /** {@link HandOffScenario}'s release: the bag does not change. */
        public void release() {
        }

        private Integer take() {
            if (size == 0) {
                return null;
            }
            size--;
            return 1;
        }
    }

    /**
     * Consumers that come and go (issue 27): each Lincheck thread gets its consumer handle through
     * {@code pool.consumer()} and gives it back with {@code release()}, so a later get of that thread
     * claims a free handle, perhaps another, while the tasks of the one it left wait in its pool for
     * the other consumers' steals or its next holder. Three consumer handles for at most three
     * threads, so no claim waits; one producer (unbound handle, its own group). Stress only: the
     * model checker needs deterministic runs, and a claim prefers the handles of the NUMA node of
     * the CPU the thread runs on ({@code sched_getcpu}) and keys threads by identity hash.
     */
    public static class HandOffScenario {
        private final SalsaPool<Integer> pool = SalsaPool.builder(3, 1).chunkSize(2).chunkPoolCapacity(1)
                .fence(FenceMode.FULL).topology(Topology.evenlySplit(2, 2)).build();

        @Operation(nonParallelGroup = "producer")
        public void put() {
            pool.producer(0).put(1);
        }

        @Operation
        public Integer get() {
            return pool.consumer().get();
        }

        @Operation
        public void release() {
            pool.release();
        }
    }

    @Test
    void handOffStress() {
        LincheckSupport.check(HandOffScenario.class, stressOptions());
    }

    @Test
    void modelChecking() {
        LincheckSupport.check(Scenario.class, new ModelCheckingOptions()
                .iterations(5)
                .invocationsPerIteration(100)
                .threads(3)
                .actorsPerThread(3)
                .actorsBefore(3)
                .actorsAfter(2)
                .sequentialSpecification(Spec.class));
    }

    @Test
    void stress() {
        LincheckSupport.check(Scenario.class, stressOptions());
    }

    /** Both scenarios' stress runs: the same small budget, against {@link Spec}. */
    private static StressOptions stressOptions() {
        return new StressOptions()
                .iterations(10)
                .invocationsPerIteration(1_000)
                .threads(3)
                .actorsPerThread(3)
                .actorsBefore(3)
                .actorsAfter(2)
                .sequentialSpecification(Spec.class);
    }
}
