package io.github.taskpools.baselines;

import io.github.taskpools.PaddingLayoutCases;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/** pool-core's {@link PaddingLayoutCases} for the padded classes of the baselines. */
class PaddingLayoutTest extends PaddingLayoutCases {
    static Stream<Arguments> paddedClasses() {
        return Stream.of(
                Arguments.of("chaselev.SeqCstChaseLevDeque", List.of(Set.of("top"), Set.of("bottom"))),
                Arguments.of("salsa.MsQueue", List.of(Set.of("head"), Set.of("tail"))),
                Arguments.of("salsa.TreiberStack", List.of(Set.of("top"))));
    }

    @Override
    protected String packagePrefix() {
        return "io.github.taskpools.baselines.";
    }
}
