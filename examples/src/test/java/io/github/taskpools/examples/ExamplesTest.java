package io.github.taskpools.examples;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Runs every example; each checks its own result and throws when it is wrong. */
class ExamplesTest {
    private static final Duration LIMIT = Duration.ofSeconds(60);

    @Test
    void executor() {
        assertTimeoutPreemptively(LIMIT, () -> ExecutorExample.main(new String[0]));
    }

    @Test
    void bwosDeques() {
        assertTimeoutPreemptively(LIMIT, () -> BwosDequeExample.main(new String[0]));
    }

    @Test
    void bwosPool() {
        assertTimeoutPreemptively(LIMIT, () -> BwosPoolExample.main(new String[0]));
    }

    @Test
    void chaseLevAndFenceFreeDeques() {
        assertTimeoutPreemptively(LIMIT, () -> DequesExample.main(new String[0]));
    }

    @Test
    void cafe() {
        assertTimeoutPreemptively(LIMIT, () -> CafeExample.main(new String[0]));
    }

    @Test
    void salsa() {
        assertTimeoutPreemptively(LIMIT, () -> SalsaExample.main(new String[0]));
    }

    @Test
    void calendarQueues() {
        assertTimeoutPreemptively(LIMIT, () -> CalendarQueueExample.main(new String[0]));
    }
}
