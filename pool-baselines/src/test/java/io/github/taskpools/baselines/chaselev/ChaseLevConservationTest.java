package io.github.taskpools.baselines.chaselev;

import io.github.taskpools.api.WorkStealingDeque;
import io.github.taskpools.chaselev.ChaseLevConservationCases;
import java.util.function.IntFunction;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/** pool-core's {@link ChaseLevConservationCases} for {@link SeqCstChaseLevDeque}. */
class ChaseLevConservationTest extends ChaseLevConservationCases {
    static Stream<Arguments> deques() {
        return Stream.of(
                Arguments.of("SeqCstChaseLevDeque", (IntFunction<WorkStealingDeque<Long>>) SeqCstChaseLevDeque::new));
    }

    static Stream<Arguments> dequesAndThieves() {
        return withThieves(deques());
    }
}
