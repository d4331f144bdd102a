package io.github.taskpools.jmh.baseline;

/**
 * The ideal sequential FIFO baseline ("FIFO_seq" of the BWoS paper, §2.1.1 and §6.2.1): a bounded
 * ring buffer for one thread, with no support for stealing and so no synchronisation at all.
 *
 * <p>Head and tail are free-running {@code int} counters (their difference is the size, correct
 * across overflow) and the capacity is a power of two, so a slot is {@code counter & mask}, as in
 * the concurrent ring buffers it stands for. Like them it rejects a put when full, returns
 * {@code null} when empty and clears the slot of a taken task.
 */
public final class SeqRing {
    private final Object[] items;
    private final int mask;
    private int head;
    private int tail;

    public SeqRing(int capacity) {
        if (capacity < 1 || Integer.bitCount(capacity) != 1) {
            throw new IllegalArgumentException("capacity must be a power of two, got " + capacity);
        }
        this.items = new Object[capacity];
        this.mask = capacity - 1;
    }

    /** Adds a task at the tail; {@code false} if the ring is full. */
    public boolean offer(Object task) {
        int t = tail;
        if (t - head == items.length) {
            return false;
        }
        items[t & mask] = task;
        tail = t + 1;
        return true;
    }

    /** Removes the oldest task, or returns {@code null} if the ring is empty. */
    public Object poll() {
        int h = head;
        if (h == tail) {
            return null;
        }
        int slot = h & mask;
        Object task = items[slot];
        items[slot] = null;
        head = h + 1;
        return task;
    }

    public int capacity() {
        return items.length;
    }
}
