package io.github.taskpools.executor;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.RunnableFuture;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import javax.management.JMException;
import javax.management.ObjectName;
import org.jctools.queues.MpmcUnboundedXaddArrayQueue;

/**
 * A work-stealing {@link java.util.concurrent.ExecutorService} on BWoS deques (Wang et al.,
 * OSDI'23): what {@code ForkJoinPool} is to its ABP deques, for {@link Runnable}s, {@link Callable}s
 * and fork/join tasks ({@link BwosTask}, {@link BwosRecursiveTask}, {@link BwosRecursiveAction}).
 *
 * <pre>{@code
 * try (BwosExecutor pool = BwosExecutor.builder().parallelism(4).build()) {
 *     Future<String> f = pool.submit(() -> "hello");
 *     long fib = pool.invoke(new Fib(40));      // a BwosRecursiveTask<Long>
 * }
 * }</pre>
 *
 * <h2>Design</h2>
 * Each worker owns a LIFO BWoS deque for the tasks it forks and a FIFO queue for tasks its tasks
 * submit; forked and submitted tasks are kept apart (the JDK's own ForkJoinPool calls treating
 * them alike "arguably an early design mistake"). A fork is a plain store into the owner's block:
 * BWoS's owner path has no CAS and no fence (§4.1). The FIFO queue is a JCTools SPMC queue that
 * every worker takes from at once: a BWoS owner's block is reached by thieves only when the owner
 * grants it, and a task that submits work and then blocks where the pool cannot see it (a latch,
 * I/O) would hide that work; so would a fork, which therefore asks for a grant of its own block
 * when a worker is parked. Thieves take the oldest tasks;
 * a thief that finds nothing asks the owners for a grant of the tasks they hold in their current
 * block (grant on request, the answer to BWoS §8's limit), which the owner answers at its next
 * push. Submissions from threads outside the pool, platform or virtual, go into striped rings
 * ({@link SubmissionQueue}: pushed under a lock, taken by CAS; four stripes a worker, chosen by a
 * per-thread probe that moves when another thread holds the stripe's lock), with no registration
 * with the pool; every worker polls them when idle and every {@value Worker#INJECTION_INTERVAL}
 * tasks. A worker that finds a stripe with tasks takes up to {@value Worker#BATCH} more into its
 * inbox, a JCTools SPMC queue that other workers steal from, so that two workers do not take turns
 * on one stripe at every task. See {@link Worker} for the loop and the parking handshake, {@link
 * BwosTask} for join.
 *
 * <h2>Idle workers</h2>
 * A worker with nothing to do searches (steals) for a bounded number of rounds while another
 * worker is busy (a busy owner answers grant requests), and parks at once when every other worker
 * is idle or on its way from the idle stack. Parked workers wait on a stack in {@code ctl}
 * (ForkJoinPool's design: a push or a pop is one CAS that also counts the idle workers). At most
 * half the workers (at least one) search at a time; work that appears (a submission, a grant)
 * pops a parked worker only if nobody searches and no worker woken earlier is still on its way
 * (it will look, as a searcher does); the last searcher to find work, every woken worker once it
 * finds a task, and a worker that takes tasks and leaves some behind each wake another while work
 * is queued, so a burst wakes workers one after another, as ForkJoinPool's propagation does. An
 * idle pool burns no CPU: every worker is parked, with no timed wake-up.
 *
 * <h2>Lifecycle</h2>
 * {@link #shutdown()} rejects new submissions from outside the pool ({@link
 * RejectedExecutionException}) and lets every accepted task, and the tasks those fork or submit,
 * run to the end; the pool terminates when every worker is idle and every queue empty.
 * {@link #shutdownNow()} also rejects submissions from inside the pool, interrupts the running
 * tasks and returns every accepted {@code Runnable} (and {@code submit}'s future) that never
 * started: each task given to {@code execute} or {@code submit} runs or is returned, exactly. A submission racing shutdown is
 * either rejected (and then never runs) or accepted and run: the submitter reads the run state
 * under its stripe's lock, and whoever commits termination reads the locks (see {@link
 * SubmissionQueue}). An exception
 * thrown by a task given to {@link #execute(Runnable)} goes to the uncaught-exception handler (the
 * builder's, else the worker thread's) and the worker lives on; an exception of a submitted task
 * or a fork/join task completes its future.
 *
 * <h2>Limits</h2>
 * A joiner runs the joined task itself if it is still queued (in its worker's queues, the spill
 * queue or the first tasks of the submission stripes), helps the worker that took it by stealing
 * its forks, and runs nothing else, so the joining stack holds only the joined computation; with
 * nothing to help with, it parks. The pool does not add a compensating thread as {@code
 * ForkJoinPool} does, so blocking joins on many workers at once reduce its parallelism. Blocking
 * calls inside tasks (I/O, locks) hold a worker, as in any fixed pool.
 *
 * <h2>Memory orderings</h2>
 * <pre>
 * field          writer: mode                          reader: mode
 * ctl            CAS (volatile): run state, idle count  volatile; a popper's read of ctl that sees a
 *                and idle stack change together       push synchronizes with it (publishes nextIdle)
 * searching      CAS / getAndAdd (volatile), padded    volatile (signalWork, after a full fence)
 * waking         getAndAdd (volatile), padded: popper  volatile (wake, after the searching count;
 *                before ACTIVE, worker after seeing it  othersIdle)
 * worker phase   worker: opaque LOOKING before its push,  volatile (tryTerminate reads LOOKING
 *                CAS LOOKING to PARKED after its look;  after its read of ctl saw the push)
 *                popper (a waker, or the worker in
 *                tryUnidle): volatile ACTIVE after its CAS
 * worker nextIdle worker: plain, before its push CAS    plain (racy), checked by the pop's CAS
 * stripes        SubmissionQueue: lock by CAS, volatile  CAS of base; volatile reads of lock,
 *                store of top (see its table)          top, base (isEmpty)
 * spills         JCTools MPMC (xadd + ordered store)   JCTools relaxedPoll; poll (parking); isEmpty
 * worker inbox   JCTools SPMC offer (ordered), then    JCTools poll (owner, parking look) or
 *                signalWork's full fence               relaxedPoll (scans), by CAS; isEmpty, size
 * live           AtomicInteger                         -
 * worker handing worker: volatile true before its read of   shutdownNow: volatile, after its
 *                the run state, release false after      CAS to STOP (Dekker with the worker's
 *                its offers (Worker.beginHandOver)       store and read)
 * worker         JCTools SPMC offer (ordered), then    JCTools poll by CAS (owner, joiners,
 * submissions    signalWork's full fence               shutdownNow); relaxedPoll (scans)
 * </pre>
 */
public final class BwosExecutor extends AbstractExecutorService implements AutoCloseable, BwosExecutorMXBean {
    static final int RUNNING = 0;
    static final int SHUTDOWN = 1;
    /** Graceful termination committed: workers finish what they hold and exit. */
    static final int QUIESCED = 2;
    /** shutdownNow: workers cancel what they hold and exit. */
    static final int STOP = 3;

    private static final int RS_SHIFT = 48;
    private static final int IDLE_SHIFT = 32;
    private static final long IDLE_ONE = 1L << IDLE_SHIFT;
    private static final long STACK = 0xFFFF_FFFFL;

    private static final VarHandle CTL;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            CTL = l.findVarHandle(BwosExecutor.class, "ctl", long.class);
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
    private final Thread.UncaughtExceptionHandler handler;
    private final CountDownLatch terminated = new CountDownLatch(1);
    private final AtomicInteger live;
    private final ObjectName mbeanName;

    /**
     * Run state (bits 48-63), idle workers (bits 32-47) and the top of the stack of idle workers
     * (bits 0-31: the top worker's park stamp, see {@link Worker#announceParked()}, 0 when empty).
     * Volatile; changed by CAS only, so that a worker counts as idle exactly while it is on the
     * stack, and a waker that sees an idle count takes one of those workers off by the same CAS.
     */
    @SuppressWarnings("unused") // through CTL
    private volatile long ctl;
    /** Searching workers, on lines of their own: every idle worker changes the count. */
    private final WorkerCount searching = new WorkerCount();
    /**
     * Workers popped off the idle stack by another thread that have not run since: incremented by
     * the popper before it writes the worker ACTIVE, decremented by the worker once it sees ACTIVE,
     * before it looks for work ({@link Worker#endWaking()}).
     */
    private final WorkerCount waking = new WorkerCount();

    /** A pool with the default settings of {@link Builder}. */
    public BwosExecutor() {
        this(new Builder());
    }

    private BwosExecutor(Builder b) {
        int n = b.parallelism;
        this.handler = b.handler;
        this.maxSearching = Math.max(1, n / 2);
        // Four stripes a worker (a power of two, at most 1024): two submitting threads then rarely
        // share a stripe's producer index, as ForkJoinPool's submission queues keep them apart.
        int stripes = Math.min(1024, Integer.highestOneBit(Math.max(1, 4 * n - 1)) << 1);
        this.stripeMask = stripes - 1;
        this.stripes = new SubmissionQueue[stripes];
        for (int i = 0; i < stripes; i++) {
            this.stripes[i] = new SubmissionQueue(SubmissionQueue.CAPACITY);
        }
        this.workers = new Worker[n];
        for (int i = 0; i < n; i++) {
            workers[i] = new Worker(this, i, b.forkBlocks, b.forkBlockSize, b.submitBlocks * b.submitBlockSize);
            workers[i].stripe = i * stripes / n;
        }
        this.live = new AtomicInteger(n);
        ThreadFactory factory = b.threadFactory;
        if (factory != null) {
            Worker.usingCustomThreads();
        }
        String prefix = b.namePrefix != null ? b.namePrefix : "bwos-executor-" + POOL_IDS.incrementAndGet() + "-worker-";
        for (Worker w : workers) {
            Thread t;
            if (factory == null) {
                t = new BwosWorkerThread(w, prefix + w.index);
            } else {
                t = factory.newThread(w);
                if (t == null) {
                    throw new IllegalStateException("the ThreadFactory returned null for worker " + w.index);
                }
            }
            w.thread = t;
        }
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
        if (b.startThreads) {
            for (Worker w : workers) {
                w.thread.start();
            }
        }
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
        if (runState() != RUNNING) {
            throw new RejectedExecutionException("BwosExecutor is shut down");
        }
        // Accepted or rejected under the stripe's lock (see SubmissionQueue): a rejected task was
        // never published, an accepted one is seen by whoever commits termination.
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
     * A task that cannot go into a worker's deque (full), that a worker about to park in a join
     * hands on, or that a parking worker's look took but cannot run (see {@code
     * Worker.lookAgain}): into the spill queue, which workers poll before the stripes and never move in
     * batches into an inbox. A joiner that does not know where its task is looks there (see
     * {@code Worker.helpStealer}); in a batch, such a task would wait in the inbox of a worker that
     * may itself block in a join.
     */
    void inject(BwosTask<?> t) {
        if (runState() >= STOP) {
            t.trySetCancelled(); // shutdownNow drained the queue already: nobody would run it
            return;
        }
        spills.offer(t);
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
     * never waits (see {@link SubmissionQueue}). With {@code batch}, up to {@value Worker#BATCH}
     * more tasks of the stripe go into the worker's inbox, by the same CAS.
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
            if ((t = q.poll()) != null) {
                w.stripe = k;
                if (strict) {
                    return t; // the parking look signals for what it leaves, once it is awake
                }
                // A batch for the inbox. Only into an empty inbox: only its owner offers, so all of
                // the batch fits. Not in the parking look, which must stay a look, nor for a
                // joiner, which must not take on tasks that would wait behind its join.
                if (batch && w.inbox.isEmpty() && moveBatch(q, w) > 0) {
                    signalWork(); // stealable work moved (ordered stores): the fenced handshake
                } else if (q.size() != 0) {
                    // Tasks left in the stripe: pass the signal on (their submitters' wakes may have
                    // found a searcher, who took only one; jcstress SubmitBehindQueued). No fence:
                    // our CAS of base, the reads of top and base and of the counts are volatile.
                    wakeOne();
                }
                return t;
            }
        }
        return null;
    }

    /** Moves a batch of {@code q}'s tasks into {@code w}'s inbox in a hand-over (none once shutdownNow has begun). */
    private int moveBatch(SubmissionQueue q, Worker w) {
        if (!w.beginHandOver()) {
            return 0;
        }
        int n = q.moveTo(w.inbox, Worker.BATCH, this);
        w.endHandOver();
        return n;
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
        return (int) (c >>> IDLE_SHIFT) & 0xFFFF;
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
        // The idle count first, so that a busy pool skips queuesEmpty's scan.
        if (idleCount() != 0 && !queuesEmpty()) {
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
    }

    /**
     * Idle workers, as counted in {@code ctl}, by an opaque read: a hint for a fork (a stale value
     * costs one grant too many, or leaves a task to the grant on request of a searcher).
     */
    int idleHint() {
        return idle((long) CTL.getOpaque(this));
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
        return idle((long) CTL.getVolatile(this)) + waking.get() >= workers.length - 1;
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
     * Wakes an idle worker unless a worker searches or is on its way from the idle stack; no fence
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
        for (long c; ((c = (long) CTL.getVolatile(this)) & STACK) != 0
                && (evenIfSearching || (searching.get() == 0 && waking.get() == 0)); ) {
            if (pop(c)) {
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

    // ------------------------------------------------------------------ lifecycle

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
                break;
            }
        }
        List<Runnable> never = new ArrayList<>();
        Consumer<BwosTask<?>> collect = t -> {
            if (t.trySetCancelled()) {
                if (t instanceof Adapters.RunnableExecuteTask) {
                    never.add(((Adapters.RunnableExecuteTask) t).runnable);
                } else if (t instanceof Runnable) {
                    never.add((Runnable) t); // the future of a submit
                } // else a BwosTask (submitted or forked): cancelled, its future says so
            }
        };
        for (SubmissionQueue q : stripes) {
            q.drainLocked(collect);
        }
        for (Worker w : workers) {
            w.awaitHandOver();
            for (BwosTask<?> t; (t = w.inbox.poll()) != null; ) {
                collect.accept(t);
            }
            for (BwosTask<?> t; (t = w.submissions.poll()) != null; ) {
                collect.accept(t);
            }
        }
        for (BwosTask<?> t; (t = spills.poll()) != null; ) {
            collect.accept(t);
        }
        for (Worker w : workers) {
            w.thread.interrupt();
            LockSupport.unpark(w.thread);
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
        if (runState(c) != SHUTDOWN || idle(c) != workers.length) {
            return false;
        }
        VarHandle.fullFence(); // our read of ctl before the reads of the queues and the phases
        if (!queuesEmpty(true)) {
            return false;
        }
        for (Worker w : workers) {
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
        for (Worker w : workers) {
            LockSupport.unpark(w.thread);
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
        for (Worker w : workers) {
            if (w.forks.sizeEstimate() != 0 || !w.submissions.isEmpty() || !w.inbox.isEmpty()) {
                return false;
            }
        }
        return true;
    }

    void workerExited(Worker w) {
        if (live.decrementAndGet() == 0) {
            if (mbeanName != null) {
                try {
                    ManagementFactory.getPlatformMBeanServer().unregisterMBean(mbeanName);
                } catch (JMException ignored) {
                    // already unregistered
                }
            }
            terminated.countDown();
        }
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
        return workers.length;
    }

    @Override
    public int getPoolSize() {
        return live.get();
    }

    @Override
    public long getStealCount() {
        long s = 0;
        for (Worker w : workers) {
            s += w.steals();
        }
        return s;
    }

    @Override
    public long getQueuedTaskCount() {
        long s = 0;
        for (Worker w : workers) {
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
        return Math.max(0, live.get() - idle((long) CTL.getVolatile(this)));
    }

    @Override
    public int getSearchingThreadCount() {
        return searching.get();
    }

    @Override
    public int getParkedThreadCount() {
        int p = 0;
        for (Worker w : workers) {
            p += w.isParked() ? 1 : 0;
        }
        return p;
    }

    @Override
    public long getParkCount() {
        long s = 0;
        for (Worker w : workers) {
            s += w.parks();
        }
        return s;
    }

    @Override
    public long getUnparkCount() {
        long s = 0;
        for (Worker w : workers) {
            s += w.wakeups();
        }
        return s;
    }

    @Override
    public long getGrantCount() {
        long s = 0;
        for (Worker w : workers) {
            s += w.forks.grantCount();
        }
        return s;
    }

    @Override
    public long getGrantsOnRequestCount() {
        long s = 0;
        for (Worker w : workers) {
            s += w.forks.grantsOnRequest();
        }
        return s;
    }

    @Override
    public long getGrantRequestCount() {
        long s = 0;
        for (Worker w : workers) {
            s += w.grantRequests();
        }
        return s;
    }

    @Override
    public long getCompletedTaskCount() {
        long s = 0;
        for (Worker w : workers) {
            s += w.tasks();
        }
        return s;
    }

    @Override
    public boolean isQuiescent() {
        return idle((long) CTL.getVolatile(this)) == workers.length && queuesEmpty();
    }

    @Override
    public String toString() {
        int rs = runState();
        String state = rs == RUNNING ? "Running" : isTerminated() ? "Terminated" : rs >= STOP ? "Stopping" : "Shutting down";
        return super.toString() + "[" + state + ", parallelism = " + getParallelism() + ", size = " + getPoolSize()
                + ", active = " + getActiveThreadCount() + ", searching = " + getSearchingThreadCount() + ", parked = "
                + getParkedThreadCount() + ", steals = " + getStealCount() + ", tasks = " + getQueuedTaskCount()
                + ", submissions = " + getQueuedSubmissionCount() + ", grants = " + getGrantCount()
                + " (on request " + getGrantsOnRequestCount() + ", requests " + getGrantRequestCount() + "), parks = "
                + getParkCount() + ", unparks = " + getUnparkCount() + "]";
    }

    /**
     * Settings of a {@link BwosExecutor}. Defaults: {@code availableProcessors()} workers; daemon
     * worker threads named {@code bwos-executor-N-worker-I}; the worker thread's own
     * uncaught-exception handler; fork deques of 8 blocks of 256 tasks and submission deques of
     * 8 blocks of 256 (a full deque spills into the shared queue, so the geometry bounds no
     * program); no MBean.
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
        /** False only in tests of the parking handshake, whose actors play the workers. */
        boolean startThreads = true;

        Builder() {
        }

        /** Number of workers, at least 1 and at most 32767. */
        public Builder parallelism(int parallelism) {
            if (parallelism < 1 || parallelism > 0x7FFF) {
                throw new IllegalArgumentException("parallelism must be in [1, 32767], got " + parallelism);
            }
            this.parallelism = parallelism;
            return this;
        }

        /**
         * Makes the worker threads. Threads of a user's factory find their worker through a
         * {@code ThreadLocal} on each fork (a few nanoseconds), threads of the default factory
         * through a field.
         */
        public Builder threadFactory(ThreadFactory factory) {
            this.threadFactory = Objects.requireNonNull(factory, "threadFactory");
            return this;
        }

        /** Name prefix of the default factory's threads (the worker index is appended). */
        public Builder threadNamePrefix(String prefix) {
            this.namePrefix = Objects.requireNonNull(prefix, "prefix");
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

        /** A new pool, its threads started. */
        public BwosExecutor build() {
            return new BwosExecutor(this);
        }
    }
}
