package io.github.taskpools.numapq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.taskpools.ThreadChurn;
import io.github.taskpools.api.Topology;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Priority queues whose threads are workers of a topology, used by threads that come and go: a
 * {@link ThreadPoolExecutor} whose threads die and are replaced thousands of times (a quarter of
 * them die holding their worker index, which the next thread takes over; a quarter give it back
 * with {@code release()}), and 10 000 virtual threads that give it back (JDK 21+). Every event
 * offered is polled exactly once, and afterwards as many new threads as the topology has workers
 * each get one at once (none leaked).
 *
 * <p>The cases; {@code QueueBindingLifecycleTest} here and in pool-baselines give the queues
 * ({@code queues()}, made with {@link #queue}).
 */
public abstract class QueueBindingLifecycleCases {
    /** Two nodes of at least one worker each; as many workers as CPUs (at least 2). */
    protected static final Topology TOPOLOGY =
            Topology.evenlySplit(2, Math.max(1, Runtime.getRuntime().availableProcessors() / 2));
    static final int PER_JOB = 8;

    /** An argument of {@code queues()}: a name and a factory of a queue over a topology. */
    protected static Arguments queue(String name, Function<Topology, ConcurrentPriorityQueue<Integer>> make) {
        return Arguments.of(name, make);
    }

    /** One job of a thread: offer PER_JOB events, then poll up to as many. */
    private static void job(ConcurrentPriorityQueue<Integer> q, int first, AtomicIntegerArray taken) {
        for (int i = 0; i < PER_JOB; i++) {
            q.offer(first + i, first + i);
        }
        for (int i = 0; i < PER_JOB; i++) {
            Event<Integer> e = q.poll();
            if (e == null) {
                break;
            }
            assertEquals(e.key(), (long) e.value());
            taken.incrementAndGet(e.value());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("queues")
    void threadsReplacedThousandsOfTimes(String name, Function<Topology, ConcurrentPriorityQueue<Integer>> make)
            throws Exception {
        ConcurrentPriorityQueue<Integer> q = make.apply(TOPOLOGY);
        int jobs = 8000;
        AtomicIntegerArray taken = new AtomicIntegerArray(jobs * PER_JOB);
        int threads = ThreadChurn.onReplacedThreads(name, TOPOLOGY.workers(), jobs, 120, id -> {
            job(q, id * PER_JOB, taken);
            ThreadChurn.endJob(id, q::release); // die holding it, give it back, or keep it
        });
        assertTrue(threads > jobs / 4, name + ": only " + threads + " threads");
        drain(q, taken);
        everyWorkerCanBeClaimed(name, q);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("queues")
    void tenThousandVirtualThreads(String name, Function<Topology, ConcurrentPriorityQueue<Integer>> make)
            throws Exception {
        ConcurrentPriorityQueue<Integer> q = make.apply(TOPOLOGY);
        int threads = 10_000;
        AtomicIntegerArray taken = new AtomicIntegerArray(threads * PER_JOB);
        ThreadChurn.onVirtualThreads(threads, 120, id -> {
            try {
                job(q, id * PER_JOB, taken);
            } finally {
                q.release();
            }
        });
        drain(q, taken);
        everyWorkerCanBeClaimed(name, q);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("queues")
    void aRegisteredIndexChangesHands(String name, Function<Topology, ConcurrentPriorityQueue<Integer>> make)
            throws Exception {
        ConcurrentPriorityQueue<Integer> q = make.apply(TOPOLOGY);
        assumeTrue(registrar(q) != null, "binds no worker index");
        Registrar register = registrar(q);
        assertFalse(q.release(), name + ": this thread held nothing yet");
        register.register(0);
        assertThrows(IllegalStateException.class, () -> inThread(() -> register.register(0)), name);
        register.register(1); // moves this thread from worker 0 to worker 1
        inThread(() -> register.register(0));
        assertThrows(IllegalStateException.class, () -> inThread(() -> register.register(1)), name);
        assertTrue(q.release(), name);
        inThread(() -> register.register(1));
        assertFalse(q.release(), name + ": released twice");
    }

    /** How a test registers the calling thread at a worker index. */
    @FunctionalInterface
    protected interface Registrar {
        void register(int worker);
    }

    /** The queue's {@code register(int)}, or null if it binds no worker index. */
    protected abstract Registrar registrar(ConcurrentPriorityQueue<Integer> q);

    /** Runs {@code r} in a new thread that ends after it, and rethrows what it threw. */
    private static void inThread(Runnable r) throws InterruptedException {
        AtomicReference<RuntimeException> thrown = new AtomicReference<>();
        Thread t = new Thread(() -> {
            try {
                r.run();
            } catch (RuntimeException e) {
                thrown.set(e);
            }
        });
        t.start();
        t.join();
        if (thrown.get() != null) {
            throw thrown.get();
        }
    }

    /** Polls what is left from this thread, then checks that every event was taken once. */
    private static void drain(ConcurrentPriorityQueue<Integer> q, AtomicIntegerArray taken) {
        for (Event<Integer> e; (e = q.poll()) != null; ) {
            taken.incrementAndGet(e.value());
        }
        q.release();
        for (int i = 0; i < taken.length(); i++) {
            assertEquals(1, taken.get(i), "event " + i + " taken once");
        }
        assertEquals(0, q.size());
    }

    /** As many new threads as the topology has workers each get one, at once: none leaked. */
    private static void everyWorkerCanBeClaimed(String name, ConcurrentPriorityQueue<Integer> q)
            throws InterruptedException {
        java.util.concurrent.atomic.AtomicInteger keys = new java.util.concurrent.atomic.AtomicInteger();
        ThreadChurn.allAtOnce(name + ": a worker index", TOPOLOGY.workers(), () -> {
            int key = -1 - keys.getAndIncrement();
            q.offer(key, key);
            assertNotNull(q.poll());
        });
    }
}
