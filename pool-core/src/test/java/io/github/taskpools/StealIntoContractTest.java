package io.github.taskpools;

import io.github.taskpools.api.WorkStealingDeque;
import io.github.taskpools.bwos.FifoBwosDeque;
import io.github.taskpools.bwos.LifoBwosDeque;
import io.github.taskpools.chaselev.ChaseLevDeque;
import io.github.taskpools.fencefree.FfClDeque;
import io.github.taskpools.fencefree.FfTheDeque;
import io.github.taskpools.fencefree.TheDeque;
import io.github.taskpools.fencefree.ThepDeque;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/** {@link StealIntoContractCases} for every deque of pool-core. */
class StealIntoContractTest extends StealIntoContractCases {
    static Stream<Arguments> deques() {
        return Stream.of(
                Arguments.of("LifoBwosDeque", (Supplier<WorkStealingDeque<Long>>) () -> new LifoBwosDeque<>(4, 2)),
                Arguments.of("FifoBwosDeque", (Supplier<WorkStealingDeque<Long>>) () -> new FifoBwosDeque<>(4, 2)),
                Arguments.of("ChaseLevDeque", (Supplier<WorkStealingDeque<Long>>) () -> new ChaseLevDeque<>(32)),
                Arguments.of("TheDeque", (Supplier<WorkStealingDeque<Long>>) () -> new TheDeque<>(32)),
                Arguments.of("FfTheDeque", (Supplier<WorkStealingDeque<Long>>) () -> new FfTheDeque<>(32, 1)),
                Arguments.of("FfClDeque", (Supplier<WorkStealingDeque<Long>>) () -> new FfClDeque<>(32, 1)),
                Arguments.of("ThepDeque", (Supplier<WorkStealingDeque<Long>>) () -> new ThepDeque<>(32, 1)));
    }
}
