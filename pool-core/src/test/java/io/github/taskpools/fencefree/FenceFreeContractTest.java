package io.github.taskpools.fencefree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.taskpools.api.StealResult;
import io.github.taskpools.api.WorkStealingDeque;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.IntFunction;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Bad input (tasks, capacities, δ, the processor), the ABORT result, and the small contract. */
class FenceFreeContractTest {

    static Stream<Arguments> deques() {
        return Stream.of(
                Arguments.of("THE", (IntFunction<WorkStealingDeque<Long>>) TheDeque::new),
                Arguments.of("FF-THE", (IntFunction<WorkStealingDeque<Long>>) c -> new FfTheDeque<>(c, 1)),
                Arguments.of("FF-CL", (IntFunction<WorkStealingDeque<Long>>) c -> new FfClDeque<>(c, 1)),
                Arguments.of("THEP", (IntFunction<WorkStealingDeque<Long>>) c -> new ThepDeque<>(c, 1)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("deques")
    void capacityMustBeAPowerOfTwoOfAtLeastTwo(String name, IntFunction<WorkStealingDeque<Long>> factory) {
        for (int bad : new int[] {Integer.MIN_VALUE, -4, -1, 0, 1, 3, 6, 100, (1 << 30) + 1, Integer.MAX_VALUE}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> factory.apply(bad),
                    "capacity " + bad);
            assertTrue(e.getMessage().contains("power of two"), e.getMessage());
        }
        assertEquals(1 << 16, factory.apply(1 << 16).capacity());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("deques")
    void nullPushThrowsAndStoresNothing(String name, IntFunction<WorkStealingDeque<Long>> factory) {
        WorkStealingDeque<Long> q = factory.apply(4);
        assertTrue(q.push(1L));
        assertThrows(NullPointerException.class, () -> q.push(null));
        assertEquals(1, q.sizeEstimate());
        assertEquals(1L, q.pop());
        assertNull(q.pop());
        assertNull(q.steal());
        assertEquals(StealResult.Status.EMPTY, q.trySteal().status());
    }

    /** THEP's steals may wait for the owner's echo; the others' return at once or abort. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("deques")
    void onlyThepSaysItsStealsWaitForTheOwner(String name, IntFunction<WorkStealingDeque<Long>> factory) {
        assertEquals(name.equals("THEP"), factory.apply(4).stealWaitsForOwner());
    }

    @Test
    void deltaOfTheAbortingDequesMustBeBetweenOneAndCapacityMinusOne() {
        for (int bad : new int[] {Integer.MIN_VALUE, -1, 0, 8, 9, Integer.MAX_VALUE}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new FfClDeque<>(8, bad));
            assertEquals("delta must be in [1, capacity - 1] = [1, 7] (a thief steals only when it sees more than"
                    + " delta tasks), got " + bad, e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> new FfTheDeque<>(8, bad));
        }
        assertEquals(7, new FfClDeque<Long>(8, 7).delta());
        assertEquals(1, new FfTheDeque<Long>(8, 1).delta());
        // The default δ (64 with the conservative bound) needs a larger deque.
        assertThrows(IllegalArgumentException.class, () -> new FfClDeque<>(64));
        assertEquals(BoundedTso.defaultDelta(), new FfClDeque<Long>(128).delta());
    }

    @Test
    void thepAcceptsAnyPositiveDelta() {
        assertEquals("delta must be at least 1, got 0",
                assertThrows(IllegalArgumentException.class, () -> new ThepDeque<>(8, 0)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> new ThepDeque<>(8, -5));
        assertEquals(Integer.MAX_VALUE, new ThepDeque<Long>(8, Integer.MAX_VALUE).delta()); // δ = ∞, §8.1
        assertEquals(BoundedTso.defaultDelta(), new ThepDeque<Long>(2).delta());
    }

    @Test
    void deltaFollowsTheReorderingBound() {
        assertEquals(33, BoundedTso.delta(65, 2)); // this EPYC: 64-entry store buffer, S = 65, x = 1
        assertEquals(17, BoundedTso.delta(33, 2)); // Westmere-EX with the CilkPlus default (§8.1)
        assertEquals(33, BoundedTso.delta(33, 1));
        assertEquals(1, BoundedTso.delta(1, 5));
        assertThrows(IllegalArgumentException.class, () -> BoundedTso.delta(0, 1));
        assertThrows(IllegalArgumentException.class, () -> BoundedTso.delta(10, 0));
        String saved = System.getProperty(BoundedTso.REORDERING_BOUND_PROPERTY);
        try {
            System.clearProperty(BoundedTso.REORDERING_BOUND_PROPERTY);
            assertEquals(BoundedTso.CONSERVATIVE_REORDERING_BOUND, BoundedTso.reorderingBound());
            assertEquals(64, BoundedTso.defaultDelta());
            System.setProperty(BoundedTso.REORDERING_BOUND_PROPERTY, " 65 ");
            assertEquals(33, BoundedTso.defaultDelta());
            assertEquals(33, new FfClDeque<Long>(64).delta());
            for (String bad : new String[] {"0", "-3", "many", ""}) {
                System.setProperty(BoundedTso.REORDERING_BOUND_PROPERTY, bad);
                IllegalArgumentException e = assertThrows(IllegalArgumentException.class, BoundedTso::reorderingBound);
                assertTrue(e.getMessage().startsWith(BoundedTso.REORDERING_BOUND_PROPERTY), e.getMessage());
            }
        } finally {
            if (saved == null) {
                System.clearProperty(BoundedTso.REORDERING_BOUND_PROPERTY);
            } else {
                System.setProperty(BoundedTso.REORDERING_BOUND_PROPERTY, saved);
            }
        }
    }

    /** Every δ at capacity 8: δ tasks give ABORT (EMPTY for THE), δ + 1 give the oldest. */
    @Test
    void stealsStartExactlyBeyondDelta() {
        for (int delta = 0; delta < 8; delta++) {
            java.util.List<WorkStealingDeque<Long>> qs = new java.util.ArrayList<>();
            if (delta == 0) {
                qs.add(new TheDeque<>(8));
            } else {
                qs.add(new FfTheDeque<>(8, delta));
                qs.add(new FfClDeque<>(8, delta));
            }
            qs.add(new ThepDeque<>(8, Math.max(1, delta)));
            for (WorkStealingDeque<Long> q : qs) {
                int d = q instanceof ThepDeque ? Math.max(1, delta) : delta;
                for (long t = 1; t <= d; t++) {
                    q.push(t);
                }
                StealResult.Status within = d == 0 ? StealResult.Status.EMPTY : StealResult.Status.ABORT;
                assertEquals(within, q.trySteal().status(), q + ": " + d + " tasks"); // THEP: the owner's give-up
                q.push(d + 1L);
                assertEquals("STOLEN 1", q.trySteal().toString(), q + ": " + (d + 1) + " tasks");
            }
        }
    }

    @Test
    void abortingStealsSayAbortWithinDeltaOfTheTail() {
        for (WorkStealingDeque<Long> q : java.util.List.<WorkStealingDeque<Long>>of(
                new FfClDeque<>(8, 2), new FfTheDeque<>(8, 2))) {
            assertSame(StealResult.empty(), q.trySteal());
            q.push(1L);
            q.push(2L);
            assertSame(StealResult.abort(), q.trySteal(), q + ": 2 tasks, δ 2");
            assertNull(q.steal(), q + ": steal() answers null for ABORT");
            assertEquals(2, q.sizeEstimate(), q + ": ABORT leaves the deque as it was");
            q.push(3L);
            StealResult<Long> r = q.trySteal(); // 3 tasks: the oldest is more than δ from the tail
            assertEquals(StealResult.Status.STOLEN, r.status(), q.toString());
            assertEquals(1L, r.task());
            assertEquals("STOLEN 1", r.toString());
            assertEquals(StealResult.Status.ABORT, q.trySteal().status());
            assertEquals(0, q.stealInto(new FfClDeque<>(8, 1), 5), q + ": a batch stops at ABORT");
            assertEquals(3L, q.pop());
            assertEquals(2L, q.pop());
            assertNull(q.pop());
            assertSame(StealResult.empty(), q.trySteal());
        }
    }

    @Test
    void thepBatchStealStopsWhereAStealWouldWait() {
        ThepDeque<Long> q = new ThepDeque<>(8, 2);
        for (long t = 1; t <= 5; t++) {
            q.push(t);
        }
        TheDeque<Long> dest = new TheDeque<>(8);
        assertEquals(3, q.stealInto(dest, 8), "5 tasks, δ 2: three are certain");
        assertEquals(2, q.sizeEstimate());
        assertEquals(1L, dest.steal(), "the oldest were moved, in order");
        assertSame(StealResult.empty(), new TheDeque<Long>(2).trySteal(), "THE never aborts");
        assertEquals(5L, q.pop());
        assertEquals(4L, q.pop());
        assertNull(q.pop());
    }

    /** Before the owner check, the owner's steal of a deque holding 1..δ tasks waited for ever. */
    @Test
    void thepOwnerStealingFromItselfNeverWaits() {
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
            ThepDeque<Long> q = new ThepDeque<>(8, 2);
            assertSame(StealResult.empty(), q.trySteal());
            q.push(1L);
            assertSame(StealResult.abort(), q.trySteal(), "1 task, δ 2: a thief would wait for the echo");
            assertNull(q.steal());
            q.push(2L);
            assertSame(StealResult.abort(), q.trySteal(), "2 tasks, δ 2");
            assertEquals(2, q.sizeEstimate(), "the owner's give-up restored H");
            q.push(3L);
            assertEquals(StealResult.stolen(1L).toString(), q.trySteal().toString(), "3 tasks, δ 2: certain");
            assertEquals(3L, q.pop());
            assertEquals(2L, q.pop());
            assertNull(q.pop());
            assertSame(StealResult.empty(), q.trySteal());
        });
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("deques")
    void pushToAFullDequeFailsAndLosesNothing(String name, IntFunction<WorkStealingDeque<Long>> factory) {
        WorkStealingDeque<Long> q = factory.apply(8);
        for (long t = 1; t <= 8; t++) {
            assertTrue(q.push(t));
        }
        assertFalse(q.push(9L));
        assertEquals(8, q.sizeEstimate());
        assertEquals(0, q.remainingCapacity());
        for (long t = 8; t >= 1; t--) {
            assertEquals(t, q.pop());
        }
        assertNull(q.pop());
        assertTrue(q.remainingCapacity() >= 7, "at most one slot held back: " + q.remainingCapacity());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("deques")
    void foreignThreadIsCaughtOnTheDocumentedPaths(String name, IntFunction<WorkStealingDeque<Long>> factory) {
        WorkStealingDeque<Long> empty = factory.apply(4);
        ExecutionException e = assertThrows(ExecutionException.class,
                () -> CompletableFuture.supplyAsync(empty::pop).get());
        assertTrue(e.getCause() instanceof IllegalStateException, e.toString());
        assertTrue(empty.push(1L), "the caught pop restored the deque");
        assertEquals(1L, empty.pop());
        assertTrue(empty.toString().contains("capacity 4"), empty.toString());
    }
}
