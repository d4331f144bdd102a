package io.github.taskpools.executor;

import static io.github.taskpools.executor.ExecutorTestSupport.LONG_WAIT_MS;
import static io.github.taskpools.executor.ExecutorTestSupport.awaitTrue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.taskpools.probe.VirtualThreadsProbe;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link BwosVirtualThreads} as a user meets it: virtual threads that park, sleep, block on locks
 * and do socket I/O all finish exactly once on 1, 2 and 4 workers; pinned carriers leave the other
 * workers running; the lifecycle its javadoc states (shutdown with parked virtual threads,
 * shutdownNow with queued ones); the refusals (JDK 17, no {@code --add-opens}). The virtual-thread
 * tests run on JDK 21+ (the surefire argLine opens {@code java.lang}) and are skipped on JDK 17,
 * where the refusal test runs instead. Virtual-thread-only API ({@code Thread.isVirtual}) is
 * reached by reflection: the tests compile with {@code --release 17}.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class BwosVirtualThreadsTest {
    private static final int FEATURE = Runtime.version().feature();

    private final List<BwosExecutor> pools = new ArrayList<>();

    private BwosExecutor pool(int parallelism, String prefix) {
        BwosExecutor p = BwosExecutor.builder().parallelism(parallelism).threadNamePrefix(prefix).build();
        pools.add(p);
        return p;
    }

    @AfterEach
    void tearDown() throws InterruptedException {
        for (BwosExecutor p : pools) {
            ExecutorTestSupport.terminate(p);
        }
    }

    private static void assumeVirtualThreads() {
        Assumptions.assumeTrue(FEATURE >= 21, "virtual threads need JDK 21+; this is JDK " + FEATURE);
    }

    private static boolean isVirtual(Thread t) throws ReflectiveOperationException {
        return (boolean) Thread.class.getMethod("isVirtual").invoke(t);
    }

    /** Whether {@code t} is mounted on a thread whose name starts with {@code carrierPrefix}. */
    private static boolean mountedOn(Thread t, String carrierPrefix) {
        // A virtual thread's toString() names its carrier after '@' while it is mounted.
        return t.toString().contains("@" + carrierPrefix);
    }

    private static boolean waiting(Thread t) {
        Thread.State s = t.getState();
        return s == Thread.State.WAITING || s == Thread.State.TIMED_WAITING;
    }

    // ------------------------------------------------------------------ refusals and bad input

    @Test
    @Timeout(value = 20, unit = TimeUnit.SECONDS)
    void refusedBeforeJdk21NamingTheVersion() {
        Assumptions.assumeTrue(FEATURE < 21, "JDK " + FEATURE + " has virtual threads");
        try (BwosExecutor p = BwosExecutor.builder().parallelism(1).build()) {
            UnsupportedOperationException e =
                    assertThrows(UnsupportedOperationException.class, () -> BwosVirtualThreads.newThreadFactory(p));
            assertTrue(e.getMessage().contains("JDK 21") && e.getMessage().contains(Runtime.version().toString()),
                    e.getMessage());
        }
    }

    @Test
    @Timeout(value = 20, unit = TimeUnit.SECONDS)
    void badInputNamesTheParameter() {
        NullPointerException e = assertThrows(NullPointerException.class, () -> BwosVirtualThreads.newThreadFactory(null));
        assertEquals("pool", e.getMessage());
        BwosExecutor p = pool(1, "bad-input-");
        e = assertThrows(NullPointerException.class, () -> BwosVirtualThreads.newThreadFactory(p, null));
        assertEquals("namePrefix", e.getMessage());
    }

    /**
     * Runs {@link VirtualThreadsProbe} in a child JVM with {@code jvmArgs} and the probe's
     * {@code args}; returns its standard output's lines (its standard error, e.g. JCTools' warnings
     * about {@code Unsafe} on JDK 24+, only in a failure's message).
     */
    private static List<String> probe(List<String> jvmArgs, String... args) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(jvmArgs);
        cmd.add(VirtualThreadsProbe.class.getName());
        cmd.addAll(List.of(args));
        // Into files, not pipes: a read of a pipe cannot be interrupted by @Timeout if the child hangs.
        Path out = Files.createTempFile("vthreads-probe", ".out");
        Path err = Files.createTempFile("vthreads-probe", ".err");
        try {
            Process proc = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            boolean ended = proc.waitFor(40, TimeUnit.SECONDS);
            if (!ended) {
                proc.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
            String all = Files.readString(out) + Files.readString(err);
            assertTrue(ended, () -> "the child JVM did not end within 40 s: " + all);
            assertEquals(0, proc.exitValue(), all);
            return Files.readAllLines(out);
        } finally {
            Files.delete(out);
            Files.delete(err);
        }
    }

    private static String location(Class<?> c) throws Exception {
        return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void withoutAddOpensOnTheClassPathTheMessageNamesAllUnnamed() throws Exception {
        List<String> out = probe(List.of("-cp", System.getProperty("java.class.path")));
        if (FEATURE < 21) {
            assertEquals(UnsupportedOperationException.class.getName(), out.get(0), String.join("\n", out));
        } else {
            assertEquals(IllegalStateException.class.getName(), out.get(0), String.join("\n", out));
            assertTrue(out.get(1).contains("--add-opens java.base/java.lang=ALL-UNNAMED"), out.get(1));
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void withoutAddOpensOnTheModulePathTheMessageNamesTheModule() throws Exception {
        assumeVirtualThreads();
        String modulePath = location(BwosExecutor.class) + java.io.File.pathSeparator
                + location(org.jctools.queues.MpmcUnboundedXaddArrayQueue.class);
        List<String> out = probe(List.of("--module-path", modulePath, "--add-modules", "io.github.taskpools",
                "-cp", location(VirtualThreadsProbe.class)));
        assertEquals(IllegalStateException.class.getName(), out.get(0), String.join("\n", out));
        assertTrue(out.get(1).contains("--add-opens java.base/java.lang=io.github.taskpools"), out.get(1));
        // With the option the factory is made.
        out = probe(List.of("--add-opens", "java.base/java.lang=io.github.taskpools", "--module-path", modulePath,
                "--add-modules", "io.github.taskpools", "-cp", location(VirtualThreadsProbe.class)));
        assertEquals(List.of("OK"), out);
    }

    @Test
    @Timeout(value = 90, unit = TimeUnit.SECONDS)
    void socketIoStillWorksAfterThePoolOfTheFirstVirtualThreadToUseASocketIsClosed() throws Exception {
        assumeVirtualThreads();
        // A fresh JVM: the JDK makes its I/O pollers once, at the first blocking socket call.
        assertEquals(List.of("OK"), probe(List.of("--add-opens", "java.base/java.lang=ALL-UNNAMED", "-cp",
                System.getProperty("java.class.path")), "io"));
    }

    // ------------------------------------------------------------------ 100 000 virtual threads

    /** An echo server on the loopback: a platform thread per connection, so the scheduler under test serves only the clients. */
    private static final class EchoServer implements AutoCloseable {
        final ServerSocket server = new ServerSocket(0, 64, InetAddress.getLoopbackAddress());
        private final Queue<Socket> open = new ConcurrentLinkedQueue<>();
        private final Thread acceptor;

        EchoServer() throws IOException {
            acceptor = new Thread(this::acceptLoop, "echo-acceptor");
            acceptor.setDaemon(true);
            acceptor.start();
        }

        private void acceptLoop() {
            try {
                while (true) {
                    Socket s = server.accept();
                    open.add(s);
                    Thread t = new Thread(() -> echo(s), "echo-" + open.size());
                    t.setDaemon(true);
                    t.start();
                }
            } catch (IOException e) {
                // closed
            }
        }

        private static void echo(Socket s) {
            byte[] buf = new byte[256];
            try (InputStream in = s.getInputStream(); OutputStream out = s.getOutputStream()) {
                for (int n; (n = in.read(buf)) > 0; ) {
                    out.write(buf, 0, n);
                }
            } catch (IOException e) {
                // the client went away
            }
        }

        Socket connect() throws IOException {
            Socket s = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort());
            s.setTcpNoDelay(true);
            return s;
        }

        @Override
        public void close() throws IOException {
            server.close();
            for (Socket s : open) {
                s.close();
            }
        }
    }

    @ParameterizedTest(name = "parallelism {0}")
    @ValueSource(ints = {1, 2, 4})
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void hundredThousandVirtualThreadsThatBlockCompleteExactlyOnce(int parallelism) throws Exception {
        assumeVirtualThreads();
        final int n = 100_000;
        final int kinds = 6; // park for a partner, unpark the partner, sleep, ReentrantLock, synchronized, socket
        String prefix = "vt-mix-" + parallelism + "-worker-";
        BwosExecutor p = pool(parallelism, prefix);
        ThreadFactory factory = BwosVirtualThreads.newThreadFactory(p, "vt-mix-");
        AtomicIntegerArray runs = new AtomicIntegerArray(n);
        LongAdder[] perKind = new LongAdder[kinds];
        for (int k = 0; k < kinds; k++) {
            perKind[k] = new LongAdder();
        }
        Queue<Throwable> failures = new ConcurrentLinkedQueue<>();
        Queue<String> carriers = new ConcurrentLinkedQueue<>();
        ReentrantLock[] locks = {new ReentrantLock(), new ReentrantLock(), new ReentrantLock()};
        long[] lockedSums = new long[locks.length]; // guarded by locks[i]
        Object[] monitors = {new Object(), new Object(), new Object()};
        long[] syncSums = new long[monitors.length]; // guarded by monitors[i]
        Thread[] threads = new Thread[n];
        AtomicIntegerArray released = new AtomicIntegerArray(n); // a parker's release, set before its unpark
        CountDownLatch done = new CountDownLatch(n);
        // At most this many virtual threads in flight (started, not finished): the main thread starts
        // a group of `kinds` together, so a parker's partner is always started with it.
        Semaphore inFlight = new Semaphore(6_000);
        try (EchoServer echo = new EchoServer()) {
            BlockingQueue<Socket> connections = new ArrayBlockingQueue<>(8);
            for (int c = 0; c < 8; c++) {
                connections.add(echo.connect());
            }
            for (int i = 0; i < n; i++) {
                final int id = i;
                final int kind = i % kinds;
                threads[i] = factory.newThread(() -> {
                    try {
                        switch (kind) {
                            case 0: // park until the next thread (kind 1) releases it
                                while (released.get(id) == 0) {
                                    LockSupport.park();
                                }
                                break;
                            case 1: // a virtual thread unparks another: the worker-local path
                                released.set(id - 1, 1);
                                LockSupport.unpark(threads[id - 1]);
                                break;
                            case 2: // woken by the JDK's timer thread: the injection path
                                Thread.sleep(1);
                                break;
                            case 3: {
                                ReentrantLock l = locks[id % locks.length];
                                l.lock();
                                try {
                                    lockedSums[id % locks.length] += id;
                                    Thread.yield(); // let contenders queue on the lock
                                } finally {
                                    l.unlock();
                                }
                                break;
                            }
                            case 4: // pins the carrier on JDK 21-23 while it parks inside
                                synchronized (monitors[id % monitors.length]) {
                                    syncSums[id % monitors.length] += id;
                                    LockSupport.parkNanos(10_000);
                                }
                                break;
                            default: { // a round trip on the loopback
                                Socket s = connections.take();
                                try {
                                    byte[] msg = ByteBuffer.allocate(8).putLong(id).array();
                                    s.getOutputStream().write(msg);
                                    byte[] back = s.getInputStream().readNBytes(8);
                                    if (ByteBuffer.wrap(back).getLong() != id) {
                                        throw new AssertionError("echo of " + id + " came back as "
                                                + ByteBuffer.wrap(back).getLong());
                                    }
                                } finally {
                                    connections.add(s);
                                }
                            }
                        }
                        if (id % 1000 == 0) {
                            carriers.add(Thread.currentThread().toString());
                        }
                        perKind[kind].increment();
                        runs.incrementAndGet(id);
                    } catch (Throwable e) {
                        failures.add(e);
                    } finally {
                        inFlight.release();
                        done.countDown();
                    }
                });
            }
            for (int i = 0; i < n; i += kinds) {
                int group = Math.min(kinds, n - i);
                inFlight.acquire(group);
                for (int k = i; k < i + group; k++) {
                    threads[k].start();
                }
            }
            assertTrue(done.await(LONG_WAIT_MS * 6, TimeUnit.MILLISECONDS),
                    () -> done.getCount() + " of " + n + " virtual threads still running: " + p);
        }
        assertTrue(failures.isEmpty(), () -> failures.size() + " failed, the first: " + failures.peek());
        for (int i = 0; i < n; i++) {
            assertEquals(1, runs.get(i), "virtual thread " + i + " ran its body this many times");
        }
        long total = 0;
        for (int k = 0; k < kinds; k++) {
            long expected = n / kinds + (k < n % kinds ? 1 : 0);
            assertEquals(expected, perKind[k].sum(), "kind " + k);
            total += perKind[k].sum();
        }
        assertEquals(n, total);
        long lockedTotal = 0;
        long syncTotal = 0;
        for (int i = 0; i < locks.length; i++) {
            locks[i].lock(); // happens-after every holder's update
            try {
                lockedTotal += lockedSums[i];
            } finally {
                locks[i].unlock();
            }
            synchronized (monitors[i]) {
                syncTotal += syncSums[i];
            }
        }
        assertEquals(sumOfKind(n, kinds, 3), lockedTotal);
        assertEquals(sumOfKind(n, kinds, 4), syncTotal);
        for (Thread t : threads) {
            assertTrue(isVirtual(t), t::toString);
            t.join(LONG_WAIT_MS);
            assertFalse(t.isAlive(), t::toString);
        }
        assertEquals(n / 1000, carriers.size());
        for (String c : carriers) {
            assertTrue(c.contains("@" + prefix) && c.contains("vt-mix-"), c); // named, on a worker of the pool
        }
        assertTrue(p.getCompletedTaskCount() >= n, () -> "the pool ran fewer continuations than threads: " + p);
    }

    private static long sumOfKind(int n, int kinds, int kind) {
        long s = 0;
        for (int i = kind; i < n; i += kinds) {
            s += i;
        }
        return s;
    }

    // ------------------------------------------------------------------ pinning

    /** The latches of {@link BlockingInit}, in a class of their own: touching them must not initialize it. */
    static final class InitLatches {
        static final CountDownLatch ENTERED = new CountDownLatch(1);
        static final CountDownLatch RELEASE = new CountDownLatch(1);
    }

    /** A class whose initializer blocks until released: a virtual thread initializing it pins its carrier on every JDK. */
    static final class BlockingInit {
        static {
            InitLatches.ENTERED.countDown();
            try {
                InitLatches.RELEASE.await(LONG_WAIT_MS * 3, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        static void touch() {
        }
    }

    /**
     * Runs {@code blocker} on a virtual thread of a 2-worker pool; once it blocks, 10 000 virtual
     * threads that park and wake each other must all finish; then {@code release} lets the blocker
     * finish. Returns whether the blocker was mounted (pinned) while blocked.
     */
    private boolean othersRunWhileBlocked(String prefix, Runnable blocker, CountDownLatch entered, Runnable release)
            throws Exception {
        BwosExecutor p = pool(2, prefix);
        ThreadFactory factory = BwosVirtualThreads.newThreadFactory(p);
        Thread b = factory.newThread(blocker);
        b.start();
        assertTrue(entered.await(LONG_WAIT_MS, TimeUnit.MILLISECONDS), "the blocker did not start");
        awaitTrue(() -> waiting(b), () -> "the blocker does not block: " + b);
        boolean pinned = mountedOn(b, prefix);
        int n = 10_000;
        CountDownLatch done = new CountDownLatch(n);
        Thread[] ts = new Thread[n];
        for (int i = 0; i < n; i++) {
            final int id = i;
            ts[i] = factory.newThread(() -> {
                if (id % 2 == 0) {
                    LockSupport.parkNanos(1_000);
                } else {
                    LockSupport.unpark(ts[id - 1]);
                }
                done.countDown();
            });
        }
        for (Thread t : ts) {
            t.start();
        }
        assertTrue(done.await(LONG_WAIT_MS, TimeUnit.MILLISECONDS),
                () -> done.getCount() + " virtual threads stuck behind the blocked one: " + p);
        assertEquals(pinned, mountedOn(b, prefix), () -> "the blocker moved: " + b);
        release.run();
        b.join(LONG_WAIT_MS);
        assertFalse(b.isAlive(), b::toString);
        return pinned;
    }

    @Test
    void aCarrierPinnedInAClassInitializerLeavesTheOtherWorkerRunning() throws Exception {
        assumeVirtualThreads();
        boolean pinned = othersRunWhileBlocked("vt-pin-clinit-", BlockingInit::touch, InitLatches.ENTERED,
                InitLatches.RELEASE::countDown);
        assertTrue(pinned, "blocking in a class initializer pins the carrier on JDK 21 to 25");
    }

    @Test
    void aCarrierPinnedBySynchronizedLeavesTheOtherWorkerRunning() throws Exception {
        assumeVirtualThreads();
        Object monitor = new Object();
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        boolean pinned = othersRunWhileBlocked("vt-pin-sync-", () -> {
            synchronized (monitor) {
                entered.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }, entered, release::countDown);
        // JDK 24 (JEP 491) unmounts a virtual thread that blocks inside synchronized.
        assertEquals(FEATURE <= 23, pinned, "blocking inside synchronized pins the carrier on JDK 21 to 23 only");
    }

    /**
     * {@code Thread.yield()} lets the other ready virtual threads run: on one worker, four virtual
     * threads started from outside while the worker is busy (so all four are queued in the pool's
     * shared queue when it takes the first) and that each yield 50 times take turns, as on the
     * default scheduler. Before a yielded thread went behind the pool's shared queue, the worker
     * took it back from its own FIFO queue at once, ahead of the others in its inbox, and each
     * thread ran its 50 turns in a row.
     */
    @Test
    void aVirtualThreadThatYieldsLetsTheOthersRun() throws Exception {
        assumeVirtualThreads();
        BwosExecutor p = pool(1, "vt-yield-");
        ThreadFactory factory = BwosVirtualThreads.newThreadFactory(p);
        int threads = 4;
        int turns = 50;
        List<Integer> order = Collections.synchronizedList(new ArrayList<>());
        CountDownLatch busy = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        p.execute(() -> {
            busy.countDown();
            try {
                release.await(); // the only worker, busy while the virtual threads start
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        busy.await();
        List<Thread> ts = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            int id = i;
            Thread t = factory.newThread(() -> {
                for (int k = 0; k < turns; k++) {
                    order.add(id);
                    Thread.yield();
                }
            });
            ts.add(t);
            t.start();
        }
        release.countDown();
        for (Thread t : ts) {
            t.join(LONG_WAIT_MS);
            assertFalse(t.isAlive(), () -> t + " still running: " + p);
        }
        assertEquals(threads * turns, order.size());
        int repeats = 0; // turns taken right after the same thread's previous turn
        for (int k = 1; k < order.size(); k++) {
            repeats += order.get(k).equals(order.get(k - 1)) ? 1 : 0;
        }
        int r = repeats;
        // Once fewer threads are left, turns repeat: the last one runs its rest alone.
        assertTrue(r <= order.size() / 4, () -> r + " of " + order.size() + " turns repeated the previous thread's: "
                + order.subList(0, Math.min(60, order.size())));
    }

    @Test
    void onOneWorkerAPinnedCarrierWokenByTheTimerDoesNotDeadlock() throws Exception {
        assumeVirtualThreads();
        BwosExecutor p = pool(1, "vt-pin-one-");
        ThreadFactory factory = BwosVirtualThreads.newThreadFactory(p);
        Object monitor = new Object();
        LongAdder finished = new LongAdder();
        List<Thread> ts = new ArrayList<>();
        // Each one sleeps inside synchronized: on JDK 21-23 the only worker is pinned for 2 ms at a
        // time, and the timer wakes the carrier itself, not through the pool.
        for (int i = 0; i < 200; i++) {
            ts.add(factory.newThread(() -> {
                synchronized (monitor) {
                    try {
                        Thread.sleep(2);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return;
                    }
                }
                finished.increment();
            }));
        }
        for (Thread t : ts) {
            t.start();
        }
        for (Thread t : ts) {
            t.join(LONG_WAIT_MS);
            assertFalse(t.isAlive(), () -> t + " still running: " + p);
        }
        assertEquals(200, finished.sum());
    }

    // ------------------------------------------------------------------ lifecycle

    @Test
    void shutdownDoesNotWaitForParkedVirtualThreadsAndRejectsTheirWakingFromOutside() throws Exception {
        assumeVirtualThreads();
        BwosExecutor p = pool(2, "vt-shutdown-");
        ThreadFactory factory = BwosVirtualThreads.newThreadFactory(p);
        int n = 100;
        List<Thread> parked = new ArrayList<>();
        LongAdder resumed = new LongAdder();
        for (int i = 0; i < n; i++) {
            Thread t = factory.newThread(() -> {
                LockSupport.park();
                resumed.increment();
            });
            parked.add(t);
            t.start();
        }
        for (Thread t : parked) {
            awaitTrue(() -> t.getState() == Thread.State.WAITING, () -> "not parked: " + t);
        }
        p.shutdown();
        assertTrue(p.awaitTermination(LONG_WAIT_MS, TimeUnit.MILLISECONDS), () -> "did not terminate: " + p);
        Thread first = parked.get(0);
        assertThrows(RejectedExecutionException.class, () -> LockSupport.unpark(first));
        assertThrows(RejectedExecutionException.class, () -> factory.newThread(() -> { }).start());
        first.join(100);
        assertTrue(first.isAlive(), "a virtual thread whose waking was rejected stays parked");
        assertEquals(0, resumed.sum());
    }

    @Test
    void afterShutdownAVirtualThreadWokenOnAWorkerStillRuns() throws Exception {
        assumeVirtualThreads();
        BwosExecutor p = pool(1, "vt-shutdown-inside-");
        ThreadFactory factory = BwosVirtualThreads.newThreadFactory(p);
        LongAdder resumed = new LongAdder();
        Thread sleeper = factory.newThread(() -> {
            LockSupport.park();
            resumed.increment();
        });
        sleeper.start();
        awaitTrue(() -> sleeper.getState() == Thread.State.WAITING, () -> "not parked: " + sleeper);
        CountDownLatch running = new CountDownLatch(1);
        CountDownLatch shutDown = new CountDownLatch(1);
        Thread waker = factory.newThread(() -> {
            running.countDown();
            // Hold the only worker (a spin, not a park) until the pool is shut down, then wake the
            // sleeper from this worker: its continuation goes into the worker's own deque.
            while (shutDown.getCount() != 0) {
                Thread.onSpinWait();
            }
            LockSupport.unpark(sleeper);
        });
        waker.start();
        assertTrue(running.await(LONG_WAIT_MS, TimeUnit.MILLISECONDS));
        p.shutdown();
        shutDown.countDown();
        sleeper.join(LONG_WAIT_MS);
        assertFalse(sleeper.isAlive(), sleeper::toString);
        assertEquals(1, resumed.sum());
        assertTrue(p.awaitTermination(LONG_WAIT_MS, TimeUnit.MILLISECONDS), () -> "did not terminate: " + p);
    }

    @Test
    void shutdownNowReturnsTheQueuedContinuationsAndTheirThreadsNeverRun() throws Exception {
        assumeVirtualThreads();
        BwosExecutor p = pool(1, "vt-shutdown-now-");
        ThreadFactory factory = BwosVirtualThreads.newThreadFactory(p);
        CountDownLatch running = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Thread busy = factory.newThread(() -> {
            running.countDown();
            while (release.getCount() != 0) {
                Thread.onSpinWait(); // holds the only worker
            }
        });
        busy.start();
        assertTrue(running.await(LONG_WAIT_MS, TimeUnit.MILLISECONDS));
        LongAdder ran = new LongAdder();
        List<Thread> queued = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            Thread t = factory.newThread(ran::increment);
            queued.add(t);
            t.start(); // from outside the pool: into a submission stripe
        }
        List<Runnable> never = p.shutdownNow();
        release.countDown();
        assertEquals(10, never.size(), never::toString);
        busy.join(LONG_WAIT_MS);
        assertFalse(busy.isAlive(), "the running virtual thread finishes");
        assertTrue(p.awaitTermination(LONG_WAIT_MS, TimeUnit.MILLISECONDS), () -> "did not terminate: " + p);
        assertEquals(0, ran.sum());
        for (Thread t : queued) {
            assertTrue(t.isAlive(), "a virtual thread whose continuation was cancelled never runs");
        }
    }
}
