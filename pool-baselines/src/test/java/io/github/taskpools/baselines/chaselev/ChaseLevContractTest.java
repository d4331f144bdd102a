package io.github.taskpools.baselines.chaselev;

import io.github.taskpools.api.WorkStealingDeque;
import io.github.taskpools.chaselev.ChaseLevContractCases;
import java.util.function.IntFunction;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/** pool-core's {@link ChaseLevContractCases} for {@link SeqCstChaseLevDeque}. */
class ChaseLevContractTest extends ChaseLevContractCases {
    static Stream<Arguments> deques() {
        return Stream.of(
                Arguments.of("SeqCstChaseLevDeque", (IntFunction<WorkStealingDeque<Long>>) SeqCstChaseLevDeque::new));
    }
}
