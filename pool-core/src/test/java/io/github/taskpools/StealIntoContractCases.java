package io.github.taskpools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.taskpools.api.RefusedTasksException;
import io.github.taskpools.api.WorkStealingDeque;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.Supplier;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link WorkStealingDeque#stealInto}'s promise, for every deque of the library: a thief that does
 * not own the destination is stopped before any task leaves the victim (the destination's
 * {@code remainingCapacity()} checks its owner), and {@code remainingCapacity()} itself refuses a
 * foreign thread. Without the check, a foreign {@code stealInto} raced the destination's owner and
 * lost tasks. And a destination that refuses a push within the room it promised gets the claimed
 * tasks back in a {@link RefusedTasksException}: none is dropped.
 *
 * <p>The cases; {@code StealIntoContractTest} here and in pool-baselines give the deques
 * ({@code deques()}: a name and a {@code Supplier<WorkStealingDeque<Long>>}).
 */
public abstract class StealIntoContractCases {

    @ParameterizedTest(name = "{0}")
    @MethodSource("deques")
    void aForeignDestinationIsRefusedBeforeAnyTaskMoves(String name, Supplier<WorkStealingDeque<Long>> make)
            throws Exception {
        WorkStealingDeque<Long> victim = make.get();
        for (long t = 1; t <= 6; t++) {
            assertTrue(victim.push(t));
        }
        WorkStealingDeque<Long> notTheThiefs = make.get(); // owned by this thread
        ExecutionException e = assertThrows(ExecutionException.class,
                () -> CompletableFuture.supplyAsync(() -> victim.stealInto(notTheThiefs, 4)).get());
        assertTrue(e.getCause() instanceof IllegalStateException, e.toString());
        assertEquals(6, victim.sizeEstimate(), name + ": nothing left the victim");
        assertEquals(0, notTheThiefs.sizeEstimate(), name + ": nothing reached the destination");
        // Every task is still there, once each, for the owner.
        long sum = 0;
        for (Long t; (t = victim.pop()) != null; ) {
            sum += t;
        }
        assertEquals(21, sum, name);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("deques")
    void remainingCapacityRefusesAForeignThread(String name, Supplier<WorkStealingDeque<Long>> make) {
        WorkStealingDeque<Long> q = make.get();
        ExecutionException e = assertThrows(ExecutionException.class,
                () -> CompletableFuture.supplyAsync(q::remainingCapacity).get());
        assertTrue(e.getCause() instanceof IllegalStateException, name + ": " + e);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("deques")
    void tasksRefusedByALyingDestinationComeBackInTheException(String name, Supplier<WorkStealingDeque<Long>> make) {
        WorkStealingDeque<Long> victim = make.get();
        for (long t = 1; t <= 6; t++) {
            assertTrue(victim.push(t));
        }
        LyingDeque liar = new LyingDeque(1); // promises 4, takes 1
        RefusedTasksException e = assertThrows(RefusedTasksException.class, () -> victim.stealInto(liar, 4));
        long sum = liar.held;
        for (Object t : e.tasks()) {
            sum += (Long) t;
        }
        for (Long t; (t = victim.pop()) != null; ) {
            sum += t;
        }
        assertEquals(21, sum, name + ": every task is in the victim, the destination or the exception");
    }

    /** A destination that promises room for 4 tasks and accepts only {@code accepts}. */
    static final class LyingDeque implements WorkStealingDeque<Long> {
        private int accepts;
        long held;

        LyingDeque(int accepts) {
            this.accepts = accepts;
        }

        @Override
        public boolean push(Long task) {
            if (accepts == 0) {
                return false;
            }
            accepts--;
            held += task;
            return true;
        }

        @Override
        public int remainingCapacity() {
            return 4;
        }

        @Override
        public Long pop() {
            return null;
        }

        @Override
        public Long steal() {
            return null;
        }

        @Override
        public int stealInto(WorkStealingDeque<Long> destination, int maxTasks) {
            return 0;
        }

        @Override
        public int capacity() {
            return 4;
        }

        @Override
        public int sizeEstimate() {
            return 0;
        }

        @Override
        public boolean probeStealable(java.util.random.RandomGenerator random) {
            return false;
        }

        @Override
        public void bindOwner() {
        }
    }
}
