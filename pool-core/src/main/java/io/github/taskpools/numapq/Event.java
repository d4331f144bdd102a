package io.github.taskpools.numapq;

import java.util.Objects;

/**
 * An event of a priority queue (thesis §2.3.2: "key-value pairs, which are events (value) with a
 * timestamp (key)"). The smallest key has the highest priority. Immutable; equal when key and
 * value are equal.
 *
 * <p>A final class rather than a record: Lincheck 2.39's model checker cannot read the fields
 * of record classes (it fails with "can't get field offset on a record class").
 */
public final class Event<E> {
    private final long key;
    private final E value;

    /**
     * @param key the timestamp
     * @param value the event itself
     * @throws NullPointerException if {@code value} is null
     */
    public Event(long key, E value) {
        this.key = key;
        this.value = Objects.requireNonNull(value, "value");
    }

    /** The timestamp. */
    public long key() {
        return key;
    }

    /** The event itself, never null. */
    public E value() {
        return value;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Event<?> e && e.key == key && e.value.equals(value);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(key) * 31 + value.hashCode();
    }

    @Override
    public String toString() {
        return "Event[key=" + key + ", value=" + value + "]";
    }
}
