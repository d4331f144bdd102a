package io.github.taskpools.jcstress;

import io.github.taskpools.api.WorkStealingDeque;
import java.util.function.Supplier;

/**
 * A task for the jcstress tests: one bit of a mask, so a set of tasks is an int and "every task
 * taken exactly once" is a sum that equals an or (the verification client of the BWoS paper,
 * Fig. 9, uses powers of two the same way). The payload is written after construction, in a plain
 * field, so a thief that sees a stale payload exposes a missing release/acquire pair.
 */
public final class Task {
    public final int bit;
    public int payload;

    public Task(int bit) {
        this.bit = bit;
    }

    /** A task whose plain payload field is set to its bit. */
    public static Task of(int index) {
        Task t = new Task(1 << index);
        t.payload = 1 << index;
        return t;
    }

    /**
     * The bit of a taken task, or {@link #CORRUPT} when its payload is not the one written before
     * it was pushed; 0 for no task.
     */
    public static int bitOf(Task t) {
        if (t == null) {
            return 0;
        }
        return t.payload == t.bit ? t.bit : CORRUPT;
    }

    /** A bit no task uses: a task seen with a stale payload. */
    public static final int CORRUPT = 1 << 30;

    /** The most tasks a test can tell apart: one bit each, below {@link #CORRUPT}. */
    public static final int MAX_TASKS = 30;

    /**
     * Run by an arbiter: takes ownership of {@code q} (the actors have finished; jcstress orders
     * them before the arbiter) and pops everything left, as {@link #drain(Supplier)}.
     */
    public static int drain(WorkStealingDeque<Task> q) {
        q.bindOwner();
        return drain(q::pop);
    }

    /**
     * Run by an arbiter: takes tasks from {@code get} until it returns null, making at most
     * {@link #MAX_TASKS} + 1 calls, so that a broken structure that hands out a task again and
     * again ends the test with a FORBIDDEN verdict instead of hanging it.
     *
     * @return the mask of what was taken, with {@link #CORRUPT} if a task came twice or with a
     *     stale payload, or if more tasks came than a test can tell apart
     */
    public static int drain(Supplier<Task> get) {
        int rest = 0;
        for (int n = 0; n <= MAX_TASKS; n++) {
            Task t = get.get();
            if (t == null) {
                return rest;
            }
            rest = add(rest, t);
        }
        return rest | CORRUPT;
    }

    /** Adds a taken task (or null) to a mask; a task seen twice or corrupt makes the mask CORRUPT. */
    public static int add(int mask, Task t) {
        int bit = bitOf(t);
        return (mask & bit) != 0 ? mask | CORRUPT : mask | bit;
    }

    /** The mask of tasks {@code 0..n-1}. */
    public static int first(int n) {
        return (1 << n) - 1;
    }

    /**
     * The verdict over the masks of everything taken: 1 if exactly the tasks of {@code expected}
     * were taken, each once and with its payload; 0 if some task was taken twice, seen corrupt, or
     * is not one that was pushed; -1 if some task was lost.
     */
    public static int verdict(int expected, int... taken) {
        int or = 0;
        for (int t : taken) {
            if ((t & CORRUPT) != 0 || (or & t) != 0) {
                return 0;
            }
            or |= t;
        }
        if ((or & ~expected) != 0) {
            return 0;
        }
        return or == expected ? 1 : -1;
    }
}
