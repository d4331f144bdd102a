package io.github.taskpools.executor;

import io.github.taskpools.internal.CarrierThreads;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;

/**
 * <b>Experimental:</b> virtual threads whose scheduler is a {@link BwosExecutor} instead of the JDK's
 * default {@code ForkJoinPool}. JDK 21 to 25 only, through a hook the JDK does not support (see
 * below): use it to measure BWoS as a virtual-thread scheduler, not in production.
 *
 * <pre>{@code
 * // java --add-opens java.base/java.lang=ALL-UNNAMED ...   (class path)
 * // java --add-opens java.base/java.lang=io.github.taskpools ...   (module path)
 * try (BwosExecutor pool = BwosExecutor.builder().parallelism(4).build();
 *      ExecutorService perRequest = Executors.newThreadPerTaskExecutor(
 *              BwosVirtualThreads.newThreadFactory(pool, "request-"))) {
 *     Future<String> f = perRequest.submit(() -> handle(request)); // on a virtual thread run by pool
 *     System.out.println(f.get());
 * } // closes perRequest first (waits for its virtual threads), then the pool
 * }</pre>
 *
 * <h2>What you need</h2>
 * The JVM option {@code --add-opens java.base/java.lang=io.github.taskpools} when this library is on
 * the module path, {@code --add-opens java.base/java.lang=ALL-UNNAMED} on the class path. Without
 * it {@link #newThreadFactory} throws {@link IllegalStateException} naming the option for the
 * caller's set-up. Before JDK 21 (no final virtual threads), and on a JDK without the hook, it
 * throws {@link UnsupportedOperationException} naming the JDK version.
 *
 * <h2>Guarantees</h2>
 * <ul>
 *   <li>Every virtual thread of the factory runs on the pool's workers only; so do the virtual
 *       threads it creates with {@code Thread.ofVirtual()} or {@code
 *       Executors.newVirtualThreadPerTaskExecutor()} (the JDK gives a virtual thread built without
 *       a scheduler its creator's).</li>
 *   <li>A virtual thread started or unparked by code running on a worker of the pool (the worker
 *       itself, or a virtual thread mounted on it) is queued in that worker's FIFO submission queue,
 *       where the worker takes it oldest first and idle workers steal it (as the default scheduler
 *       pushes it to its carrier's queue). Except a virtual thread that yields (or parks with its
 *       permit already given) while that queue is empty: it goes into the pool's shared spill
 *       queue, behind the worker's inbox and the other workers' queues, so that the ready virtual
 *       threads there run first, as the JDK puts a yielding thread into its shared queue when the
 *       carrier's queue is empty. The workers poll the spill queue before the submission stripes:
 *       virtual threads still in the stripes may run after it. One started or unparked from
 *       anywhere else (a platform
 *       thread, the JDK's timer and I/O threads, a virtual thread of another scheduler) goes
 *       through the pool's submission stripes, as {@link BwosExecutor#execute(Runnable)} from
 *       outside. Either way a parked worker is woken as for any submission.</li>
 *   <li>Pinning: a virtual thread that blocks while pinned holds its worker, as a blocking task
 *       does. On JDK 21 to 23 that is blocking inside {@code synchronized} or {@code Object.wait};
 *       on every JDK, blocking in a class initializer or under a native frame. The pool adds no
 *       compensating worker (the default scheduler does for some of these), so as many pinned
 *       virtual threads as workers, each waiting for one that cannot run, deadlock; fewer pinned
 *       workers leave the others running everything else.</li>
 *   <li>Lifecycle: close the {@code ExecutorService} that owns the virtual threads, or join them,
 *       before shutting the pool down. The pool sees a virtual thread only while it is queued or
 *       running: {@link BwosExecutor#shutdown()} does not wait for parked virtual threads, and the
 *       pool terminates with them still parked. After {@code shutdown()}, a virtual thread started
 *       or woken from outside the pool is rejected ({@code Thread.start}, {@code LockSupport.unpark}
 *       and the like throw {@link RejectedExecutionException}, as the JDK does for a scheduler that
 *       rejects) and a rejected waking leaves its virtual thread parked for ever; one woken on a
 *       worker is still accepted until {@link BwosExecutor#shutdownNow()}. {@code shutdownNow()}
 *       returns the queued continuations (the JDK's {@code Runnable}s; their virtual threads never
 *       continue) and interrupts the workers, not the virtual threads.</li>
 * </ul>
 *
 * <h2>Implementation notes</h2>
 * The hook is the package-private constructor {@code java.lang.ThreadBuilders$VirtualThreadBuilder(
 * Executor scheduler)} of JDK 21 to 25, which the JDK's own tests use; reached by a private lookup
 * (the {@code --add-opens}). The JDK hands the scheduler one {@code Runnable} per virtual thread, its
 * {@code runContinuation}, at each start and each waking; the pool runs it as any {@code execute}d
 * task (an exception would go to the pool's uncaught-exception handler; the JDK catches the virtual
 * thread's own). JDK 21 to 23 call the scheduler from a mounted virtual thread after switching the
 * current thread to the carrier, JDK 24 and 25 with the continuation pinned and the virtual thread
 * current: the scheduler therefore asks for the carrier ({@code Thread.currentCarrierThread()},
 * the JDK's own {@code ForkJoinPool.poolSubmit} does the same) and, when it is a worker of this
 * pool, offers into that worker's FIFO queue on its behalf (the worker's code is suspended beneath
 * the mounted virtual thread, so the single-producer offer is the worker's own). The offer signals as every submission inside the pool
 * does ({@code Worker.submit}: a worker is woken only if none searches); the default scheduler's
 * {@code lazySubmit} of an unpark on the carrier itself skips that signal when the carrier's queue
 * is empty. The worker's thread is found through {@link BwosWorkerThread}: with a pool built with
 * its own {@code ThreadFactory}, a virtual thread mounted on a worker submits through the stripes
 * (on JDK 21 to 23, and for the JDK's own calls on the carrier, the worker is found either way).
 *
 * <p>The first factory made in a JVM initializes the JDK's I/O pollers on a platform thread: on
 * JDK 22+ they are virtual threads made on first use, which would otherwise inherit the scheduler
 * of the first virtual thread that blocks on a socket, and stop with its pool (see {@code
 * initializeIoPollers}).
 */
public final class BwosVirtualThreads {
    private BwosVirtualThreads() {
    }

    /**
     * A factory of unstarted virtual threads, with no name, scheduled by {@code pool}.
     *
     * @throws UnsupportedOperationException before JDK 21, or on a JDK without the scheduler hook
     * @throws IllegalStateException without {@code --add-opens java.base/java.lang=<this module>}
     *     (the message gives the option for this set-up)
     */
    public static ThreadFactory newThreadFactory(BwosExecutor pool) {
        return newFactory(pool, null);
    }

    /**
     * A factory of unstarted virtual threads named {@code namePrefix} followed by 0, 1, 2...,
     * scheduled by {@code pool}.
     *
     * @throws UnsupportedOperationException before JDK 21, or on a JDK without the scheduler hook
     * @throws IllegalStateException without {@code --add-opens java.base/java.lang=<this module>}
     *     (the message gives the option for this set-up)
     */
    public static ThreadFactory newThreadFactory(BwosExecutor pool, String namePrefix) {
        return newFactory(pool, Objects.requireNonNull(namePrefix, "namePrefix"));
    }

    private static ThreadFactory newFactory(BwosExecutor pool, String namePrefix) {
        Objects.requireNonNull(pool, "pool");
        Hook hook = Hook.get();
        try {
            Object builder = hook.newBuilder.invoke(new Scheduler(pool));
            if (namePrefix != null) {
                builder = hook.name.invoke(builder, namePrefix, 0L);
            }
            return (ThreadFactory) hook.factory.invoke(builder);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException("the virtual-thread scheduler hook failed", e);
        }
    }

    /** The JVM option that opens {@code java.lang} to this class's module. */
    static String addOpensOption() {
        Module m = BwosVirtualThreads.class.getModule();
        return "--add-opens java.base/java.lang=" + (m.isNamed() ? m.getName() : "ALL-UNNAMED");
    }

    /** The scheduler the JDK calls with each virtual thread's continuation. */
    private static final class Scheduler implements Executor {
        private final BwosExecutor pool;

        Scheduler(BwosExecutor pool) {
            this.pool = pool;
        }

        @Override
        public void execute(Runnable continuation) {
            Thread current = Thread.currentThread();
            Thread carrier = CarrierThreads.current();
            if (carrier != current && carrier instanceof BwosWorkerThread
                    && pool.owns(((BwosWorkerThread) carrier).worker)) {
                // A virtual thread mounted (and pinned by the JDK for this call) on a worker of ours:
                // the worker's own submission, as BwosExecutor.execute makes it on the worker.
                // Worker.submit rejects once shutdownNow has begun (its hand-over).
                ((BwosWorkerThread) carrier).worker.submit(pool.continuationTask(continuation));
            } else if (current instanceof BwosWorkerThread && handsItselfBack(((BwosWorkerThread) current).worker, continuation)) {
                // The virtual thread the worker is running hands itself back, unmounted: a yield
                // (or a park whose permit was already given). Into the worker's empty FIFO queue
                // the worker would take it next, ahead of the ready virtual threads in its inbox:
                // Thread.yield() did not yield (4 threads yielding 50 times each on one worker
                // took 196 of 200 turns in a row). As the JDK's VirtualThread.afterYield does on
                // its own scheduler when the carrier's queue is empty: into the pool's shared
                // (spill) queue, behind the worker's inbox and the other workers' queues.
                ((BwosWorkerThread) current).worker.submitShared(pool.continuationTask(continuation));
            } else {
                pool.execute(pool.continuationTask(continuation)); // on a worker: its FIFO queue; elsewhere: the stripes
            }
        }

        /** Whether {@code w}, a worker of this pool with an empty FIFO queue, runs {@code continuation}. */
        private boolean handsItselfBack(Worker w, Runnable continuation) {
            return pool.owns(w) && w.runs(continuation) && w.submissions.isEmpty();
        }

        @Override
        public String toString() {
            return "BwosVirtualThreads scheduler of " + pool;
        }
    }

    /** The JDK's hook, found once; or why it cannot be used, thrown at each request. */
    private static final class Hook {
        private static final Object HOOK = find();

        /** {@code new ThreadBuilders.VirtualThreadBuilder(Executor)}. */
        final MethodHandle newBuilder;
        /** {@code Thread.Builder.name(String, long)}. */
        final MethodHandle name;
        /** {@code Thread.Builder.factory()}. */
        final MethodHandle factory;

        private Hook(MethodHandle newBuilder, MethodHandle name, MethodHandle factory) {
            this.newBuilder = newBuilder;
            this.name = name;
            this.factory = factory;
        }

        static Hook get() {
            if (HOOK instanceof Hook) {
                return (Hook) HOOK;
            }
            RuntimeException why = (RuntimeException) HOOK;
            // A fresh exception per call, with the caller's stack; the first one's cause kept.
            if (why instanceof UnsupportedOperationException) {
                throw new UnsupportedOperationException(why.getMessage(), why.getCause());
            }
            throw new IllegalStateException(why.getMessage(), why.getCause());
        }

        private static Object find() {
            Runtime.Version v = Runtime.version();
            if (v.feature() < 21) {
                return new UnsupportedOperationException("virtual threads scheduled by a BwosExecutor need JDK 21"
                        + " or later (virtual threads are final from JDK 21); this is JDK " + v);
            }
            String builderName = "java.lang.ThreadBuilders$VirtualThreadBuilder";
            Class<?> builderClass;
            Class<?> builderApi;
            try {
                builderClass = Class.forName(builderName);
                builderApi = Class.forName("java.lang.Thread$Builder");
                builderClass.getDeclaredConstructor(Executor.class);
                Thread.class.getDeclaredMethod("currentCarrierThread");
            } catch (ClassNotFoundException | NoSuchMethodException e) {
                return new UnsupportedOperationException("JDK " + v + " has no virtual-thread scheduler hook: "
                        + "BwosVirtualThreads needs the package-private constructor " + builderName
                        + "(java.util.concurrent.Executor) and Thread.currentCarrierThread() of JDK 21 to 25", e);
            }
            String noAccess = "virtual threads scheduled by a BwosExecutor reach a JDK-internal constructor: start"
                    + " the JVM with " + addOpensOption();
            if (!Thread.class.getModule().isOpen("java.lang", BwosVirtualThreads.class.getModule())
                    || !CarrierThreads.available()) {
                return new IllegalStateException(noAccess);
            }
            try {
                MethodHandles.Lookup l = MethodHandles.privateLookupIn(builderClass, MethodHandles.lookup());
                MethodHandle ctor = l.findConstructor(builderClass, MethodType.methodType(void.class, Executor.class))
                        .asType(MethodType.methodType(Object.class, Executor.class));
                MethodHandle name = l.findVirtual(builderApi, "name",
                        MethodType.methodType(builderApi, String.class, long.class));
                MethodHandle factory = l.findVirtual(builderApi, "factory", MethodType.methodType(ThreadFactory.class));
                initializeIoPollers();
                return new Hook(ctor, name, factory);
            } catch (IllegalAccessException e) {
                return new IllegalStateException(noAccess, e);
            } catch (NoSuchMethodException e) {
                return new UnsupportedOperationException("JDK " + v + " has no virtual-thread scheduler hook: " + e, e);
            }
        }
    }

    /**
     * Initializes the JDK's I/O pollers ({@code sun.nio.ch.Poller}) on a platform thread. On JDK
     * 22+ (Linux) its sub-pollers are virtual threads that the class initializer starts with
     * {@code Thread.ofVirtual()}: made by the first virtual thread of the JVM that blocks on a
     * socket, they would inherit that thread's scheduler, run on a BwosExecutor and stop with it,
     * after which every virtual thread's network I/O in the JVM would wait for ever. Initialized
     * here, they take the default scheduler, as in a JVM without this class. A JDK without that
     * class has nothing to initialize.
     */
    private static void initializeIoPollers() {
        Thread t = new Thread(() -> {
            try {
                Class.forName("sun.nio.ch.Poller", true, null);
            } catch (ClassNotFoundException e) {
                // another JDK's I/O: nothing made lazily to keep off the pool
            }
        }, "BwosVirtualThreads-poller-init");
        t.setDaemon(true);
        t.start();
        boolean interrupted = false;
        while (true) {
            try {
                t.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
