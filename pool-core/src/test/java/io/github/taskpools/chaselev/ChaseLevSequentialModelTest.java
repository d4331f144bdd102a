package io.github.taskpools.chaselev;

import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/** {@link ChaseLevSequentialModelCases} for {@link ChaseLevDeque}. */
class ChaseLevSequentialModelTest extends ChaseLevSequentialModelCases {
    static Stream<Arguments> deques() {
        return capacities("ChaseLevDeque", ChaseLevDeque::new);
    }
}
