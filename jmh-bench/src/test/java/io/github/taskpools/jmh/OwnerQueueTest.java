package io.github.taskpools.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.taskpools.jmh.baseline.SeqBlockRing;
import io.github.taskpools.jmh.baseline.SeqBlockStack;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Param;

/**
 * The single-owner contenders of {@code bwos-single-owner} against a model: random runs of puts and
 * gets by one thread, in phases that fill the queue past full and drain it past empty again and
 * again (every block boundary, many rounds of the BWoS deques), with each put accepted exactly when
 * the model has room and each get returning the model's task (LIFO or FIFO as the contender's
 * policy says) or null exactly when the model is empty. FIFO BWoS and the sequential ring in its
 * blocks free room a block at a time (the producer never enters the consumer's block, §4.2.2), so
 * their puts must be accepted while a block's worth of room is left and refused when full, and may
 * go either way in between.
 */
class OwnerQueueTest {
    private static final int CAPACITY = 64;
    private static final int BLOCKS = 8;
    private static final Set<String> FIFO = Set.of(OwnerQueue.BWOS_FIFO, OwnerQueue.SEQ_RING, OwnerQueue.SEQ_BLOCK_RING,
            OwnerQueue.JCTOOLS_SPMC);
    private static final Set<String> BLOCK_GRANULAR = Set.of(OwnerQueue.BWOS_FIFO, OwnerQueue.SEQ_BLOCK_RING);

    private static List<String> declared() throws NoSuchFieldException {
        return List.of(BwosSingleOwnerBenchmark.class.getField("queue").getAnnotation(Param.class).value());
    }

    @Test
    void everyContenderMatchesItsModel() throws NoSuchFieldException {
        for (String name : declared()) {
            OwnerQueue<?> q = OwnerQueue.create(name, CAPACITY, BLOCKS);
            q.bindOwner();
            int slack = BLOCK_GRANULAR.contains(name) ? CAPACITY / BLOCKS : 0;
            run(name, q, FIFO.contains(name), slack, new SplittableRandom(name.hashCode()));
        }
    }

    /** {@code slack}: how far below full a put may be refused. */
    private static void run(String name, OwnerQueue<?> q, boolean fifo, int slack, SplittableRandom random) {
        ArrayDeque<Object> model = new ArrayDeque<>();
        int next = 0;
        for (int phase = 0; phase < 200; phase++) {
            int putPercent = phase % 2 == 0 ? 80 : 20; // fill past full, then drain past empty
            for (int step = 0; step < 4 * CAPACITY; step++) {
                if (random.nextInt(100) < putPercent) {
                    Object task = Integer.valueOf(next++);
                    boolean accepted = q.put(task);
                    if (model.size() < CAPACITY - slack || model.size() == CAPACITY) {
                        assertEquals(model.size() < CAPACITY, accepted, name + ": put with " + model.size()
                                + " tasks held");
                    }
                    if (accepted) {
                        model.addLast(task);
                    }
                } else {
                    Object expected = fifo ? model.pollFirst() : model.pollLast();
                    assertSame(expected, q.get(), name + ": get with " + (model.size() + (expected == null ? 0 : 1))
                            + " tasks held");
                }
            }
        }
        for (Object expected; (expected = fifo ? model.pollFirst() : model.pollLast()) != null; ) {
            assertSame(expected, q.get(), name + ": final drain");
        }
        assertNull(q.get(), name + ": empty at the end");
    }

    @Test
    void blockRingRefusesBadInput() {
        assertThrows(IllegalArgumentException.class, () -> new SeqBlockRing(64, 1));
        assertThrows(IllegalArgumentException.class, () -> new SeqBlockRing(100, 8));
        SeqBlockRing r = new SeqBlockRing(16, 4);
        assertThrows(NullPointerException.class, () -> r.offer(null));
        assertNull(r.poll());
        assertEquals(16, r.capacity());
    }

    @Test
    void blockStackRefusesBadInput() {
        assertThrows(IllegalArgumentException.class, () -> new SeqBlockStack(0, 1));
        assertThrows(IllegalArgumentException.class, () -> new SeqBlockStack(64, 0));
        assertThrows(IllegalArgumentException.class, () -> new SeqBlockStack(100, 8));
        SeqBlockStack s = new SeqBlockStack(16, 4);
        assertThrows(NullPointerException.class, () -> s.push(null));
        assertNull(s.pop());
        assertEquals(16, s.capacity());
    }
}
