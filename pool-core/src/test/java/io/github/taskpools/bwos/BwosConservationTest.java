package io.github.taskpools.bwos;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.taskpools.testkit.Conservation;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Conservation stress: 1 owner and 1-3 thieves, 10^7 tasks through the paper's default shape and
 * 2*10^6 through tiny blocks (where almost every operation crosses a block boundary, so takeover,
 * grant, reset and the thieves' block advance race all the time), with random stalls.
 */
class BwosConservationTest {

    @ParameterizedTest(name = "LIFO {1}x{2}, {0} thieves, {3} tasks")
    @CsvSource({"1, 8, 64, 10000000", "2, 8, 64, 10000000", "3, 8, 64, 10000000",
                "1, 3, 1, 2000000", "2, 4, 3, 2000000", "3, 3, 2, 2000000"})
    void lifo(int thieves, int blocks, int size, int tasks) throws InterruptedException {
        Conservation.Result r = Conservation.run(() -> new LifoBwosDeque<>(blocks, size), thieves, tasks, 42 + thieves);
        System.out.println(r);
        assertTrue(r.stolen() > 0, "the thieves never stole: the test did not exercise the races " + r);
    }

    @ParameterizedTest(name = "FIFO {1}x{2}, {0} thieves, {3} tasks")
    @CsvSource({"1, 8, 64, 10000000", "2, 8, 64, 10000000", "3, 8, 64, 10000000",
                "1, 2, 1, 2000000", "2, 4, 3, 2000000", "3, 3, 2, 2000000"})
    void fifo(int thieves, int blocks, int size, int tasks) throws InterruptedException {
        Conservation.Result r = Conservation.run(() -> new FifoBwosDeque<>(blocks, size), thieves, tasks, 7 + thieves);
        System.out.println(r);
        assertTrue(r.stolen() > 0, "the thieves never stole: the test did not exercise the races " + r);
    }

    @ParameterizedTest(name = "FIFO randomized {1}x{2}, {0} thieves, {3} tasks")
    @CsvSource({"2, 8, 64, 10000000", "3, 4, 3, 2000000"})
    void fifoRandomized(int thieves, int blocks, int size, int tasks) throws InterruptedException {
        Conservation.Result r = Conservation.run(
                () -> new FifoBwosDeque<>(blocks, size, true), thieves, tasks, 99 + thieves);
        System.out.println(r);
        assertTrue(r.stolen() > 0, "the thieves never stole: the test did not exercise the races " + r);
    }
}
