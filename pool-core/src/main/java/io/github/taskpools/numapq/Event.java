package io.github.taskpools.numapq;

import java.util.Objects;

/**
 * An event of a priority queue (thesis §2.3.2: "key-value pairs, which are events (value) with a
 * timestamp (key)"). The smallest key has the highest priority.
 *
 * @param key the timestamp
 * @param value the event itself, never null
 */
public record Event<E>(long key, E value) {
    /** @throws NullPointerException if {@code value} is null */
    public Event {
        Objects.requireNonNull(value, "value");
    }
}
