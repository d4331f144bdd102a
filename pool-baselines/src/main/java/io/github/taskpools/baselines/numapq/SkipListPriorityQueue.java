package io.github.taskpools.baselines.numapq;

import io.github.taskpools.numapq.ConcurrentPriorityQueue;
import io.github.taskpools.numapq.Event;
import java.util.Comparator;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The lock-free JDK baseline: a {@link ConcurrentSkipListMap} keyed by (key, arrival number), so
 * equal keys coexist; poll is {@code pollFirstEntry}. The arrival counter is one shared
 * fetch-and-add.
 */
public final class SkipListPriorityQueue<E> implements ConcurrentPriorityQueue<E> {
    private record Ticket(long key, long seq) {
    }

    private static final Comparator<Ticket> ORDER =
            Comparator.comparingLong(Ticket::key).thenComparingLong(Ticket::seq);

    private final ConcurrentSkipListMap<Ticket, E> map = new ConcurrentSkipListMap<>(ORDER);
    private final AtomicLong arrivals = new AtomicLong();

    @Override
    public void offer(long key, E value) {
        Event<E> e = new Event<>(key, value); // rejects null
        map.put(new Ticket(key, arrivals.getAndIncrement()), e.value());
    }

    @Override
    public Event<E> poll() {
        Map.Entry<Ticket, E> e = map.pollFirstEntry();
        return e == null ? null : new Event<>(e.getKey().key(), e.getValue());
    }

    @Override
    public OptionalLong peekKey() {
        Map.Entry<Ticket, E> e = map.firstEntry();
        return e == null ? OptionalLong.empty() : OptionalLong.of(e.getKey().key());
    }

    /** Linear in the size (the skip list counts by traversal). */
    @Override
    public long size() {
        return map.size();
    }
}
