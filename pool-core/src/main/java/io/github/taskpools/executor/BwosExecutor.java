package io.github.taskpools.executor;

import java.lang.invoke.MethodHandles;
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
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import javax.management.JMException;
import javax.management.ObjectName;
import org.jctools.queues.MpmcUnboundedXaddArrayQueue;

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
 * push. Submissions from threads outside the pool, platform or virtual, go into striped rings
 * ({@link SubmissionQueue}: pushed under a lock, taken by CAS; four stripes a worker, chosen by a
 * per-thread probe that moves when another thread holds the stripe's lock), with no registration
 * with the pool; every worker polls them when idle and every {@value Worker#INJECTION_INTERVAL}
 * tasks. A worker that finds a stripe with tasks takes its share of them (those queued divided by
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
 * (ForkJoinPool's design: a push or a pop is one CAS that also counts the idle workers). At most
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
 * machine. Workers merely busy get no spare.
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
 * <h3>Memory orderings</h3>
 * <pre>
 * field          writer: mode                          reader: mode
 * ctl            CAS (volatile): run state, threads,    volatile; a popper's read of ctl that sees a
 *                idle count and idle stack change     push synchronizes with it (publishes nextIdle)
 *                together; getAndAdd: a thread's exit
 * searching      CAS / getAndAdd (volatile), padded    volatile (signalWork, after a full fence)
 * waking         getAndAdd (volatile), padded: popper  volatile (wake, after the searching count;
 *                before ACTIVE, worker after seeing it  othersIdle)
 * worker phase   worker: opaque LOOKING before its push,  volatile (tryTerminate reads LOOKING
 *                CAS LOOKING to PARKED after its look;  after its read of ctl saw the push)
 *                popper (a waker, or the worker in
 *                tryUnidle): volatile ACTIVE after its CAS
 * worker nextIdle worker: plain, before its push CAS    plain (racy), checked by the pop's CAS
 * blocked        getAndAdd (volatile), padded: a       volatile (mayGrow, mayWake, tryRetire): a
 *                worker before its compensation's      blocker's increment, then read of ctl, against
 *                read of ctl, and after its wait       an exit's decrement of ctl, then read of it
 * created        volatile store under slotLock, after  volatile, then plain reads of the slots
 *                the slot's array element              below it (scans, queuesEmpty, termination)
 * worker thread  volatile, by the starter before       volatile (pop's unpark, shutdownNow: sees a
 *                Thread.start                          thread that may have read RUNNING)
 * worker occupied plain, under slotLock                plain, under slotLock
 * worker stamp   worker: plain, in announceParked      worker only (tryRetire compares it with ctl)
 * stripes        SubmissionQueue: lock by CAS, volatile  CAS of base; volatile reads of lock,
 *                store of top (see its table)          top, base (isEmpty)
 * spills         JCTools MPMC (xadd + ordered store)   JCTools relaxedPoll; poll (parking); isEmpty
 * worker inbox   JCTools SPMC offer (ordered), then    JCTools poll (owner, parking look) or
 *                signalWork's full fence               relaxedPoll (scans), by CAS; isEmpty, size
 * worker handing worker: volatile true before its read of   shutdownNow: volatile, after its
 *                the run state, release false after      CAS to STOP (Dekker with the worker's
 *                its offers (Worker.beginHandOver)       store and read)
 * worker         JCTools SPMC offer (ordered), then    JCTools poll by CAS (owner, joiners,
 * submissions    signalWork's full fence               shutdownNow); relaxedPoll (scans)
 * worker joining worker: opaque, around its join          joiners: opaque (a hint: the chain of takers)
 * </pre>
 */
public final class BwosExecutor extends AbstractExecutorService implements AutoCloseable, BwosExecutorMXBean {
    static final int RUNNING = 0;
    static final int SHUTDOWN = 1;
    /** Graceful termination committed: workers finish what they hold and exit. */
    static final int QUIESCED = 2;
    /** shutdownNow: workers cancel what they hold and exit. */
    static final int STOP = 3;

    /**
     * Threads a pool may have at once, spares included: the counts in {@code ctl} have 15 bits,
     * and a worker's index + 1 fits the idle stack's 16-bit index field.
     */
    static final int MAX_THREADS = 0x7FFF;

    private static final int RS_SHIFT = 62;
    private static final int TOTAL_SHIFT = 47;
    private static final long TOTAL_ONE = 1L << TOTAL_SHIFT;
    private static final int IDLE_SHIFT = 32;
    private static final long IDLE_ONE = 1L << IDLE_SHIFT;
    private static final int COUNT = 0x7FFF;
    private static final long STACK = 0xFFFF_FFFFL;

    private static final VarHandle CTL;
    private static final VarHandle RETIRING;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            CTL = l.findVarHandle(BwosExecutor.class, "ctl", long.class);
            RETIRING = l.findVarHandle(BwosExecutor.class, "retiring", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * Per submitting thread outside any pool: its probe, which picks its submission stripe in every
     * pool (a random non-zero int, moved on contention). One small array per thread that submits;
     * no registration with a pool. Package-private for the jcstress test SubmitBehindQueued, which
     * puts two submissions from different threads into one stripe.
     */
    static final ThreadLocal<int[]> PROBE =
            ThreadLocal.withInitial(() -> new int[] {ThreadLocalRandom.current().nextInt() | 1});

    /**
     * The workers, by index: slots {@code [0, created)} hold one each, made when a thread first
     * needed the slot and kept for the next thread that takes it over (its deques empty, its park
     * stamp's sequence running on); room for {@code maxThreads}. Elements: plain, written under
     * {@link #slotLock} before the volatile store of {@link #created} that publishes them.
     */
    final Worker[] workers;
    /** The submission stripes of threads outside the pool. */
    private final SubmissionQueue[] stripes;
    /**
     * Tasks that cannot go into a worker's deque (full) or a stripe's slot, and tasks a joiner that
     * parks hands on: JCTools' MPMC queue (xadd, then an ordered store), polled before the stripes.
     */
    private final MpmcUnboundedXaddArrayQueue<BwosTask<?>> spills = new MpmcUnboundedXaddArrayQueue<>(256, 2);
    private final int stripeMask;
    private final int maxSearching;
    private final int parallelism;
    /** Threads at most, spares included: {@code min(parallelism + maxSpares, MAX_THREADS)}. */
    private final int maxThreads;
    private final long keepAliveNanos;
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
    /** Slots below {@link #created} whose thread exited. Under {@link #slotLock}. */
    private int freeSlots;
    /**
     * Slots that hold a worker: volatile, written under {@link #slotLock} after the slot's array
     * element; read (volatile) by every loop over the workers, which then reads the elements below
     * it plainly.
     */
    private volatile int created;

    /**
     * Run state (bits 62-63), threads (bits 47-61: started and not exited, spares included),
     * idle workers (bits 32-46) and the top of the stack of idle workers (bits 0-31: the top
     * worker's park stamp, see {@link Worker#announceParked()}, 0 when empty). Volatile; changed
     * by CAS, and by getAndAdd for an exiting thread's count. A worker counts as idle exactly while
     * it is on the stack (until termination is committed: workers then exit from the stack), a
     * waker that sees an idle count takes one of those workers off by the same CAS, a thread is
     * added only by a CAS that saw the stack empty, and an idle spare leaves only from the top.
     */
    @SuppressWarnings("unused") // through CTL
    private volatile long ctl;
    /**
     * Whether a spare has left the idle stack to exit and not yet left the thread count: one at a
     * time, so that the next one's check of the count does not count a thread that is already on
     * its way out (two spares retiring together took a 1-worker pool to 0 threads). CAS false to
     * true in {@link #tryRetire}; volatile store of false after the retiree's thread left the count
     * ({@link #workerExited}), or when the retire failed.
     */
    @SuppressWarnings("unused") // through RETIRING
    private volatile boolean retiring;
    /** Searching workers, on lines of their own: every idle worker changes the count. */
    private final WorkerCount searching = new WorkerCount();
    /**
     * Workers popped off the idle stack by another thread, or started, that have not run since:
     * incremented by the popper (the starter) before it writes the worker ACTIVE (starts its
     * thread), decremented by the worker once it sees ACTIVE (runs), before it looks for work
     * ({@link Worker#endWaking()}).
     */
    private final WorkerCount waking = new WorkerCount();
    /**
     * Workers in a compensated wait (a join's park, {@link #managedBlock}): incremented before the
     * compensation reads {@code ctl}, decremented when the wait ends. Threads that can run tasks
     * number {@code threads - blocked}; the pool adds a thread while that is below parallelism.
     */
    private final WorkerCount blocked = new WorkerCount();
    /** Watches for workers blocked where the pool cannot see, while the pool is saturated. */
    private final BlockedWorkerMonitor monitor;

    /** A pool with the default settings of {@link Builder}. */
    public BwosExecutor() {
        this(new Builder());
    }

    private BwosExecutor(Builder b) {
        int n = b.parallelism;
        this.parallelism = n;
        this.maxThreads = (int) Math.min((long) n + b.maxSpares, MAX_THREADS);
        this.keepAliveNanos = b.keepAliveNanos;
        this.handler = b.handler;
        this.factory = b.threadFactory;
        this.daemon = b.daemon;
        this.forkBlocks = b.forkBlocks;
        this.forkBlockSize = b.forkBlockSize;
        this.submitBlocks = b.submitBlocks;
        this.submitBlockSize = b.submitBlockSize;
        this.maxSearching = Math.max(1, n / 2);
        // Four stripes a worker (a power of two, at most 1024): two submitting threads then rarely
        // share a stripe's producer index, as ForkJoinPool's submission queues keep them apart.
        // Each is a small object; its ring is allocated on its first submission.
        int stripes = Math.min(1024, Integer.highestOneBit(Math.max(1, 4 * n - 1)) << 1);
        this.stripeMask = stripes - 1;
        this.stripes = new SubmissionQueue[stripes];
        for (int i = 0; i < stripes; i++) {
            this.stripes[i] = new SubmissionQueue(SubmissionQueue.CAPACITY);
        }
        this.workers = new Worker[maxThreads];
        if (factory != null) {
            Worker.usingCustomThreads();
        }
        int id = POOL_IDS.incrementAndGet();
        this.namePrefix = b.namePrefix != null ? b.namePrefix : "bwos-executor-" + id + "-worker-";
        this.monitor = new BlockedWorkerMonitor(this, "bwos-executor-" + id + "-monitor");
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
        if (w != null && w.pool == this) {
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
        enqueue(command instanceof BwosTask<?> ? (BwosTask<?>) command : new Adapters.RunnableExecuteTask(command, this));
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
        if (w != null && w.pool == this) {
            w.submit(t); // from inside the pool: accepted until shutdownNow, as ForkJoinPool does
            return;
        }
        // Accepted or rejected under the stripe's lock (see SubmissionQueue), which reads the run
        // state once: a rejected task was never published, an accepted one is seen by whoever
        // commits termination.
        int[] probe = PROBE.get();
        for (int tries = 0, r; (r = stripes[probe[0] & stripeMask].push(t, this, tries > stripeMask))
                != SubmissionQueue.ACCEPTED; tries++) {
            if (r == SubmissionQueue.REJECTED) {
                throw new RejectedExecutionException("BwosExecutor is shut down");
            }
            // Another thread holds the stripe, or it is full: move this thread to another one, as
            // ForkJoinPool rehashes a submitter's probe when its queue's lock is taken. After as
            // many tries as there are stripes, a full stripe spills.
            probe[0] = nextProbe(probe[0]);
        }
        // Wake a worker for every submission (wakeOne wakes nobody while a worker searches or none
        // is parked), not only into a stripe that held at most one task as ForkJoinPool does: that
        // rule raised submit-to-start p99 well above ForkJoinPool's (docs/executor.md). No fence:
        // the push's volatile store of top (or the spill queue's xadd) and the reads of the counts
        // are volatile accesses, kept in program order by the synchronization order, as a
        // parker's RMWs and its look are.
        wakeOne();
    }

    /**
     * Into the spill queue: a submission whose stripe slot was not free (under the stripe's lock),
     * or a task a worker hands over (in a hand-over, see {@code Worker.beginHandOver}); both are
     * seen by shutdownNow, which drains the spill queue after the stripes' locks and the workers'
     * hand-overs.
     */
    void spill(BwosTask<?> t) {
        spills.offer(t);
    }

    /**
     * {@code t}, if a submission stripe holds it among the first {@code max} tasks polled, for a
     * joiner in a hand-over: the tasks polled before it go to the spill queue, which every worker
     * polls first, so they keep their turn and none is run here.
     */
    BwosTask<?> takeSubmitted(BwosTask<?> t, int max) {
        for (SubmissionQueue q : stripes) {
            for (BwosTask<?> x; max > 0 && (x = q.poll()) != null; max--) {
                if (x == t) {
                    return x;
                }
                spills.offer(x);
            }
        }
        return null;
    }

    /** Whether the spill queue looks empty (JCTools' volatile reads of its indices: a hint). */
    boolean spillsEmpty() {
        return spills.isEmpty();
    }

    /**
     * {@code t}, if the spill queue holds it, for a joiner in a hand-over: polls at most the tasks
     * queued now and offers every other one back at the end (no task is lost or run here).
     */
    BwosTask<?> takeSpilled(BwosTask<?> t) {
        for (int n = spills.size(); n > 0; n--) {
            BwosTask<?> x = spills.poll(); // waits for an offer between its xadd and its store
            if (x == null || x == t) {
                return x;
            }
            spills.offer(x);
        }
        return null;
    }

    /**
     * A task from the shared queue: the spill queue first, then the stripes from the one where this
     * worker last found work, so that workers spread over the stripes.
     *
     * <p>The spill queue is polled with JCTools' {@code relaxedPoll}, which answers {@code null}
     * when its next slot is claimed by an offer's xadd but the element is not stored yet; {@code
     * poll} would spin until it is, and a worker preempted between the two held the others
     * spinning. The parking handshake's last look is {@code strict}: it waits for such an element,
     * because the handshake counts on seeing every task whose xadd preceded it. A stripe's take
     * never waits (see {@link SubmissionQueue}); a look that is not strict leaves the stripes'
     * submitter lines alone while the slot at their base is empty ({@code relaxedPoll}). With
     * {@code batch}, the worker's share of the stripe's tasks (at most {@value Worker#BATCH}) go
     * into its inbox, by one CAS.
     */
    BwosTask<?> pollInjection(Worker w, boolean strict, boolean batch) {
        BwosTask<?> t = strict ? spills.poll() : spills.relaxedPoll();
        if (t != null) {
            if (!strict && !spills.isEmpty()) {
                wakeOne(); // pass the signal on (a flush spills many tasks with one signal)
            }
            return t;
        }
        int n = stripeMask + 1;
        int start = w.stripe;
        for (int i = 0; i < n; i++) {
            int k = (start + i) & stripeMask;
            SubmissionQueue q = stripes[k];
            if ((t = strict ? q.poll() : q.relaxedPoll()) != null) {
                w.stripe = k;
                if (strict) {
                    return t; // the parking look signals for what it leaves, once it is awake
                }
                // A batch for the inbox. Only into an empty inbox: only its owner offers, so all of
                // the batch fits. Not in the parking look, which must stay a look, nor for a
                // joiner, which must not take on tasks that would wait behind its join.
                int moved = batch && w.inbox.isEmpty() ? moveBatch(q, w) : -1;
                if (moved > 0) {
                    signalWork(); // stealable work moved (ordered stores): the fenced handshake
                } else if (moved < 0 && q.size() != 0) {
                    // Tasks left in the stripe: pass the signal on (their submitters' wakes may have
                    // found a searcher, who took only one; jcstress SubmitBehindQueued). No fence:
                    // our CAS of base, the reads of top and base and of the counts are volatile.
                    // A batch that moved none read top and base so already (after our CAS, as
                    // size does) and found none left.
                    wakeOne();
                }
                return t;
            }
        }
        return null;
    }

    /**
     * Moves a batch of {@code q}'s tasks into {@code w}'s inbox in a hand-over: how many, 0 when a
     * read of top found none left, -1 once shutdownNow has begun (nothing read).
     */
    private int moveBatch(SubmissionQueue q, Worker w) {
        if (!w.beginHandOver()) {
            return -1;
        }
        try {
            return q.moveTo(w.inbox, Worker.BATCH, parallelism, this);
        } finally {
            w.endHandOver();
        }
    }

    /** An xorshift step: the next submission probe. */
    private static int nextProbe(int p) {
        p ^= p << 13;
        p ^= p >>> 17;
        p ^= p << 5;
        return p;
    }

    void reportUncaught(Throwable ex) {
        Thread t = Thread.currentThread();
        Thread.UncaughtExceptionHandler h = handler != null ? handler : t.getUncaughtExceptionHandler();
        try {
            if (h != null) {
                h.uncaughtException(t, ex);
            }
        } catch (Throwable ignored) {
            // A failing handler must not kill the worker: the pool's threads are its capacity.
        }
    }

    // ------------------------------------------------------------------ idle workers

    int runState() {
        return runState((long) CTL.getVolatile(this));
    }

    private static int runState(long c) {
        return (int) (c >>> RS_SHIFT);
    }

    private static int idle(long c) {
        return (int) (c >>> IDLE_SHIFT) & COUNT;
    }

    private static int total(long c) {
        return (int) (c >>> TOTAL_SHIFT) & COUNT;
    }

    /** {@code c} with its top worker {@code w} popped: one idle worker fewer, {@code w}'s successor on top. */
    private static long withoutTop(long c, Worker w) {
        return ((c - IDLE_ONE) & ~STACK) | Integer.toUnsignedLong(w.nextIdle);
    }

    /** {@code c} with the run state {@code rs}, the idle count and stack kept. */
    private static long withRunState(long c, int rs) {
        return ((long) rs << RS_SHIFT) | (c & ~(-1L << RS_SHIFT));
    }

    boolean tryStartSearching() {
        return searching.tryIncrement(maxSearching);
    }

    /** A searcher found work: one searcher fewer. Returns whether it was the last one. */
    boolean endSearching() {
        return searching.decrement() == 1;
    }

    /**
     * A worker that wakers counted on (the last searcher, or a worker woken off the idle stack)
     * found a task: if more work is queued and a worker is idle, it wakes one, which inherits the
     * duty. No fence: the work it looks for was published before the waker's fence and its read
     * of the counts; a woken worker's read of ACTIVE follows the waker's pop (happens-before), and
     * the last searcher's decrement follows the waker's read of the searching count in the total
     * order of volatile accesses, so the reads here see that work.
     */
    void handOn() {
        // The counts first, so that a busy pool skips queuesEmpty's scan.
        long c = (long) CTL.getVolatile(this);
        if (((c & STACK) != 0 || mayGrow(c)) && !queuesEmpty()) {
            wakeOne();
        }
    }

    /**
     * A worker parks: it goes on top of the stack of idle workers, counted idle by the same CAS
     * (ForkJoinPool's ctl stack), and one searcher fewer if it searched (after the push: a waker
     * reads the stack before the searching count). {@code top} is the worker's park stamp.
     */
    void parking(Worker w, int top, boolean wasSearching) {
        for (long c = (long) CTL.getVolatile(this), d; ; c = d) {
            w.nextIdle = (int) c; // plain: published by the CAS below, read by a popper after its read of ctl
            long nc = ((c + IDLE_ONE) & ~STACK) | Integer.toUnsignedLong(top);
            if ((d = (long) CTL.compareAndExchange(this, c, nc)) == c) {
                break;
            }
        }
        if (wasSearching) {
            searching.decrement();
        }
        monitor.onIdle();
    }

    /**
     * Whether fewer workers run tasks than parallelism allows, as the caller sees it: a worker
     * idle or not started ({@code ctl}'s threads less its idle count below parallelism), or one on
     * its way from the idle stack. Opaque loads, no fence: a hint for a fork (see {@code
     * Worker.fork}); idle spares beside parallelism running workers do not count.
     */
    boolean othersIdleHint() {
        long c = (long) CTL.getOpaque(this);
        return total(c) - idle(c) < parallelism || waking.get() != 0;
    }

    /** Idle workers, as counted in {@code ctl} (volatile read). */
    int idleCount() {
        return idle((long) CTL.getVolatile(this));
    }

    /**
     * Whether every worker but the caller is idle or woken and not running yet (a racy read: a hint
     * for how long to spin; a worker on its way from the idle stack holds no work to grant).
     */
    boolean othersIdle() {
        long c = (long) CTL.getVolatile(this);
        return idle(c) + waking.get() >= total(c) - 1;
    }

    /** A worker woken by another thread runs again (see {@link #waking}). */
    void endWaking() {
        waking.decrement();
    }

    /**
     * A parking worker whose last look took a task leaves the idle stack: it pops itself if it is
     * still on top ({@code top}, its park stamp, is unique to this park). Returns whether the
     * worker is off the stack: popped here, or popped already by a waker, which wrote ACTIVE after
     * its CAS. False while a worker pushed after it covers it, and in a popper's window between
     * its CAS and its write of ACTIVE (the worker then hands the task back, see lookAgain).
     */
    boolean tryUnidle(Worker w, int top) {
        for (long c; ((c = (long) CTL.getVolatile(this)) & STACK) == Integer.toUnsignedLong(top); ) {
            if (CTL.compareAndSet(this, c, withoutTop(c, w))) {
                w.activate();
                return true;
            }
        }
        return !w.isParked();
    }

    /**
     * Wakes a parked worker for work just published, unless a worker searches already or one woken
     * earlier has not run yet. The full fence orders the publication before the reads of the counts
     * (the handshake of {@link Worker}).
     */
    void signalWork() {
        VarHandle.fullFence();
        wakeOne();
    }

    /**
     * Wakes an idle worker, or with none idle starts a thread if fewer than parallelism can run
     * tasks, unless a worker searches or is on its way (woken or started, not run yet); no fence
     * (see {@link #signalWork()}).
     */
    void wakeOne() {
        wake(false);
    }

    /** Wakes the top idle worker, searchers or not: for a task a parking worker hands back. */
    void wakeTop() {
        wake(true);
    }

    private void wake(boolean evenIfSearching) {
        // The stack is read before the searching count: a parking searcher pushes, then stops
        // counting as a searcher, then looks (see parking). A woken worker that has not run yet
        // covers the work as a searcher does: its count falls before it looks, so a count read
        // here that still holds it was read before that look (volatile accesses, one total
        // order), and the look sees what was published before (jcstress SubmitWhileWaking). Not
        // waking a second worker meanwhile is ForkJoinPool's rule for its external queues (one
        // signal, then propagation by the worker that takes): on two cores, a second worker woken
        // with the first ran after a 16-task burst had ended, and spent its wake-up in the idle
        // time after it (docs/executor.md).
        // With nobody idle, a worker that is not blocked will look before it parks (its push,
        // its fence, its look: the handshake of Worker): a thread is started only to reach
        // parallelism, as ForkJoinPool's signalWork does, so build() starts none.
        for (long c; ; ) {
            boolean idle = ((c = (long) CTL.getVolatile(this)) & STACK) != 0;
            if (idle ? !mayWake(c) : !mayGrow(c)) {
                if (!idle && runState(c) < QUIESCED) {
                    monitor.onSaturated(); // every thread busy: a blocked one would hold this work up
                }
                return;
            }
            if (!evenIfSearching && (searching.get() != 0 || waking.get() != 0)) {
                return;
            }
            if (idle ? pop(c) : tryStart(c)) {
                return;
            }
        }
    }

    /**
     * Takes the top worker of {@code c}'s stack off it and wakes it (one CAS: the idle count and the
     * stack change together, so every waker that sees an idle worker takes a distinct one). Its
     * {@code nextIdle}, read racily, is checked by the CAS: the top's stamp changes at every push.
     */
    private boolean pop(long c) {
        Worker w = workers[(int) (c & 0xFFFF) - 1];
        if (!CTL.compareAndSet(this, c, withoutTop(c, w))) {
            return false;
        }
        if (w.thread == Thread.currentThread()) {
            w.activate(); // a parking worker's look popped itself: it runs already
            return true;
        }
        waking.increment(); // before ACTIVE: the worker's decrement follows its read of ACTIVE
        w.wakingCounted = true; // plain: published by activate's volatile store
        w.activate();
        LockSupport.unpark(w.thread);
        return true;
    }

    // ------------------------------------------------------------------ threads: lazy start, compensation, spares

    /**
     * Whether an idle worker may be woken at {@code c}: fewer than parallelism threads are awake
     * and not blocked, as ForkJoinPool's signalWork wakes only while fewer than parallelism
     * workers are active. Only spares make it false (with at most parallelism threads, a worker
     * idle leaves fewer awake), so that idle spares are not woken to run beside parallelism
     * workers. The blocked count is read only with parallelism threads awake.
     */
    private boolean mayWake(long c) {
        int awake = total(c) - idle(c);
        return awake < parallelism || awake - blocked.get() < parallelism;
    }

    /**
     * Whether the pool may add a thread at {@code c}: not terminating, fewer than {@code
     * maxThreads} threads, and fewer than parallelism of them free to run tasks (not in a
     * compensated wait). The blocked count is read only once the threads reach parallelism.
     */
    private boolean mayGrow(long c) {
        int t = total(c);
        return runState(c) < QUIESCED && t < maxThreads && (t < parallelism || t - blocked.get() < parallelism);
    }

    /**
     * Adds a thread if {@code ctl} is still {@code c}, whose stack is empty: counts it by CAS (a
     * reservation, as ForkJoinPool's createWorker), takes a slot, makes the thread and starts it,
     * counted in {@link #waking} until it runs. Returns whether the CAS succeeded. If the factory
     * fails or returns null, or the thread does not start, the reservation is undone and the
     * failure thrown to a caller outside the pool; a worker of this pool gives it to the
     * uncaught-exception handler and runs on with the threads there are.
     */
    private boolean tryStart(long c) {
        if (!CTL.compareAndSet(this, c, c + TOTAL_ONE)) {
            return false;
        }
        Worker w = null;
        try {
            w = claimSlot();
            Thread t = newThread(w);
            w.thread = t; // volatile: before the start, for shutdownNow's reads
            waking.increment(); // the thread leaves the count before its first look
            w.wakingCounted = true; // plain: published by Thread.start
            try {
                t.start();
            } catch (RuntimeException | Error e) {
                w.wakingCounted = false;
                waking.decrement();
                throw e;
            }
        } catch (RuntimeException | Error e) {
            leave(w);
            Worker me = Worker.current();
            if (me == null || me.pool != this) {
                throw e;
            }
            reportUncaught(e);
        }
        return true;
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
     * new one at {@link #created}. A slot is occupied from here until its thread's {@link
     * #leave}, and counted in {@code ctl} from before until after, so the occupied slots never
     * outnumber the threads: a new slot is below {@code maxThreads}.
     */
    private Worker claimSlot() {
        slotLock.lock();
        try {
            int n = created;
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
            Worker w = new Worker(this, n, forkBlocks, forkBlockSize, submitBlocks * submitBlockSize);
            w.stripe = (int) ((long) (n % parallelism) * (stripeMask + 1) / parallelism);
            w.occupied = true;
            workers[n] = w;
            created = n + 1; // volatile: publishes the slot to the loops over the workers
            return w;
        } finally {
            slotLock.unlock();
        }
    }

    /**
     * A worker's thread exits (retired, or the pool terminates): it frees its slot, leaves the
     * thread count, and, if the pool runs on with work queued, signals for it: a worker that
     * blocked meanwhile may have counted this thread as one that can run tasks (see {@link
     * #beginBlock}: its increment of {@code blocked} and read of {@code ctl} against this
     * decrement of {@code ctl} and read of {@code blocked}, all volatile: one side sees the other),
     * as ForkJoinPool's deregisterWorker signals to replace a worker.
     */
    void workerExited(Worker w, boolean retired) {
        long c = leave(w);
        if (retired) {
            RETIRING.setVolatile(this, false); // after the count fell: the next retiree sees it
        }
        if (runState(c) < QUIESCED && !queuesEmpty()) {
            signalWork();
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
        long c = (long) CTL.getAndAdd(this, -TOTAL_ONE) - TOTAL_ONE;
        int rs = runState(c);
        if (rs >= QUIESCED) {
            if (total(c) == 0) {
                terminated();
            }
        } else if (rs == SHUTDOWN) {
            tryTerminate();
        }
        return c;
    }

    /**
     * A worker of this pool is about to wait for something it cannot help with (a joined task
     * that runs elsewhere, a {@link ForkJoinPool.ManagedBlocker}): counts it blocked, then wakes
     * an idle worker if one is parked, else adds a thread if fewer than parallelism threads could
     * run tasks (and fewer than {@code maxThreads} exist). A pool of busy workers, none blocked,
     * gets no thread. Pair with {@link #endBlock()}.
     */
    void beginBlock() {
        blocked.increment(); // before the read of ctl: see workerExited
        compensate();
    }

    /** For a worker just counted blocked: wakes an idle worker or adds a thread (see beginBlock). */
    private void compensate() {
        for (long c; runState(c = (long) CTL.getVolatile(this)) < STOP; ) {
            if ((c & STACK) != 0 ? !mayWake(c) || pop(c) : !mayGrow(c) || tryStart(c)) {
                return;
            }
        }
    }

    /**
     * Whether a worker besides the caller (itself awake) can run tasks: awake, not in a compensated
     * wait. Volatile reads of {@code ctl} and the blocked count, not a snapshot: a hint for how
     * long a join waits before it is compensated.
     */
    boolean othersRunning() {
        long c = (long) CTL.getVolatile(this);
        return total(c) - idle(c) - blocked.get() > 1;
    }

    /**
     * Whether no thread is idle and the pool adds none (every thread busy, and as many as may run
     * tasks), before termination: the state in which a worker blocked where the pool cannot see
     * holds up queued work ({@link BlockedWorkerMonitor}). One volatile read of {@code ctl}, and of
     * the blocked count once the threads reach parallelism.
     */
    boolean saturated() {
        return saturated((long) CTL.getVolatile(this));
    }

    private boolean saturated(long c) {
        return (c & STACK) == 0 && runState(c) < QUIESCED && !mayGrow(c);
    }

    /**
     * The monitor's look ({@link BlockedWorkerMonitor}) for workers blocked inside a task where the
     * pool cannot see: a JDK synchronizer (which on a ForkJoinPool worker would block through
     * {@code ForkJoinPool.managedBlock}, and be compensated there), a monitor, a blocking read.
     * Only while the pool is {@link #saturated()}, and only when every thread that could run tasks
     * seems blocked ({@code Worker.seemsBlockedInTask}: its thread waiting and no task finished
     * since the last look): then one of them is counted blocked, once (a CAS on the worker), and
     * the pool wakes or adds a worker for it as for a compensated wait; the worker undoes the count
     * when it runs again. One per look, and none while a worker still runs: the pool cannot tell a
     * short wait for a lock from a long one, so it adds threads as ForkJoinPool compensates by
     * default (its {@code minimumRunnable} of 1), only when nothing would run otherwise. A spare
     * for every worker that seemed blocked put 11 to 15 threads on 2 cores under Jetty's json-large
     * load and left its p99 at 2.6x to 5.6x ForkJoinPool's (docs/measurements/executor.md,
     * 2026-12-05, third session).
     */
    void compensateHiddenBlocks() {
        long c = (long) CTL.getVolatile(this);
        if (!saturated(c)) {
            return; // a worker is idle, or one will be started: nothing to compensate yet
        }
        int runnable = total(c) - idle(c) - blocked.get();
        Worker first = null;
        int stuck = 0;
        Worker[] ws = workers;
        for (int i = 0, n = created(); i < n; i++) {
            Worker v = ws[i];
            if (v != null && v.seemsBlockedInTask()) { // every worker looked at: it records its count
                stuck++;
                if (first == null) {
                    first = v;
                }
            }
        }
        if (first != null && stuck >= runnable && countBlocked(first)) {
            compensate();
        }
    }

    /**
     * Counts {@code v} blocked for the monitor unless somebody counted it already; whether this
     * call did (jcstress {@code ObserverCountVsRun}). Counted before the claim: the worker may run
     * again and undo the count as soon as the claim succeeds, and must never take the blocked
     * count below zero. A worker found parking after the claim (its task ended, it found nothing)
     * may have looked at its count before the claim: the claim is taken back here, unless the
     * worker undid it first (jcstress {@code ObserverCountVsPark}).
     */
    boolean countBlocked(Worker v) {
        blocked.increment();
        if (!v.claimCompensation(Worker.COUNTED_BY_OBSERVER)) {
            blocked.decrement();
            return false;
        }
        // Dekker with announceParked: its LOOKING, a full fence, its read of the count; here the
        // claim's CAS, then the volatile read of the phase. One of the two sees the other.
        if (!v.isParked()) {
            return true; // counted while it runs: it undoes the count after its task or at its park
        }
        if (v.unclaimCompensation()) {
            blocked.decrement();
        } // else the worker undid the count itself, blocked count included
        return false;
    }

    /** The wait of {@link #beginBlock()} ended: the worker runs tasks again. */
    void endBlock() {
        blocked.decrement();
    }

    /** Slots that hold a worker (volatile read): the loops over the workers stop there. */
    int created() {
        return created;
    }

    /** Whether there are more threads than parallelism: idle workers then park with a keep-alive. */
    boolean hasSpares() {
        return total((long) CTL.getVolatile(this)) > parallelism;
    }

    long keepAliveNanos() {
        return keepAliveNanos;
    }

    /**
     * An idle worker whose keep-alive ran out leaves the idle stack to exit, if it is on top (a
     * Treiber stack gives up only its top, as in ForkJoinPool's awaitWork), the pool runs or is
     * shut down, and more than parallelism threads could run tasks: one CAS pops it (counted idle
     * no more; it stays counted as a thread until {@link #workerExited}), and it writes itself
     * ACTIVE. One spare retires at a time ({@link #retiring}). A waker's pop of it and this CAS exclude each other (jcstress {@code RetireVsWake}).
     */
    boolean tryRetire(Worker w) {
        if (!RETIRING.compareAndSet(this, false, true)) {
            return false; // another spare is on its way out: this one waits another keep-alive
        }
        for (long c; ((c = (long) CTL.getVolatile(this)) & STACK) == Integer.toUnsignedLong(w.stamp)
                && runState(c) < QUIESCED && total(c) - blocked.get() > parallelism; ) {
            if (CTL.compareAndSet(this, c, withoutTop(c, w))) {
                w.activate();
                return true; // retiring stays set until the thread has left the count
            }
        }
        RETIRING.setVolatile(this, false);
        return false;
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
        for (long c; runState(c = (long) CTL.getVolatile(this)) == RUNNING; ) {
            if (CTL.compareAndSet(this, c, withRunState(c, SHUTDOWN))) {
                break;
            }
        }
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
        for (long c; runState(c = (long) CTL.getVolatile(this)) < STOP; ) {
            if (CTL.compareAndSet(this, c, withRunState(c, STOP))) {
                if (total(c) == 0 && runState(c) < QUIESCED) {
                    terminated(); // no thread to exit: none can start after STOP
                }
                break;
            }
        }
        List<Runnable> never = new ArrayList<>();
        Consumer<BwosTask<?>> collect = t -> {
            // A copy of a fork published twice is returned or cancelled only if it is claimed here:
            // the other copy may be running.
            if (t.tryClaim() && t.trySetCancelled()) {
                if (t instanceof Adapters.RunnableExecuteTask) {
                    never.add(((Adapters.RunnableExecuteTask) t).runnable);
                } else if (t instanceof Adapters.InterruptibleTask) {
                    never.add((Runnable) t); // the future of a submit
                } // else a BwosTask (submitted or forked): cancelled, its future says so
            }
        };
        for (SubmissionQueue q : stripes) {
            q.drainLocked(collect);
        }
        for (int i = 0, n = created; i < n; i++) {
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
        for (BwosTask<?> t; (t = spills.poll()) != null; ) {
            collect.accept(t);
        }
        for (int i = 0, n = created; i < n; i++) {
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
        long c = (long) CTL.getVolatile(this);
        if (runState(c) != SHUTDOWN || idle(c) != total(c)) {
            return false;
        }
        VarHandle.fullFence(); // our read of ctl before the reads of the queues and the phases
        if (!queuesEmpty(true)) {
            return false;
        }
        for (int i = 0, n = created; i < n; i++) {
            Worker w = workers[i];
            // A worker on the stack whose look is not done may hold a task the queues no longer
            // show: its phase, written before its push (which our read of ctl saw), is LOOKING
            // until the look ends, when it leaves the stack (ctl changes) or parks and tries again.
            if (w.isLooking()) {
                return false;
            }
        }
        if (!CTL.compareAndSet(this, c, withRunState(c, QUIESCED))) {
            return false;
        }
        if (total(c) == 0) {
            terminated(); // no thread was ever started, or every one exited: none can start now
        }
        for (int i = 0, n = created; i < n; i++) {
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
     * SubmissionQueue#isEmptyForTermination()}). The stripes come before the spill queue: a
     * submitter spills under its stripe's lock.
     */
    private boolean queuesEmpty(boolean forTermination) {
        for (SubmissionQueue q : stripes) {
            if (forTermination ? !q.isEmptyForTermination() : !q.isEmpty()) {
                return false;
            }
        }
        if (!spills.isEmpty()) {
            return false;
        }
        for (int i = 0, n = created; i < n; i++) {
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
        monitor.stop();
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
        return runState() != RUNNING;
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
        return total((long) CTL.getVolatile(this));
    }

    @Override
    public int getSpareThreadCount() {
        return Math.max(0, getPoolSize() - parallelism);
    }

    @Override
    public int getBlockedThreadCount() {
        return blocked.get();
    }

    @Override
    public long getStealCount() {
        long s = 0;
        for (int i = 0, n = created; i < n; i++) {
            Worker w = workers[i];
            s += w.steals();
        }
        return s;
    }

    @Override
    public long getQueuedTaskCount() {
        long s = 0;
        for (int i = 0, n = created; i < n; i++) {
            Worker w = workers[i];
            s += w.forks.sizeEstimate() + w.submissions.size() + w.inbox.size();
        }
        return s;
    }

    @Override
    public long getQueuedSubmissionCount() {
        long s = spills.size();
        for (SubmissionQueue q : stripes) {
            s += q.size();
        }
        return s;
    }

    @Override
    public int getActiveThreadCount() {
        long c = (long) CTL.getVolatile(this);
        return Math.max(0, total(c) - idle(c)); // after termination is committed, idle is stale
    }

    @Override
    public int getRunningThreadCount() {
        return Math.max(0, getActiveThreadCount() - getBlockedThreadCount());
    }

    @Override
    public int getSearchingThreadCount() {
        return searching.get();
    }

    @Override
    public int getParkedThreadCount() {
        int p = 0;
        for (int i = 0, n = created; i < n; i++) {
            Worker w = workers[i];
            p += w.isParked() ? 1 : 0;
        }
        return p;
    }

    @Override
    public long getParkCount() {
        long s = 0;
        for (int i = 0, n = created; i < n; i++) {
            Worker w = workers[i];
            s += w.parks();
        }
        return s;
    }

    @Override
    public long getUnparkCount() {
        long s = 0;
        for (int i = 0, n = created; i < n; i++) {
            Worker w = workers[i];
            s += w.wakeups();
        }
        return s;
    }

    @Override
    public long getGrantCount() {
        long s = 0;
        for (int i = 0, n = created; i < n; i++) {
            Worker w = workers[i];
            s += w.forks.grantCount();
        }
        return s;
    }

    @Override
    public long getGrantsOnRequestCount() {
        long s = 0;
        for (int i = 0, n = created; i < n; i++) {
            Worker w = workers[i];
            s += w.forks.grantsOnRequest();
        }
        return s;
    }

    @Override
    public long getGrantRequestCount() {
        long s = 0;
        for (int i = 0, n = created; i < n; i++) {
            Worker w = workers[i];
            s += w.grantRequests();
        }
        return s;
    }

    @Override
    public long getCompletedTaskCount() {
        long s = 0;
        for (int i = 0, n = created; i < n; i++) {
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
        int rs = runState();
        String state = rs == RUNNING ? "Running" : isTerminated() ? "Terminated" : rs >= STOP ? "Stopping" : "Shutting down";
        return super.toString() + "[" + state + ", parallelism = " + getParallelism() + ", size = " + getPoolSize()
                + ", spares = " + getSpareThreadCount() + ", blocked = " + getBlockedThreadCount() + ", active = " + getActiveThreadCount() + ", searching = " + getSearchingThreadCount() + ", parked = "
                + getParkedThreadCount() + ", steals = " + getStealCount() + ", tasks = " + getQueuedTaskCount()
                + ", submissions = " + getQueuedSubmissionCount() + ", grants = " + getGrantCount()
                + " (on request " + getGrantsOnRequestCount() + ", requests " + getGrantRequestCount() + "), parks = "
                + getParkCount() + ", unparks = " + getUnparkCount() + "]";
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
         * task that runs elsewhere or in {@link BwosExecutor#managedBlock} (default 256, as
         * ForkJoinPool's common pool; 0 for none). The pool holds at most 32767 threads in all.
         * With the limit reached, a worker that blocks waits without a replacement.
         */
        public Builder maxSpares(int maxSpares) {
            if (maxSpares < 0 || maxSpares > MAX_THREADS) {
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
