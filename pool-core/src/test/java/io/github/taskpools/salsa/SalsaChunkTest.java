package io.github.taskpools.salsa;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link Chunk}'s slot encoding (⊥ is {@link Chunk#EMPTY}, TAKEN is null) and its refill on reuse,
 * which copies doubling prefixes: every slot of every size must come out EMPTY, including sizes
 * that are not powers of two, and a chunk with a slot not yet TAKEN must not be reused.
 */
class SalsaChunkTest {

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 5, 64, 999, 1000, 1024, 4001})
    void newAndRetiredChunksAreEmptyInEverySlot(int size) {
        Chunk c = new Chunk(size, 0);
        assertAllEmpty(c);
        for (int i = 0; i < size; i++) {
            Chunk.SLOT.setRelease(c.tasks, i, Integer.valueOf(i));
        }
        for (int i = 0; i < size; i++) {
            assertTrue(c.casTake(c.generation(), i, c.tasks[i]), "slot " + i);
            assertNull(c.tasks[i], "TAKEN is null");
        }
        int gen = c.generation();
        assertTrue(c.retire(), "every slot TAKEN and nobody pending: reusable");
        assertNotEquals(gen, c.generation(), "retiring ends the generation");
        assertAllEmpty(c);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 7, 1000})
    void aSlotStillHoldingATaskBlocksReuse(int size) {
        Chunk c = new Chunk(size, 0);
        for (int i = 0; i < size; i++) {
            Chunk.SLOT.setRelease(c.tasks, i, ScPool.TAKEN);
        }
        Object task = "last";
        Chunk.SLOT.setRelease(c.tasks, size - 1, task);
        assertFalse(c.retire(), "a slow-path taker still owes the last slot its CAS");
        assertSame(task, c.tasks[size - 1], "nothing was cleared");
    }

    private static void assertAllEmpty(Chunk c) {
        for (int i = 0; i < c.tasks.length; i++) {
            assertSame(Chunk.EMPTY, c.tasks[i], "slot " + i + " of " + c.tasks.length);
        }
    }
}
