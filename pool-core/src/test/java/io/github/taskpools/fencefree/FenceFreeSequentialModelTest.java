package io.github.taskpools.fencefree;

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
 * capacity from 2 to 1024, each δ-variant with δ = 1 and with δ = capacity / 2 (or 1). One thread
 * sees a plain bounded deque, except that: FF-THE and FF-CL steal only when they hold more than δ
 * tasks; THEP's thief would wait for an echo that the same thread cannot give when δ or fewer are
 * left, so the model skips its steals there (the owner's own steal would now give up, but the
 * model steals from the owner's thread only to stand in for a thief); and push in the THE family
 * refuses only at exactly capacity tasks: at capacity - 1 it reads H again under the lock, where
 * no thief is between raising and restoring it. THEP also
 * runs with its first index at 2^32 - 500, so that the 32-bit head of H wraps early in the run.
 */
class FenceFreeSequentialModelTest {

    /**
     * THE and THEP: a steal fails only when the deque is empty (THEP's are skipped where they would
     * wait). FF-THE and FF-CL with δ: a steal fails, answering ABORT unless the deque is empty, exactly
     * when δ tasks or fewer are visible, and succeeds otherwise.
     */
    private static DequeModel.Spec spec(int maxSizeWhenStealFails, int maxSizeWhenStealWaits) {
        boolean aborting = maxSizeWhenStealFails > 0;
        return new DequeModel.Spec() {
            @Override
            public int minSizeWhenStealSucceeds() {
                return maxSizeWhenStealFails + 1;
            }

            @Override
            public boolean stealsAbort() {
                return aborting;
            }

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
                return capacity;
            }

            @Override
            public int maxSizeWhenStealFails() {
                return maxSizeWhenStealFails;
            }

            @Override
            public int maxSizeWhenStealWaits() {
                return maxSizeWhenStealWaits;
            }
        };
    }

    private static final long NEAR_WRAP = (1L << 32) - 500;

    static Stream<Arguments> deques() {
        return IntStream.rangeClosed(1, 10).map(k -> 1 << k).boxed().flatMap(capacity -> {
            int half = Math.max(1, capacity / 2);
            return Stream.of(
                    Arguments.of("THE", capacity, (IntFunction<WorkStealingDeque<Long>>) TheDeque::new, spec(0, -1)),
                    Arguments.of("FF-THE δ=1", capacity,
                            (IntFunction<WorkStealingDeque<Long>>) c -> new FfTheDeque<>(c, 1), spec(1, -1)),
                    Arguments.of("FF-THE δ=" + half, capacity,
                            (IntFunction<WorkStealingDeque<Long>>) c -> new FfTheDeque<>(c, half), spec(half, -1)),
                    Arguments.of("FF-CL δ=1", capacity,
                            (IntFunction<WorkStealingDeque<Long>>) c -> new FfClDeque<>(c, 1), spec(1, -1)),
                    Arguments.of("FF-CL δ=" + half, capacity,
                            (IntFunction<WorkStealingDeque<Long>>) c -> new FfClDeque<>(c, half), spec(half, -1)),
                    Arguments.of("THEP δ=1", capacity,
                            (IntFunction<WorkStealingDeque<Long>>) c -> new ThepDeque<>(c, 1), spec(0, 1)),
                    Arguments.of("THEP δ=" + half + ", h wraps", capacity,
                            (IntFunction<WorkStealingDeque<Long>>) c -> new ThepDeque<>(c, half, NEAR_WRAP),
                            spec(0, half)));
        });
    }

    @ParameterizedTest(name = "{0}, capacity {1}")
    @MethodSource("deques")
    void matchesTheModel(String name, int capacity, IntFunction<WorkStealingDeque<Long>> factory,
            DequeModel.Spec spec) {
        for (long seed = 1; seed <= 2; seed++) {
            DequeModel.run(() -> factory.apply(capacity), spec, seed, 60_000);
        }
    }
}
