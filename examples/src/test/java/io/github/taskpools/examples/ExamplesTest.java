package io.github.taskpools.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Runs every example as a user would start it, {@code java -p ... -m
 * io.github.taskpools.examples/<class>}, with no other option: the module path holds this module,
 * pool-core and JCTools, and the JDK resolves what pool-core requires. Each example checks its own
 * result (a wrong one throws, so the exit status is not 0) and prints a last line, checked here.
 */
class ExamplesTest {
    static Stream<Arguments> examples() {
        return Stream.of(
                Arguments.of("ExecutorExample", "reply, fib(30) = 832040"),
                Arguments.of("HandlesExample", "1000 tasks through 2 producer handles from 8 threads, sum 500500"),
                Arguments.of("BwosDequeExample", "BWoS deques: 3000 + 3000 tasks, each run once"),
                Arguments.of("BwosPoolExample", "BwosPool: 4000 tasks through 4 workers"),
                Arguments.of("DequesExample", "1000 tasks each, each run once"),
                Arguments.of("CafeExample", ": 20000 tasks; a tree of height 8"),
                Arguments.of("SalsaExample", "SALSA: 20000 tasks from 2 producers through 4 consumers"),
                Arguments.of("CalendarQueueExample", "calendar queues: sooner, then three"),
                Arguments.of("FenceModeExample", "fence mode "));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("examples")
    @Timeout(150)
    void runsAsANamedModule(String example, String lastLine) throws Exception {
        ModuleLauncher.Run run = ModuleLauncher.run(List.of(), ModuleLauncher.modulePath(), example, 120);
        assertEquals(0, run.exitStatus(), example + " failed:\n" + run.output());
        assertTrue(run.output().contains(lastLine), example + " printed:\n" + run.output());
        assertTrue(!run.output().contains("Exception in thread"), example + " lost a thread:\n" + run.output());
    }
}
