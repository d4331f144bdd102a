package io.github.taskpools.salsa;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A node of a chunk list (Algorithm 3, lines 40-43): a chunk, the index of its taken prefix, and
 * the ownership epoch ({@link Chunk}'s word and generation) the node belongs to.
 *
 * <p>{@code idx} is the index of the last task taken, or of the task about to be taken, by the
 * consumer owning the chunk through this node (§5.2.2); -1 initially. A stealer that owns the chunk
 * after its CAS may assume that every slot up to {@code idx} is taken or will be taken by the
 * victim, and it gives its new node an index at least as large (Lemma 8: indices are monotonic).
 */
final class Node {
    static final VarHandle C;
    static final VarHandle IDX;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            C = l.findVarHandle(Node.class, "c", Chunk.class);
            IDX = l.findVarHandle(Node.class, "idx", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * The chunk, or null once it is finished, stolen or found dead ({@link #isDead}); release
     * stores of null by any consumer that learns one of these, acquire loads.
     */
    private Chunk c;
    /**
     * Single writer: the consumer owning the chunk through this node. It keeps its own copy (read
     * once, opaque, when the node becomes its current one) and stores it opaque (asymmetric fence)
     * or volatile (full fence); stealers and {@code hasTasks} load it volatile. (In SALSA+CAS it is
     * a hint that every taker stores opaque, see {@code ScPool.casTakeFrom}.) The first value is a plain store before the node is
     * published (the constructor's, or a stealer's store after its ownership CAS), published with
     * the node by the release store of {@code ChunkList.Cell}.
     */
    int idx;
    /** The owner word of this node's epoch. */
    final long word;
    /** The chunk's reuse generation when the epoch began. */
    final int gen;

    Node(Chunk c, int idx, long word, int gen) {
        this.c = c;
        this.idx = idx;
        this.word = word;
        this.gen = gen;
    }

    Chunk chunk() {
        return (Chunk) C.getAcquire(this);
    }

    void clearChunk() {
        C.setRelease(this, null);
    }

    /**
     * Whether no task can be reached through this node any more: its chunk is gone, or the chunk
     * was retired since this node's epoch began (see {@link ChunkList}). A volatile load of the
     * generation; a stale (older) value only makes the answer false, and a later call sees it.
     */
    boolean isDead() {
        Chunk ch = chunk();
        return ch == null || ch.generation() != gen;
    }

    int idxVolatile() {
        return (int) IDX.getVolatile(this);
    }
}
