package io.github.taskpools.baselines.chaselev;

import io.github.taskpools.chaselev.ChaseLevSequentialModelCases;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/** pool-core's {@link ChaseLevSequentialModelCases} for {@link SeqCstChaseLevDeque}. */
class ChaseLevSequentialModelTest extends ChaseLevSequentialModelCases {
    static Stream<Arguments> deques() {
        return capacities("SeqCstChaseLevDeque", SeqCstChaseLevDeque::new);
    }
}
