package io.github.taskpools.salsa;

import io.github.taskpools.api.TaskPool;
import io.github.taskpools.api.Topology;
import io.github.taskpools.testkit.LincheckSupport;
import org.jetbrains.kotlinx.lincheck.annotations.Operation;
import org.jetbrains.kotlinx.lincheck.strategy.managed.modelchecking.ModelCheckingOptions;
import org.jetbrains.kotlinx.lincheck.strategy.stress.StressOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;

/**
 * Linearizability of SALSA+CAS, one of the comparison pools of §6.2, against
 * {@link SalsaLincheckTest}'s bag of identical tasks (put always succeeds, get returns null only if
 * the bag is empty); the other comparison pools (WS-MSQ, WS-LIFO, ConcBag) run the same scenario
 * and options in pool-baselines' {@code ComparisonPoolsLincheckTest}.
 *
 * <p>SALSA+CAS has SALSA's linearizable emptiness (§5.5). The other pools claim it only without
 * concurrent puts to several containers; with one producer every task goes to one container (the
 * producer's closest consumer's queue or stack; the producer's own ConcBag list) and a null means
 * that container was seen empty, which the bag specification then must accept. So the scenario
 * has one producer and two consumers, each in its own {@code nonParallelGroup} because a handle
 * serves one thread at a time; chunks and blocks of two tasks so scenarios cross their boundaries.
 * Model checking under sequential consistency and stress, on a small budget (about a minute in all,
 * for the four pools, on a loaded 2-core machine).
 */
@EnabledIf(value = "io.github.taskpools.testkit.LincheckSupport#runsOnThisJdk",
        disabledReason = "Lincheck 2.39 with ASM 9.8 cannot instrument class files newer than Java 25")
public class ComparisonPoolsLincheckTest {

    /** The operations on a pool of two consumers and one producer, through unbound handles. */
    public abstract static class Scenario {
        private final TaskPool.Producer<Integer> producer;
        private final TaskPool.Consumer<Integer> consumer0;
        private final TaskPool.Consumer<Integer> consumer1;

        protected Scenario(TaskPool.Producer<Integer> producer, TaskPool.Consumer<Integer> consumer0,
                TaskPool.Consumer<Integer> consumer1) {
            this.producer = producer;
            this.consumer0 = consumer0;
            this.consumer1 = consumer1;
        }

        @Operation(nonParallelGroup = "producer")
        public void put() {
            producer.put(1);
        }

        @Operation(nonParallelGroup = "consumer0")
        public Integer get0() {
            return consumer0.get();
        }

        @Operation(nonParallelGroup = "consumer1")
        public Integer get1() {
            return consumer1.get();
        }
    }

    /** SALSA+CAS. */
    public static class SalsaCas extends Scenario {
        public SalsaCas() {
            this(SalsaPool.<Integer>builder(2, 1).chunkSize(2).chunkPoolCapacity(1).consumeByCas(true)
                    .topology(Topology.evenlySplit(2, 2)).build());
        }

        private SalsaCas(SalsaPool<Integer> p) {
            super(p.producer(0), p.consumer(0), p.consumer(1));
        }
    }

    @Test
    void modelChecking() {
        LincheckSupport.check(SalsaCas.class, modelCheckingOptions());
    }

    @Test
    void stress() {
        LincheckSupport.check(SalsaCas.class, stressOptions());
    }

    /** The model checking of every comparison pool: budget and specification. */
    public static ModelCheckingOptions modelCheckingOptions() {
        return new ModelCheckingOptions()
                .iterations(2)
                .invocationsPerIteration(100)
                .threads(3)
                .actorsPerThread(3)
                .actorsBefore(3)
                .actorsAfter(2)
                .sequentialSpecification(SalsaLincheckTest.Spec.class);
    }

    /** The stress run of every comparison pool: budget and specification. */
    public static StressOptions stressOptions() {
        return new StressOptions()
                .iterations(10)
                .invocationsPerIteration(1_000)
                .threads(3)
                .actorsPerThread(3)
                .actorsBefore(3)
                .actorsAfter(2)
                .sequentialSpecification(SalsaLincheckTest.Spec.class);
    }
}
