package io.github.taskpools.chaselev;

import io.github.taskpools.api.WorkStealingDeque;
import io.github.taskpools.testkit.DequeModel;
import java.util.function.IntFunction;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Random operation sequences against an {@link java.util.ArrayDeque} model, for every power-of-two
 * capacity from 2 to 1024. A run of 120 000 steps makes 30 000 to 60 000 successful pushes, so the
 * indices wrap around the array about 60 times at capacity 1024, 900 times at 64 and 15 000 times
 * at 2 (counted for seed 1).
 *
 * <p>The cases; {@code ChaseLevSequentialModelTest} here and in pool-baselines give the deques
 * ({@code deques()}, from {@link #capacities}).
 */
public abstract class ChaseLevSequentialModelCases {

    /** What a single thread sees of a Chase-Lev deque: a plain bounded deque. */
    private static final DequeModel.Spec SPEC = new DequeModel.Spec() {
        @Override
        public boolean lifo() {
            return true;
        }

        @Override
        public boolean stealTakesOldest() {
            return true;
        }

        @Override
        public int minSizeWhenFull(int capacity) {
            return capacity; // push fails only when every slot holds a task
        }

        @Override
        public int maxSizeWhenStealFails() {
            return 0; // steal fails only on an empty deque
        }
    };

    /** The deque {@code factory} at every capacity 2^1 .. 2^10. */
    protected static Stream<Arguments> capacities(String name, IntFunction<WorkStealingDeque<Long>> factory) {
        return IntStream.rangeClosed(1, 10).mapToObj(k -> Arguments.of(name, factory, 1 << k));
    }

    @ParameterizedTest(name = "{0}, capacity {2}")
    @MethodSource("deques")
    void matchesTheModel(String name, IntFunction<WorkStealingDeque<Long>> factory, int capacity) {
        for (long seed = 1; seed <= 2; seed++) {
            DequeModel.run(() -> factory.apply(capacity), SPEC, seed, 120_000);
        }
    }
}
