package io.github.taskpools.bwos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.Predicate;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * The owner's count of block advances: one fill of a queue of n blocks moves the put side n - 1
 * times, and draining it moves the get side n - 1 times more (LIFO: takeovers going down; FIFO:
 * the consumer's takeovers going up). Refused operations at the boundaries move nothing.
 */
class BwosBlockAdvancesTest {
    private static final int BLOCKS = 8;
    private static final int SIZE = 16;

    @Test
    void lifoCountsPutAndTakeoverAdvances() {
        LifoBwosDeque<Integer> q = new LifoBwosDeque<>(BLOCKS, SIZE);
        assertEquals(0, q.blockAdvances());
        fill(q::push);
        assertEquals(BLOCKS - 1, q.blockAdvances(), "one fill");
        drain(q::pop);
        assertEquals(2 * (BLOCKS - 1), q.blockAdvances(), "one fill and one drain");
    }

    @Test
    void fifoCountsProducerAndConsumerAdvances() {
        FifoBwosDeque<Integer> q = new FifoBwosDeque<>(BLOCKS, SIZE);
        assertEquals(0, q.blockAdvances());
        fill(q::push);
        assertEquals(BLOCKS - 1, q.blockAdvances(), "one fill");
        drain(q::pop);
        assertEquals(2 * (BLOCKS - 1), q.blockAdvances(), "one fill and one drain");
    }

    private static void fill(Predicate<Integer> push) {
        for (int i = 0; i < BLOCKS * SIZE; i++) {
            assertTrue(push.test(i), "push " + i);
        }
        assertFalse(push.test(-1), "full");
    }

    private static void drain(Supplier<Integer> pop) {
        for (int i = 0; i < BLOCKS * SIZE; i++) {
            assertNotNull(pop.get(), "pop " + i);
        }
        assertNull(pop.get(), "empty");
    }
}
