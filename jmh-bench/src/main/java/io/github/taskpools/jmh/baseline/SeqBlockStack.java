package io.github.taskpools.jmh.baseline;

import org.openjdk.jmh.annotations.CompilerControl;

/**
 * The sequential stack of {@link SeqStack} cut into blocks the way BWoS LIFO cuts its queue (BWoS
 * paper §3.1), with no thieves and so no synchronisation: the owner's fast path of
 * {@code LifoBwosDeque} and nothing else. It answers what the blocks cost a single owner apart
 * from the concurrency they make room for, which the comparison of BWoS LIFO with the plain stack
 * cannot tell apart.
 *
 * <p>As in {@code LifoBwosDeque}, put writes at {@code putSlot} while it is below the end of the
 * owner's block and get takes below {@code putSlot} while it is above the block's front; when the
 * owner reaches the block's end (or front) it moves to the next (or previous) block on a separate
 * path, which also answers full (or empty) at the last (or first) block. BWoS's block advance is
 * large and cold and holds volatile accesses, so in a compiled caller's loop it is a call, or
 * inlined code that the compiler must assume writes any memory; either way the loop re-reads the
 * queue's fields after it. This class's block switch is plain arithmetic, which the compiler would
 * inline and optimise into the loop, so it is kept out of line ({@code DONT_INLINE}) to give the
 * caller's loop BWoS's shape. Like the deques, it refuses null tasks and clears the slot of a
 * task it returns.
 */
public final class SeqBlockStack {
    private final Object[] items;
    private final int blockSize;
    /** Index of the next free slot (BWoS's B of the owner's block, as an absolute index). */
    private int putSlot;
    /** First slot of the owner's block (its F). */
    private int frontSlot;
    /** One past the owner's block. */
    private int blockEnd;

    /**
     * A stack of {@code capacity} slots in {@code blocks} blocks.
     *
     * @throws IllegalArgumentException unless {@code blocks >= 1} and {@code capacity} is a
     *     positive multiple of {@code blocks}
     */
    public SeqBlockStack(int capacity, int blocks) {
        if (blocks < 1 || capacity < 1 || capacity % blocks != 0) {
            throw new IllegalArgumentException("capacity " + capacity + " must be a positive multiple of "
                    + blocks + " blocks");
        }
        this.items = new Object[capacity];
        this.blockSize = capacity / blocks;
        this.blockEnd = blockSize;
    }

    /**
     * Adds a task; {@code false} if the stack is full.
     *
     * @throws NullPointerException if {@code task} is null
     */
    public boolean push(Object task) {
        if (task == null) {
            throw new NullPointerException("null is not a task");
        }
        int slot = putSlot;
        if (slot < blockEnd) {
            items[slot] = task;
            putSlot = slot + 1;
            return true;
        }
        return pushNextBlock(task);
    }

    /** The owner's block is full: move to the next one, unless it was the last. */
    @CompilerControl(CompilerControl.Mode.DONT_INLINE)
    private boolean pushNextBlock(Object task) {
        if (blockEnd == items.length) {
            return false;
        }
        frontSlot = blockEnd;
        blockEnd += blockSize;
        items[putSlot++] = task;
        return true;
    }

    /** Removes the most recently pushed task, or returns {@code null} if the stack is empty. */
    public Object pop() {
        int slot = putSlot;
        if (slot > frontSlot) {
            slot--;
            Object task = items[slot];
            items[slot] = null;
            putSlot = slot;
            return task;
        }
        return popPreviousBlock();
    }

    /** The owner's block is empty: move back to the previous one, unless it was the first. */
    @CompilerControl(CompilerControl.Mode.DONT_INLINE)
    private Object popPreviousBlock() {
        if (frontSlot == 0) {
            return null;
        }
        blockEnd = frontSlot;
        frontSlot -= blockSize;
        return pop();
    }

    public int capacity() {
        return items.length;
    }
}
