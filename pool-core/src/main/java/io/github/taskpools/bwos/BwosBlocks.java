package io.github.taskpools.bwos;

import static io.github.taskpools.arraydeque.DequeChecks.refusedWithinRoom;

import io.github.taskpools.api.RefusedTasksException;
import io.github.taskpools.api.WorkStealingDeque;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;

/**
 * The block array shared by {@link LifoBwosDeque} and {@link FifoBwosDeque} (BWoS paper §4.1).
 *
 * <p>A queue of capacity {@code blockCount * blockSize} is split into {@code blockCount} blocks of
 * {@code blockSize} ("NE") entries. Each block has four metadata words, each a 64-bit value holding
 * a round in its high 32 bits and an index or counter in its low 32 bits (§4.2.2):
 * <ul>
 *   <li>{@code F} (front position, f_pos),</li>
 *   <li>{@code B} (back position, b_pos),</li>
 *   <li>{@code S} (steal position, s_pos),</li>
 *   <li>{@code C} (finished-steal counter, s_cnt).</li>
 * </ul>
 * The words live in one {@code long[]} with {@value #STRIDE} longs (128 bytes, two cache lines,
 * as JCTools pads against adjacent-line prefetch) between neighbours, so no two words, and no word
 * and the array header, share a cache line.
 *
 * <p>Blocks are visited in <em>sequence numbers</em>: sequence {@code q} is block
 * {@code q % blockCount} in round {@code q / blockCount}. Sequence numbers only ever move by one, so
 * the owner and thieves can tell the block's current round from the words themselves (§3.3).
 * Rounds are compared modulo 2^32, like the paper's 32-bit round field; a thief would have to stall
 * for 2^32 rounds of the queue to be fooled by a wrapped round.
 *
 * <p>The checks on callers (the owner's thread, a null task, {@code stealInto}'s arguments and a
 * destination that refuses a claimed task) are {@code arraydeque.DequeChecks}', shared with the
 * array deques.
 */
abstract class BwosBlocks<E> implements WorkStealingDeque<E> {
    static final int STRIDE = 16;
    static final int F = 0;
    static final int B = 1;
    static final int S = 2;
    static final int C = 3;
    private static final int WORDS = 4;
    private static final long IDX_MASK = 0xFFFF_FFFFL;

    /** Largest number of blocks accepted. */
    public static final int MAX_BLOCKS = 1 << 16;
    /** Largest capacity accepted (blocks times block size). */
    public static final int MAX_CAPACITY = 1 << 28;

    static final VarHandle META = MethodHandles.arrayElementVarHandle(long[].class);

    final int blockCount;
    final int blockSize;
    /** Block metadata, see the class comment. */
    final long[] meta;
    /** The entries, block after block: entry {@code i} of block {@code k} is {@code k * NE + i}. */
    final Object[] entries;
    /** The owner; plain, written only by {@link #bindOwner()} whose contract gives happens-before. */
    Thread owner;

    BwosBlocks(int blockCount, int blockSize) {
        if (blockCount < 2 || blockCount > MAX_BLOCKS) {
            throw new IllegalArgumentException(
                    "blockCount must be in [2, " + MAX_BLOCKS + "], got " + blockCount);
        }
        if (blockSize < 1) {
            throw new IllegalArgumentException("blockSize must be positive, got " + blockSize);
        }
        if ((long) blockCount * blockSize > MAX_CAPACITY) {
            throw new IllegalArgumentException("blockCount * blockSize must be at most " + MAX_CAPACITY
                    + ", got " + blockCount + " * " + blockSize);
        }
        this.blockCount = blockCount;
        this.blockSize = blockSize;
        this.meta = new long[(blockCount * WORDS + 2) * STRIDE];
        this.entries = new Object[blockCount * blockSize];
        this.owner = Thread.currentThread();
    }

    /**
     * The block size used by {@code withCapacity} factories: the paper's defaults of 8 blocks of at
     * least 64 entries (§6.1).
     */
    static int defaultBlockSize(int capacity, int blockCount) {
        if (capacity < 1 || capacity > MAX_CAPACITY) {
            throw new IllegalArgumentException("capacity must be in [1, " + MAX_CAPACITY + "], got " + capacity);
        }
        return Math.max(64, (int) ((capacity + (long) blockCount - 1) / blockCount));
    }

    /** Offset in {@link #meta} of word {@code w} of block {@code k}. */
    static int off(int k, int w) {
        return (k * WORDS + w + 1) * STRIDE;
    }

    static long word(long round, int idx) {
        return (round << 32) | idx;
    }

    static int idx(long word) {
        return (int) (word & IDX_MASK);
    }

    static long round(long word) {
        return word >>> 32;
    }

    final int blockOf(long seq) {
        return (int) (seq % blockCount);
    }

    /** The round of sequence {@code seq}, truncated to the 32 bits a word holds. */
    final long roundOf(long seq) {
        return (seq / blockCount) & IDX_MASK;
    }

    static long previousRound(long round) {
        return (round - 1) & IDX_MASK;
    }

    @Override
    public final void bindOwner() {
        owner = Thread.currentThread();
    }

    @Override
    public final int capacity() {
        return blockCount * blockSize;
    }

    /** The number of blocks. */
    public final int blockCount() {
        return blockCount;
    }

    /** The number of entries per block. */
    public final int blockSize() {
        return blockSize;
    }

    /**
     * Pushes the first {@code n} of {@code tasks}, claimed from this deque in a batch, into the
     * thief's {@code destination}. The claim never exceeds {@code destination.remainingCapacity()},
     * so a refused push is a bug in the destination: the tasks not placed go back to the caller in
     * a {@link RefusedTasksException}, never dropped.
     */
    static <E> void pushAll(WorkStealingDeque<E> destination, E[] tasks, int n) {
        for (int i = 0; i < n; i++) {
            if (!destination.push(tasks[i])) {
                throw refusedWithinRoom(Arrays.asList(tasks).subList(i, n));
            }
        }
    }
}
