package io.github.taskpools.bwos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.taskpools.api.WorkStealingDeque;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.BiFunction;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Bad input gets a clear exception and loses nothing. */
class BwosBadInputTest {

    static Stream<Arguments> kinds() {
        BiFunction<Integer, Integer, WorkStealingDeque<Long>> lifo = LifoBwosDeque::new;
        BiFunction<Integer, Integer, WorkStealingDeque<Long>> fifo = FifoBwosDeque::new;
        return Stream.of(Arguments.of("LIFO", lifo), Arguments.of("FIFO", fifo));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void badShapesAreRejected(String name, BiFunction<Integer, Integer, WorkStealingDeque<Long>> make) {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> make.apply(1, 64)).getMessage()
                .endsWith("got 1"));
        assertThrows(IllegalArgumentException.class, () -> make.apply(0, 64));
        assertThrows(IllegalArgumentException.class, () -> make.apply(1 << 17, 1));
        assertEquals("blockSize must be positive, got 0",
                assertThrows(IllegalArgumentException.class, () -> make.apply(8, 0)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> make.apply(8, -3));
        assertThrows(IllegalArgumentException.class, () -> make.apply(1 << 10, 1 << 20));
    }

    @Test
    void lifoNeedsThreeBlocks() {
        assertEquals("LIFO BWoS needs at least 3 blocks, got 2",
                assertThrows(IllegalArgumentException.class, () -> new LifoBwosDeque<Long>(2, 8)).getMessage());
        assertEquals(16, new FifoBwosDeque<Long>(2, 8).capacity());
    }

    @Test
    void stealIntoAForeignDestinationTakesNothing() throws Exception {
        LifoBwosDeque<Long> victim = new LifoBwosDeque<>(3, 1);
        for (long t = 1; t <= 3; t++) {
            victim.push(t);
        }
        LifoBwosDeque<Long> notMine = new LifoBwosDeque<>(3, 4);
        ExecutionException e = assertThrows(ExecutionException.class,
                () -> CompletableFuture.supplyAsync(() -> victim.stealInto(notMine, 4)).get());
        assertTrue(e.getCause() instanceof IllegalStateException, e.toString());
        assertEquals(3, victim.sizeEstimate(), "nothing left the victim");
    }

    @Test
    void badCapacitiesAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> LifoBwosDeque.withCapacity(0));
        assertThrows(IllegalArgumentException.class, () -> FifoBwosDeque.withCapacity(-1));
        // The refusal names the capacity the caller passed, not a product it computed from it.
        String m = assertThrows(IllegalArgumentException.class,
                () -> LifoBwosDeque.withCapacity((1 << 28) + 1)).getMessage();
        assertTrue(m.startsWith("capacity") && m.endsWith("got " + ((1 << 28) + 1)), m);
        LifoBwosDeque<Long> q = LifoBwosDeque.withCapacity(8192);
        assertEquals(8, q.blockCount());
        assertEquals(1024, q.blockSize());
        assertEquals(8 * 64, LifoBwosDeque.withCapacity(10).capacity()); // at least 64 entries a block
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void nullTaskIsRejectedAndNothingStored(String name, BiFunction<Integer, Integer, WorkStealingDeque<Long>> make) {
        WorkStealingDeque<Long> q = make.apply(3, 2);
        q.push(1L);
        assertThrows(NullPointerException.class, () -> q.push(null));
        assertEquals(1, q.sizeEstimate());
        assertEquals(1L, q.pop());
        assertNull(q.pop());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void fullQueueRefusesAndLosesNothing(String name, BiFunction<Integer, Integer, WorkStealingDeque<Long>> make) {
        WorkStealingDeque<Long> q = make.apply(4, 3);
        long n = 0;
        while (q.push(n + 1)) {
            n++;
        }
        assertEquals(q.capacity(), n, "an untouched queue holds its full capacity");
        assertEquals(0, q.remainingCapacity());
        assertFalse(q.push(-1L));
        assertFalse(q.push(-2L));
        assertEquals(n, q.sizeEstimate());
        long sum = 0;
        for (Long t; (t = q.pop()) != null; ) {
            assertTrue(t > 0, "a refused task was stored");
            sum += t;
        }
        assertEquals(n * (n + 1) / 2, sum);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void foreignOwnerCallsAreCaughtAtBlockBoundaries(String name,
            BiFunction<Integer, Integer, WorkStealingDeque<Long>> make) throws Exception {
        WorkStealingDeque<Long> q = make.apply(3, 1); // every push crosses a block boundary
        assertTrue(q.push(1L));
        ExecutionException pushError = assertThrows(ExecutionException.class,
                () -> CompletableFuture.runAsync(() -> q.push(2L)).get());
        assertTrue(pushError.getCause() instanceof IllegalStateException, pushError.toString());
        assertTrue(pushError.getCause().getMessage().startsWith("owner-only operation called from"));
        assertEquals(1L, q.pop());
        ExecutionException popError = assertThrows(ExecutionException.class,
                () -> CompletableFuture.supplyAsync(q::pop).get());
        assertTrue(popError.getCause() instanceof IllegalStateException, popError.toString());
        assertEquals(0, q.sizeEstimate(), "the refused calls changed nothing");
        // Ownership can be handed over explicitly.
        CompletableFuture.runAsync(() -> {
            q.bindOwner();
            assertTrue(q.push(3L));
            assertTrue(q.push(4L));
        }).get();
        assertThrows(IllegalStateException.class, () -> {
            while (q.pop() != null) {
                // the first pop is a fast-path pop; the walk back is checked
            }
        });
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void stealIntoRejectsBadArguments(String name, BiFunction<Integer, Integer, WorkStealingDeque<Long>> make) {
        WorkStealingDeque<Long> q = make.apply(3, 2);
        WorkStealingDeque<Long> other = make.apply(3, 2);
        assertThrows(IllegalArgumentException.class, () -> q.stealInto(q, 1));
        assertThrows(IllegalArgumentException.class, () -> q.stealInto(other, 0));
    }
}
