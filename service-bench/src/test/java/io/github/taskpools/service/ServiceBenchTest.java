package io.github.taskpools.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The runner's order of executors (rotated by one each round, and with --interleave each cell) and its options. */
class ServiceBenchTest {
    @Test
    void eachExecutorGoesFirstInTurn() {
        List<String> executors = List.of("bwos", "forkjoinpool", "virtual");
        assertEquals(List.of("forkjoinpool", "virtual", "bwos"), ServiceBench.rotated(executors, 1));
        assertEquals(executors, ServiceBench.rotated(executors, 3));
        for (int start = 0; start < 4; start++) {
            int s = start;
            Set<String> first = IntStream.range(s, s + 3).mapToObj(i -> ServiceBench.rotated(executors, i).get(0))
                    .collect(Collectors.toSet());
            assertEquals(Set.copyOf(executors), first, "three cells in a row from cell " + s);
            assertEquals(Set.copyOf(executors), Set.copyOf(ServiceBench.rotated(executors, s)), "every executor once");
        }
    }

    @Test
    void anUnknownBaselineIsRefusedByNameAndTheReportIsLeftAlone(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("REPORT.md"), "the previous report");
        StringWriter err = new StringWriter();
        int code = new CommandLine(new ServiceBench()).setErr(new PrintWriter(err))
                .execute("--report-only", "--out", dir.toString(), "--baseline", "forkjoin");
        assertEquals(2, code);
        assertTrue(err.toString().contains("--baseline: unknown executor 'forkjoin'"), err::toString);
        assertEquals("the previous report", Files.readString(dir.resolve("REPORT.md")));
    }
}
