package io.github.taskpools.examples;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Runs every example; each checks its own result and throws when it is wrong. */
class ExamplesTest {
    private static final Duration LIMIT = Duration.ofSeconds(60);
    private static final String[] NO_ARGS = new String[0];

    static Stream<Arguments> examples() {
        return Stream.of(
                Arguments.of("executor", (Executable) () -> ExecutorExample.main(NO_ARGS)),
                Arguments.of("bwosDeques", (Executable) () -> BwosDequeExample.main(NO_ARGS)),
                Arguments.of("bwosPool", (Executable) () -> BwosPoolExample.main(NO_ARGS)),
                Arguments.of("chaseLevAndFenceFreeDeques", (Executable) () -> DequesExample.main(NO_ARGS)),
                Arguments.of("cafe", (Executable) () -> CafeExample.main(NO_ARGS)),
                Arguments.of("salsa", (Executable) () -> SalsaExample.main(NO_ARGS)),
                Arguments.of("calendarQueues", (Executable) () -> CalendarQueueExample.main(NO_ARGS)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("examples")
    void runs(String name, Executable example) {
        assertTimeoutPreemptively(LIMIT, example, name);
    }
}
