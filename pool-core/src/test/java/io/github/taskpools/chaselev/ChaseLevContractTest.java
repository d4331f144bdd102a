package io.github.taskpools.chaselev;

import io.github.taskpools.api.WorkStealingDeque;
import java.util.function.IntFunction;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/** {@link ChaseLevContractCases} for {@link ChaseLevDeque}. */
class ChaseLevContractTest extends ChaseLevContractCases {
    static Stream<Arguments> deques() {
        return Stream.of(Arguments.of("ChaseLevDeque", (IntFunction<WorkStealingDeque<Long>>) ChaseLevDeque::new));
    }
}
