package io.github.taskpools.jmh.forkjoin;

import io.github.taskpools.bwos.LifoBwosDeque;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * A minimal fork/join runner on LIFO BWoS deques, for the {@code fork-join} experiment: the same
 * recursive kernels as on {@link java.util.concurrent.ForkJoinPool}, so the comparison is of the
 * schedulers' deques and stealing, not of the kernels. It is a benchmark harness, not a general
 * executor: one computation at a time, strict fork/join only (every forked task is joined by the task
 * that forked it, before that task completes).
 *
 * <h2>Algorithm</h2>
 * N workers, each owning a {@link LifoBwosDeque} (8 blocks of 256 tasks). Worker 0 is the thread that
 * calls {@link #invoke}; workers 1..N-1 are daemon threads that, while a computation is running, pop
 * their own deque and otherwise steal from a random other worker, and park between computations.
 * <ul>
 *   <li>{@link Task#fork}: push onto the current worker's deque; if the deque is full, run the task
 *       at once (it is then done before its join).</li>
 *   <li>{@link Task#join}: until the task is done, pop the worker's own deque and run what comes out
 *       (the joined task itself unless a thief took it; otherwise an older task of the same worker, which
 *       is ready to run and makes progress), else steal from a random other worker and run that
 *       (helping), else spin, yielding the processor now and then. No worker ever blocks while a computation is running, so a joined task that
 *       a thief is running is waited for by doing other work.</li>
 * </ul>
 * Invariants: a task runs exactly once (it is taken from a deque exactly once, BWoS's guarantee, or run
 * inline by {@code fork} without ever being pushed); the root completes only after every task it
 * transitively forked has completed (strictness), so when {@link #invoke} returns no worker holds or
 * runs a task of that computation.
 *
 * <h2>Memory orderings</h2>
 * <pre>
 * Task.done      release store by the thread that ran the task, after its result fields;
 *                acquire load in join (pairs with it: the joiner reads the result fields after)
 * active         volatile: written by worker 0 at the start and end of invoke; read by helpers
 * closed         volatile: written by close, read by helpers
 * </pre>
 * The tasks themselves travel through the BWoS deques, which publish them (push is release, the taking
 * side acquire).
 */
public final class BwosForkJoin implements AutoCloseable {
    /** BWoS geometry of each worker's deque. */
    static final int BLOCKS = 8;
    static final int BLOCK_SIZE = 256;
    /** Failed attempts between two yields of an idle worker. */
    static final int YIELD_EVERY = 64;
    /** Numbers the runners, for their helper threads' names. */
    private static final AtomicInteger RUNNERS = new AtomicInteger();

    private final Worker[] workers;
    private final Thread[] helpers;
    /** Volatile: a computation is running. */
    private volatile boolean active;
    /** Volatile: the runner is shut down. */
    private volatile boolean closed;
    /** Plain, caller only: a computation failed, tasks may be left in the deques. */
    private boolean failed;
    /** Plain, caller only: the thread that owns worker 0. */
    private Thread caller;

    /**
     * A runner of {@code parallelism} workers: the invoking thread and {@code parallelism - 1} helper
     * threads, started here.
     */
    public BwosForkJoin(int parallelism) {
        if (parallelism < 1) {
            throw new IllegalArgumentException("parallelism must be at least 1, got " + parallelism);
        }
        workers = new Worker[parallelism];
        SplittableRandom seeds = new SplittableRandom(0x5EED);
        for (int i = 0; i < parallelism; i++) {
            workers[i] = new Worker(i, seeds.split());
        }
        helpers = new Thread[parallelism - 1];
        int runner = RUNNERS.incrementAndGet();
        for (int i = 1; i < parallelism; i++) {
            Worker w = workers[i];
            Thread t = new Thread(() -> helperLoop(w), "bwos-fork-join-" + runner + "-" + i);
            t.setDaemon(true);
            helpers[i - 1] = t;
        }
        for (Thread t : helpers) {
            t.start();
        }
    }

    /** The helper threads, for tests. */
    List<Thread> helperThreads() {
        return List.of(helpers);
    }

    /** The number of workers. */
    public int parallelism() {
        return workers.length;
    }

    /**
     * Runs {@code root} with the calling thread as worker 0 and the helpers stealing, and returns when
     * it is done. One thread at a time; it becomes worker 0's owner.
     *
     * <p>If a task throws, its exception travels up through the joins to the root and is rethrown
     * here; tasks that the failed ones had forked but not joined may still sit in the deques, so a
     * runner whose computation failed refuses further computations (close it).
     *
     * @throws RuntimeException the exception a task threw, wrapped if it was checked
     * @throws IllegalStateException if the runner is closed or an earlier computation failed
     */
    public void invoke(Task root) {
        Objects.requireNonNull(root, "root");
        if (closed || failed) {
            throw new IllegalStateException(closed ? "closed" : "an earlier computation failed");
        }
        Worker w0 = workers[0];
        if (caller != Thread.currentThread()) {
            w0.deque.bindOwner();
            caller = Thread.currentThread();
        }
        active = true;
        for (Thread t : helpers) {
            LockSupport.unpark(t);
        }
        try {
            root.run(w0);
        } finally {
            active = false;
        }
        if (root.failure != null) {
            failed = true;
            root.rethrow();
        }
    }

    /** Stops the helper threads and waits for them. */
    @Override
    public void close() {
        closed = true;
        for (Thread t : helpers) {
            LockSupport.unpark(t);
        }
        for (Thread t : helpers) {
            try {
                t.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private void helperLoop(Worker w) {
        w.deque.bindOwner();
        int idle = 0;
        while (!closed) {
            if (!active) {
                LockSupport.park(this);
                continue;
            }
            Task t = w.deque.pop();
            if (t == null) {
                t = w.stealOnce();
            }
            if (t != null) {
                t.run(w);
                idle = 0;
            } else {
                idle = backOff(idle);
            }
        }
    }

    /**
     * One idle step of a worker that found no task: spin, and every {@value #YIELD_EVERY} failed
     * attempts yield the processor, so that spinning workers do not starve the ones with work when
     * there are more threads than processors.
     */
    static int backOff(int idle) {
        if (++idle % YIELD_EVERY == 0) {
            Thread.yield();
        } else {
            Thread.onSpinWait();
        }
        return idle;
    }

    /** A worker: its deque and its random source for victims. Used only by its own thread. */
    public final class Worker {
        private final int index;
        private final LifoBwosDeque<Task> deque = new LifoBwosDeque<>(BLOCKS, BLOCK_SIZE);
        private final SplittableRandom random;

        Worker(int index, SplittableRandom random) {
            this.index = index;
            this.random = random;
        }

        /** One steal from a random other worker; {@code null} if it found nothing. */
        Task stealOnce() {
            int n = workers.length;
            if (n == 1) {
                return null;
            }
            int v = random.nextInt(n - 1);
            if (v >= index) {
                v++;
            }
            return workers[v].deque.steal();
        }

        void join(Task task) {
            int idle = 0;
            while (!task.isDone()) {
                Task t = deque.pop();
                if (t == null) {
                    t = stealOnce();
                }
                if (t != null) {
                    t.run(this);
                    idle = 0;
                } else {
                    idle = backOff(idle);
                }
            }
        }
    }

    /**
     * A task of a computation: {@link #compute} does the work and may {@link #fork} and {@link #join}
     * subtasks, always with the worker it was given.
     */
    public abstract static class Task {
        private static final VarHandle DONE;

        static {
            try {
                DONE = MethodHandles.lookup().findVarHandle(Task.class, "done", boolean.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        /** Release store when the task has run, acquire load in {@link #isDone()}. */
        private boolean done;
        /** Plain: written before the release store of done, read after its acquire load. */
        private Throwable failure;

        /** The task's work, on worker {@code w}. */
        protected abstract void compute(Worker w);

        /** Makes {@code sub} available to thieves, or runs it now if the worker's deque is full. */
        protected static void fork(Worker w, Task sub) {
            if (!w.deque.push(sub)) {
                sub.run(w);
            }
        }

        /** Returns once {@code sub} is done, running other tasks meanwhile; rethrows its failure. */
        protected static void join(Worker w, Task sub) {
            w.join(sub);
            sub.rethrow();
        }

        final void run(Worker w) {
            try {
                compute(w);
            } catch (Throwable e) {
                failure = e;
            }
            DONE.setRelease(this, true);
        }

        final boolean isDone() {
            return (boolean) DONE.getAcquire(this);
        }

        final void rethrow() {
            Throwable f = failure;
            if (f instanceof RuntimeException) {
                throw (RuntimeException) f;
            }
            if (f instanceof Error) {
                throw (Error) f;
            }
            if (f != null) {
                throw new RuntimeException(f);
            }
        }
    }
}
