package io.github.taskpools.cafe;

import java.util.random.RandomGenerator;

/**
 * A "random" generator that always picks the lowest ({@link #LEFT}) or the highest ({@link #RIGHT})
 * index, so a test can steer where a TreeContainer puts a task and which subtree a get walks into.
 */
final class FixedChoice implements RandomGenerator {
    static final FixedChoice LEFT = new FixedChoice(false);
    static final FixedChoice RIGHT = new FixedChoice(true);

    private final boolean highest;

    private FixedChoice(boolean highest) {
        this.highest = highest;
    }

    @Override
    public int nextInt(int bound) {
        return highest ? bound - 1 : 0;
    }

    @Override
    public long nextLong() {
        throw new UnsupportedOperationException("only nextInt(bound) is used");
    }
}
