package io.github.taskpools.baselines.numapq;

import io.github.taskpools.numapq.ConcurrentPriorityQueue;
import io.github.taskpools.numapq.Event;
import java.util.Comparator;
import java.util.OptionalLong;
import java.util.concurrent.PriorityBlockingQueue;

/**
 * The JDK baseline: {@link PriorityBlockingQueue}, a binary heap behind one lock, ordered by key.
 */
public final class BlockingHeapPriorityQueue<E> implements ConcurrentPriorityQueue<E> {
    private final PriorityBlockingQueue<Event<E>> q =
            new PriorityBlockingQueue<>(64, Comparator.comparingLong(Event::key));

    @Override
    public void offer(long key, E value) {
        q.offer(new Event<>(key, value));
    }

    @Override
    public Event<E> poll() {
        return q.poll();
    }

    @Override
    public OptionalLong peekKey() {
        Event<E> e = q.peek();
        return e == null ? OptionalLong.empty() : OptionalLong.of(e.key());
    }

    @Override
    public long size() {
        return q.size();
    }
}
