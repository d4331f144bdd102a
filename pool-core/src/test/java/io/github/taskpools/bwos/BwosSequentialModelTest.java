package io.github.taskpools.bwos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.taskpools.testkit.DequeModel;
import java.util.ArrayDeque;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Random operation sequences against an {@link java.util.ArrayDeque} model, through many rounds of
 * wrap-around, for shapes from the smallest legal queue (2 blocks of 1 entry for FIFO, 3 for LIFO,
 * where every operation is at a block boundary) to the paper's default (8 blocks of 64). FIFO is
 * also run with grant on request interleaved ({@link #fifoWithRequests}).
 */
class BwosSequentialModelTest {

    static Stream<Arguments> shapes() {
        return Stream.of(
                Arguments.of(2, 1), Arguments.of(2, 2), Arguments.of(3, 4), Arguments.of(4, 7),
                Arguments.of(5, 3), Arguments.of(8, 64), Arguments.of(16, 2));
    }

    /** LIFO BWoS needs three blocks at least. */
    static Stream<Arguments> lifoShapes() {
        return Stream.of(
                Arguments.of(3, 1), Arguments.of(3, 2), Arguments.of(3, 4), Arguments.of(4, 7),
                Arguments.of(5, 3), Arguments.of(8, 64), Arguments.of(16, 2));
    }

    private static DequeModel.Spec lifoSpec(int blocks, int size) {
        return new DequeModel.Spec() {
            @Override
            public boolean lifo() {
                return true;
            }

            @Override
            public boolean stealTakesOldest() {
                return true; // thieves take the bottom block's lowest unclaimed entry
            }

            @Override
            public int minSizeWhenFull(int capacity) {
                return (blocks - 1) * size; // every block but the thieves' exhausted one is full
            }

            @Override
            public int maxSizeWhenStealFails() {
                return size; // everything left is in the owner's block
            }
        };
    }

    private static DequeModel.Spec fifoSpec(int size) {
        return new DequeModel.Spec() {
            @Override
            public boolean lifo() {
                return false;
            }

            @Override
            public boolean stealTakesOldest() {
                return false; // thieves steal from the middle, the consumer keeps the front block
            }

            @Override
            public int minSizeWhenFull(int capacity) {
                return 1; // the consumer's unfinished block pins the ring
            }

            @Override
            public int maxSizeWhenStealFails() {
                return size; // everything left is in the consumer's block
            }
        };
    }

    @ParameterizedTest(name = "LIFO {0} x {1}")
    @MethodSource("lifoShapes")
    void lifo(int blocks, int size) {
        for (long seed = 1; seed <= 4; seed++) {
            DequeModel.run(() -> new LifoBwosDeque<>(blocks, size), lifoSpec(blocks, size), seed, 60_000);
        }
    }

    @ParameterizedTest(name = "FIFO {0} x {1}")
    @MethodSource("shapes")
    void fifo(int blocks, int size) {
        for (long seed = 1; seed <= 4; seed++) {
            DequeModel.run(() -> new FifoBwosDeque<>(blocks, size), fifoSpec(size), seed, 60_000);
        }
    }

    @ParameterizedTest(name = "FIFO randomized {0} x {1}")
    @MethodSource("shapes")
    void fifoRandomized(int blocks, int size) {
        for (long seed = 1; seed <= 4; seed++) {
            DequeModel.run(() -> new FifoBwosDeque<>(blocks, size, true), fifoSpec(size), seed, 60_000);
        }
    }

    /**
     * Shapes for grant on request: two-block rings (where a cut block pins half the ring), and
     * blocks of at least 3 entries, where a grant on request is common. With 1 entry a block that
     * holds a task is full; with 2 the consumer rarely holds a task in the producer's block with
     * room left, since its takeover of that block gets the first entry at once.
     */
    static Stream<Arguments> requestShapes() {
        return Stream.of(
                Arguments.of(2, 1), Arguments.of(2, 3), Arguments.of(2, 8), Arguments.of(3, 4),
                Arguments.of(4, 7), Arguments.of(5, 3), Arguments.of(8, 64), Arguments.of(16, 2));
    }

    @ParameterizedTest(name = "FIFO with requests {0} x {1}")
    @MethodSource("requestShapes")
    void fifoWithRequests(int blocks, int size) {
        for (long seed = 1; seed <= 4; seed++) {
            runWithRequests(new FifoBwosDeque<>(blocks, size), size, seed, 60_000);
        }
    }

    @ParameterizedTest(name = "FIFO randomized with requests {0} x {1}")
    @MethodSource("requestShapes")
    void fifoRandomizedWithRequests(int blocks, int size) {
        for (long seed = 1; seed <= 4; seed++) {
            runWithRequests(new FifoBwosDeque<>(blocks, size, true), size, seed, 60_000);
        }
    }

    /**
     * The FIFO random-operation model of {@link DequeModel#run} with {@code requestGrant}
     * interleaved: plain requests at random, and a thief's round (steal; on failure a request; then
     * the owner's push) after which a steal must succeed whenever the deque held a task or a request
     * was pending. A request stays pending until the owner's next successful push, which must
     * answer it with a grant: in one thread no thief is ever copying out, so round control never
     * refuses, and the consumer leaves the producer's block only when the producer moves on. With
     * blocks of one entry a block holding a task is full, so every answer is the grant at reset.
     * Phases biased towards pushes or towards takes fill and drain the ring many times, through
     * wrap-around and round changes; pops must follow the model's FIFO order throughout, and the
     * size estimate must be exact.
     */
    private static void runWithRequests(FifoBwosDeque<Long> q, int size, long seed, int steps) {
        FifoBwosDeque<Long> sink = new FifoBwosDeque<>(2, 256);
        ArrayDeque<Long> model = new ArrayDeque<>();
        SplittableRandom rnd = new SplittableRandom(seed);
        long next = 1;
        int pushBias = 70;
        boolean[] pending = new boolean[1];
        for (int step = 0; step < steps; step++) {
            if (step % 997 == 0) {
                pushBias = rnd.nextInt(10, 91);
            }
            int op = rnd.nextInt(100);
            String where = " (seed " + seed + ", step " + step + ", model size " + model.size() + ")";
            if (op < pushBias) {
                push(q, model, pending, next++, where);
            } else if (op < pushBias + (100 - pushBias) / 2) {
                assertEquals(model.pollFirst(), q.pop(), "pop" + where);
            } else if (op < 90) {
                Long got = q.steal();
                if (got == null) {
                    assertTrue(model.size() <= size, "steal found nothing" + where);
                    if (rnd.nextBoolean()) {
                        thiefRound(q, model, pending, next++, where);
                    }
                } else if (!model.remove(got)) {
                    fail("steal returned " + got + ", not in the deque" + where);
                }
            } else if (op < 96) {
                request(q, model, pending, where);
            } else {
                while (sink.pop() != null) {
                    // empty the sink between batches
                }
                int moved = q.stealInto(sink, 1 + rnd.nextInt(size + 1));
                for (int i = 0; i < moved; i++) {
                    Long got = sink.pop();
                    assertNotNull(got, "stealInto lost a task" + where);
                    if (!model.remove(got)) {
                        fail("stealInto moved " + got + ", not in the deque" + where);
                    }
                }
            }
            if (step % 16 == 0) {
                assertEquals(model.size(), q.sizeEstimate(), "sizeEstimate" + where);
            }
        }
        long answered = q.grantsOnRequest();
        assertTrue(size == 1 ? answered == 0 : size == 2 || answered > steps / 1000,
                answered + " grants on request (seed " + seed + ")");
        while (!model.isEmpty()) {
            assertEquals(model.pollFirst(), q.pop(), "final drain (seed " + seed + ")");
        }
        assertNull(q.pop(), "pop on an empty deque");
        assertNull(q.steal(), "steal on an empty deque");
        assertFalse(q.requestGrant(), "requestGrant on an empty deque");
        assertEquals(0, q.sizeEstimate(), "sizeEstimate of an empty deque");
    }

    /** A request; it must be made exactly when the deque holds a task (all hidden, or not). */
    private static void request(FifoBwosDeque<Long> q, ArrayDeque<Long> model, boolean[] pending, String where) {
        if (q.requestGrant()) {
            assertFalse(model.isEmpty(), "requestGrant with nothing hidden" + where);
            pending[0] = true;
        }
    }

    /**
     * The owner's push: a successful one answers a pending request with a grant (of the block the
     * producer moves to, on request or at reset) and grants nothing on request otherwise.
     */
    private static boolean push(FifoBwosDeque<Long> q, ArrayDeque<Long> model, boolean[] pending, long task,
            String where) {
        long grants = q.grantCount();
        long onRequest = q.grantsOnRequest();
        if (!q.push(task)) {
            assertFalse(model.isEmpty(), "push refused with an empty deque" + where);
            return false;
        }
        model.addLast(task);
        if (pending[0]) {
            assertEquals(grants + 1, q.grantCount(), "a request went unanswered" + where);
            pending[0] = false;
        } else {
            assertEquals(onRequest, q.grantsOnRequest(), "a grant on request that nobody asked for" + where);
        }
        return true;
    }

    /**
     * A thief whose steal failed asks for a grant; the owner pushes {@code task}; the thief steals
     * again, and must succeed if the deque held a task or a request was pending.
     */
    private static void thiefRound(FifoBwosDeque<Long> q, ArrayDeque<Long> model, boolean[] pending, long task,
            String where) {
        boolean held = !model.isEmpty();
        request(q, model, pending, where);
        boolean asked = pending[0];
        if (!push(q, model, pending, task, where)) {
            return;
        }
        Long got = q.steal();
        if (held || asked) {
            assertNotNull(got, "steal failed after a request and a push" + where);
        }
        if (got != null && !model.remove(got)) {
            fail("steal returned " + got + ", not in the deque" + where);
        }
    }

    /**
     * Grant on request, step by step: five tasks hidden in the consumer's block (which is the
     * producer's); a request; the next push moves the newer half, tasks 4-6, to the next block,
     * granted to thieves, and leaves 1-3 to the consumer, who then takes the next block over.
     */
    @Test
    void fifoGrantOnRequestMovesTheNewerHalf() {
        FifoBwosDeque<Long> q = new FifoBwosDeque<>(3, 8);
        assertFalse(q.requestGrant(), "nothing hidden yet");
        for (long t = 1; t <= 5; t++) {
            assertTrue(q.push(t));
        }
        assertNull(q.steal(), "the consumer's block is hidden from thieves");
        assertEquals(0, q.grantCount());
        assertTrue(q.requestGrant());
        assertTrue(q.requestGrant(), "a second request, still pending, is no error");
        assertTrue(q.push(6L));
        assertEquals(1, q.grantCount());
        assertEquals(1, q.grantsOnRequest());
        assertEquals(6, q.sizeEstimate());
        assertEquals(4L, q.steal());
        assertEquals(1L, q.pop());
        assertTrue(q.push(7L), "the request was cleared: this push is an ordinary one");
        assertEquals(1, q.grantsOnRequest());
        assertFalse(q.requestGrant(), "the consumer is no longer in the producer's block");
        assertEquals(2L, q.pop());
        assertEquals(3L, q.pop());
        assertEquals(5L, q.pop(), "at the cut the consumer takes the granted block over");
        assertEquals(6L, q.pop());
        assertEquals(7L, q.pop());
        assertNull(q.pop());
        assertNull(q.steal());
        assertEquals(0, q.sizeEstimate());
        assertEquals(1, q.grantCount());
    }

    /**
     * A stale request (a thief that saw the consumer in the producer's block just before the
     * producer moved on, planted here by hand) is dropped by the push that takes it up, and
     * cleared: later pushes are ordinary ones, even once the consumer is in the producer's block
     * again.
     */
    @Test
    void fifoStaleRequestIsDroppedAndCleared() {
        FifoBwosDeque<Long> q = new FifoBwosDeque<>(3, 4);
        for (long t = 1; t <= 5; t++) {
            assertTrue(q.push(t)); // 1-4 fill the consumer's block, 5 opens block 1, granted
        }
        assertFalse(q.requestGrant(), "the producer's block is granted");
        q.prodEnd = 0; // the stale request
        assertTrue(q.push(6L));
        assertEquals(0, q.grantsOnRequest(), "dropped: the consumer is not in the producer's block");
        for (long t = 1; t <= 5; t++) {
            assertEquals(t, q.pop()); // 5: the consumer takes block 1 over, and holds 6 there
        }
        assertTrue(q.push(7L));
        assertEquals(0, q.grantsOnRequest(), "a request dropped is a request cleared");
        assertNull(q.steal());
        assertEquals(6L, q.pop());
        assertEquals(7L, q.pop());
    }

    /** A request with nothing hidden is not made, and the next push grants nothing. */
    @Test
    void fifoRequestWithNothingHidden() {
        FifoBwosDeque<Long> q = new FifoBwosDeque<>(2, 4);
        assertFalse(q.requestGrant());
        assertTrue(q.push(1L));
        assertEquals(0, q.grantsOnRequest());
        assertNull(q.steal());
        assertEquals(1L, q.pop());
        assertFalse(q.requestGrant(), "the consumer has caught up with the producer");
        assertTrue(q.push(2L));
        assertEquals(0, q.grantCount());
        assertNull(q.steal());
    }
}
