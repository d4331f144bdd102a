package io.github.taskpools.numapq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.taskpools.api.Topology;
import io.github.taskpools.numapq.NumaCalendarQueue.Channel;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The delegation layer on synthetic topologies (this machine has one NUMA node): four workers
 * on four nodes, with per-node channels (four domains) or per-socket channels (two sockets of
 * two nodes), every channel (Q, 2Q, P), blocking and non-blocking, repost on and off. Each
 * configuration runs the conservation and ordering stress ({@link PqStress}) on a queue
 * prefilled so that its table spans every node's clusters, and must have posted operations to
 * other domains. (Whether a delegate or the requester then runs them is a race: a Q requester
 * runs its own operation as soon as its own FIFO is empty, Algorithm 7 lines 16-18, and a P
 * requester revokes after {@value NumaCalendarQueue#MAX_ATTEMPTS} idle rounds, short next to a
 * time slice on two cores. {@link #aDelegateRunsQueuedOperations} shows the FIFO delegates at
 * work; the P tests below show the register hand-over.)
 *
 * <p>Then the stalled-delegate scenarios of §3.6: with the twin never serving, a P requester
 * revokes its request and completes its own operation; with the twin holding a request it has
 * read, a blocking requester waits for the twin while a non-blocking one completes anyway.
 */
class NumaCalendarQueueDelegationTest {
    static Stream<Arguments> configurations() {
        List<Arguments> all = new ArrayList<>();
        for (Channel c : Channel.values()) {
            for (boolean nb : new boolean[] {false, true}) {
                for (boolean repost : new boolean[] {false, true}) {
                    for (int perSocket : new int[] {1, 2}) {
                        all.add(Arguments.of(c, nb, repost, perSocket));
                    }
                }
            }
        }
        return all.stream();
    }

    @ParameterizedTest(name = "{0} nonBlocking={1} repost={2} nodesPerSocket={3}")
    @MethodSource("configurations")
    void everyChannelVariantConservesAndOrders(Channel c, boolean nb, boolean repost, int perSocket) {
        NumaCalendarQueue<Long> q = NumaCalendarQueue.builder(Topology.evenlySplit(4, 4))
                .channel(c).nonBlocking(nb).repost(repost).nodesPerSocket(perSocket).build();
        PqStress.run(q, 4, 6_000, 400, q::register);
        NumaCalendarQueue.ChannelStats s = q.stats();
        assertTrue(s.posted() > 0, "nothing was delegated: " + s);
    }

    /**
     * Q and 2Q: this thread (worker 1, node 1) serves node 1's FIFO while worker 0 offers keys of
     * node 1; some offers must be run by this delegate and reach the requester as done, and every
     * event must be in the queue once.
     */
    @Test
    void aDelegateRunsQueuedOperations() throws Exception {
        for (Channel c : new Channel[] {Channel.Q, Channel.TWO_Q}) {
            for (boolean nb : new boolean[] {false, true}) {
                NumaCalendarQueue<Long> q = NumaCalendarQueue.builder(Topology.evenlySplit(2, 2))
                        .channel(c).nonBlocking(nb).build();
                for (long k = 0; k < 3_000; k++) {
                    q.calendar().offer(k * 13, -1L);
                }
                long key = keyInDomain(q, 1);
                AtomicBoolean stop = new AtomicBoolean();
                int[] offers = new int[1];
                Thread requester = new Thread(() -> {
                    q.register(0);
                    while (!stop.get() && offers[0] < 200_000) {
                        q.offer(key, (long) offers[0]++);
                    }
                });
                q.register(1);
                requester.start();
                while (q.stats().executedForOthers() < 3 && requester.isAlive()) {
                    Operation<Long> op = q.takeFromChannel(1, Operation.ENQUEUE);
                    if (op != null) {
                        q.runAsDelegate(op, 1);
                    }
                }
                stop.set(true);
                requester.join();
                assertTrue(q.stats().executedForOthers() >= 3, c + " nb=" + nb + ": " + q.stats());
                assertEquals(3_000 + offers[0], q.size());
                boolean[] seen = new boolean[offers[0]];
                for (Event<Long> e; (e = q.poll()) != null;) {
                    if (e.value() >= 0) {
                        assertFalse(seen[(int) (long) e.value()], "offered twice: " + e);
                        seen[(int) (long) e.value()] = true;
                    }
                }
                for (int i = 0; i < seen.length; i++) {
                    assertTrue(seen[i], "lost offer " + i);
                }
            }
        }
    }

    /** Keys a worker of domain 0 must delegate to domain 1 (a 2-node topology, per node). */
    /**
     * {@code Topology.evenlySplit(2, 4)} puts the workers on nodes 0 and 2: node 1 has none.
     * No bucket may be bound to it, so nothing is ever posted to its channel (a descriptor
     * there would never be served, and a P requester would idle out every time); every
     * operation still completes, in order.
     */
    @ParameterizedTest(name = "{0} nonBlocking={1}")
    @MethodSource("channelsAndModes")
    void aNodeWithoutWorkersGetsNoOperations(Channel c, boolean nb) {
        Topology t = Topology.evenlySplit(2, 4);
        assertEquals(3, t.nodes());
        NumaCalendarQueue<Long> q = NumaCalendarQueue.builder(t).channel(c).nonBlocking(nb).build();
        q.register(0);
        for (long k = 0; k < 3_000; k++) {
            q.calendar().offer(k * 13, k * 13);
        }
        int length = q.calendar().length();
        assertTrue(length >= 16, "setup: the table spans several clusters, " + length);
        for (int b = 0; b < length; b++) {
            int d = q.domainOfBucket(b);
            assertTrue(d == 0 || d == 2, "bucket " + b + " bound to domain " + d);
        }
        for (long k = 0; k < 400; k++) {
            q.offer(k * 97 + 5, k * 97 + 5); // keys across every cluster of the table
        }
        long prev = Long.MIN_VALUE;
        for (int i = 0; i < 400; i++) {
            Event<Long> e = q.poll();
            assertTrue(e.key() >= prev && e.value() == e.key());
            prev = e.key();
        }
        assertEquals(3_000, q.size());
        assertTrue(q.stats().posted() > 0, "setup: operations went to node 2");
        if (c == Channel.P) {
            assertNull(q.readRegister(1, 0), "a request was posted to node 1");
        } else {
            assertNull(q.takeFromChannel(1, Operation.ENQUEUE), "an enqueue was posted to node 1");
            assertNull(q.takeFromChannel(1, Operation.DEQUEUE), "a dequeue was posted to node 1");
        }
    }

    static Stream<Arguments> channelsAndModes() {
        List<Arguments> all = new ArrayList<>();
        for (Channel c : Channel.values()) {
            for (boolean nb : new boolean[] {false, true}) {
                all.add(Arguments.of(c, nb));
            }
        }
        return all.stream();
    }

    private static long keyInDomain(NumaCalendarQueue<Long> q, int domain) {
        for (long k = 0;; k += 7) {
            long p = q.calendar().enqueueBucket(k);
            if (q.domainOfBucket(CalendarQueue.bucketOfPacked(p)) == domain) {
                return k;
            }
        }
    }

    private static NumaCalendarQueue<Long> prefilled(boolean nb) {
        NumaCalendarQueue<Long> q = NumaCalendarQueue.builder(Topology.evenlySplit(2, 2))
                .channel(Channel.P).nonBlocking(nb).build();
        for (long k = 0; k < 3_000; k++) {
            q.calendar().offer(k * 13, -1L); // straight into the calendar queue: table of 1K buckets
        }
        assertTrue(q.calendar().length() >= 8);
        return q;
    }

    @Test
    void requesterRevokesWhenTheTwinNeverServes() throws Exception {
        for (boolean nb : new boolean[] {false, true}) {
            NumaCalendarQueue<Long> q = prefilled(nb);
            CountDownLatch release = new CountDownLatch(1);
            CountDownLatch registered = new CountDownLatch(1);
            Thread twin = new Thread(() -> { // worker 1 (node 1): registered, then stalled
                q.register(1);
                registered.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            twin.start();
            registered.await();
            q.register(0);
            long key = keyInDomain(q, 1);
            for (int i = 0; i < 20; i++) {
                q.offer(key, (long) i);
            }
            release.countDown();
            twin.join();
            NumaCalendarQueue.ChannelStats s = q.stats();
            assertEquals(20, s.posted(), "every offer went to node 1: " + s);
            assertEquals(20, s.revoked(), "every offer was revoked: " + s);
            assertEquals(0, s.executedForOthers());
            assertEquals(3_020, q.size());
            int mine = 0;
            for (Event<Long> e; (e = q.poll()) != null;) {
                mine += e.value() >= 0 ? 1 : 0;
            }
            assertEquals(20, mine);
        }
    }

    @Test
    void aTwinHoldingTheRequestBlocksOnlyTheBlockingVariant() throws Exception {
        for (boolean nb : new boolean[] {false, true}) {
            NumaCalendarQueue<Long> q = prefilled(nb);
            long key = keyInDomain(q, 1);
            AtomicBoolean offered = new AtomicBoolean();
            Thread requester = new Thread(() -> {
                q.register(0);
                q.offer(key, 7L);
                offered.set(true);
            });
            // this thread is worker 1, the requester's twin: it reads the request and stalls
            q.register(1);
            requester.start();
            Operation<Long> op = null;
            while (op == null && requester.isAlive()) {
                op = q.readRegister(1, 0);
            }
            if (op == null) { // the requester revoked before we read: it completed on its own
                requester.join();
                assertEquals(1, q.stats().revoked());
                continue;
            }
            requester.join(TimeUnit.MILLISECONDS.toMillis(300));
            if (nb) {
                assertTrue(offered.get(), "a non-blocking requester must not wait for its twin");
            } else {
                assertFalse(offered.get(), "a blocking requester waits for the twin holding its op");
                q.runAsDelegate(op, 1);
                requester.join();
                assertTrue(offered.get());
            }
            assertEquals(3_001, q.size(), "the event went in once");
            Event<Long> e = q.poll();
            assertNotNull(e);
        }
    }

    @Test
    void badInput() {
        assertThrows(NullPointerException.class, () -> NumaCalendarQueue.builder(null));
        Topology t = Topology.evenlySplit(2, 2);
        assertThrows(IllegalArgumentException.class, () -> NumaCalendarQueue.builder(t).nodesPerSocket(0));
        assertThrows(IllegalArgumentException.class, () -> NumaCalendarQueue.builder(t).bucketWidth(0));
        assertThrows(NullPointerException.class, () -> NumaCalendarQueue.builder(t).channel(null));
        NumaCalendarQueue<String> q = NumaCalendarQueue.builder(t).build();
        assertThrows(IllegalArgumentException.class, () -> q.register(2));
        assertThrows(IllegalArgumentException.class, () -> q.register(-1));
        q.register(0);
        assertThrows(NullPointerException.class, () -> q.offer(1, null));
        assertEquals(0, q.size());
        AtomicBoolean refused = new AtomicBoolean();
        Thread other = new Thread(() -> {
            try {
                q.register(0);
            } catch (IllegalStateException e) {
                refused.set(true);
            }
        });
        other.start();
        try {
            other.join();
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
        assertTrue(refused.get(), "a worker index held by a live thread must be refused");
        assertThrows(IllegalArgumentException.class, () -> new CalendarQueue<>(0));
        assertThrows(NullPointerException.class, () -> new CalendarQueue<String>().offer(3, null));
    }
}
