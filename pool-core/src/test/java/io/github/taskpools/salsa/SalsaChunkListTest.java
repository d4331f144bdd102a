package io.github.taskpools.salsa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The lazy sweep of {@link ChunkList}: the end state of a steal that raced the chunk's retirement
 * (review finding 1), built deterministically: a node of an epoch whose chunk was then finished and
 * retired, still holding the chunk. The race that produces it in a real run (a stealer preempted
 * between its ownership CAS and its slot read while the victim takes the last slot by CAS) cannot
 * be forced without hooks in the steal path; {@link SalsaConservationTest} checks that no such
 * cell survives a stress run.
 */
class SalsaChunkListTest {

    @Test
    void nodeOfARetiredEpochIsDeadAndSweptOnAppend() {
        Chunk c = new Chunk(2, 0);
        Node stale = new Node(c, 0, c.ownerAcquire(), c.generation());
        ChunkList list = new ChunkList();
        list.append(stale);
        assertFalse(stale.isDead());
        assertEquals(0, list.deadCells());

        Chunk.SLOT.setRelease(c.tasks, 0, ScPool.TAKEN);
        Chunk.SLOT.setRelease(c.tasks, 1, ScPool.TAKEN);
        assertTrue(c.retire(), "every slot TAKEN and nobody pending: reusable");
        c.reassign(1); // a producer took it from the chunk pool for consumer 1

        assertTrue(stale.isDead(), "its epoch's generation is over");
        assertSame(c, stale.chunk(), "nobody took through it, so nobody cleared it");
        assertEquals(1, list.deadCells());

        Node live = new Node(c, -1, c.ownerAcquire(), c.generation());
        ChunkList.Cell cell = list.append(live);
        assertSame(cell, list.first(), "the dead cell was unlinked");
        assertNull(cell.next());
        assertEquals(0, list.deadCells());
        assertFalse(live.isDead());
    }

    @Test
    void nodeWithoutChunkIsSweptOnAppend() {
        Chunk c = new Chunk(1, 0);
        Node n = new Node(c, -1, c.ownerAcquire(), c.generation());
        ChunkList list = new ChunkList();
        list.append(n);
        n.clearChunk();
        Node other = new Node(new Chunk(1, 0), -1, 0, 0);
        ChunkList.Cell cell = list.append(other);
        assertSame(cell, list.first());
    }
}
