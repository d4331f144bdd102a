package io.github.taskpools.jmh.baseline;

import org.openjdk.jmh.annotations.CompilerControl;

/**
 * The sequential ring of {@link SeqRing} cut into blocks the way BWoS FIFO cuts its queue (BWoS
 * paper §3.1, §4.2.2), with no thieves and so no synchronisation: the owner's paths of
 * {@code FifoBwosDeque} without the release store of B that each of its puts makes for thieves in
 * the producer's block. Against BWoS FIFO it shows what that store and the takeover cost one
 * owner; against the plain ring, what the blocks cost.
 *
 * <p>Blocks are used in ring order by sequence number, as in BWoS. The producer fills block
 * {@code prod} and moves to {@code prod + 1} when it is full, unless that block is still the
 * consumer's (then the ring is full). The consumer takes from block {@code cons} up to its end, or
 * up to {@code putSlot} while it is in the producer's block, and moves to {@code cons + 1} when it
 * has taken the whole block, unless it already is in the producer's block (then the ring is
 * empty). So room comes back a block at a time, as in BWoS FIFO. The block switches are out of line
 * ({@code DONT_INLINE}) for the reason given in {@link SeqBlockStack}. Like the deques, it refuses
 * null tasks and clears the slot of a task it returns.
 */
public final class SeqBlockRing {
    private final Object[] items;
    private final int blockCount;
    private final int blockSize;
    /** Sequence number of the producer's block; its slots are {@code [.., prodEnd)}. */
    private long prod;
    private int putSlot;
    private int prodEnd;
    /** Sequence number of the consumer's block, at most {@code prod}. */
    private long cons;
    private int getSlot;
    private int consEnd;
    /** {@code cons == prod}: the consumer takes up to {@code putSlot}, not to the block's end. */
    private boolean consInProd = true;

    /**
     * A ring of {@code capacity} slots in {@code blocks} blocks.
     *
     * @throws IllegalArgumentException unless {@code blocks >= 2} and {@code capacity} is a
     *     positive multiple of {@code blocks}
     */
    public SeqBlockRing(int capacity, int blocks) {
        if (blocks < 2 || capacity < 1 || capacity % blocks != 0) {
            throw new IllegalArgumentException("capacity " + capacity + " must be a positive multiple of "
                    + blocks + " blocks, at least 2");
        }
        this.items = new Object[capacity];
        this.blockCount = blocks;
        this.blockSize = capacity / blocks;
        this.prodEnd = blockSize;
        this.consEnd = blockSize;
    }

    /**
     * Adds a task at the tail; {@code false} if the ring is full.
     *
     * @throws NullPointerException if {@code task} is null
     */
    public boolean offer(Object task) {
        if (task == null) {
            throw new NullPointerException("null is not a task");
        }
        int slot = putSlot;
        if (slot < prodEnd) {
            items[slot] = task;
            putSlot = slot + 1;
            return true;
        }
        return offerNextBlock(task);
    }

    /** The producer's block is full: move to the next one, unless the consumer still holds it. */
    @CompilerControl(CompilerControl.Mode.DONT_INLINE)
    private boolean offerNextBlock(Object task) {
        long n = prod + 1;
        while (n - cons >= blockCount) {
            if (getSlot < consEnd || !nextConsumerBlock()) {
                return false;
            }
        }
        prod = n;
        putSlot = base(n);
        prodEnd = putSlot + blockSize;
        consInProd = false;
        items[putSlot++] = task;
        return true;
    }

    /** Removes the oldest task, or returns {@code null} if the ring is empty. */
    public Object poll() {
        int slot = getSlot;
        if (slot < (consInProd ? putSlot : consEnd)) {
            Object task = items[slot];
            items[slot] = null;
            getSlot = slot + 1;
            return task;
        }
        return pollNextBlock();
    }

    /** The consumer's block has nothing left: move to the next one, unless it is the producer's. */
    @CompilerControl(CompilerControl.Mode.DONT_INLINE)
    private Object pollNextBlock() {
        while (getSlot == consEnd && nextConsumerBlock()) {
            if (getSlot < (consInProd ? putSlot : consEnd)) {
                return poll();
            }
        }
        return null;
    }

    /** Moves the consumer, which has taken its whole block, to the next one; false if it is the producer's. */
    private boolean nextConsumerBlock() {
        if (cons == prod) {
            return false;
        }
        long n = ++cons;
        getSlot = base(n);
        consEnd = getSlot + blockSize;
        consInProd = n == prod;
        return true;
    }

    private int base(long seq) {
        return (int) (seq % blockCount) * blockSize;
    }

    public int capacity() {
        return items.length;
    }
}
