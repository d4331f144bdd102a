package io.github.taskpools.chaselev;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.taskpools.api.WorkStealingDeque;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntFunction;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Bad input, the owner checks, the full deque, and the small methods of the contract. The cases;
 * {@code ChaseLevContractTest} here and in pool-baselines give the deques ({@code deques()}: a name
 * and an {@code IntFunction<WorkStealingDeque<Long>>} of the capacity).
 */
public abstract class ChaseLevContractCases {

    @ParameterizedTest(name = "{0}")
    @MethodSource("deques")
    void capacityMustBeAPowerOfTwoOfAtLeastTwo(String name, IntFunction<WorkStealingDeque<Long>> factory) {
        for (int bad : new int[] {Integer.MIN_VALUE, -4, -1, 0, 1, 3, 6, 100, (1 << 30) + 1, Integer.MAX_VALUE}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> factory.apply(bad),
                    "capacity " + bad);
            assertTrue(e.getMessage().contains("power of two"), e.getMessage());
        }
        for (int good = 2; good <= 1 << 16; good <<= 1) {
            assertEquals(good, factory.apply(good).capacity());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("deques")
    void nullPushThrowsAndStoresNothing(String name, IntFunction<WorkStealingDeque<Long>> factory) {
        WorkStealingDeque<Long> q = factory.apply(4);
        assertTrue(q.push(1L));
        assertThrows(NullPointerException.class, () -> q.push(null));
        assertEquals(1, q.sizeEstimate());
        assertEquals(3, q.remainingCapacity());
        assertEquals(1L, q.pop());
        assertNull(q.pop());
        assertNull(q.steal());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("deques")
    void pushToAFullDequeFailsAndLosesNothing(String name, IntFunction<WorkStealingDeque<Long>> factory) {
        WorkStealingDeque<Long> q = factory.apply(8);
        // Move the indices off zero first, so the full deque straddles the end of the array.
        for (long i = 0; i < 5; i++) {
            assertTrue(q.push(-i));
        }
        for (int i = 0; i < 5; i++) {
            assertTrue(q.steal() <= 0);
        }
        for (long t = 1; t <= 8; t++) {
            assertEquals(9 - t, q.remainingCapacity());
            assertTrue(q.push(t));
        }
        assertEquals(0, q.remainingCapacity());
        for (int i = 0; i < 3; i++) {
            assertFalse(q.push(100L + i));
            assertEquals(8, q.sizeEstimate());
        }
        assertEquals(1L, q.steal()); // oldest
        assertTrue(q.push(9L)); // room again
        assertFalse(q.push(10L));
        for (long t = 9; t >= 2; t--) {
            assertEquals(t, q.pop()); // newest first
        }
        assertNull(q.pop());
        assertEquals(0, q.sizeEstimate());
        assertEquals(8, q.remainingCapacity());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("deques")
    void foreignThreadIsCaughtOnTheDocumentedPaths(String name, IntFunction<WorkStealingDeque<Long>> factory)
            throws InterruptedException {
        WorkStealingDeque<Long> empty = factory.apply(4);
        assertThrows(IllegalStateException.class, () -> runInOtherThread(empty::pop), "pop on empty");
        // The caught pop restored the deque.
        assertTrue(empty.push(1L));
        assertEquals(1, empty.sizeEstimate());
        assertEquals(1L, empty.pop());

        WorkStealingDeque<Long> full = factory.apply(2);
        assertTrue(full.push(1L));
        assertTrue(full.push(2L));
        assertThrows(IllegalStateException.class, () -> runInOtherThread(() -> full.push(3L)), "push on full");
        assertEquals(2, full.sizeEstimate());
        assertEquals(2L, full.pop());
        assertEquals(1L, full.pop());

        // Thieves' methods are for any thread.
        WorkStealingDeque<Long> q = factory.apply(4);
        assertTrue(q.push(5L));
        assertEquals(5L, runInOtherThread(q::steal));
        assertEquals(0, runInOtherThread(q::sizeEstimate));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("deques")
    void bindOwnerMovesTheOwnership(String name, IntFunction<WorkStealingDeque<Long>> factory)
            throws InterruptedException {
        WorkStealingDeque<Long> q = factory.apply(2);
        assertNull(runInOtherThread(() -> {
            q.bindOwner();
            assertTrue(q.push(1L));
            assertTrue(q.push(2L));
            assertFalse(q.push(3L)); // full, and no exception: this thread is the owner now
            assertEquals(2L, q.pop());
            assertEquals(1L, q.pop());
            return q.pop(); // empty, no exception
        }));
        assertThrows(IllegalStateException.class, q::pop, "the old owner is caught");
        q.bindOwner(); // the thread's termination (join) is the happens-before edge
        assertNull(q.pop());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("deques")
    void stealIntoIsBoundedAndChecksItsArguments(String name, IntFunction<WorkStealingDeque<Long>> factory) {
        WorkStealingDeque<Long> victim = factory.apply(16);
        WorkStealingDeque<Long> dest = factory.apply(4);
        assertThrows(IllegalArgumentException.class, () -> victim.stealInto(victim, 1));
        assertThrows(IllegalArgumentException.class, () -> victim.stealInto(dest, 0));
        for (long t = 1; t <= 10; t++) {
            assertTrue(victim.push(t));
        }
        assertTrue(dest.push(100L));
        assertEquals(2, victim.stealInto(dest, 2)); // maxTasks bounds
        assertEquals(1, victim.stealInto(dest, 5)); // destination's room bounds: 1 left
        assertEquals(0, victim.stealInto(dest, 5)); // no room at all
        assertEquals(7, victim.sizeEstimate());
        assertEquals(3L, dest.pop());
        assertEquals(2L, dest.pop());
        assertEquals(1L, dest.pop()); // the oldest were stolen, in order
        assertEquals(100L, dest.pop());
        WorkStealingDeque<Long> big = factory.apply(8);
        assertEquals(7, victim.stealInto(big, 100)); // all that is left
        assertEquals(0, victim.stealInto(big, 1)); // empty victim
        assertEquals(10L, big.pop());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("deques")
    void probeStealableAcceptsInProportionToSize(String name, IntFunction<WorkStealingDeque<Long>> factory) {
        WorkStealingDeque<Long> q = factory.apply(8);
        SplittableRandom rnd = new SplittableRandom(3);
        assertEquals(0, accepted(q, rnd, 1000));
        for (long t = 0; t < 8; t++) {
            q.push(t);
        }
        assertEquals(1000, accepted(q, rnd, 1000));
        assertEquals(0L, q.stealSampled(rnd)); // a full deque always accepts; steal takes the oldest
        for (int i = 0; i < 5; i++) {
            q.pop();
        }
        int hits = accepted(q, rnd, 80_000); // expect 20 000 (p = 2/8), sd about 122
        assertTrue(Math.abs(hits - 20_000) < 1_000, "accepted " + hits + " of 80000 at size 2/8");
    }

    private static int accepted(WorkStealingDeque<Long> q, SplittableRandom rnd, int samples) {
        int hits = 0;
        for (int i = 0; i < samples; i++) {
            if (q.probeStealable(rnd)) {
                hits++;
            }
        }
        return hits;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("deques")
    void emptyDequeAnswersNullEverywhere(String name, IntFunction<WorkStealingDeque<Long>> factory) {
        WorkStealingDeque<Long> q = factory.apply(2);
        for (int i = 0; i < 5; i++) {
            assertNull(q.pop());
            assertNull(q.steal());
        }
        assertEquals(0, q.sizeEstimate());
        assertEquals(2, q.remainingCapacity());
        assertTrue(q.toString().contains("capacity 2"), q.toString());
    }

    interface Call<T> {
        T call() throws Exception;
    }

    /** Runs {@code call} in a new thread and rethrows what it threw. */
    private static <T> T runInOtherThread(Call<T> call) throws InterruptedException {
        AtomicReference<T> result = new AtomicReference<>();
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread t = new Thread(() -> {
            try {
                result.set(call.call());
            } catch (Throwable e) {
                thrown.set(e);
            }
        });
        t.start();
        t.join();
        if (thrown.get() instanceof RuntimeException e) {
            throw e;
        }
        if (thrown.get() instanceof Error e) {
            throw e;
        }
        return result.get();
    }
}
