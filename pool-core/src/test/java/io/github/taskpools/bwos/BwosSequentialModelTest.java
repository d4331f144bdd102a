package io.github.taskpools.bwos;

import io.github.taskpools.testkit.DequeModel;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Random operation sequences against an {@link java.util.ArrayDeque} model, through many rounds of
 * wrap-around, for shapes from the smallest legal queue (2 blocks of 1 entry for FIFO, 3 for LIFO,
 * where every operation is at a block boundary) to the paper's default (8 blocks of 64).
 */
class BwosSequentialModelTest {

    static Stream<Arguments> shapes() {
        return Stream.of(
                Arguments.of(2, 1), Arguments.of(2, 2), Arguments.of(3, 4), Arguments.of(4, 7),
                Arguments.of(5, 3), Arguments.of(8, 64), Arguments.of(16, 2));
    }

    /** LIFO BWoS needs three blocks at least. */
    static Stream<Arguments> lifoShapes() {
        return Stream.of(
                Arguments.of(3, 1), Arguments.of(3, 2), Arguments.of(3, 4), Arguments.of(4, 7),
                Arguments.of(5, 3), Arguments.of(8, 64), Arguments.of(16, 2));
    }

    private static DequeModel.Spec lifoSpec(int blocks, int size) {
        return new DequeModel.Spec() {
            @Override
            public boolean lifo() {
                return true;
            }

            @Override
            public boolean stealTakesOldest() {
                return true; // thieves take the bottom block's lowest unclaimed entry
            }

            @Override
            public int minSizeWhenFull(int capacity) {
                return (blocks - 1) * size; // every block but the thieves' exhausted one is full
            }

            @Override
            public int maxSizeWhenStealFails() {
                return size; // everything left is in the owner's block
            }
        };
    }

    private static DequeModel.Spec fifoSpec(int size) {
        return new DequeModel.Spec() {
            @Override
            public boolean lifo() {
                return false;
            }

            @Override
            public boolean stealTakesOldest() {
                return false; // thieves steal from the middle, the consumer keeps the front block
            }

            @Override
            public int minSizeWhenFull(int capacity) {
                return 1; // the consumer's unfinished block pins the ring
            }

            @Override
            public int maxSizeWhenStealFails() {
                return size; // everything left is in the consumer's block
            }
        };
    }

    @ParameterizedTest(name = "LIFO {0} x {1}")
    @MethodSource("lifoShapes")
    void lifo(int blocks, int size) {
        for (long seed = 1; seed <= 4; seed++) {
            DequeModel.run(() -> new LifoBwosDeque<>(blocks, size), lifoSpec(blocks, size), seed, 60_000);
        }
    }

    @ParameterizedTest(name = "FIFO {0} x {1}")
    @MethodSource("shapes")
    void fifo(int blocks, int size) {
        for (long seed = 1; seed <= 4; seed++) {
            DequeModel.run(() -> new FifoBwosDeque<>(blocks, size), fifoSpec(size), seed, 60_000);
        }
    }

    @ParameterizedTest(name = "FIFO randomized {0} x {1}")
    @MethodSource("shapes")
    void fifoRandomized(int blocks, int size) {
        for (long seed = 1; seed <= 4; seed++) {
            DequeModel.run(() -> new FifoBwosDeque<>(blocks, size, true), fifoSpec(size), seed, 60_000);
        }
    }
}
