package io.github.taskpools.salsa;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A single-writer, multi-reader list of nodes (§5.1): a producer's chunk list in one consumer's
 * pool, or a consumer's steal list. Only the writer adds, replaces and unlinks cells; readers
 * (the pool's consumer, stealers, emptiness checks) walk it concurrently without locks.
 *
 * <p>Cells rather than nodes are linked because a stealer's steal list holds the victim's node for
 * a while (Algorithm 5, line 116) while that node is still in the victim's list. An unlinked
 * cell keeps its {@code next}, so a reader standing on it walks on into the list; a reader can
 * miss only cells appended after it passed, which the callers tolerate (they retry, and the
 * emptiness check of §5.5 accounts for tasks added during a traversal). Cells whose node is dead
 * are unlinked lazily, on the writer's next append (§5.1: "lazily reclaimed"). A node is dead when
 * it has lost its chunk, or when its chunk was retired after the node's epoch began (the chunk's
 * generation is no longer the node's): every slot of that epoch was TAKEN before the generation
 * moved, and the generation only grows, so no task can be reached through such a node again. The
 * second case is a stealer's new node published for a chunk whose last task the victim took by
 * CAS while the stealer was between its ownership CAS and its read of the slot (see {@link Chunk});
 * nobody takes through that node, so nobody clears its chunk, and without the generation test the
 * cell would stay in the steal list for good, pinning a reused chunk.
 */
final class ChunkList {
    /** A list cell; {@code node} and {@code next} are release stores by the writer, acquire loads. */
    static final class Cell {
        static final VarHandle NODE;
        static final VarHandle NEXT;

        static {
            try {
                MethodHandles.Lookup l = MethodHandles.lookup();
                NODE = l.findVarHandle(Cell.class, "node", Node.class);
                NEXT = l.findVarHandle(Cell.class, "next", Cell.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        private Node node;
        private Cell next;

        Cell(Node node) {
            this.node = node;
        }

        Node node() {
            return (Node) NODE.getAcquire(this);
        }

        /** Replaces the node (line 133: the stolen node by the stealer's copy). Writer only. */
        void set(Node value) {
            NODE.setRelease(this, value);
        }

        Cell next() {
            return (Cell) NEXT.getAcquire(this);
        }
    }

    /** Sentinel; never unlinked. */
    private final Cell head = new Cell(null);
    /** The last cell; writer only, plain. */
    private Cell tail = head;

    /** The first cell, or null. */
    Cell first() {
        return head.next();
    }

    /** Appends {@code node} after unlinking cells whose node is dead (see above). Writer only. */
    Cell append(Node node) {
        Cell prev = head;
        for (Cell c = head.next; c != null; c = c.next) {
            if (c.node.isDead()) {
                Cell.NEXT.setRelease(prev, c.next);
            } else {
                prev = c;
            }
        }
        tail = prev;
        Cell cell = new Cell(node);
        Cell.NEXT.setRelease(tail, cell);
        tail = cell;
        return cell;
    }

    /**
     * Cells whose node is dead by its generation but still holds its chunk (a diagnostic for
     * tests: they pin a chunk until the list's writer appends, or a consume scan clears them).
     */
    int deadCells() {
        int n = 0;
        for (Cell c = first(); c != null; c = c.next()) {
            Node m = c.node();
            Chunk ch = m.chunk();
            if (ch != null && ch.generation() != m.gen) {
                n++;
            }
        }
        return n;
    }

    /** Unlinks {@code cell} if it is linked. Writer only. */
    void remove(Cell cell) {
        Cell prev = head;
        for (Cell c = head.next; c != null; prev = c, c = c.next) {
            if (c == cell) {
                Cell.NEXT.setRelease(prev, c.next);
                if (tail == c) {
                    tail = prev;
                }
                return;
            }
        }
    }
}
