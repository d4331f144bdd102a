package io.github.taskpools.salsa;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.taskpools.api.Topology;
import io.github.taskpools.internal.LinuxNative;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The framework's policies (access lists, producer-based balancing), pinning, fence modes, bad input. */
class SalsaPoolTest {

    private static SalsaPool<Long> pool(int consumers, int producers) {
        return SalsaPool.builder(consumers, producers).topology(Topology.evenlySplit(2, 2)).build();
    }

    @Test
    void accessListsAreSortedByDistance() {
        // 4 consumers on CPUs 0,1,0,1 = nodes 0,1,0,1; producers on CPUs 0,1 = nodes 0,1
        SalsaPool<Long> p = pool(4, 2);
        assertArrayEquals(new int[] {2, 1, 3}, p.consumer(0).accessList());
        assertArrayEquals(new int[] {3, 2, 0}, p.consumer(1).accessList());
        assertArrayEquals(new int[] {0, 2, 1, 3}, p.producer(0).accessList());
        assertArrayEquals(new int[] {1, 3, 2, 0}, p.producer(1).accessList());
        assertEquals(0, p.consumer(2).node());
        assertEquals(1, p.producer(1).node());
    }

    @Test
    void producerBasedBalancingFollowsTheChunkPools() {
        // §5.4: chunks go back to the pool of the consumer that took their last task, and a
        // producer prefers pools with spare chunks over its closest, overloaded one.
        SalsaPool<Long> p = SalsaPool.builder(2, 1).chunkSize(4).chunkPoolCapacity(4)
                .topology(Topology.evenlySplit(2, 2)).build();
        assertArrayEquals(new int[] {0, 1}, p.producer(0).accessList());
        for (long t = 0; t < 8; t++) {
            p.producer(0).put(t); // no spare chunk anywhere: forced into consumer 0's pool
        }
        assertEquals(0, p.spareChunks(1));
        for (int i = 0; i < 8; i++) {
            assertTrue(p.consumer(1).get() != null); // consumer 1 steals both chunks and finishes them
        }
        assertEquals(2, p.spareChunks(1));
        assertEquals(0, p.spareChunks(0));
        p.producer(0).put(100L); // consumer 0 has no spare chunk: the task goes to consumer 1
        assertNull(p.consumer(0).consume());
        assertEquals(100L, p.consumer(1).consume());
        assertEquals(1, p.spareChunks(1));
        assertTrue(p.producer(0).produce(0, 101L)); // the chunk being filled is in pool 1
        assertEquals(101L, p.consumer(1).consume());
    }

    @ParameterizedTest
    @EnumSource(FenceMode.class)
    void aConsumerWhoseCachedChunkWasStolenAndReusedTakesNothingThroughIt(FenceMode fence) {
        // Consumer 0 caches the chunk it takes from; consumer 1 steals that chunk and finishes it, so
        // it is retired into consumer 1's chunk pool and refilled for consumer 1 in a new epoch. The
        // slot after consumer 0's cached index now holds a new task: its stale cache must fail the
        // ownership check instead of taking it, and the tasks must come out once each.
        SalsaPool<Long> p = SalsaPool.builder(2, 1).chunkSize(2).fence(fence)
                .topology(Topology.evenlySplit(2, 2)).build();
        SalsaPool<Long>.ProducerHandle producer = p.producer(0);
        producer.produceForce(0, 1L);
        producer.produceForce(0, 2L); // fills the chunk: the producer lets it go
        assertEquals(1L, p.consumer(0).consume()); // consumer 0 now caches the chunk, index 0
        assertEquals(2L, p.consumer(1).steal(0)); // the last task: consumer 1 retires the chunk
        assertEquals(1, p.spareChunks(1));
        assertTrue(producer.produce(1, 3L)); // the same chunk, a new epoch owned by consumer 1
        assertTrue(producer.produce(1, 4L)); // slot 1: right after consumer 0's cached index
        assertEquals(0, p.spareChunks(1));
        assertNull(p.consumer(0).consume(), "a stale cache must not take a task of a new epoch");
        assertEquals(3L, p.consumer(0).steal(1)); // a fresh steal of the chunk, through a new node
        assertEquals(4L, p.consumer(0).consume());
        assertNull(p.consumer(0).consume());
        assertNull(p.consumer(1).consume());
    }

    @Test
    void produceFailsWithoutSpareChunkAndForceAllocates() {
        SalsaPool<Long> p = pool(2, 1);
        assertTrue(!p.producer(0).produce(1, 5L));
        p.producer(0).produceForce(1, 5L);
        assertNull(p.consumer(0).consume());
        assertEquals(5L, p.consumer(0).steal(1));
        assertNull(p.consumer(0).get());
    }

    @Test
    void theDefaultFenceIsFullAndAsymmetricIsUsedWhereMembarrierWorks() {
        SalsaPool<Long> f = SalsaPool.builder(1, 1).topology(Topology.evenlySplit(1, 1)).build();
        assertEquals(FenceMode.FULL, f.fenceMode(), "the default rests on the Java memory model alone");
        assertNull(f.fenceFallbackReason());
        assumeTrue(LinuxNative.available(), "no Linux C library: " + LinuxNative.unavailableReason());
        SalsaPool<Long> p = SalsaPool.builder(1, 1).fence(FenceMode.ASYMMETRIC)
                .topology(Topology.evenlySplit(1, 1)).build();
        assertNull(p.fenceFallbackReason());
        assertEquals(FenceMode.ASYMMETRIC, p.fenceMode());
        assertTrue(p.waiters.isAsymmetric(), "blocked consumers issue the membarrier the pool registered");
        assertFalse(f.waiters.isAsymmetric());
        SalsaPool<Long> cas = SalsaPool.builder(1, 1).fence(FenceMode.ASYMMETRIC).consumeByCas(true)
                .topology(Topology.evenlySplit(1, 1)).build();
        assertFalse(cas.waiters.isAsymmetric(), "SALSA+CAS registers no membarrier: its puts must fence");
    }

    @Test
    void pinningPinsTheClaimingThread() throws InterruptedException {
        assumeTrue(LinuxNative.available(), "no Linux C library: " + LinuxNative.unavailableReason());
        Topology sys = Topology.system();
        SalsaPool<Long> p = SalsaPool.builder(1, 1).topology(sys).pinning(true).build();
        AtomicReference<String> seen = new AtomicReference<>();
        Thread t = new Thread(() -> {
            SalsaPool<Long>.ConsumerHandle c = p.consumer();
            seen.set(c.index() + " " + LinuxNative.currentCpu());
        });
        t.start();
        t.join();
        assertEquals("0 0", seen.get()); // consumer 0 is placed on CPU 0
    }

    @Test
    void badInputIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> SalsaPool.builder(0, 1));
        assertThrows(IllegalArgumentException.class, () -> SalsaPool.builder(1, 0));
        assertThrows(IllegalArgumentException.class, () -> SalsaPool.builder(1, 1).chunkSize(0));
        assertThrows(IllegalArgumentException.class, () -> SalsaPool.builder(1, 1).chunkPoolCapacity(0));
        assertThrows(NullPointerException.class, () -> SalsaPool.builder(1, 1).fence(null));
        assertThrows(NullPointerException.class, () -> SalsaPool.builder(1, 1).topology(null));
        assertThrows(IllegalArgumentException.class, () -> Topology.evenlySplit(1, 0));
        assertThrows(IllegalArgumentException.class, () -> Topology.of(new int[0], new int[][] {{10}}));
        assertThrows(IllegalArgumentException.class, () -> Topology.of(new int[] {1}, new int[][] {{10}}));
        assertThrows(IllegalArgumentException.class, () -> Topology.of(new int[] {0}, new int[][] {{10, 20}}));
        assertThrows(IllegalArgumentException.class, () -> Topology.of(new int[] {0}, new int[][] {{0}}));
        assertThrows(IllegalArgumentException.class, () -> LinuxNative.pinCurrentThread(-1));

        SalsaPool<Long> p = pool(2, 1);
        assertThrows(NullPointerException.class, () -> p.producer(0).put(null));
        assertThrows(NullPointerException.class, () -> p.producer(0).produce(0, null));
        assertThrows(NullPointerException.class, () -> p.producer(0).produceForce(0, null));
        assertThrows(IndexOutOfBoundsException.class, () -> p.producer(0).produce(2, 1L));
        assertThrows(IndexOutOfBoundsException.class, () -> p.producer(1));
        assertThrows(IndexOutOfBoundsException.class, () -> p.consumer(-1));
        assertThrows(IllegalArgumentException.class, () -> p.consumer(1).steal(1));
        assertThrows(IndexOutOfBoundsException.class, () -> p.consumer(1).steal(2));
        assertNull(p.consumer(0).get()); // nothing was lost by the rejected calls
    }

    @Test
    void boundHandlesBelongToTheirThread() throws InterruptedException {
        SalsaPool<Long> p = pool(1, 1);
        SalsaPool<Long>.ConsumerHandle mine = p.consumer();
        assertSame(mine, p.consumer());
        SalsaPool<Long>.ProducerHandle out = p.producer();
        out.put(1L);
        AtomicReference<Throwable> other = new AtomicReference<>();
        Thread t = new Thread(() -> {
            try {
                mine.get();
            } catch (Throwable e) {
                other.set(e);
            }
            try {
                p.consumer();
            } catch (Throwable e) {
                other.set(new IllegalStateException(other.get().getMessage() + " / " + e.getMessage()));
            }
        });
        t.start();
        t.join();
        assertTrue(other.get() instanceof IllegalStateException, String.valueOf(other.get()));
        assertTrue(other.get().getMessage().contains("is bound to") && other.get().getMessage().contains("bound to live threads"),
                other.get().getMessage());
        assertEquals(1L, mine.get());
    }

    @Test
    void withoutProducerBalancingAProducerAlwaysFillsItsClosestPool() {
        // §6.4: "a producer always inserts tasks to the same consumer's pool", even when another
        // consumer's chunk pool has spare chunks.
        SalsaPool<Long> p = SalsaPool.builder(2, 1).chunkSize(4).chunkPoolCapacity(4).producerBalancing(false)
                .topology(Topology.evenlySplit(2, 2)).build();
        assertTrue(!p.producerBalancing());
        for (long t = 0; t < 8; t++) {
            p.producer(0).put(t);
        }
        for (int i = 0; i < 8; i++) {
            assertTrue(p.consumer(1).get() != null); // consumer 1 steals and finishes both chunks
        }
        assertEquals(2, p.spareChunks(1));
        p.producer(0).put(100L); // with balancing this would go to consumer 1 (see the test above)
        assertNull(p.consumer(1).consume());
        assertEquals(100L, p.consumer(0).consume());
    }

    @Test
    void casCountsFollowThePaper() {
        // SALSA: the common-case consume makes no CAS; a chunk steal makes two (ownership, first task).
        SalsaPool<Long> s = SalsaPool.builder(2, 1).chunkSize(100).fence(FenceMode.FULL)
                .topology(Topology.evenlySplit(1, 1)).build();
        for (long t = 0; t < 300; t++) {
            s.producer(0).produceForce(0, t);
        }
        for (int i = 0; i < 100; i++) {
            assertTrue(s.consumer(0).consume() != null);
        }
        assertEquals(0, s.consumer(0).casCount());
        assertTrue(s.consumer(1).steal(0) != null);
        assertEquals(2, s.consumer(1).casCount());
        for (int i = 0; i < 99; i++) {
            assertTrue(s.consumer(1).consume() != null); // the rest of the stolen chunk, CAS-free
        }
        assertEquals(2, s.consumer(1).casCount());
        // SALSA+CAS: one CAS per task without contention, own or stolen.
        SalsaPool<Long> c = SalsaPool.builder(2, 1).chunkSize(100).consumeByCas(true)
                .topology(Topology.evenlySplit(1, 1)).build();
        assertTrue(c.consumesByCas());
        assertTrue(c.toString().contains("SALSA+CAS"));
        for (long t = 0; t < 300; t++) {
            c.producer(0).produceForce(0, t);
        }
        for (int i = 0; i < 150; i++) {
            assertTrue(c.consumer(0).get() != null);
            assertTrue(c.consumer(1).get() != null);
        }
        assertEquals(150, c.consumer(0).casCount());
        assertEquals(150, c.consumer(1).casCount());
        assertNull(c.consumer(0).get());
        assertEquals(3, c.spareChunks(0) + c.spareChunks(1), "a fresh chunk for each finished one");
    }
}
