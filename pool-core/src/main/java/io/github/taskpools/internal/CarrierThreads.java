package io.github.taskpools.internal;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * The platform thread the current code runs on: for a virtual thread, its carrier; for a platform
 * thread, itself. Through the JDK's package-private {@code Thread.currentCarrierThread()} (JDK 19+),
 * which is reachable only when {@code java.lang} is open to this module
 * ({@code --add-opens java.base/java.lang=...}); without it, or before JDK 19, {@link #current()} is
 * {@code Thread.currentThread()} and {@link #available()} is false.
 *
 * <p>Used where a virtual thread mounted on a pool's worker acts for that worker: a virtual thread
 * scheduled by a {@code BwosExecutor} that starts or unparks another one submits into its carrier's
 * deque ({@code BwosVirtualThreads}), and the BWoS deques accept that owner operation (the carrier's
 * own code is suspended beneath the mounted virtual thread, so the two never run at once).
 */
public final class CarrierThreads {
    /** {@code Thread.currentCarrierThread()}, or null when it cannot be reached. */
    private static final MethodHandle CURRENT_CARRIER = find();

    private CarrierThreads() {
    }

    /** Whether {@link #current()} sees through virtual threads. */
    public static boolean available() {
        return CURRENT_CARRIER != null;
    }

    /** The carrier of the current virtual thread, or the current platform thread. */
    public static Thread current() {
        if (CURRENT_CARRIER == null) {
            return Thread.currentThread();
        }
        try {
            return (Thread) CURRENT_CARRIER.invokeExact();
        } catch (Throwable e) {
            throw new AssertionError("Thread.currentCarrierThread() threw", e); // a static native getter
        }
    }

    private static MethodHandle find() {
        if (!Thread.class.getModule().isOpen("java.lang", CarrierThreads.class.getModule())) {
            return null;
        }
        try {
            return MethodHandles.privateLookupIn(Thread.class, MethodHandles.lookup())
                    .findStatic(Thread.class, "currentCarrierThread", MethodType.methodType(Thread.class));
        } catch (NoSuchMethodException | IllegalAccessException e) {
            return null; // before JDK 19, or a JDK that renamed it
        }
    }
}
