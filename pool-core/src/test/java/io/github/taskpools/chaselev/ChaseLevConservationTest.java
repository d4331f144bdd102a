package io.github.taskpools.chaselev;

import io.github.taskpools.api.WorkStealingDeque;
import java.util.function.IntFunction;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/** {@link ChaseLevConservationCases} for {@link ChaseLevDeque}. */
class ChaseLevConservationTest extends ChaseLevConservationCases {
    static Stream<Arguments> deques() {
        return Stream.of(Arguments.of("ChaseLevDeque", (IntFunction<WorkStealingDeque<Long>>) ChaseLevDeque::new));
    }

    static Stream<Arguments> dequesAndThieves() {
        return withThieves(deques());
    }
}
