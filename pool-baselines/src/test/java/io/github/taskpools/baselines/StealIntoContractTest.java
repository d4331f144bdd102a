package io.github.taskpools.baselines;

import io.github.taskpools.StealIntoContractCases;
import io.github.taskpools.api.WorkStealingDeque;
import io.github.taskpools.baselines.chaselev.SeqCstChaseLevDeque;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/** pool-core's {@link StealIntoContractCases} for the baseline deque. */
class StealIntoContractTest extends StealIntoContractCases {
    static Stream<Arguments> deques() {
        return Stream.of(Arguments.of("SeqCstChaseLevDeque",
                (Supplier<WorkStealingDeque<Long>>) () -> new SeqCstChaseLevDeque<>(32)));
    }
}
