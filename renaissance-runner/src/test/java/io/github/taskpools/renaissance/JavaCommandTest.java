package io.github.taskpools.renaissance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class JavaCommandTest {

    @Test
    void splitsLikeAShell() {
        assertEquals(List.of("-cp", "a b.jar", "Main", "x\"y", "it's", "c\\d", "e f"),
                JavaCommand.split("  -cp 'a b.jar'  Main \"x\\\"y\" it\\'s \"c\\d\" e\\ f "));
        assertEquals(List.of(), JavaCommand.split("   "));
        assertEquals(List.of(""), JavaCommand.split("''"));
        assertThrows(IllegalArgumentException.class, () -> JavaCommand.split("-cp 'x"));
    }

    @Test
    void oneTimedRepetitionPerInvocationAndNonZeroExitFails() {
        JavaCommand c = new JavaCommand("alloc", "-cp x Main 3");
        assertEquals(List.of("alloc"), c.benchmarks());
        assertEquals(List.of("-cp", "x", "Main", "3"), c.javaArguments("alloc", Path.of(".")));
        Workload.Measured ok = c.collect("alloc", Path.of("."), 0, 1_500_000L, List.of("done"));
        assertNull(ok.failure());
        assertEquals(List.of(1_500_000L), ok.repetitionNs());
        assertEquals("exit code 1: java.lang.OutOfMemoryError: Java heap space",
                c.collect("alloc", Path.of("."), 1, 5, List.of("x", "java.lang.OutOfMemoryError: Java heap space"))
                        .failure());
        assertThrows(IllegalArgumentException.class, () -> new JavaCommand("x", " "));
    }
}
