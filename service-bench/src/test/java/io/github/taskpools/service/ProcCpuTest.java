package io.github.taskpools.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class ProcCpuTest {
    /** A real line of /proc/<pid>/stat of a JVM (utime 1234, stime 56), with a command name holding ") (". */
    private static final String LINE = "4242 (java) (x) S 1 4242 4242 0 -1 4194560 51230 0 12 0 1234 56 0 0 20 0 "
            + "31 0 123456 3900000000 60000 18446744073709551615 1 1 0 0 0 0 0 16781312 16386 0 0 0 17 1 0 0 0 0 0";

    @Test
    void readsUtimePlusStime() {
        assertEquals(12.90, new ProcCpu(100).seconds(LINE), 1e-9);
        assertEquals(1.290, new ProcCpu(1000).seconds(LINE), 1e-9);
    }

    @Test
    void rejectsWhatIsNotAStatLine() {
        ProcCpu cpu = new ProcCpu(100);
        assertThrows(IllegalArgumentException.class, () -> cpu.seconds("no command name"));
        assertThrows(IllegalArgumentException.class, () -> cpu.seconds("1 (java) S 1 2 3"));
        assertThrows(IllegalArgumentException.class, () -> new ProcCpu(0));
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS)
    void countsThisProcessesWork() throws Exception {
        ProcCpu cpu = ProcCpu.system();
        long pid = ProcessHandle.current().pid();
        double before = cpu.seconds(pid);
        long end = System.nanoTime() + 300_000_000L;
        long x = 0;
        while (System.nanoTime() < end) {
            x += Long.numberOfTrailingZeros(x + System.nanoTime());
        }
        double used = cpu.seconds(pid) - before;
        // 0.3 s of a busy loop on this thread: at least 0.1 s of CPU even on a busy machine, and the
        // process's CPU time never goes back.
        assertTrue(used >= 0.1, "CPU seconds " + used + " (" + x + ")");
    }
}
