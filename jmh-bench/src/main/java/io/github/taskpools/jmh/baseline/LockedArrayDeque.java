package io.github.taskpools.jmh.baseline;

import java.util.ArrayDeque;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The naive concurrent work-stealing deque: a {@link ArrayDeque} bounded to a capacity and guarded
 * by one {@link ReentrantLock}. The owner pushes and pops at the tail (LIFO, as a work-stealing
 * owner does); {@link #steal()} would take from the head under the same lock.
 */
public final class LockedArrayDeque {
    private final ReentrantLock lock = new ReentrantLock();
    private final ArrayDeque<Object> deque;
    private final int capacity;

    public LockedArrayDeque(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be positive, got " + capacity);
        }
        this.capacity = capacity;
        this.deque = new ArrayDeque<>(capacity); // sized once: never grows while measured
    }

    /** Owner: adds a task at the tail; {@code false} if the deque holds {@code capacity} tasks. */
    public boolean push(Object task) {
        lock.lock();
        try {
            if (deque.size() >= capacity) {
                return false;
            }
            deque.addLast(task);
            return true;
        } finally {
            lock.unlock();
        }
    }

    /** Owner: removes the most recently pushed task, or {@code null}. */
    public Object pop() {
        lock.lock();
        try {
            return deque.pollLast();
        } finally {
            lock.unlock();
        }
    }

    /** Thief: removes the oldest task, or {@code null}. */
    public Object steal() {
        lock.lock();
        try {
            return deque.pollFirst();
        } finally {
            lock.unlock();
        }
    }

    public int capacity() {
        return capacity;
    }
}
