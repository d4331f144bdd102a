package io.github.taskpools.jmh.baseline;

/**
 * The ideal sequential LIFO baseline ("LIFO_seq" of the BWoS paper, §2.1.1 and §6.2.1): a bounded
 * array stack for one thread, with no support for stealing and so no synchronisation at all.
 *
 * <p>It does what a work-stealing deque's owner must do and nothing more: it rejects a put when
 * full, returns {@code null} when empty, and clears the slot of a popped task so that the stack
 * does not keep it reachable (every deque in the comparison does the same).
 */
public final class SeqStack {
    private final Object[] items;
    private int top;

    public SeqStack(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be positive, got " + capacity);
        }
        this.items = new Object[capacity];
    }

    /** Adds a task; {@code false} if the stack is full. */
    public boolean push(Object task) {
        int t = top;
        if (t == items.length) {
            return false;
        }
        items[t] = task;
        top = t + 1;
        return true;
    }

    /** Removes the most recently pushed task, or returns {@code null} if the stack is empty. */
    public Object pop() {
        int t = top;
        if (t == 0) {
            return null;
        }
        t--;
        Object task = items[t];
        items[t] = null;
        top = t;
        return task;
    }

    public int capacity() {
        return items.length;
    }
}
