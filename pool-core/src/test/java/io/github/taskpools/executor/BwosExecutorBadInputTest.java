package io.github.taskpools.executor;

import static io.github.taskpools.executor.ExecutorTestSupport.LONG_WAIT_MS;
import static io.github.taskpools.executor.ExecutorTestSupport.awaitTrue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.function.Executable;

/** Bad arguments fail fast with a clear message and change nothing; custom factories and JMX work. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class BwosExecutorBadInputTest {

    private static void npeNaming(String word, Executable call) {
        NullPointerException e = assertThrows(NullPointerException.class, call);
        assertNotNull(e.getMessage(), "a NullPointerException without a message");
        assertTrue(e.getMessage().contains(word), () -> "message '" + e.getMessage() + "' does not name " + word);
    }

    private static void iaeNaming(String word, Executable call) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
        assertTrue(e.getMessage() != null && e.getMessage().contains(word),
                () -> "message '" + e.getMessage() + "' does not name " + word);
    }

    @Test
    void nullTasksThrowNpeAndChangeNothing() throws Exception {
        BwosExecutor pool = BwosExecutor.builder().parallelism(2).build();
        try {
            assertEquals(1, pool.submit(() -> 1).get());
            awaitTrue(pool::isQuiescent, pool::toString);
            long completed = pool.getCompletedTaskCount();
            int threads = pool.getPoolSize();

            npeNaming("task", () -> pool.execute((Runnable) null));
            npeNaming("task", () -> pool.execute((BwosTask<?>) null));
            npeNaming("task", () -> pool.submit((Runnable) null));
            npeNaming("task", () -> pool.submit((Runnable) null, "result"));
            npeNaming("task", () -> pool.submit((Callable<String>) null));
            npeNaming("task", () -> pool.submit((BwosTask<String>) null));
            npeNaming("task", () -> pool.invoke(null));

            assertEquals(0, pool.getQueuedSubmissionCount());
            assertEquals(0, pool.getQueuedTaskCount());
            assertEquals(completed, pool.getCompletedTaskCount(), "nothing ran");
            assertFalse(pool.isShutdown());
            assertEquals(threads, pool.getPoolSize());
            assertEquals(2, pool.submit(() -> 2).get(LONG_WAIT_MS, TimeUnit.MILLISECONDS));
        } finally {
            ExecutorTestSupport.terminate(pool);
        }
    }

    @Test
    void badBuilderArgumentsNameTheParameter() {
        iaeNaming("parallelism", () -> BwosExecutor.builder().parallelism(0));
        iaeNaming("parallelism", () -> BwosExecutor.builder().parallelism(-1));
        iaeNaming("parallelism", () -> BwosExecutor.builder().parallelism(Integer.MIN_VALUE));
        iaeNaming("parallelism", () -> BwosExecutor.builder().parallelism(1 << 15));
        iaeNaming("blockCount", () -> BwosExecutor.builder().forkDeque(2, 8));
        iaeNaming("blockSize", () -> BwosExecutor.builder().forkDeque(8, 0));
        iaeNaming("blockSize", () -> BwosExecutor.builder().forkDeque(8, -4));
        iaeNaming("blockCount", () -> BwosExecutor.builder().submitDeque(1, 8));
        iaeNaming("blockSize", () -> BwosExecutor.builder().submitDeque(4, 0));
        iaeNaming("blockSize", () -> BwosExecutor.builder().forkDeque(65536, 1 << 13));
        npeNaming("threadFactory", () -> BwosExecutor.builder().threadFactory(null));
        npeNaming("prefix", () -> BwosExecutor.builder().threadNamePrefix(null));
        npeNaming("handler", () -> BwosExecutor.builder().uncaughtExceptionHandler(null));
        npeNaming("name", () -> BwosExecutor.builder().jmxName(null));
        npeNaming("keepAlive", () -> BwosExecutor.builder().keepAlive(null));
        iaeNaming("keepAlive", () -> BwosExecutor.builder().keepAlive(java.time.Duration.ZERO));
        iaeNaming("keepAlive", () -> BwosExecutor.builder().keepAlive(java.time.Duration.ofMillis(-1)));
        iaeNaming("maxSpares", () -> BwosExecutor.builder().maxSpares(-1));
        iaeNaming("maxSpares", () -> BwosExecutor.builder().maxSpares(1 << 15));
        // the limits themselves are fine
        BwosExecutor.builder().parallelism(1).parallelism(0x7FFF).forkDeque(3, 1).submitDeque(2, 1).maxSpares(0)
                .maxSpares(0x7FFF).keepAlive(java.time.Duration.ofNanos(1));
    }

    /**
     * Threads are made as work appears: a factory that returns null fails the first submission that
     * needs a thread, with a clear message; the task stays queued (shutdownNow returns it), and the
     * pool, which never had a thread, terminates at once and leaves no MBean behind.
     */
    @Test
    void aThreadFactoryReturningNullIsAClearError() throws Exception {
        String name = "bad-factory-" + System.nanoTime();
        BwosExecutor pool = BwosExecutor.builder().parallelism(2).threadFactory(r -> null).jmxName(name).build();
        Runnable task = () -> { };
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> pool.execute(task));
        assertTrue(e.getMessage().contains("ThreadFactory returned null"), e.getMessage());
        assertEquals(0, pool.getPoolSize());
        assertEquals(List.of(task), pool.shutdownNow());
        assertTrue(pool.awaitTermination(LONG_WAIT_MS, TimeUnit.MILLISECONDS));
        assertFalse(ManagementFactory.getPlatformMBeanServer().isRegistered(objectName(name)),
                "a terminated pool leaves no MBean behind");
    }

    /** A factory names its threads and decides whether they are daemons: the builder's own settings for those conflict. */
    @Test
    void aThreadFactoryWithANamePrefixOrDaemonIsAClearError() {
        ThreadFactory f = Thread::new;
        iaeNaming("threadNamePrefix", () -> BwosExecutor.builder().threadNamePrefix("p-").threadFactory(f));
        iaeNaming("threadFactory", () -> BwosExecutor.builder().threadNamePrefix("p-").threadFactory(f));
        iaeNaming("threadNamePrefix", () -> BwosExecutor.builder().threadFactory(f).threadNamePrefix("p-"));
        iaeNaming("threadFactory", () -> BwosExecutor.builder().threadFactory(f).threadNamePrefix("p-"));
        iaeNaming("daemon", () -> BwosExecutor.builder().daemon(false).threadFactory(f));
        iaeNaming("threadFactory", () -> BwosExecutor.builder().threadFactory(f).daemon(true));
        BwosExecutor.builder().threadNamePrefix("p-").daemon(false); // fine together
    }

    @Test
    void aCustomThreadFactoryWorks() throws Exception {
        AtomicInteger made = new AtomicInteger();
        ConcurrentHashMap<Thread, Boolean> mine = new ConcurrentHashMap<>();
        ThreadFactory factory = r -> {
            Thread t = new Thread(r, "custom-" + made.getAndIncrement());
            t.setDaemon(true);
            mine.put(t, true);
            return t;
        };
        BwosExecutor pool = BwosExecutor.builder().parallelism(2).threadFactory(factory).build();
        try {
            assertEquals(0, made.get(), "no thread before work");
            Future<Boolean> onMine = pool.submit(() -> mine.containsKey(Thread.currentThread()));
            assertTrue(onMine.get());
            assertTrue(pool.submit((Callable<Boolean>) BwosTask::inBwosExecutor).get(), "a custom thread knows it is a worker");
            LongAdder forks = new LongAdder();
            assertEquals(ExecutorTestSupport.fibSequential(22), pool.invoke(new ExecutorTestSupport.Fib(22, 5, forks)));
            assertTrue(forks.sum() > 100);
            // a plain thread still is not a worker, even though some pool runs on custom threads
            assertFalse(BwosTask.inBwosExecutor());
            assertThrows(IllegalStateException.class, () -> new ExecutorTestSupport.Fib(5, 1, forks).fork());
        } finally {
            ExecutorTestSupport.terminate(pool);
        }
    }

    private static ObjectName objectName(String name) {
        try {
            return new ObjectName("io.github.taskpools:type=BwosExecutor,name=" + ObjectName.quote(name));
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void jmxNameRegistersAnMBeanUntilTermination() throws Exception {
        String name = "bad-input-test-" + System.nanoTime();
        ObjectName on = objectName(name);
        MBeanServer server = ManagementFactory.getPlatformMBeanServer();
        BwosExecutor pool = BwosExecutor.builder().parallelism(2).jmxName(name).build();
        try {
            assertTrue(server.isRegistered(on));
            assertEquals(ExecutorTestSupport.fibSequential(20), pool.invoke(new ExecutorTestSupport.Fib(20, 5, new LongAdder())));
            awaitTrue(pool::isQuiescent, pool::toString);
            assertEquals(2, server.getAttribute(on, "Parallelism"));
            assertEquals(pool.getStealCount(), (long) (Long) server.getAttribute(on, "StealCount"));
            assertTrue((Long) server.getAttribute(on, "ParkCount") >= 0);
            assertTrue((Long) server.getAttribute(on, "CompletedTaskCount") >= 1);
            for (String a : List.of("PoolSize", "QueuedTaskCount", "QueuedSubmissionCount", "ActiveThreadCount",
                    "SearchingThreadCount", "ParkedThreadCount", "UnparkCount", "GrantCount", "GrantsOnRequestCount",
                    "GrantRequestCount", "Quiescent", "Shutdown", "Terminated")) {
                assertNotNull(server.getAttribute(on, a), a);
            }
            assertEquals(Boolean.FALSE, server.getAttribute(on, "Shutdown"));
            // a second pool under the same name is refused, and the first stays registered
            iaeNaming(name, () -> BwosExecutor.builder().parallelism(1).jmxName(name).build());
            assertTrue(server.isRegistered(on));
            pool.shutdown();
            assertTrue(pool.awaitTermination(LONG_WAIT_MS, TimeUnit.MILLISECONDS));
            awaitTrue(() -> !server.isRegistered(on), () -> "MBean still registered after termination");
        } finally {
            ExecutorTestSupport.terminate(pool);
        }
        assertFalse(server.isRegistered(on));
        // shutdownNow unregisters too
        BwosExecutor again = BwosExecutor.builder().parallelism(1).jmxName(name).build();
        assertTrue(server.isRegistered(on));
        again.shutdownNow();
        assertTrue(again.awaitTermination(LONG_WAIT_MS, TimeUnit.MILLISECONDS));
        assertFalse(server.isRegistered(on), "MBean unregistered before awaitTermination returns");
    }
}
