package io.github.taskpools.executor;

import static io.github.taskpools.executor.ExecutorTestSupport.LONG_WAIT_MS;
import static io.github.taskpools.executor.ExecutorTestSupport.awaitTrue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The kernel's view of a thread's run state ({@link KernelThreads}), on Linux. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class KernelThreadsTest {
    private static void assumeLinuxProc() {
        assumeTrue(Files.isSymbolicLink(Path.of("/proc/thread-self")), "no /proc/thread-self here");
    }

    @Test
    void aThreadLearnsItsKernelIdWhichNamesIt() throws Exception {
        assumeLinuxProc();
        String vm = System.getProperty("java.vm.name", "");
        assumeTrue(vm.contains("HotSpot") || vm.contains("OpenJDK"), "a VM that names kernel threads after Java's: " + vm);
        AtomicInteger tid = new AtomicInteger(KernelThreads.UNKNOWN);
        CountDownLatch known = new CountDownLatch(1);
        CountDownLatch done = new CountDownLatch(1);
        Thread t = new Thread(() -> {
            tid.set(KernelThreads.currentTid());
            known.countDown();
            try {
                done.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "kt-name-check");
        t.start();
        try {
            known.await(LONG_WAIT_MS, TimeUnit.MILLISECONDS);
            // The JVM gives a thread's kernel task its Java name, cut to 15 characters.
            String comm = Files.readString(Path.of("/proc/self/task/" + tid.get() + "/comm")).trim();
            assertEquals("kt-name-check", comm, "the kernel id names the thread that read it");
        } finally {
            done.countDown();
            t.join();
        }
        assertFalse(tid.get() == KernelThreads.currentTid(), "another thread, another id");
    }

    @Test
    void aParkedThreadSleepsAndASpinningOneWaitsForCoreOrRuns() throws Exception {
        assumeLinuxProc();
        AtomicInteger tid = new AtomicInteger(KernelThreads.UNKNOWN);
        AtomicBoolean spin = new AtomicBoolean();
        AtomicBoolean stop = new AtomicBoolean();
        CountDownLatch ready = new CountDownLatch(1);
        Thread t = new Thread(() -> {
            tid.set(KernelThreads.currentTid());
            ready.countDown();
            while (!stop.get()) {
                if (spin.get()) {
                    Thread.onSpinWait();
                } else {
                    LockSupport.park();
                }
            }
        }, "kt-state-check");
        t.setDaemon(true);
        t.start();
        try {
            ready.await(LONG_WAIT_MS, TimeUnit.MILLISECONDS);
            awaitTrue(() -> t.getState() == Thread.State.WAITING && !KernelThreads.waitsForCore(tid.get()),
                    () -> "a parked thread seen runnable by the kernel: " + t.getState());
            spin.set(true);
            LockSupport.unpark(t);
            awaitTrue(() -> KernelThreads.waitsForCore(tid.get()), () -> "a spinning thread never seen runnable");
        } finally {
            stop.set(true);
            LockSupport.unpark(t);
            t.join();
        }
        awaitTrue(() -> !KernelThreads.waitsForCore(tid.get()), () -> "an ended thread's state read as runnable");
        assertFalse(KernelThreads.waitsForCore(KernelThreads.UNKNOWN), "an unknown thread is never runnable");
    }

    @Test
    void aVirtualThreadHasNoKernelIdOfItsOwn() throws Exception {
        assumeLinuxProc();
        Method start;
        try {
            start = Thread.class.getMethod("startVirtualThread", Runnable.class);
        } catch (NoSuchMethodException e) {
            assumeTrue(false, "no virtual threads before JDK 21");
            return;
        }
        AtomicInteger tid = new AtomicInteger(0);
        Thread t = (Thread) start.invoke(null, (Runnable) () -> tid.set(KernelThreads.currentTid()));
        t.join();
        assertEquals(KernelThreads.UNKNOWN, tid.get(), "a virtual thread's carrier id would say nothing of it");
    }
}
