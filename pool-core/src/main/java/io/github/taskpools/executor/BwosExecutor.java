package io.github.taskpools.executor;

import java.lang.invoke.VarHandle;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.RunnableFuture;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import javax.management.JMException;
import javax.management.ObjectName;

/**
 * A work-stealing {@link java.util.concurrent.ExecutorService} on BWoS deques (Wang et al.,
 * OSDI'23): what {@code ForkJoinPool} is to its ABP deques, for {@link Runnable}s, {@link Callable}s
 * and fork/join tasks ({@link BwosTask}, {@link BwosRecursiveTask}, {@link BwosRecursiveAction});
 * porting fork/join code is a rename.
 *
 * <pre>{@code
 * final class Sum extends BwosRecursiveTask<Long> {
 *     final long[] a; final int lo, hi;
 *     Sum(long[] a, int lo, int hi) { this.a = a; this.lo = lo; this.hi = hi; }
 *     protected Long compute() {
 *         if (hi - lo <= 4096) { long s = 0; for (int i = lo; i < hi; i++) s += a[i]; return s; }
 *         int mid = (lo + hi) >>> 1;
 *         Sum right = new Sum(a, mid, hi);
 *         right.fork();                               // a plain store into this worker's deque
 *         return new Sum(a, lo, mid).compute() + right.join();
 *     }
 * }
 *
 * try (BwosExecutor pool = BwosExecutor.builder().parallelism(4).build()) {
 *     Future<String> hello = pool.submit(() -> "hello");
 *     long total = pool.invoke(new Sum(new long[1 << 20], 0, 1 << 20));
 * }
 * }</pre>
 * A complete program: {@code ExecutorExample} in the repository's {@code examples} module.
 *
 * <h2>Guarantees</h2>
 * <ul>
 *   <li>Every accepted task runs exactly once, or, after {@link #shutdownNow()}, is returned by it
 *       (tasks given to {@code execute}/{@code submit}) or cancelled (fork/join tasks).</li>
 *   <li>A submission racing {@link #shutdown()} is either rejected (and never runs) or runs.</li>
 *   <li>A task submitted from inside the pool can be run by an idle worker at once, even if the
 *       task that submitted it then blocks where the pool cannot see it (a latch, a lock, I/O); so
 *       can a fork made while the forking worker sees another worker idle, on its way from idle
 *       or not started (see the limit below).</li>
 *   <li>{@code join()} and {@code get()} on a worker help (they run the joined task if it is
 *       still queued, or its subtasks) and never block on a task their own worker holds; a
 *       worker that blocks in {@link #managedBlock} is compensated by a spare thread at once, one
 *       that blocks in them after at most 1 ms while another worker runs (at once otherwise),
 *       at most {@link Builder#maxSpares} beyond parallelism, so nested waits cannot starve the
 *       pool.</li>
 *   <li>An idle pool uses no CPU; threads start as work appears ({@code build()} starts none).</li>
 * </ul>
 *
 * <h2>Threading</h2>
 * All methods are thread-safe. Workers are daemon threads by default ({@link Builder#daemon}).
 * An exception thrown by a task given to {@link #execute(Runnable)} goes to the
 * uncaught-exception handler (the builder's, else the worker thread's) and the worker lives on;
 * an exception of a submitted task or a fork/join task completes its future. Blocking calls a
 * task makes (JDBC, HTTP clients, locks) hold its worker: wrap them in {@link #managedBlock} so
 * that the pool compensates, as with {@code ForkJoinPool.managedBlock}; {@code
 * CompletableFuture.get()} inside a task is not compensated here.
 *
 * <h2>When to pick it over ForkJoinPool</h2>
 * For fork/join computations: a fork and a pop on the owner's side are plain stores and loads (no
 * CAS, no fence), where {@code ForkJoinPool}'s pop is a CAS. For external submissions the two
 * are within measurement of each other or {@code ForkJoinPool} is ahead; the figures, machine and
 * commands are in the repository's {@code docs/measurements/executor.md} and the benchmark reports. Known
 * limit: a fork made while every other worker is busy or searching, or while a worker parks at
 * that very moment (the forker's look at the idle count is a hint, without a fence), stays in
 * the forking worker's block until that worker pushes again, which answers a searcher's request
 * for a grant; if it blocks where the pool cannot see (a latch) before that, the fork waits for
 * it. Tasks meant to run while their parent blocks should be given to {@code execute}. Forks meant to run while their parent waits should be joined (or submitted
 * with {@code execute}, which is visible at once).
 *
 * <h2>Implementation notes</h2>
 *
 * <h3>Design</h3>
 * Each worker owns a LIFO BWoS deque for the tasks it forks and a FIFO queue for tasks its tasks
 * submit; forked and submitted tasks are kept apart (the JDK's own ForkJoinPool calls treating
 * them alike "arguably an early design mistake"). A fork is a plain store into the owner's block:
 * BWoS's owner path has no CAS and no fence (§4.1). The FIFO queue is a JCTools SPMC queue that
 * every worker takes from at once: a BWoS owner's block is reached by thieves only when the owner
 * grants it, and a task that submits work and then blocks where the pool cannot see it (a latch,
 * I/O) would hide that work; so would a fork, which therefore asks for a grant of its own block
 * when the forker sees a worker idle, waking or not started, and, if it still stays in the block
 * (a grant is not made while an earlier one is unclaimed), is published a second time in a queue
 * any worker takes from, each copy claimed by CAS before it runs (see {@code Worker.fork}). Thieves take the oldest tasks;
 * a thief that finds nothing asks the owners for a grant of the tasks they hold in their current
 * block (grant on request, the answer to BWoS §8's limit), which the owner answers at its next
 * push. Submissions from threads outside the pool, platform or virtual, go into the shared
 * submission queue ({@link SharedQueue}): striped rings ({@link SubmissionQueue}: pushed under a
 * lock, taken by CAS; four stripes a worker, chosen by a per-thread probe that moves when another
 * thread holds the stripe's lock), with no registration with the pool; every worker polls them
 * when idle and every {@value Worker#INJECTION_INTERVAL} tasks. A worker that finds a stripe with tasks takes its share of them (those queued divided by
 * parallelism, rounded up, at most {@value Worker#BATCH}) into its inbox, a JCTools SPMC queue that other
 * workers steal from before they poll the stripes, so that two workers do not take turns on one
 * stripe at every task and a batch held by a worker that blocks does not wait behind newer
 * submissions. See {@link Worker} for the loop and the parking handshake, {@link
 * BwosTask} for join.
 *
 * <h3>Idle workers</h3>
 * A worker with nothing to do searches (steals) for a bounded number of rounds while another
 * worker is busy (a busy owner answers grant requests), and parks at once when every other worker
 * is idle or on its way from the idle stack. Parked workers wait on a stack in {@code ctl}
 * ({@link IdleStack}; ForkJoinPool's design: a push or a pop is one CAS that also counts the idle workers). At most
 * half the workers (at least one) search at a time; work that appears (a submission, a grant)
 * pops a parked worker only if nobody searches and no worker woken earlier is still on its way
 * (it will look, as a searcher does); the last searcher to find work, every woken worker once it
 * finds a task, and a worker that takes tasks and leaves some behind each wake another while work
 * is queued, so a burst wakes workers one after another, as ForkJoinPool's propagation does. An
 * idle pool burns no CPU: every worker is parked, with no timed wake-up (but for the keep-alive
 * of spares, below).
 *
 * <h3>Threads</h3>
 * {@code build()} starts no thread and makes no worker: a worker (its deques, its thread) is made
 * when work appears and no worker is idle to take it, while fewer than parallelism threads can run
 * tasks, as ForkJoinPool starts its workers; a worker that has not started is never searched,
 * counted or waited for. A worker that blocks, in a join that found nothing to help with or in
 * {@link #managedBlock}, is compensated: the pool wakes an idle worker, or, if fewer than
 * parallelism threads could then run tasks, adds a spare thread, up to {@link
 * Builder#maxSpares(int)} beyond parallelism (ForkJoinPool by default adds one only when no other
 * worker would run; this pool keeps parallelism threads running). A join first waits uncompensated
 * for up to 1 ms while another worker runs (the taker of the joined task, normally): a fork/join
 * computation's joins last microseconds, and a spare for each put more threads than cores on the
 * machine. Workers merely busy get no spare. A worker blocked inside a task where the pool cannot
 * see (a latch, a monitor, a servlet's blocking read) is found by the pool's monitor thread within
 * milliseconds (a few while some worker waits inside one task, up to about 34 ms after a spell in
 * which every worker kept finishing tasks or ran): once every worker seems so blocked, or one does
 * while no spare runs, the pool wakes or adds one (see {@code BlockedWorkerMonitor}). While a
 * queued task has waited 30 ms or longer, a worker found waiting inside its task, even for a moment
 * (a servlet reading a request body in parts), is enough for that one spare. A worker waiting to enter a lock (a monitor,
 * a {@code ReentrantLock}) that another thread holds waits for that thread: it counts when every
 * worker seems blocked, or once it has waited 100 ms for a holder that does not run itself.
 * With more threads than parallelism, an idle worker that stays parked for the {@link
 * Builder#keepAlive keep-alive} exits, if it is on top of the idle stack and more than parallelism
 * threads could run tasks; its slot (index, deques) is kept for the next thread. {@code
 * CompletableFuture.get()} inside a task blocks without compensation (it calls ForkJoinPool's
 * {@code managedBlock}, which compensates only in a ForkJoinPool): wrap such waits in {@link
 * #managedBlock}.
 *
 * <h3>Lifecycle</h3>
 * {@link #shutdown()} rejects new submissions from outside the pool ({@link
 * RejectedExecutionException}) and lets every accepted task, and the tasks those fork or submit,
 * run to the end; the pool terminates when every worker is idle and every queue empty, and its
 * threads have exited (at once for a pool that never started one). For a bounded wait, call
 * {@code shutdown()} then {@link #awaitTermination}, and {@code shutdownNow()} if it returns false;
 * {@link #close()} waits for ever.
 * {@link #shutdownNow()} also rejects submissions from inside the pool, interrupts the running
 * tasks and returns every accepted {@code Runnable} (and {@code submit}'s future) that never
 * started: each task given to {@code execute} or {@code submit} runs or is returned, exactly. A
 * submission racing shutdown is
 * either rejected (and then never runs) or accepted and run: the submitter reads the run state
 * under its stripe's lock, and whoever commits termination reads the locks (see {@link
 * SubmissionQueue}). An exception
 * thrown by a task given to {@link #execute(Runnable)} goes to the uncaught-exception handler (the
 * builder's, else the worker thread's) and the worker lives on; an exception of a submitted task
 * or a fork/join task completes its future.
 *
 * <h3>Joins</h3>
 * A joiner runs the joined task itself if it is still queued (in its worker's queues, the spill
 * queue or the first tasks of the submission stripes), helps the worker that took it by stealing
 * its forks (along the chain of takers), and runs nothing else, so the joining stack holds only
 * the joined computation; with nothing to help with, it blocks with compensation (see above).
 *
 * <h3>Classes</h3>
 * This class keeps the public face and the lifecycle: the API, the builder, the threads' slots,
 * shutdown and termination, monitoring. The idle protocol (the {@code ctl} word with the run state,
 * the threads, the idle stack; the searching, waking and blocked counts; wake, park, thread start,
 * compensation, retirement) is {@link IdleStack}'s; the shared submission queue (the stripes, the
 * spill queue, the submitters' probe) is {@link SharedQueue}'s; the loop, fork and join are
 * {@link Worker}'s, which reaches this class only through {@link Worker.Pool} (termination, the
 * look at every queue, a thread's exit). Each class's comment has the ordering table of the
 * fields it owns.
 *
 * <h3>Memory orderings</h3>
 * <pre>
 * field          writer: mode                          reader: mode
 * workers        plain, under slotLock, before the      plain, after a volatile read of created
 * (elements)     volatile store of ctl's created        (scans, queuesEmpty, termination, monitoring)
 * freeSlots      plain, under slotLock                 plain, under slotLock
 * worker occupied plain, under slotLock                plain, under slotLock
 * terminated     CountDownLatch, counted down once by   awaitTermination, isTerminated
 *                the CAS of ctl that ended the pool
 * </pre>
 * The rest: {@code ctl}, the counts, a worker's phase, link, stamp and thread in {@link IdleStack};
 * the stripes and the spill queue in {@link SharedQueue} (a stripe's fields in {@link
 * SubmissionQueue}); a worker's queues, hand-over flag and join in {@link Worker}.
 */
public final class BwosExecutor extends AbstractExecutorService implements AutoCloseable, BwosExecutorMXBean {
    /**
     * The workers, by index: slots {@code [0, created)} hold one each, made when a thread first
     * needed the slot and kept for the next thread that takes it over (its deques empty, its park
     * stamp's sequence running on); room for {@code maxThreads}. Elements: plain, written under
     * {@link #slotLock} before the volatile store of {@code ctl.created()} that publishes them.
     */
    final Worker[] workers;
    /** The idle protocol: the {@code ctl} word (run state, threads, idle stack) and its counts. */
    final IdleStack ctl;
    /** The shared submission queue: the stripes of threads outside the pool, the spill queue. */
    final SharedQueue shared;
    /** This pool as its workers see it ({@link Worker.Pool}): their one reference to it. */
    private final Lifecycle lifecycle = new Lifecycle();
    private final int parallelism;
    private final Thread.UncaughtExceptionHandler handler;
    private final ThreadFactory factory;
    private final String namePrefix;
    private final boolean daemon;
    private final int forkBlocks;
    private final int forkBlockSize;
    private final int submitBlocks;
    private final int submitBlockSize;
    private final CountDownLatch terminated = new CountDownLatch(1);
    private final ObjectName mbeanName;
    /** Guards the slots' {@code occupied} flags, {@link #freeSlots} and the making of workers. */
    private final ReentrantLock slotLock = new ReentrantLock();
    /** Slots below {@code ctl.created()} whose thread exited. Under {@link #slotLock}. */
    private int freeSlots;

    /** A pool with the default settings of {@link Builder}. */
    public BwosExecutor() {
        this(new Builder());
    }

    private BwosExecutor(Builder b) {
        int n = b.parallelism;
        this.parallelism = n;
        int maxThreads = (int) Math.min((long) n + b.maxSpares, IdleStack.MAX_THREADS);
        this.handler = b.handler;
        this.factory = b.threadFactory;
        this.daemon = b.daemon;
        this.forkBlocks = b.forkBlocks;
        this.forkBlockSize = b.forkBlockSize;
        this.submitBlocks = b.submitBlocks;
        this.submitBlockSize = b.submitBlockSize;
        this.workers = new Worker[maxThreads];
        if (factory != null) {
            Worker.usingCustomThreads();
        }
        int id = POOL_IDS.incrementAndGet();
        this.namePrefix = b.namePrefix != null ? b.namePrefix : "bwos-executor-" + id + "-worker-";
        // startThread is called by a waker, never before the constructor returned: a waker needs
        // a task queued in this pool.
        this.ctl = new IdleStack(workers, n, maxThreads, b.keepAliveNanos, this::startThread,
                "bwos-executor-" + id + "-monitor");
        this.shared = new SharedQueue(n, ctl);
        ctl.watchQueues(new QueueAge(workers, shared));
        ObjectName name = null;
        if (b.jmxName != null) {
            try {
                name = new ObjectName("io.github.taskpools:type=BwosExecutor,name=" + ObjectName.quote(b.jmxName));
                ManagementFactory.getPlatformMBeanServer().registerMBean(this, name);
            } catch (JMException e) {
                throw new IllegalArgumentException("cannot register the MBean " + b.jmxName + ": " + e, e);
            }
        }
        this.mbeanName = name;
    }

    private static final AtomicInteger POOL_IDS = new AtomicInteger();

    /** A builder with the defaults: {@code availableProcessors()} workers, daemon threads. */
    public static Builder builder() {
        return new Builder();
    }

    // ------------------------------------------------------------------ submission

    /**
     * Runs {@code task} in the pool, waits for it and returns its result; rethrows as
     * {@link BwosTask#join()} does. On a worker of this pool, runs it in place.
     */
    public <T> T invoke(BwosTask<T> task) {
        Objects.requireNonNull(task, "task");
        Worker w = Worker.current();
        if (w != null && w.pool == lifecycle) {
            return task.invoke();
        }
        enqueue(task);
        return task.join();
    }

    /** Schedules {@code task}; returns it as its future. */
    public <T> BwosTask<T> submit(BwosTask<T> task) {
        enqueue(Objects.requireNonNull(task, "task"));
        return task;
    }

    /** Schedules {@code task}. */
    public void execute(BwosTask<?> task) {
        enqueue(Objects.requireNonNull(task, "task"));
    }

    /**
     * Schedules {@code command}. An exception it throws goes to the uncaught-exception handler.
     *
     * @throws RejectedExecutionException after shutdown
     */
    @Override
    public void execute(Runnable command) {
        Objects.requireNonNull(command, "task");
        enqueue(command instanceof BwosTask<?> ? (BwosTask<?>) command : executeTask(command));
    }

    /** As {@link AbstractExecutorService#submit(Runnable)}; a null task's exception names it. */
    @Override
    public Future<?> submit(Runnable task) {
        return super.submit(Objects.requireNonNull(task, "task"));
    }

    /** As {@link AbstractExecutorService#submit(Runnable, Object)}; a null task's exception names it. */
    @Override
    public <T> Future<T> submit(Runnable task, T result) {
        return super.submit(Objects.requireNonNull(task, "task"), result);
    }

    /** As {@link AbstractExecutorService#submit(Callable)}; a null task's exception names it. */
    @Override
    public <T> Future<T> submit(Callable<T> task) {
        return super.submit(Objects.requireNonNull(task, "task"));
    }

    @Override
    protected <T> RunnableFuture<T> newTaskFor(Runnable runnable, T value) {
        Objects.requireNonNull(runnable, "task");
        return new Adapters.InterruptibleTask<>(() -> {
            runnable.run();
            return value;
        });
    }

    @Override
    protected <T> RunnableFuture<T> newTaskFor(Callable<T> callable) {
        return new Adapters.InterruptibleTask<>(Objects.requireNonNull(callable, "task"));
    }

    private void enqueue(BwosTask<?> t) {
        Worker w = Worker.current();
        if (w != null && w.pool == lifecycle) {
            w.submit(t); // from inside the pool: accepted until shutdownNow, as ForkJoinPool does
            return;
        }
        shared.enqueue(t);
    }

    /** Whether {@code w} is a worker of this pool. */
    boolean owns(Worker w) {
        return w.pool == lifecycle;
    }

    /** A virtual thread's continuation as a task of this pool ({@link BwosVirtualThreads}). */
    BwosTask<?> continuationTask(Runnable continuation) {
        return new Adapters.ContinuationTask(continuation, handler);
    }

    /** The task {@link #execute(Runnable)} makes of {@code command}: its exception goes to the handler. */
    BwosTask<?> executeTask(Runnable command) {
        return new Adapters.RunnableExecuteTask(command, handler);
    }

    // ------------------------------------------------------------------ threads: lazy start, slots, exit

    /**
     * A thread was just counted in {@code ctl} by the idle stack's CAS (a reservation, as
     * ForkJoinPool's createWorker, see {@link IdleStack.ThreadStarter}): takes a slot, makes the
     * thread and starts it, counted waking until it runs. If the factory fails or returns null, or
     * the thread does not start, the reservation is undone and the failure thrown to a caller
     * outside the pool; a worker of this pool gives it to the uncaught-exception handler and runs
     * on with the threads there are.
     */
    private void startThread() {
        Worker w = null;
        try {
            w = claimSlot();
            Thread t = newThread(w);
            w.thread = t; // volatile: before the start, for shutdownNow's reads
            ctl.countWaking(w); // the thread leaves the count before its first look; published by Thread.start
            try {
                t.start();
            } catch (RuntimeException | Error e) {
                ctl.uncountWaking(w);
                throw e;
            }
        } catch (RuntimeException | Error e) {
            leave(w);
            Worker me = Worker.current();
            if (me == null || me.pool != lifecycle) {
                throw e;
            }
            Adapters.reportUncaught(handler, e);
        }
    }

    private Thread newThread(Worker w) {
        if (factory == null) {
            return new BwosWorkerThread(w, namePrefix + w.index, daemon);
        }
        Thread t = factory.newThread(w);
        if (t == null) {
            throw new IllegalStateException("the ThreadFactory returned null for worker " + w.index);
        }
        return t;
    }

    /**
     * A slot for a thread just counted in {@code ctl}: the lowest one whose thread exited, else a
     * new one at {@code ctl.created()}. A slot is occupied from here until its thread's {@link
     * #leave}, and counted in {@code ctl} from before until after, so the occupied slots never
     * outnumber the threads: a new slot is below {@code maxThreads}.
     */
    private Worker claimSlot() {
        slotLock.lock();
        try {
            int n = ctl.created();
            if (freeSlots != 0) {
                for (int i = 0; i < n; i++) {
                    Worker w = workers[i];
                    if (!w.occupied) {
                        w.occupied = true;
                        freeSlots--;
                        return w;
                    }
                }
            }
            Worker w = new Worker(lifecycle, ctl, shared, workers, n, forkBlocks, forkBlockSize,
                    submitBlocks * submitBlockSize);
            w.stripe = (int) ((long) (n % parallelism) * (shared.stripeMask + 1) / parallelism);
            w.occupied = true;
            workers[n] = w;
            ctl.setCreated(n + 1); // volatile: publishes the slot to the loops over the workers
            return w;
        } finally {
            slotLock.unlock();
        }
    }

    /**
     * A worker's thread exits (retired, or the pool terminates): it frees its slot, leaves the
     * thread count, and, if the pool runs on with work queued, signals for it: a worker that
     * blocked meanwhile may have counted this thread as one that can run tasks (see {@link
     * IdleStack#beginBlock}: its increment of {@code blocked} and read of {@code ctl} against this
     * decrement of {@code ctl} and read of {@code blocked}, all volatile: one side sees the other),
     * as ForkJoinPool's deregisterWorker signals to replace a worker.
     */
    void workerExited(Worker w, boolean retired) {
        long c = leave(w);
        if (retired) {
            ctl.endRetire(); // after the count fell: the next retiree sees it
        }
        if (IdleStack.runState(c) < IdleStack.QUIESCED && !queuesEmpty()) {
            ctl.signalWork();
        }
    }

    /**
     * Frees {@code w}'s slot, then takes its thread off the count (getAndAdd: the count is at least
     * one); the last thread of a terminating pool ends it, and a thread leaving a shut-down pool
     * may let it terminate. Returns {@code ctl} after.
     */
    private long leave(Worker w) {
        if (w != null) { // null: a start that failed before it had a slot
            slotLock.lock();
            try {
                w.occupied = false;
                freeSlots++;
            } finally {
                slotLock.unlock();
            }
        }
        long c = ctl.threadExited();
        int rs = IdleStack.runState(c);
        if (rs >= IdleStack.QUIESCED) {
            if (IdleStack.total(c) == 0) {
                terminated();
            }
        } else if (rs == IdleStack.SHUTDOWN) {
            tryTerminate();
        }
        return c;
    }

    /**
     * Runs {@code blocker} as {@link ForkJoinPool#managedBlock} does: on a worker of a {@code
     * BwosExecutor}, the pool first wakes an idle worker or, if fewer than its parallelism threads
     * could run tasks while this one waits, adds a spare thread (up to {@link Builder#maxSpares});
     * then {@code blocker.block()} is called until it or {@code isReleasable()} returns true. On
     * any other thread it is {@code ForkJoinPool.managedBlock(blocker)}: it just blocks (a
     * ForkJoinPool worker compensates in its own pool). Use it around blocking calls in tasks (I/O,
     * locks, waits for other tasks' results outside the pool) so that they do not take the pool's
     * parallelism with them.
     *
     * @throws InterruptedException if {@code blocker.block()} throws it
     */
    public static void managedBlock(ForkJoinPool.ManagedBlocker blocker) throws InterruptedException {
        Objects.requireNonNull(blocker, "blocker");
        Worker w = Worker.current();
        if (w == null) {
            ForkJoinPool.managedBlock(blocker);
            return;
        }
        if (blocker.isReleasable()) {
            return;
        }
        w.beginCompensatedWait();
        try {
            while (!blocker.isReleasable() && !blocker.block()) {
                Thread.onSpinWait(); // block() returned false: it wants to be called again
            }
        } finally {
            w.endCompensation();
        }
    }

    // ------------------------------------------------------------------ lifecycle

    /**
     * Starts an orderly shutdown: submissions from outside the pool are rejected with {@link
     * RejectedExecutionException} from now on; every task accepted before, and every task those
     * fork or submit from inside the pool, still runs. Does not wait: {@link #awaitTermination}
     * does, and {@link #close()} does both. The pool terminates when every worker is idle, every
     * queue empty and its threads have exited (at once if it never started one). Calling it again
     * has no effect.
     */
    @Override
    public void shutdown() {
        ctl.shutdown();
        tryTerminate();
    }

    /**
     * Stops the pool: rejects every new submission, from outside or from a task, interrupts the
     * running tasks and returns the accepted tasks that never started, so that every task given to
     * {@link #execute(Runnable)} or {@code submit} either runs or is returned: the {@code
     * Runnable}s given to {@code execute} as they were given, the futures of {@code submit}
     * cancelled. {@link BwosTask}s that never started, forked or given to {@link
     * #execute(BwosTask)}/{@link #submit(BwosTask)}, are cancelled and not returned (their
     * futures and joiners see a {@link java.util.concurrent.CancellationException}). A task a
     * worker took just before the stop runs. Does not wait for the running tasks: {@link
     * #awaitTermination} does.
     *
     * <p>Implementation notes: after the run state is STOP, each stripe is drained under its lock
     * (a submitter that read RUNNING has pushed, later ones reject), then each worker's FIFO queue
     * and inbox once its hand-over in progress, if any, is done (see {@code
     * Worker.beginHandOver}), then the spill queue, into which only those two ever hand tasks.
     */
    @Override
    public List<Runnable> shutdownNow() {
        if (ctl.stop()) {
            terminated(); // no thread to exit: none can start after STOP
        }
        List<Runnable> never = new ArrayList<>();
        Consumer<BwosTask<?>> collect = t -> {
            // A copy of a fork published twice is returned or cancelled only if it is claimed here:
            // the other copy may be running.
            if (t.tryClaim() && t.trySetCancelled()) {
                if (t instanceof Adapters.RunnableExecuteTask) { // a virtual thread's continuation too
                    never.add(((Adapters.RunnableExecuteTask) t).runnable);
                } else if (t instanceof Adapters.InterruptibleTask) {
                    never.add((Runnable) t); // the future of a submit
                } // else a BwosTask (submitted or forked): cancelled, its future says so
            }
        };
        shared.drainStripes(collect);
        for (int i = 0, n = ctl.created(); i < n; i++) {
            Worker w = workers[i]; // a slot made after our read of created holds no task yet
            w.awaitHandOver();
            for (BwosTask<?> t; (t = w.inbox.poll()) != null; ) {
                collect.accept(t);
            }
            for (BwosTask<?> t; (t = w.submissions.poll()) != null; ) {
                collect.accept(t);
            }
            for (BwosTask<?> t; (t = w.copies.poll()) != null; ) {
                collect.accept(t);
            }
        }
        shared.drainSpills(collect);
        for (int i = 0, n = ctl.created(); i < n; i++) {
            Thread t = workers[i].thread;
            if (t != null) { // null: a slot's first thread not made yet, which will read STOP
                t.interrupt();
                LockSupport.unpark(t);
            }
        }
        return never;
    }

    /**
     * Commits graceful termination if the pool is shut down, every worker idle with its parking
     * look done, and every queue empty: one CAS of {@code ctl} from SHUTDOWN to QUIESCED, from the
     * value read before the checks. A worker that parks or is woken meanwhile changes the idle
     * count or the stack's top stamp and makes the CAS fail; it tries again when it parks (after
     * its look). A look in progress may hold a task it took: the check waits for the next attempt.
     * No state sits between the checks and the commit: a caller that found such a state and gave
     * up could leave the last worker to park with nobody trying again, and {@code close()}
     * waiting for ever (docs/executor.md).
     */
    boolean tryTerminate() {
        long c = ctl.idleAfterShutdown(); // 0 unless shut down with every thread idle
        if (c == 0L) {
            return false;
        }
        VarHandle.fullFence(); // our read of ctl before the reads of the queues and the phases
        if (!queuesEmpty(true)) {
            return false;
        }
        for (int i = 0, n = ctl.created(); i < n; i++) {
            Worker w = workers[i];
            // A worker on the stack whose look is not done may hold a task the queues no longer
            // show: its phase, written before its push (which our read of ctl saw), is LOOKING
            // until the look ends, when it leaves the stack (ctl changes) or parks and tries again.
            if (w.isLooking()) {
                return false;
            }
        }
        if (!ctl.commitQuiesced(c)) {
            return false;
        }
        if (IdleStack.total(c) == 0) {
            terminated(); // no thread was ever started, or every one exited: none can start now
        }
        for (int i = 0, n = ctl.created(); i < n; i++) {
            LockSupport.unpark(workers[i].thread);
        }
        return true;
    }

    /**
     * Whether no queue or deque holds a task (volatile reads of each one's indices; conservative:
     * a claimed slot of the spill queue not yet written and an owner's tasks not yet granted count
     * as tasks). A hint for whether to signal: a submission still being pushed may not be seen.
     */
    boolean queuesEmpty() {
        return queuesEmpty(false);
    }

    /**
     * With {@code forTermination} (the run state has left RUNNING), each stripe's lock is waited
     * out first, so that every submission that was accepted is seen ({@link
     * SharedQueue#isEmpty(boolean)}). The shared queue comes before the workers' queues.
     */
    private boolean queuesEmpty(boolean forTermination) {
        if (!shared.isEmpty(forTermination)) {
            return false;
        }
        for (int i = 0, n = ctl.created(); i < n; i++) {
            Worker w = workers[i];
            if (w.forks.sizeEstimate() != 0 || !w.submissions.isEmpty() || !w.inbox.isEmpty()
                    || !w.copies.isEmpty()) {
                return false;
            }
        }
        return true;
    }

    /**
     * The pool has terminated: the run state is past SHUTDOWN and no thread is left. Called by the
     * one CAS of {@code ctl} that made both true (a commit or a STOP that found no thread, or the
     * last thread's exit), once: no thread starts after that.
     */
    private void terminated() {
        ctl.stopMonitor();
        if (mbeanName != null) {
            try {
                ManagementFactory.getPlatformMBeanServer().unregisterMBean(mbeanName);
            } catch (JMException ignored) {
                // already unregistered
            }
        }
        terminated.countDown();
    }

    @Override
    public boolean isShutdown() {
        return ctl.runState() != IdleStack.RUNNING;
    }

    @Override
    public boolean isTerminated() {
        return terminated.getCount() == 0;
    }

    @Override
    public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
        return terminated.await(timeout, unit);
    }

    /**
     * Shuts down and waits for termination, as {@code ExecutorService.close()} of JDK 19+ does: if
     * interrupted while waiting, calls {@link #shutdownNow()}, waits on, and restores the interrupt.
     * It waits as long as tasks run; for a bounded wait:
     * <pre>{@code
     * pool.shutdown();
     * if (!pool.awaitTermination(10, TimeUnit.SECONDS)) {
     *     List<Runnable> neverRan = pool.shutdownNow(); // interrupts the running tasks
     * }
     * }</pre>
     */
    @Override
    public void close() {
        boolean interrupted = false;
        shutdown();
        while (!isTerminated()) {
            try {
                awaitTermination(1L, TimeUnit.DAYS);
            } catch (InterruptedException e) {
                if (!interrupted) {
                    shutdownNow();
                    interrupted = true;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    // ------------------------------------------------------------------ monitoring

    @Override
    public int getParallelism() {
        return parallelism;
    }

    @Override
    public int getPoolSize() {
        return ctl.threads();
    }

    @Override
    public int getSpareThreadCount() {
        return Math.max(0, getPoolSize() - parallelism);
    }

    @Override
    public int getBlockedThreadCount() {
        return ctl.blockedCount();
    }

    @Override
    public long getStealCount() {
        long s = 0;
        for (int i = 0, n = ctl.created(); i < n; i++) {
            Worker w = workers[i];
            s += w.steals();
        }
        return s;
    }

    @Override
    public long getQueuedTaskCount() {
        long s = 0;
        for (int i = 0, n = ctl.created(); i < n; i++) {
            Worker w = workers[i];
            s += w.forks.sizeEstimate() + w.submissions.size() + w.inbox.size();
        }
        return s;
    }

    @Override
    public long getQueuedSubmissionCount() {
        return shared.size();
    }

    @Override
    public int getActiveThreadCount() {
        return ctl.awake(); // after termination is committed, idle is stale
    }

    @Override
    public int getRunningThreadCount() {
        return Math.max(0, getActiveThreadCount() - getBlockedThreadCount());
    }

    @Override
    public int getSearchingThreadCount() {
        return ctl.searchingCount();
    }

    @Override
    public int getParkedThreadCount() {
        int p = 0;
        for (int i = 0, n = ctl.created(); i < n; i++) {
            Worker w = workers[i];
            p += w.isParked() ? 1 : 0;
        }
        return p;
    }

    @Override
    public long getParkCount() {
        long s = 0;
        for (int i = 0, n = ctl.created(); i < n; i++) {
            Worker w = workers[i];
            s += w.parks();
        }
        return s;
    }

    @Override
    public long getUnparkCount() {
        long s = 0;
        for (int i = 0, n = ctl.created(); i < n; i++) {
            Worker w = workers[i];
            s += w.wakeups();
        }
        return s;
    }

    @Override
    public long getGrantCount() {
        long s = 0;
        for (int i = 0, n = ctl.created(); i < n; i++) {
            Worker w = workers[i];
            s += w.forks.grantCount();
        }
        return s;
    }

    @Override
    public long getGrantsOnRequestCount() {
        long s = 0;
        for (int i = 0, n = ctl.created(); i < n; i++) {
            Worker w = workers[i];
            s += w.forks.grantsOnRequest();
        }
        return s;
    }

    @Override
    public long getGrantRequestCount() {
        long s = 0;
        for (int i = 0, n = ctl.created(); i < n; i++) {
            Worker w = workers[i];
            s += w.grantRequests();
        }
        return s;
    }

    @Override
    public long getCompletedTaskCount() {
        long s = 0;
        for (int i = 0, n = ctl.created(); i < n; i++) {
            Worker w = workers[i];
            s += w.tasks();
        }
        return s;
    }

    @Override
    public boolean isQuiescent() {
        return getActiveThreadCount() == 0 && queuesEmpty();
    }

    @Override
    public String toString() {
        int rs = ctl.runState();
        String state = rs == IdleStack.RUNNING ? "Running" : isTerminated() ? "Terminated" : rs >= IdleStack.STOP ? "Stopping" : "Shutting down";
        return super.toString() + "[" + state + ", parallelism = " + getParallelism() + ", size = " + getPoolSize()
                + ", spares = " + getSpareThreadCount() + ", blocked = " + getBlockedThreadCount() + ", active = " + getActiveThreadCount() + ", searching = " + getSearchingThreadCount() + ", parked = "
                + getParkedThreadCount() + ", steals = " + getStealCount() + ", tasks = " + getQueuedTaskCount()
                + ", submissions = " + getQueuedSubmissionCount() + ", grants = " + getGrantCount()
                + " (on request " + getGrantsOnRequestCount() + ", requests " + getGrantRequestCount() + "), parks = "
                + getParkCount() + ", unparks = " + getUnparkCount() + "]";
    }

    /**
     * This pool as its workers see it ({@link Worker.Pool}): a private class, so that the
     * methods it implements stay out of the pool's public API.
     */
    private final class Lifecycle implements Worker.Pool {
        @Override
        public boolean tryTerminate() {
            return BwosExecutor.this.tryTerminate();
        }

        @Override
        public boolean queuesEmpty() {
            return BwosExecutor.this.queuesEmpty();
        }

        @Override
        public void workerExited(Worker w, boolean retired) {
            BwosExecutor.this.workerExited(w, retired);
        }
    }

    /**
     * Settings of a {@link BwosExecutor}. Defaults: {@code availableProcessors()} workers; up to
     * 256 spare threads for workers blocked in joins and {@link BwosExecutor#managedBlock}, each
     * leaving after 60 s idle (as ForkJoinPool's); daemon worker threads named {@code
     * bwos-executor-N-worker-I}; the worker thread's own uncaught-exception handler; fork deques
     * of 8 blocks of 256 tasks and submission deques of 8 blocks of 256 (a full deque spills into
     * the shared queue, so the geometry bounds no program); no MBean.
     */
    public static final class Builder {
        private int parallelism = Runtime.getRuntime().availableProcessors();
        private ThreadFactory threadFactory;
        private String namePrefix;
        private Thread.UncaughtExceptionHandler handler;
        private int forkBlocks = 8;
        private int forkBlockSize = 256;
        private int submitBlocks = 8;
        private int submitBlockSize = 256;
        private String jmxName;
        private int maxSpares = 256;
        private long keepAliveNanos = TimeUnit.SECONDS.toNanos(60);
        private boolean daemon = true;
        private boolean daemonSet;

        Builder() {
        }

        /**
         * Number of workers that run tasks at once, at least 1 and at most 32767. Threads start as
         * work appears, up to this many (more only as spares, see {@link #maxSpares}).
         */
        public Builder parallelism(int parallelism) {
            if (parallelism < 1 || parallelism > 0x7FFF) {
                throw new IllegalArgumentException("parallelism must be in [1, 32767], got " + parallelism);
            }
            this.parallelism = parallelism;
            return this;
        }

        /**
         * Makes the worker threads (it names them and decides whether they are daemons, so it
         * cannot be combined with {@link #threadNamePrefix} or {@link #daemon}). A thread is made
         * when the pool needs one, by the thread that submits or blocks then; an exception of the
         * factory, or a null thread, is thrown to that caller if it is outside the pool (the task
         * it submitted stays queued), else given to the uncaught-exception handler. Threads of a
         * user's factory find their worker through a {@code ThreadLocal} on each fork (a few
         * nanoseconds), threads of the default factory through a field.
         *
         * @throws IllegalArgumentException if {@code threadNamePrefix} or {@code daemon} was set
         */
        public Builder threadFactory(ThreadFactory factory) {
            Objects.requireNonNull(factory, "threadFactory");
            if (namePrefix != null || daemonSet) {
                throw new IllegalArgumentException("threadFactory cannot be combined with "
                        + (namePrefix != null ? "threadNamePrefix" : "daemon") + ": the factory names its threads and makes them daemons or not");
            }
            this.threadFactory = factory;
            return this;
        }

        /**
         * Name prefix of the default factory's threads (the worker index is appended).
         *
         * @throws IllegalArgumentException if a {@code threadFactory} was set
         */
        public Builder threadNamePrefix(String prefix) {
            Objects.requireNonNull(prefix, "prefix");
            if (threadFactory != null) {
                throw new IllegalArgumentException("threadNamePrefix cannot be combined with threadFactory: the factory names its threads");
            }
            this.namePrefix = prefix;
            return this;
        }

        /**
         * Whether the default factory's threads are daemon threads (default true, as ForkJoinPool's
         * workers: they do not keep the JVM alive). With {@code false}, the JVM exits only after the
         * pool is shut down and its threads have left.
         *
         * @throws IllegalArgumentException if a {@code threadFactory} was set
         */
        public Builder daemon(boolean daemon) {
            if (threadFactory != null) {
                throw new IllegalArgumentException("daemon cannot be combined with threadFactory: the factory makes its threads daemons or not");
            }
            this.daemon = daemon;
            this.daemonSet = true;
            return this;
        }

        /**
         * Threads the pool may add beyond parallelism while workers are blocked in a join of a
         * task that runs elsewhere, in {@link BwosExecutor#managedBlock}, or in a wait its monitor
         * finds (a latch, a lock, a blocking read) (default 256, as ForkJoinPool's common pool; 0
         * for none: a queued task then waits until a worker is free). The pool holds at most 32767
         * threads in all. With the limit reached, a worker that blocks waits without a replacement.
         */
        public Builder maxSpares(int maxSpares) {
            if (maxSpares < 0 || maxSpares > IdleStack.MAX_THREADS) {
                throw new IllegalArgumentException("maxSpares must be in [0, 32767], got " + maxSpares);
            }
            this.maxSpares = maxSpares;
            return this;
        }

        /**
         * How long a thread beyond parallelism (a spare no longer needed) stays parked while idle
         * before it exits (default 60 s, as ForkJoinPool's). Threads up to parallelism stay.
         */
        public Builder keepAlive(Duration keepAlive) {
            Objects.requireNonNull(keepAlive, "keepAlive");
            if (keepAlive.isNegative() || keepAlive.isZero()) {
                throw new IllegalArgumentException("keepAlive must be positive, got " + keepAlive);
            }
            this.keepAliveNanos = keepAlive.compareTo(Duration.ofDays(365)) > 0 ? TimeUnit.DAYS.toNanos(365) : keepAlive.toNanos();
            return this;
        }

        /** Receives the exceptions of tasks given to {@code execute(Runnable)}. */
        public Builder uncaughtExceptionHandler(Thread.UncaughtExceptionHandler handler) {
            this.handler = Objects.requireNonNull(handler, "handler");
            return this;
        }

        /** Geometry of each worker's LIFO BWoS deque of forked tasks (at least 3 blocks). */
        public Builder forkDeque(int blockCount, int blockSize) {
            checkGeometry(blockCount, blockSize, 3);
            this.forkBlocks = blockCount;
            this.forkBlockSize = blockSize;
            return this;
        }

        /** Geometry of each worker's FIFO BWoS deque of tasks submitted inside the pool (at least 2 blocks). */
        public Builder submitDeque(int blockCount, int blockSize) {
            checkGeometry(blockCount, blockSize, 2);
            this.submitBlocks = blockCount;
            this.submitBlockSize = blockSize;
            return this;
        }

        private static void checkGeometry(int blockCount, int blockSize, int minBlocks) {
            if (blockCount < minBlocks || blockCount > 65536) {
                throw new IllegalArgumentException("blockCount must be in [" + minBlocks + ", 65536], got " + blockCount);
            }
            if (blockSize < 1 || (long) blockCount * blockSize > (1 << 28)) {
                throw new IllegalArgumentException("blockSize must be positive with blockCount * blockSize at most 2^28, got "
                        + blockCount + " * " + blockSize);
            }
        }

        /** Registers the pool's {@link BwosExecutorMXBean} under {@code io.github.taskpools:type=BwosExecutor,name=NAME}. */
        public Builder jmxName(String name) {
            this.jmxName = Objects.requireNonNull(name, "name");
            return this;
        }

        /** A new pool. It starts no thread: threads start as work appears. */
        public BwosExecutor build() {
            return new BwosExecutor(this);
        }
    }
}
