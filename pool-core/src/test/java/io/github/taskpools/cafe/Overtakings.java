package io.github.taskpools.cafe;

/**
 * The overtaking harness: tasks are the numbers {@code 1..n} in the order they were put; feed it
 * the tasks in the order they were got, and it tells, for every task, how many tasks put after it
 * were got before it (the paper's overtakings, §1 footnote 4), and the maximum over all tasks. A
 * Fenwick tree over task numbers counts the larger numbers already got, O(log n) per task.
 */
final class Overtakings {
    private final long[] fenwick;
    private int got;
    private long max;
    private long total;

    Overtakings(int n) {
        this.fenwick = new long[n + 1];
    }

    /** Task {@code t} (in 1..n) was got next. */
    void got(int t) {
        long notLarger = 0;
        for (int i = t; i > 0; i -= i & -i) {
            notLarger += fenwick[i];
        }
        long overtakers = got - notLarger; // tasks got so far with a larger number
        max = Math.max(max, overtakers);
        total += overtakers;
        for (int i = t; i < fenwick.length; i += i & -i) {
            fenwick[i]++;
        }
        got++;
    }

    /** The largest number of overtakers of one task. */
    long max() {
        return max;
    }

    /** Overtakers summed over all tasks got. */
    long total() {
        return total;
    }

    /** Tasks got so far. */
    int count() {
        return got;
    }
}
