package io.github.taskpools.executor;

import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The kernel's view of whether a thread of this process waits for a core, where the JVM's view
 * lags: a thread that has been unparked stays WAITING (or TIMED_WAITING, BLOCKED) in {@code
 * Thread.getState()} until the scheduler runs it and it leaves its park, which on a machine with
 * more runnable threads than cores takes milliseconds. The kernel's run state of the thread
 * ({@code /proc/self/task/TID/stat}) is R from the moment it is woken. {@link
 * BlockedWorkerMonitor} asks this before it counts a worker blocked.
 *
 * <p>Linux only: a thread learns its kernel id from {@code /proc/thread-self}; where that is
 * absent, {@link #currentTid()} returns {@link #UNKNOWN} and {@link #waitsForCore} always answers
 * false, so the caller keeps the JVM's view. A read costs a few microseconds (an open, a read and a
 * close of a small file), and is made only for a worker about to be counted blocked.
 */
final class KernelThreads {
    /** No kernel thread id known. */
    static final int UNKNOWN = -1;

    private static final Path THREAD_SELF = Path.of("/proc/thread-self");
    /** Whether this system has {@code /proc/thread-self}: checked once. */
    private static final boolean AVAILABLE = Files.isSymbolicLink(THREAD_SELF);
    /** {@code Thread.isVirtual()} where the JDK has it (21+), else null: a virtual thread has no kernel thread of its own. */
    private static final MethodHandle IS_VIRTUAL = isVirtualHandle();

    private KernelThreads() {
    }

    /**
     * The calling thread's kernel id ({@code /proc/thread-self} names {@code PID/task/TID}), or
     * {@link #UNKNOWN}: without {@code /proc}, and for a virtual thread (a pool's {@code
     * ThreadFactory} may make its workers virtual), whose carrier's id would say nothing of it.
     */
    static int currentTid() {
        if (!AVAILABLE || isVirtual(Thread.currentThread())) {
            return UNKNOWN;
        }
        try {
            return Integer.parseInt(Files.readSymbolicLink(THREAD_SELF).getFileName().toString());
        } catch (IOException | RuntimeException e) { // not a link, not a number, not allowed
            return UNKNOWN;
        }
    }

    private static boolean isVirtual(Thread t) {
        try {
            return IS_VIRTUAL != null && (boolean) IS_VIRTUAL.invokeExact(t);
        } catch (Throwable e) {
            return true; // cannot tell: no id
        }
    }

    private static MethodHandle isVirtualHandle() {
        try {
            return MethodHandles.publicLookup().findVirtual(Thread.class, "isVirtual", MethodType.methodType(boolean.class));
        } catch (NoSuchMethodException | IllegalAccessException e) {
            return null; // JDK 17-20: every thread is a platform thread
        }
    }

    /**
     * Whether thread {@code tid} of this process is runnable in the kernel's view (state R:
     * running, or woken and waiting for a core); false if it sleeps, if {@code tid} is {@link
     * #UNKNOWN}, or if the state cannot be read (the thread has ended).
     */
    static boolean waitsForCore(int tid) {
        if (tid == UNKNOWN) {
            return false;
        }
        byte[] stat;
        try {
            stat = Files.readAllBytes(Path.of("/proc/self/task/" + tid + "/stat"));
        } catch (IOException | RuntimeException e) {
            return false;
        }
        // "TID (COMM) STATE ...": COMM may itself hold ')' and spaces, so the state follows the last ')'.
        for (int i = stat.length - 1; i >= 0; i--) {
            if (stat[i] == ')') {
                return i + 2 < stat.length && stat[i + 2] == 'R';
            }
        }
        return false;
    }
}
