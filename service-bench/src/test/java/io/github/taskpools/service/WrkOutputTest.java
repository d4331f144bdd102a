package io.github.taskpools.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The parser on real output of Debian's wrk 4.1.0 with the runner's done hook (src/test/resources/wrk). */
class WrkOutputTest {
    private static String sample(String name) throws IOException {
        try (InputStream in = WrkOutputTest.class.getResourceAsStream("/wrk/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void cleanRun() throws IOException {
        WrkOutput w = WrkOutput.parse(sample("ok.txt"));
        assertEquals(2414, w.requests());
        assertEquals(1201.45, w.requestsPerSecond(), 1e-9);
        assertEquals(2.01, w.seconds(), 1e-9);
        assertEquals(2790, w.p50Us(), 1e-6);
        assertEquals(4250, w.p75Us(), 1e-6);
        assertEquals(6290, w.p90Us(), 1e-6);
        assertEquals(12660, w.p99Us(), 1e-6);
        assertEquals(16630, w.p999Us(), 1e-6);
        assertEquals(19842, w.maxUs(), 1e-6);
        assertFalse(w.failed());
        assertEquals(0, w.errors());
    }

    @Test
    void non2xxResponsesFailTheRun() throws IOException {
        WrkOutput w = WrkOutput.parse(sample("non2xx.txt"));
        assertEquals(2652, w.requests());
        assertEquals(2652, w.non2xx());
        assertTrue(w.failed());
    }

    @Test
    void timeoutsFailTheRun() throws IOException {
        WrkOutput w = WrkOutput.parse(sample("timeouts.txt"));
        assertEquals(7, w.timeouts());
        assertEquals(0, w.connectErrors() + w.readErrors() + w.writeErrors());
        assertTrue(w.failed());
        assertEquals(3.05, w.seconds(), 1e-9);
    }

    @Test
    void noServerIsNoResult() throws IOException {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> WrkOutput.parse(sample("refused.txt")));
        assertTrue(e.getMessage().contains("requests in"), e.getMessage());
    }

    @Test
    void outputWithoutTheScriptLineIsRejected() throws IOException {
        String plain = sample("ok.txt").lines().filter(l -> !l.startsWith(WrkOutput.DONE_PREFIX))
                .reduce("", (a, b) -> a + b + "\n");
        assertThrows(IllegalArgumentException.class, () -> WrkOutput.parse(plain));
    }

    @Test
    void disagreeingCountsAreRejected() throws IOException {
        String edited = sample("ok.txt").replace("taskpools-wrk requests=2414", "taskpools-wrk requests=2415");
        assertThrows(IllegalArgumentException.class, () -> WrkOutput.parse(edited));
    }

    @Test
    void units() {
        assertEquals(1.5, WrkOutput.micros("1.50", "us"), 1e-9);
        assertEquals(1500, WrkOutput.micros("1.50", "ms"), 1e-9);
        assertEquals(2_000_000, WrkOutput.micros("2", "s"), 1e-9);
        assertEquals(60_000_000, WrkOutput.micros("1", "m"), 1e-9);
        assertThrows(IllegalArgumentException.class, () -> WrkOutput.micros("1", "d"));
    }

    @Test
    void scriptPostsTheBodyAndPrintsTheLine() {
        String lua = WrkScript.post("{\"a\":1}");
        assertTrue(lua.contains("wrk.method = \"POST\""));
        assertTrue(lua.contains("wrk.body = [==[{\"a\":1}]==]"));
        assertTrue(lua.contains(WrkOutput.DONE_PREFIX + "requests=%d"));
        assertThrows(IllegalArgumentException.class, () -> WrkScript.post("]==]"));
    }
}
