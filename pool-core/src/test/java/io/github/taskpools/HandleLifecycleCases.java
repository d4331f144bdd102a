package io.github.taskpools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.taskpools.api.TaskPool;
import io.github.taskpools.api.WorkStealingPool;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.function.IntFunction;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Handles that come and go: every task pool used from a {@link ThreadPoolExecutor} whose threads die
 * and are replaced thousands of times (half of them without giving their handles back, which the
 * next thread then takes over), and from 10 000 virtual threads that give their handles back (JDK
 * 21+). Every task put is taken exactly once, and afterwards as many new threads as there are
 * handles each get one (none leaked).
 *
 * <p>The cases; {@code HandleLifecycleTest} here and in pool-baselines give the pools
 * ({@code pools()}, made with {@link #pool}).
 */
public abstract class HandleLifecycleCases {
    /** Handles of each kind (consumers, producers, workers). */
    protected static final int HANDLES = Math.max(2, Runtime.getRuntime().availableProcessors());
    static final int PER_JOB = 8;

    /** An argument of {@code pools()}: a name and a factory of a pool of n handles of each kind. */
    protected static Arguments pool(String name, IntFunction<TaskPool<Integer>> make) {
        return Arguments.of(name, make);
    }

    /** One job of a thread: put PER_JOB tasks, then take up to as many. */
    private static void job(TaskPool<Integer> pool, int first, AtomicIntegerArray taken) {
        TaskPool.Producer<Integer> p = pool.producer();
        for (int i = 0; i < PER_JOB; i++) {
            assertTrue(p.put(first + i), "put refused");
        }
        TaskPool.Consumer<Integer> c = pool.consumer();
        for (int i = 0; i < PER_JOB; i++) {
            Integer t = c.get();
            if (t == null) {
                break;
            }
            taken.incrementAndGet(t);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("pools")
    void threadsReplacedThousandsOfTimes(String name, IntFunction<TaskPool<Integer>> make) throws Exception {
        TaskPool<Integer> pool = make.apply(HANDLES);
        int jobs = 8000;
        AtomicIntegerArray taken = new AtomicIntegerArray(jobs * PER_JOB);
        int threads = ThreadChurn.onReplacedThreads(name, HANDLES, jobs, 60, id -> {
            job(pool, id * PER_JOB, taken);
            ThreadChurn.endJob(id, pool::release); // die holding it, give it back, or keep it
        });
        assertTrue(threads > jobs / 4, name + ": only " + threads + " threads");
        drain(pool, taken);
        for (int i = 0; i < taken.length(); i++) {
            assertEquals(1, taken.get(i), name + ": task " + i + " taken once");
        }
        everyHandleCanBeClaimed(name, pool);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("pools")
    void tenThousandVirtualThreads(String name, IntFunction<TaskPool<Integer>> make) throws Exception {
        TaskPool<Integer> pool = make.apply(HANDLES);
        int threads = 10_000;
        AtomicIntegerArray taken = new AtomicIntegerArray(threads * PER_JOB);
        ThreadChurn.onVirtualThreads(threads, 60, id -> {
            try {
                job(pool, id * PER_JOB, taken);
            } finally {
                pool.release();
            }
        });
        drain(pool, taken);
        for (int i = 0; i < taken.length(); i++) {
            assertEquals(1, taken.get(i), name + ": task " + i + " taken once");
        }
        everyHandleCanBeClaimed(name, pool);
    }

    /** Takes what is left from this thread, quiescent pool: for BwosPool each worker takes its own. */
    private static void drain(TaskPool<Integer> pool, AtomicIntegerArray taken) {
        if (pool instanceof WorkStealingPool) {
            WorkStealingPool<Integer> ws = (WorkStealingPool<Integer>) pool;
            for (int i = 0; i < ws.workers(); i++) {
                WorkStealingPool.Worker<Integer> w = ws.worker(i);
                w.bind(); // its threads have terminated (the executor's termination happens-before)
                for (Integer t; (t = w.get()) != null; ) {
                    taken.incrementAndGet(t);
                }
            }
            pool.release(); // every worker this thread bound
            return;
        }
        TaskPool.Consumer<Integer> c = pool.consumer();
        for (Integer t; (t = c.get()) != null; ) {
            taken.incrementAndGet(t);
        }
        pool.release();
    }

    /** As many new threads as there are handles each get a producer and a consumer: none leaked. */
    private static void everyHandleCanBeClaimed(String name, TaskPool<Integer> pool) throws InterruptedException {
        ThreadChurn.allAtOnce(name + ": a handle", HANDLES, () -> {
            assertNotNull(pool.producer());
            assertNotNull(pool.consumer());
        });
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("pools")
    void aReleasedHandleRefusesItsOldThread(String name, IntFunction<TaskPool<Integer>> make) {
        TaskPool<Integer> pool = make.apply(HANDLES);
        TaskPool.Producer<Integer> p = pool.producer();
        assertTrue(p.put(1));
        assertTrue(pool.release());
        assertThrows(IllegalStateException.class, () -> p.put(2), name);
        TaskPool.Consumer<Integer> c = pool.consumer();
        assertEquals(1, c.get(), name + ": the task put before the release");
        pool.release();
    }
}
