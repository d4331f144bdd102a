package io.github.taskpools.numapq;

import io.github.taskpools.testkit.LincheckSupport;
import java.util.PriorityQueue;
import org.jetbrains.kotlinx.lincheck.annotations.Operation;
import org.jetbrains.kotlinx.lincheck.annotations.Param;
import org.jetbrains.kotlinx.lincheck.paramgen.IntGen;
import org.jetbrains.kotlinx.lincheck.strategy.managed.modelchecking.ModelCheckingOptions;
import org.jetbrains.kotlinx.lincheck.strategy.stress.StressOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;

/**
 * Linearizability of the CRCQ against the priority-queue specification ({@link Spec}, a
 * {@link PriorityQueue}): poll returns the smallest key, or null only when the queue is empty.
 * Only keys are compared (events with equal keys may leave in any order, so the value a poll
 * returns is not part of the specification).
 *
 * <p>The queue starts with six events, the most a one-bucket table holds (2·DEPB), and keys are
 * drawn from the same range: the first offer of a scenario makes the next operation resize
 * (Algorithm 3) while the others run, and many offers are enqueues in the past. Model checking
 * (sequentially consistent interleavings, a thread switch at every shared access) and stress.
 *
 * <p>Skipped where Lincheck 2.39 cannot instrument the JDK's classes; see
 * {@link io.github.taskpools.testkit.LincheckSupport}.
 */
@EnabledIf(value = "io.github.taskpools.testkit.LincheckSupport#runsOnThisJdk",
        disabledReason = "Lincheck 2.39 with ASM 9.8 cannot instrument class files newer than Java 25")
class CalendarQueueLincheckTest {
    static final long[] PREFILL = {4, 9, 12, 15, 18, 21};

    @Param(name = "key", gen = IntGen.class, conf = "1:24")
    public static class Crcq {
        private final CalendarQueue<Integer> q = new CalendarQueue<>();

        public Crcq() {
            for (long k : PREFILL) {
                q.offer(k, 0);
            }
        }

        @Operation
        public void offer(@Param(name = "key") int key) {
            q.offer(key, key);
        }

        @Operation
        public Long poll() {
            Event<Integer> e = q.poll();
            return e == null ? null : e.key();
        }
    }

    /** The sequential specification. */
    public static class Spec {
        private final PriorityQueue<Long> q = new PriorityQueue<>();

        public Spec() {
            for (long k : PREFILL) {
                q.add(k);
            }
        }

        public void offer(int key) {
            q.add((long) key);
        }

        public Long poll() {
            return q.poll();
        }
    }

    @Test
    void modelChecking() {
        LincheckSupport.check(Crcq.class, new ModelCheckingOptions().iterations(4).invocationsPerIteration(100)
                .threads(2).actorsPerThread(3).actorsBefore(1).actorsAfter(2)
                .sequentialSpecification(Spec.class));
    }

    @Test
    void stress() {
        LincheckSupport.check(Crcq.class, new StressOptions().iterations(15).invocationsPerIteration(2_000)
                .threads(3).actorsPerThread(3).actorsBefore(1).actorsAfter(2)
                .sequentialSpecification(Spec.class));
    }
}
