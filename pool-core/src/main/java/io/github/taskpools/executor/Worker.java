package io.github.taskpools.executor;

import io.github.taskpools.bwos.LifoBwosDeque;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.locks.LockSupport;
import org.jctools.queues.SpmcArrayQueue;

/**
 * One worker of a {@link BwosExecutor}: its deques and queues, its loop, its forks and joins.
 * It reaches the pool's idle protocol ({@link IdleStack}, whose {@link IdleStack.Node} it is) and
 * shared submission queue ({@link SharedQueue}) directly, and the pool itself only through
 * {@link Pool}: termination, the look at every queue, and its thread's exit.
 *
 * <h2>Loop</h2>
 * Run the newest forked task (LIFO deque), else the oldest task submitted from inside the pool
 * (FIFO queue), else the oldest in the inbox (a batch taken from the shared submission queue),
 * else one from the shared submission queue, which is also polled first every
 * {@value #INJECTION_INTERVAL} tasks so that a stream of local work cannot starve it. With nothing
 * local, search, oldest work first: the other workers' inboxes and FIFO queues, then the
 * submission queue, then the other workers' forks (the oldest, the largest in a fork/join
 * computation); an inbox whose owner has taken from it since the searcher's previous look is
 * left to its owner until the submission queue is empty; after a
 * failed round ask every other worker for a grant (grant on request, see {@link
 * LifoBwosDeque#requestGrant()}), spin a bounded number of rounds, then park.
 *
 * <h2>Parking handshake</h2>
 * Idle workers wait on a stack in the pool's {@code ctl} word ({@link IdleStack}), as in ForkJoinPool: one CAS pushes a
 * worker and counts it idle, one CAS pops the top worker and counts it busy, so every waker that
 * sees an idle worker takes a distinct one. A worker parks in three steps: it writes itself
 * {@code LOOKING}, pushes itself, issues a full fence, and looks once more for work (then, with
 * nothing found, {@code PARKED}; termination is committed only when no look is in progress). A producer of
 * work (a submission, a grant, a push into the FIFO deque, a batch moved into the inbox) publishes
 * the work, issues a full fence (or, for a submission, relies on its volatile store of the
 * stripe's top), then reads the stack and the searching count and, if nobody searches, pops the
 * top worker and writes it {@code ACTIVE}. With the two fences, either the parking worker's look
 * finds the work, or the producer sees the worker on the stack (or a searcher that will look again
 * before it parks): work published before a worker parks is never missed (jcstress {@code
 * ParkVsSignal}, {@code ParkVsGrant}, {@code ParkVsInboxBatch}). A look that takes a task must
 * leave the stack: the worker pops itself if it is still on top; if another worker parked since and
 * covers it, it hands the task back to the spill queue and wakes the top one.
 *
 * <h2>Handing on</h2>
 * A waker that sees a searcher wakes nobody, and a woken worker may take other work than its
 * waker's; a task must not wait behind parked workers while the worker counted on runs another
 * (tasks meeting at a barrier need a worker each). So a worker that wakers counted on hands the
 * duty on once it takes a task, if work is left and a worker idle: the last searcher and every
 * woken worker ({@link #foundWork()}), the parking look ({@code AbsorbedSignal}, {@code
 * SearcherParks}), and a taker that leaves tasks in the stripe, inbox or spill queue it took from
 * ({@code SubmitBehindQueued}; {@code IdleStackTest} replays the sequences).
 *
 * <h2>Nothing hidden</h2>
 * Tasks this worker's tasks submit go into a queue any worker can take from at once (a JCTools
 * SPMC queue, not a BWoS deque, whose owner's block thieves reach only when the owner grants it:
 * a task that submits work and then blocks in code the pool cannot see, a latch or I/O, would
 * hide that work). A fork stays a plain store into the LIFO BWoS deque; when another worker is
 * parked, the fork asks its own deque for a grant first, so that the push grants and signals
 * (see {@link #fork}). A joiner runs or releases the joined task if its own queues hold it,
 * helps only the worker that took it, and blocks otherwise (see {@link #awaitJoin}).
 *
 * <h2>Hand-over and shutdownNow</h2>
 * While a worker moves accepted tasks into a queue that {@code shutdownNow} drains (its FIFO queue,
 * its inbox, the spill queue), {@link #handing} is set: the worker sets it (volatile), then reads
 * the run state and moves nothing once it is STOP; {@code shutdownNow} writes STOP, then waits
 * while the flag is set before it drains. Volatile accesses are totally ordered, so either the
 * worker reads STOP or {@code shutdownNow} sees the flag and waits for the moved tasks (jcstress
 * {@code ShutdownNowVsBatch}): every accepted task is run or returned.
 * <h2>Threads</h2>
 * A worker is a slot of its pool: made with its deques when a thread first needs the slot, run by
 * one thread at a time. The thread starts counted as waking, so it looks for work first and hands
 * on like a woken worker. It leaves the slot when the pool terminates, or when its keep-alive ends
 * while it is an idle spare ({@link #block()}); the next thread started in the slot binds the
 * deques (empty: a worker parks only with nothing local) and runs on with its park sequence and
 * statistics. A join that parks is compensated ({@link IdleStack#beginBlock()}).
 *
 * <h2>Memory orderings</h2>
 * <pre>
 * field          writer: mode                          reader: mode
 * inbox          JCTools SPMC offer (ordered), then    JCTools poll (owner, parking look) or
 *                signalWork's full fence               relaxedPoll (scans), by CAS; isEmpty, size;
 *                                                      a searcher's volatile read of its consumer
 *                                                      index (a hint, see inboxStalled)
 * submissions    JCTools SPMC offer (ordered), then    JCTools poll by CAS (owner, joiners,
 *                signalWork's full fence               shutdownNow); relaxedPoll (scans)
 * copies         as submissions                        as submissions
 * handing        worker: volatile true before its read  shutdownNow: volatile, after its
 *                of the run state, release false after  CAS to STOP (Dekker with the worker's
 *                its offers (beginHandOver)             store and read)
 * joining        worker: opaque, around its join        joiners: opaque (a hint: the chain of takers)
 * occupied       pool: plain, under its slot lock      pool: plain, under its slot lock
 * statistics     worker: opaque                        monitoring: opaque
 * kernelTid      worker: volatile, as its thread starts    the monitor: volatile, before it counts
 *                and ends                               the worker blocked (a hint)
 * </pre>
 * The fields the idle stack reads (phase, link, stamp, thread, compensation) are {@link
 * IdleStack.Node}'s, in {@link IdleStack}'s table. Fields without a comment on their mode are
 * plain and written by the worker's own thread only (by the threads of the slot in turn, each
 * after the last left).
 */
final class Worker extends IdleStack.Node implements Runnable {
    /**
     * What a worker needs of its pool beyond the idle protocol and the shared queue: a narrow
     * interface, implemented by the pool, so that the worker does not depend on it.
     */
    interface Pool {
        /**
         * Commits graceful termination if the pool is shut down, every worker idle with its look
         * done and every queue empty; whether it did (see {@code BwosExecutor.tryTerminate}).
         */
        boolean tryTerminate();

        /** Whether no queue or deque of the pool holds a task (a conservative hint). */
        boolean queuesEmpty();

        /** The thread of {@code w} exits ({@code retired}: a spare whose keep-alive ran out). */
        void workerExited(Worker w, boolean retired);
    }

    /** Tasks run between two polls of the submission queue, whatever the local deques hold. */
    static final int INJECTION_INTERVAL = 64;
    /**
     * Rounds of stealing before a worker counts itself as searching: in a steady stream of work
     * the next task comes within them, and the pool's shared searching count stays untouched.
     * Two: more rounds add CPU between a pool's last task and its workers' parking, and no
     * throughput (see docs/measurements/executor.md, 2026-11-28).
     */
    static final int QUICK_ROUNDS = 2;
    /**
     * Rounds of stealing a searching worker makes before it parks, while some other worker is busy
     * (it may answer a grant request, and submissions keep coming while the pool is busy); with
     * every other worker idle it parks at once.
     */
    static final int SEARCH_SPINS = 64;
    /** Rounds a joiner waits for the stolen task (helping when it can) before it parks. */
    static final int JOIN_SPINS = 256;
    /**
     * Joins nested on a worker's stack beyond which a joiner no longer helps the task's taker and
     * blocks instead: helping runs the joined computation's subtasks, each of which may join.
     */
    static final int MAX_JOIN_DEPTH = 64;
    /**
     * Microseconds a join that parks waits before it is compensated, while another worker runs
     * tasks (see {@link #awaitCompensated}).
     */
    static final long COMPENSATION_DELAY_MICROS = 1000;
    /** Links of the chain of takers a joiner follows for a task to help with. */
    static final int HELP_CHAIN = 4;
    /**
     * Tasks of the submission stripes a joiner moves to the spill queue at most while it looks for
     * the joined task there.
     */
    static final int MAX_SEARCHED_SUBMISSIONS = 1024;
    /** Rounds of a join between two looks for the joined task in the spill queue (a power of two). */
    static final int SPILL_LOOK_INTERVAL = 64;
    /**
     * Tasks a worker moves from a submission stripe into its {@link #inbox} at once at most, after
     * the one it runs: consecutive polls of one stripe by one worker keep the stripe's consumer
     * index and slots in that worker's cache, where two workers polling it in turn move them across
     * cores at every task. A worker takes no more than its share of the queued tasks (those queued
     * divided by parallelism, rounded up): a whole batch of long requests taken by one worker made some wait
     * for 32 service times while the other worker served newer ones (docs/measurements/executor.md, 2026-12-05).
     */
    static final int BATCH = 32;
    /**
     * Nanoseconds of work a worker holds in its inbox at most, estimated from its own tasks' run
     * times: a batch is at most this divided by the worker's estimate of a task's run time (one
     * task in {@value #INJECTION_INTERVAL} timed, see {@link #sizeBatches}), and {@value #BATCH}
     * at most.
     * Tasks of a microsecond or less are batched as before; requests that take a millisecond
     * are taken one at a time, as from ForkJoinPool's shared queue, because a batch waits behind
     * its owner's current task: Jetty's workers, which run one connection's requests in one task
     * while the client keeps sending, held 30 requests in an inbox for up to two seconds
     * (docs/measurements/executor.md, 2026-12-05, seventh session).
     */
    static final long BATCH_BUDGET_NANOS = 50_000L;
    /** Room for second copies of forks (see {@link #copies}); a copy that finds it full is spilled. */
    static final int COPIES = 256;

    private static final VarHandle STEALS;
    private static final VarHandle PARKS;
    private static final VarHandle REQUESTS;
    private static final VarHandle TASKS;
    private static final VarHandle WAKEUPS;
    private static final VarHandle HANDING;
    private static final VarHandle JOINING;

    /** Worker of the current thread for threads made by a user's ThreadFactory. */
    private static final ThreadLocal<Worker> CURRENT = new ThreadLocal<>();
    /** Whether some pool runs on a user's ThreadFactory. Volatile: set once, read per lookup. */
    private static volatile boolean customThreads;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            STEALS = l.findVarHandle(Worker.class, "steals", long.class);
            PARKS = l.findVarHandle(Worker.class, "parks", long.class);
            REQUESTS = l.findVarHandle(Worker.class, "grantRequests", long.class);
            TASKS = l.findVarHandle(Worker.class, "tasks", long.class);
            WAKEUPS = l.findVarHandle(Worker.class, "wakeups", long.class);
            HANDING = l.findVarHandle(Worker.class, "handing", boolean.class);
            JOINING = l.findVarHandle(Worker.class, "joining", BwosTask.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The pool's view for this worker (its identity: one per pool). */
    final Pool pool;
    /** The pool's idle protocol: run state, parking, waking, compensation. */
    final IdleStack ctl;
    /** The pool's shared submission queue: stripes and spill queue. */
    final SharedQueue shared;
    /** The pool's workers, by index (the pool's array; slots below {@code ctl.created()} hold one). */
    final Worker[] workers;
    final int index;
    /** Forked tasks: the owner's LIFO BWoS deque. */
    final LifoBwosDeque<BwosTask<?>> forks;
    /**
     * Tasks submitted by this worker's tasks, oldest first: JCTools' SPMC queue (the worker offers
     * with an ordered store, every worker polls by CAS of the consumer index), so that no task
     * submitted from inside the pool waits behind a worker blocked in its task.
     */
    final SpmcArrayQueue<BwosTask<?>> submissions;
    /**
     * Submissions this worker took from a submission stripe in a batch, oldest
     * first. JCTools' SPMC queue: the worker offers (ordered stores), the worker and thieves poll
     * by CAS of the consumer index, so a batch never hides behind a worker blocked in a task.
     */
    final SpmcArrayQueue<BwosTask<?>> inbox = new SpmcArrayQueue<>(BATCH);
    /**
     * Second copies of forks that stayed in this worker's block while another worker was idle
     * (see {@link #publishCopy}), oldest first. JCTools' SPMC queue, as {@link #submissions}; its
     * own queue, looked at after the deques' granted tasks, so that a thief takes the oldest (the
     * largest) fork before a copy of a newer one. A copy whose fork ran elsewhere is dropped by
     * whoever polls it.
     */
    final SpmcArrayQueue<BwosTask<?>> copies = new SpmcArrayQueue<>(COPIES);
    /**
     * Whether a thread holds this slot, from its starter's claim until its exit. Plain, under the
     * pool's slot lock.
     */
    boolean occupied;
    /**
     * Set while this worker moves accepted tasks into a queue that shutdownNow drains (see the class
     * comment). Volatile store of true before the worker's volatile read of the run state; release
     * store of false after its last offer, which shutdownNow's volatile read pairs with.
     */
    @SuppressWarnings("unused") // through HANDING
    private volatile boolean handing;
    /** Joins (and timed gets) of this worker in progress, nested on its stack. */
    private int joinDepth;
    /**
     * The task this worker's innermost join that waits on other workers waits for, or null: a hint
     * for joiners that help along the chain of takers (see helpStealer). Opaque store by this
     * worker, opaque load by others.
     */
    @SuppressWarnings("unused") // through JOINING
    private BwosTask<?> joining;

    /**
     * Parks so far, modulo 2^16: with the index, this worker's park stamp. It runs on across the
     * threads that take the slot over, so that a stamp read before a spare retired does not match
     * the next thread's.
     */
    private int parkSeq;
    /**
     * {@link #tasks()} as the pool's monitor last saw it. Plain, written and read by the monitor's
     * thread only: a hint that this worker has not finished a task between two looks.
     */
    long observedTasks;
    /**
     * This worker's thread's CPU time as the pool's monitor last read it, or -1 (not measured).
     * Plain, the monitor's thread only, as {@link #observedTasks}.
     */
    private long observedCpu = -1L;
    /**
     * The virtual thread's continuation this worker runs (the innermost), or null: set around its
     * run by {@link Adapters.ContinuationTask}, only for continuations. Plain: written and read by
     * this worker's thread only ({@link #runs}).
     */
    Runnable runningContinuation;
    /**
     * The kernel's id of this worker's thread ({@link KernelThreads}), or {@code UNKNOWN}: volatile,
     * written by the thread as it starts and ends, read by the monitor before it counts this worker
     * blocked (a stale id names an ended thread, whose state cannot be read: a hint).
     */
    private volatile int kernelTid = KernelThreads.UNKNOWN;
    /** Looks in a row that found this worker seemingly blocked ({@link #look}); the monitor's, plain. */
    private int blockedLooks;
    /** Whether this worker's keep-alive ran out and it left the idle stack to exit. */
    private boolean retired;
    /** Whether this worker counts in the pool's searching count. */
    private boolean searching;
    /** Whether a waker popped this worker off the idle stack and it has not found a task since. */
    private boolean woken;
    /** {@code forks.grantCount()} when this worker last signalled a grant. */
    private long grantsSeen;
    /** Forks made by this worker (wrapping; see {@link BwosTask#forkSeq}). */
    private int forkCount;
    private int tick;
    /** This worker's estimate of a task's run time in nanoseconds ({@link #sizeBatches}). */
    private long taskNanos;
    /** Tasks this worker moves into its inbox at once at most ({@link #sizeBatches}); 0: none. */
    private int batchMax = BATCH;
    /**
     * Whether {@link #forks} may hold a task: set before every push ({@link #pushFork}, the only
     * way in), cleared when a pop in
     * {@link #next()} finds the deque empty (its older blocks too). A worker that runs only
     * submissions then skips the empty deque's slow pop (a block probe per task).
     */
    private boolean mayHoldForks = true;
    private int seed;
    /**
     * Each other worker's inbox consumer index at this worker's last look (see
     * {@link #inboxStalled}), by worker index; allocated at the first look, not with the worker:
     * a pool's slots reach parallelism plus its spares, and most never scan. Plain: this
     * worker's own.
     */
    private long[] seenInboxes;
    /** The submission stripe this worker polls first: where it last found a task. */
    int stripe;

    // Statistics: written by the owner with opaque stores, read by monitoring with opaque loads.
    @SuppressWarnings("unused")
    private long steals;
    @SuppressWarnings("unused")
    private long parks;
    @SuppressWarnings("unused")
    private long grantRequests;
    @SuppressWarnings("unused")
    private long tasks;
    @SuppressWarnings("unused")
    private long wakeups;

    Worker(Pool pool, IdleStack ctl, SharedQueue shared, Worker[] workers, int index, int forkBlocks,
            int forkBlockSize, int submitCapacity) {
        this.pool = pool;
        this.ctl = ctl;
        this.shared = shared;
        this.workers = workers;
        this.index = index;
        this.forks = new LifoBwosDeque<>(forkBlocks, forkBlockSize);
        this.submissions = new SpmcArrayQueue<>(submitCapacity);
        this.seed = 0x9E3779B9 * (index + 1) | 1;
    }

    /** The worker of the calling thread, in any pool, or {@code null}. */
    static Worker current() {
        Thread t = Thread.currentThread();
        if (t instanceof BwosWorkerThread) {
            return ((BwosWorkerThread) t).worker;
        }
        return customThreads ? CURRENT.get() : null;
    }

    static void usingCustomThreads() {
        customThreads = true;
    }

    // ------------------------------------------------------------------ loop

    @Override
    public void run() {
        forks.bindOwner(); // after the slot's previous thread left: its exit, the slot lock, our start
        if (!(Thread.currentThread() instanceof BwosWorkerThread)) {
            CURRENT.set(this);
        }
        retired = false;
        kernelTid = KernelThreads.currentTid();
        batchMax = BATCH;
        taskNanos = 0L;
        endWaking(); // started for work, as if woken: looks, then hands on (foundWork)
        woken = true;
        try {
            for (BwosTask<?> t; (t = next()) != null; ) {
                runTask(t);
            }
        } finally {
            kernelTid = KernelThreads.UNKNOWN;
            cancelLocal();
            pool.workerExited(this, retired);
        }
    }

    private void runTask(BwosTask<?> t) {
        // One task in INJECTION_INTERVAL timed (two clock reads), from the 64th: a new thread
        // batches up to BATCH until it has timed one.
        boolean timed = (tasks & (INJECTION_INTERVAL - 1)) == INJECTION_INTERVAL - 1;
        long start = timed ? System.nanoTime() : 0L;
        t.doExec();
        if (timed) {
            sizeBatches(System.nanoTime() - start);
        }
        TASKS.setOpaque(this, tasks + 1);
        // Opaque: a count this read misses is undone after the next task or at the park; the
        // getAndSet in endCompensation decides.
        if (compensationOpaque() == COUNTED_BY_OBSERVER) {
            endCompensation(); // the task blocked where the pool cannot see, and a spare was added
        }
    }

    /**
     * For the pool's monitor, once per look: {@link #LOOK_IDLE} on the idle stack; else {@link
     * #LOOK_FINISHED} if it finished a task since the monitor's previous look; else {@link
     * #LOOK_RUNNING} if its thread does not wait (RUNNABLE, inside a task or searching) or it was
     * popped off the idle stack and has not run since (it is on its way), {@link #LOOK_WAITED} if its
     * thread is WAITING, TIMED_WAITING or BLOCKED but used more than {@code ranNanos} of CPU time
     * since (where the JVM measures it), and {@link #LOOK_BLOCKED} if it waits and used no more: it
     * seems blocked where the pool cannot see (a latch, a condition, a blocking read). Records the
     * counts for the next look. A hint: the worker may run again at any moment.
     *
     * <p>A popped worker's thread stays WAITING, parked in {@link #block}, until the scheduler gives
     * it a core, which on a busy machine takes milliseconds: it is on its way, not blocked. Counting
     * such workers gave json-small's server a spare every second or so (docs/measurements/executor.md,
     * 2026-12-06, eleventh session). The opaque read of {@code wakingCounted} follows the volatile
     * read of the phase in {@code isParked()}: when that read saw the popper's ACTIVE, the popper's
     * earlier plain write of {@code wakingCounted} is visible. A pop after that read is missed: the
     * look finds the worker parked (idle), or, on a race with the worker's own run, counts it, and
     * the worker undoes the count after its task or at its park (a spare too many at worst).
     */
    @Override
    int look(long ranNanos) {
        long n = tasks();
        long seenTasks = observedTasks;
        observedTasks = n;
        Thread t = thread;
        long cpu = t == null ? -1L : BlockedWorkerMonitor.cpuNanos(t);
        long seenCpu = observedCpu;
        observedCpu = cpu;
        if (t == null || isParked()) {
            blockedLooks = 0;
            return LOOK_IDLE;
        }
        Thread.State s = t.getState();
        boolean waits = s == Thread.State.WAITING || s == Thread.State.TIMED_WAITING || s == Thread.State.BLOCKED;
        if (n != seenTasks || !waits || wakingOpaque()) {
            blockedLooks = 0;
            return n != seenTasks ? LOOK_FINISHED : LOOK_RUNNING;
        }
        if (seenCpu >= 0L && cpu >= 0L && cpu - seenCpu > ranNanos) {
            blockedLooks = 0;
            return LOOK_WAITED;
        }
        blockedLooks++;
        return LOOK_BLOCKED;
    }

    @Override
    boolean waitsForCore() {
        return KernelThreads.waitsForCore(kernelTid);
    }

    @Override
    int lockHolder() {
        Thread t = thread;
        return t == null ? BlockedWorkerMonitor.NO_LOCK_HOLDER : BlockedWorkerMonitor.lockHolder(t);
    }

    @Override
    int blockedLooks() {
        return blockedLooks;
    }

    /**
     * This worker runs again: if anybody counted it blocked, it resets that (volatile getAndSet,
     * so that a count is undone exactly once) and leaves the pool's blocked count.
     */
    void endCompensation() {
        if (resetCompensation() != NOT_COUNTED) {
            ctl.endBlock();
        }
    }

    /**
     * A compensated wait of this worker begins: it counts itself blocked (the pool wakes or adds a
     * worker), unless an observer counted it already.
     */
    void beginCompensatedWait() {
        if (claimCompensation(COUNTED_BY_SELF)) {
            ctl.beginBlock();
        }
    }

    /** The next task, searching and parking as needed; {@code null} when the worker must exit. */
    private BwosTask<?> next() {
        for (;;) {
            int rs = ctl.runState();
            if (rs >= IdleStack.STOP || retired) {
                return null;
            }
            BwosTask<?> t = null;
            if (++tick % INJECTION_INTERVAL == 0) {
                t = pollInjection(false, true);
            }
            if (t == null && mayHoldForks) {
                if ((t = forks.pop()) == null) {
                    mayHoldForks = false; // empty, older blocks too: only our next push refills it
                } else if (!t.tryClaim()) {
                    continue; // a fork published twice and run elsewhere: drop our copy
                } else {
                    foundWork(); // a fork: no taker record, its forker runs it (see BwosTask.taker)
                    return t;
                }
            }
            if (t == null) {
                t = submissions.poll(); // null only when empty, as the inbox's
            }
            if (t == null) {
                t = inbox.poll(); // null only when empty: an owner must not park past its own batch
            }
            if (t != null) {
                if (!t.claimBy(this)) { // a joiner elsewhere then helps us
                    continue;
                }
                foundWork();
                return t;
            }
            if (rs >= IdleStack.QUIESCED) {
                // Terminating: the shared queue was empty when termination was committed, unless a
                // worker that took a task in its last look spilled into it since.
                t = pollInjection(true, false);
                if (t != null && !t.claimBy(this)) {
                    continue;
                }
                return t;
            }
            t = search();
            if (t != null) {
                foundWork();
                return t;
            }
        }
    }

    /**
     * Steals, spins, parks. Returns a task, or {@code null} to have the caller look at the run
     * state and its own deques again.
     */
    private BwosTask<?> search() {
        for (int round = 0; round < QUICK_ROUNDS && !searching; round++) {
            BwosTask<?> t = scan(false);
            if (t != null) {
                return t;
            }
            Thread.onSpinWait();
        }
        if (!searching) {
            tryStartSearching();
        }
        if (searching) {
            for (int round = 0; round < SEARCH_SPINS; round++) {
                BwosTask<?> t = scan(false);
                if (t != null) {
                    return t;
                }
                if (round == 0) {
                    requestGrants();
                }
                if (ctl.runState() >= IdleStack.STOP) {
                    return null;
                }
                if (ctl.othersIdle()) {
                    break; // no busy owner to grant anything: spinning would only burn an idle pool's CPU
                }
                Thread.onSpinWait();
            }
        }
        return park();
    }

    /** Counts this worker as searching if fewer than the pool's maximum search. */
    boolean tryStartSearching() {
        searching = ctl.tryStartSearching();
        return searching;
    }

    /**
     * This worker found a task. A searcher stops searching. The last searcher and a worker woken
     * off the idle stack hand their duty on ({@link #handOn()}): wakers that saw a
     * searcher woke nobody, and a waker that popped this worker counted on it for its own work,
     * which need not be the task found here. Each takes one task and, with work left, wakes the
     * next: tasks that wait for each other (at a barrier) get a worker each (tokio's rule for the
     * last searcher, here also for every woken worker, whose wakers counted it as on its way).
     */
    void foundWork() {
        boolean duty = woken;
        woken = false;
        if (searching) {
            searching = false;
            duty |= ctl.endSearching();
        }
        if (duty) {
            handOn();
        }
    }

    /**
     * A worker that wakers counted on (the last searcher, or a worker woken off the idle stack)
     * found a task: if more work is queued and a worker is idle, it wakes one, which inherits the
     * duty. No fence: the work it looks for was published before the waker's fence and its read
     * of the counts; a woken worker's read of ACTIVE follows the waker's pop (happens-before), and
     * the last searcher's decrement follows the waker's read of the searching count in the total
     * order of volatile accesses, so the reads here see that work.
     */
    private void handOn() {
        // The counts first, so that a busy pool skips queuesEmpty's scan.
        if (ctl.mayHandOn() && !pool.queuesEmpty()) {
            ctl.wakeOne();
        }
    }

    /**
     * One round, oldest work first: the tasks other workers hold for the submission queue (their
     * inboxes, taken from it earlier, and their FIFO queues), then the submission queue, then the
     * other workers' forks; the workers from a random start. Taking another worker's inbox before
     * the submission queue keeps external submissions near FIFO order when a worker blocks where
     * the pool cannot see it (a servlet's blocking read) with a batch in its inbox: the batch would
     * otherwise wait behind every newer submission (docs/measurements/executor.md, 2026-12-05).
     * But an inbox whose owner is taking from it is left to its owner until the submission queue
     * is empty ({@link #inboxStalled}): a thief polling it beside its owner, a CAS of the same
     * consumer index per task, made the workers' time per empty task grow from tens of
     * nanoseconds to hundreds (docs/measurements/executor.md, 2026-12-05, sixth session). The
     * parking look ({@code strict}) takes from every inbox first, as before.
     */
    BwosTask<?> scan(boolean strict) {
        Worker[] ws = workers;
        int n = ctl.created();
        int start = nextRandom(n);
        boolean busyInboxes = false;
        for (int i = 0; i < n; i++) {
            Worker v = ws[(start + i) % n];
            if (v == this) {
                continue;
            }
            BwosTask<?> t;
            if (strict || inboxStalled(v)) {
                if ((t = stealInbox(v, strict)) != null) {
                    return t;
                }
            } else {
                busyInboxes = true;
            }
            // A copy of a fork run elsewhere is dropped and the same queue looked at again: the
            // tasks behind it must not be missed (a parking look that stopped at one hid them).
            while ((t = strict ? v.submissions.poll() : v.submissions.relaxedPoll()) != null) {
                if (stolen(t)) {
                    return t;
                }
            }
        }
        for (BwosTask<?> t; (t = pollInjection(strict, !strict)) != null; ) {
            if (t.claimBy(this)) {
                return t;
            }
        }
        for (int i = 0; busyInboxes && i < n; i++) {
            Worker v = ws[(start + i) % n];
            BwosTask<?> t;
            if (v != this && (t = stealInbox(v, false)) != null) {
                return t;
            }
        }
        for (int i = 0; i < n; i++) {
            Worker v = ws[(start + i) % n];
            if (v == this) {
                continue;
            }
            for (BwosTask<?> t; (t = v.forks.steal()) != null; ) {
                if (stolen(t)) {
                    return t;
                }
            }
            for (BwosTask<?> t; (t = strict ? v.copies.poll() : v.copies.relaxedPoll()) != null; ) {
                if (stolen(t)) {
                    return t;
                }
            }
        }
        return null;
    }

    /**
     * A task from {@code v}'s inbox, or {@code null}. After a non-strict take that leaves tasks,
     * passes the batch's signal on: its owner woke one worker for all of it, and its submitters'
     * wakes may have found a searcher (ForkJoinPool's propagation; tasks that wait for each other
     * need a worker each). The parking look signals by itself.
     */
    private BwosTask<?> stealInbox(Worker v, boolean strict) {
        for (BwosTask<?> t; (t = strict ? v.inbox.poll() : v.inbox.relaxedPoll()) != null; ) { // submissions only: no copies
            tookFromInbox(v);
            if (!strict && !v.inbox.isEmpty()) {
                ctl.wakeOne();
            }
            if (stolen(t)) {
                return t;
            }
        }
        return null;
    }

    /**
     * Whether {@code v}'s owner has not taken from its inbox since this worker's previous look at
     * it: the inbox's consumer index (volatile read) is where this worker saw it last. Records the
     * index for the next look. A hint: an owner that has just filled its inbox and not polled yet
     * also looks stalled, and loses one task to this worker; an empty inbox is left to the poll
     * that follows, which finds it empty.
     */
    private boolean inboxStalled(Worker v) {
        long[] seen = seenInboxes();
        long head = v.inbox.currentConsumerIndex();
        long last = seen[v.index];
        seen[v.index] = head;
        return head == last;
    }

    /**
     * This worker took a task from {@code v}'s inbox, moving its consumer index by one: counts it as
     * seen, so that the next look tells the owner's takes from this worker's own. Without it, every
     * take made the inbox look busy at the next look, and a thief took one task of a blocked
     * owner's batch per batch of its own: with Jetty's workers running a connection's requests for
     * hundreds of milliseconds in one task, tasks waited one to two seconds in such an inbox
     * (docs/measurements/executor.md, 2026-12-05, seventh session).
     */
    private void tookFromInbox(Worker v) {
        seenInboxes()[v.index]++;
    }

    /** {@link #seenInboxes}, allocated at the first look. */
    private long[] seenInboxes() {
        long[] seen = seenInboxes;
        if (seen == null) {
            seenInboxes = seen = new long[workers.length];
        }
        return seen;
    }

    /** Claims and records a stolen task; {@code false} for a copy of a fork run elsewhere. */
    private boolean stolen(BwosTask<?> t) {
        if (!t.claimBy(this)) {
            return false;
        }
        STEALS.setOpaque(this, steals + 1);
        return true;
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
     * {@code batch}, the worker's share of the stripe's tasks (at most {@link #batchMax}) go
     * into its inbox, by one CAS.
     */
    BwosTask<?> pollInjection(boolean strict, boolean batch) {
        SharedQueue sq = shared;
        BwosTask<?> t = strict ? sq.spills.poll() : sq.spills.relaxedPoll();
        if (t != null) {
            if (!strict && !sq.spills.isEmpty()) {
                ctl.wakeOne(); // pass the signal on (a flush spills many tasks with one signal)
            }
            return t;
        }
        int mask = sq.stripeMask;
        int n = mask + 1;
        int start = stripe;
        for (int i = 0; i < n; i++) {
            int k = (start + i) & mask;
            SubmissionQueue q = sq.stripes[k];
            if ((t = strict ? q.poll() : q.relaxedPoll()) != null) {
                stripe = k;
                if (strict) {
                    return t; // the parking look signals for what it leaves, once it is awake
                }
                // A batch for the inbox. Only into an empty inbox: only its owner offers, so all of
                // the batch fits. Not in the parking look, which must stay a look, nor for a
                // joiner, which must not take on tasks that would wait behind its join.
                int moved = batch && batchMax > 0 && inbox.isEmpty() ? moveBatch(q) : -1;
                if (moved > 0) {
                    ctl.signalWork(); // stealable work moved (ordered stores): the fenced handshake
                } else if (moved < 0 && q.size() != 0) {
                    // Tasks left in the stripe: pass the signal on (their submitters' wakes may have
                    // found a searcher, who took only one; jcstress SubmitBehindQueued). No fence:
                    // our CAS of base, the reads of top and base and of the counts are volatile.
                    // A batch that moved none read top and base so already (after our CAS, as
                    // size does) and found none left.
                    ctl.wakeOne();
                }
                return t;
            }
        }
        return null;
    }

    /**
     * Sets {@link #batchMax} from a timed task's run time: the estimate moves a quarter of the way
     * to it (so that one long task, or a GC pause, does not stop batching alone), and a batch
     * holds at most {@link #BATCH_BUDGET_NANOS} of estimated work. Run time only: time spent
     * searching or parked between tasks (a pool fed by one submitter) is not the tasks' (timing
     * the turns of the loop instead took batches away from empty tasks, which then took one CAS of
     * a shared stripe each: 14.5 against 30 M tasks/s).
     */
    private void sizeBatches(long nanos) {
        long est = taskNanos += (nanos - taskNanos) / 4;
        batchMax = (int) Math.min(BATCH, BATCH_BUDGET_NANOS / Math.max(1L, est));
    }

    /**
     * Moves a batch of {@code q}'s tasks into this worker's inbox in a hand-over: how many, 0 when
     * a read of top found none left, -1 once shutdownNow has begun (nothing read).
     */
    private int moveBatch(SubmissionQueue q) {
        if (!beginHandOver()) {
            return -1;
        }
        try {
            return q.moveTo(inbox, batchMax, ctl.parallelism(), shared.spills);
        } finally {
            endHandOver();
        }
    }

    /** Asks every other worker's deques for a grant. */
    private void requestGrants() {
        long made = 0;
        Worker[] ws = workers;
        for (int i = 0, n = ctl.created(); i < n; i++) {
            Worker v = ws[i];
            if (v != this) {
                made += v.forks.requestGrant() ? 1 : 0;
            }
        }
        if (made != 0) {
            REQUESTS.setOpaque(this, grantRequests + made);
        }
    }

    /**
     * The parking handshake of the class comment. Returns a task found by the last look, or
     * {@code null} after a wake-up (or to exit).
     */
    private BwosTask<?> park() {
        BwosTask<?> t = lookAgain(announceParked());
        if (t != null) {
            return t;
        }
        if (pool.tryTerminate()) { // after the look: termination waits for looks in progress
            return null;
        }
        PARKS.setOpaque(this, parks + 1);
        block();
        return null;
    }

    /**
     * Handshake, step 1: LOOKING, then onto the pool's idle stack (CAS of ctl, counting this worker
     * idle; see {@link IdleStack#parking}), then a full fence. Returns this park's stamp: the
     * worker's index + 1 in the low 16 bits, its park count in the high 16 (so that a popper that
     * read an older top fails its CAS, as ForkJoinPool's phase sequence does).
     */
    int announceParked() {
        boolean wasSearching = searching;
        searching = false;
        woken = false; // the parking look takes over its duty
        parkSeq = (parkSeq + 1) & 0xFFFF;
        int top = (parkSeq << 16) | (index + 1);
        stamp = top;
        // Opaque: ordered before a popper's ACTIVE and a terminator's read by the push CAS they
        // read (synchronizes-with).
        startLook();
        ctl.parking(this, top, wasSearching);
        VarHandle.fullFence(); // pairs with the fence in IdleStack.signalWork
        // A monitor that counted this worker blocked as its task ended: undone here, not after a
        // next task that may be far off, or the pool would count an idle worker blocked and wake or
        // start a thread for it. After the fence: a count this read misses was claimed after
        // LOOKING was written, and its claimer sees LOOKING and undoes it (IdleStack.countBlocked,
        // jcstress ObserverCountVsPark).
        if (compensation == COUNTED_BY_OBSERVER) {
            endCompensation();
        }
        return top;
    }

    /**
     * Handshake, step 2: one more look; a task found ends the parking, if this worker can leave
     * the idle stack. It pops itself when still on top; if a waker popped it, the task is its to
     * run. Otherwise a worker that parked since covers it on the stack (or a popper has not written
     * ACTIVE yet): it hands the task to the spill queue and wakes the top worker for it, then parks
     * (a worker that runs tasks must not be counted idle: termination reads that count). A look
     * that ends on the stack moves LOOKING to PARKED (a CAS: a popper may have written ACTIVE).
     */
    BwosTask<?> lookAgain(int top) {
        BwosTask<?> t = scan(true);
        if (t == null) {
            endLook();
            return null;
        }
        // This look takes one task, but wakers may have counted on it for more: a waker that saw
        // us searching woke nobody, and a waker that popped us meant its own work, which need not
        // be the task we found. Signal for whatever is left, or it could wait behind us while we
        // run ours (two tasks meeting at a barrier would hang; jcstress AbsorbedSignal and
        // SearcherParks). Such a waker's task is visible to the reads of queuesEmpty: they follow
        // our fence, or the read of our phase that saw the waker's ACTIVE (written after its pop,
        // which came after its task and its fence).
        if (ctl.tryUnidle(this, top)) {
            endWaking(); // popped by a waker during the look: runs now
            if (!pool.queuesEmpty()) {
                ctl.signalWork();
            }
            return t;
        }
        boolean more = !pool.queuesEmpty(); // read before the task goes back, which would count
        if (!beginHandOver()) {
            return t; // shutdownNow has begun and may have drained the spill queue: run it, then exit
        }
        t.handBack(); // scan claimed and recorded it, but another worker will run it
        try {
            shared.spill(t);
        } finally {
            endHandOver();
        }
        ctl.wakeTop();
        if (more) {
            ctl.signalWork();
        }
        endLook(); // after the wake: ctl changed, a terminator's CAS fails
        return null;
    }

    /**
     * Handshake, step 3: parks until popped off the idle stack, or until the pool terminates (the
     * worker then leaves with its phase PARKED, still on the stack: nobody parks after QUIESCED).
     * While the pool has spares, the park is timed: an idle worker whose keep-alive runs out
     * leaves the stack if it can ({@link IdleStack#tryRetire}) and exits; otherwise it waits
     * another keep-alive, as ForkJoinPool's awaitWork restarts the timer of a worker not on top.
     */
    void block() {
        long deadline = 0L;
        boolean timed = false;
        while (isParked()) {
            if (ctl.runState() >= IdleStack.QUIESCED) {
                return;
            }
            if (!ctl.hasSpares()) {
                timed = false;
                LockSupport.park(pool);
            } else {
                long now = System.nanoTime();
                if (!timed || now - deadline >= 0) {
                    if (timed && ctl.tryRetire(this)) {
                        retired = true;
                        return;
                    }
                    timed = true;
                    deadline = now + ctl.keepAliveNanos();
                }
                LockSupport.parkNanos(pool, deadline - now);
            }
            Thread.interrupted(); // shutdownNow's interrupt is for running tasks; the state says why
        }
        endWaking();
        woken = true;
        WAKEUPS.setOpaque(this, wakeups + 1);
    }

    /**
     * This worker saw ACTIVE: if a waker counted it as waking, it leaves that count, before it
     * looks for work (wakers that saw it counted woke nobody and rely on that look).
     */
    void endWaking() {
        if (wakingCounted) {
            wakingCounted = false;
            ctl.endWaking();
        }
    }

    // ------------------------------------------------------------------ fork, submit, join

    /**
     * A fork: a plain store into the owner's block (BWoS §4.1). A worker parked, on its way from
     * the idle stack or not started asks for no grant, so when the owner sees one (opaque loads of
     * {@code ctl} and the waking count: a hint, no fence) the fork first asks its own deque for one
     * (a plain store of the push limit): the push grants the older half of the block, the task
     * itself when it is alone there, and the changed grant count wakes a worker. A grant is dropped
     * while the thieves still have granted tasks, so a second fork made before the first was
     * stolen stays in the block until the owner pushes again: while a worker is idle, such a fork
     * is published a second time ({@link #publishCopy}). A fork made while every other worker is
     * busy stays in the block until a push answers a searcher's request (the limit documented in
     * {@link BwosExecutor}). A fork the deque refuses goes to the spill queue, in a hand-over
     * (after shutdownNow it is cancelled).
     */
    void fork(BwosTask<?> t) {
        t.forker = this; // plain: read back by this worker's join, a hint to helpers
        t.forkSeq = ++forkCount; // plain: published by the push, as the task
        boolean othersIdle = ctl.othersIdleHint();
        if (othersIdle) {
            forks.requestGrant();
        }
        if (!pushFork(t)) {
            forkShared(t);
            return;
        }
        long g = forks.grantCount(); // plain owner-private count: no cost beyond a load
        boolean granted = g != grantsSeen;
        if (granted) {
            grantsSeen = g;
        }
        if (othersIdle && forks.ownerBlockSize() != 0) {
            publishCopy(t); // t stayed in our block: a copy where the idle worker takes it (signals)
        } else if (granted) {
            ctl.signalWork(); // the push granted tasks to thieves
        }
    }

    /**
     * A fork that stayed in this worker's block (the grant was dropped, or granted only older
     * tasks) while another worker is idle: publishes it a second time, in {@link #copies} (or the
     * spill queue), where any worker takes it at once, so that it cannot hide behind this worker
     * if its task now blocks where the pool cannot see. {@link BwosTask#markShared()} first:
     * whoever takes either copy runs it only if it claims it (one CAS), and the other copy is
     * dropped where it is found. Into {@link #copies}, not the FIFO queue: thieves look there after
     * the granted forks (a copy in the FIFO queue, looked at first, was stolen before the larger
     * granted fork and cost fine-grained fork/join about a tenth, 2026-12-05). Only while a worker is idle: a copy of every fork would cost a
     * CAS per fork (and forks moved to the FIFO queue cost fine-grained fork/join a third of its
     * throughput, docs/measurements/executor.md). After shutdownNow has begun there is no copy:
     * the fork stays in the deque, cancelled at the worker's exit.
     */
    private void publishCopy(BwosTask<?> t) {
        // Before the copy is offered and before any grant of the deque's copy. If shutdownNow has
        // begun there is no copy, and the one copy of a shared task is claimed as any other.
        t.markShared();
        handOver(copies, t);
    }

    /** Pushes {@code t} onto this worker's fork deque ({@link #mayHoldForks} set first); false if it is full. */
    private boolean pushFork(BwosTask<?> t) {
        mayHoldForks = true;
        return forks.push(t);
    }

    /** A fork the deque refused: into the FIFO queue (or the spill queue), then a signal. */
    private void forkShared(BwosTask<?> t) {
        t.forker = null; // not in our deque: helpers must not take our forks for its
        if (!handOver(submissions, t)) {
            t.trySetCancelled(); // shutdownNow has begun: forks are cancelled, their joiners see it
        }
    }

    /**
     * A task submitted by a task of this worker: into its FIFO queue, where every worker can take
     * it at once (or, full, into the spill queue), then a signal.
     *
     * @throws RejectedExecutionException once {@code shutdownNow} has begun
     */
    void submit(BwosTask<?> t) {
        if (!handOver(submissions, t)) {
            throw new RejectedExecutionException("BwosExecutor was shut down now");
        }
    }

    /**
     * Whether this worker is running the virtual thread's continuation {@code command}: on this
     * worker's thread, a continuation that hands itself back to the pool after a yield ({@link
     * BwosVirtualThreads}).
     */
    boolean runs(Runnable command) {
        return runningContinuation == command;
    }

    /**
     * A task of this worker's into the pool's shared spill queue, behind what is queued there, where
     * every worker takes it when idle (before the stripes) and every {@value #INJECTION_INTERVAL}
     * tasks (the virtual thread a worker's {@code Thread.yield()} hands back, {@link
     * BwosVirtualThreads}).
     *
     * @throws RejectedExecutionException once {@code shutdownNow} has begun
     */
    void submitShared(BwosTask<?> t) {
        if (!handOver(null, t)) {
            throw new RejectedExecutionException("BwosExecutor was shut down now");
        }
    }

    /**
     * Offers {@code t} to {@code q} (the spill queue if {@code q} is null or full) in a hand-over,
     * then signals: the fenced producer side of the parking handshake. {@code false}, with nothing
     * moved, once shutdownNow has begun.
     */
    private boolean handOver(SpmcArrayQueue<BwosTask<?>> q, BwosTask<?> t) {
        if (!beginHandOver()) {
            return false;
        }
        try {
            if (q == null || !q.offer(t)) {
                shared.spill(t);
            }
        } finally {
            endHandOver();
        }
        ctl.signalWork();
        return true;
    }

    /**
     * Begins moving accepted tasks into a queue that shutdownNow drains: sets {@link #handing}
     * (volatile), then reads the run state (volatile). Returns {@code false}, with nothing begun,
     * once shutdownNow has begun; the caller then keeps the task (runs it, or rejects it).
     */
    boolean beginHandOver() {
        HANDING.setVolatile(this, true);
        if (ctl.runState() >= IdleStack.STOP) {
            HANDING.setRelease(this, false);
            return false;
        }
        return true;
    }

    /** Ends a hand-over: a release store, after the last offer, which shutdownNow's read pairs with. */
    void endHandOver() {
        HANDING.setRelease(this, false);
    }

    /** For shutdownNow, after it wrote STOP: waits out a hand-over in progress (a few offers). */
    void awaitHandOver() {
        for (int spins = 0; (boolean) HANDING.getVolatile(this); spins++) {
            if (spins < 64) {
                Thread.onSpinWait();
            } else {
                Thread.yield(); // the worker may be preempted in the middle of its offers
            }
        }
    }

    /**
     * Join of {@code t} by this worker (see {@link BwosTask}), until it is done or, with a
     * {@code deadline} ({@code System.nanoTime()}, 0 for none), until then; returns its status.
     * <ol>
     *   <li>If this worker forked {@code t}, pop and run its own forks, all of which are {@code t}
     *       or newer (its subtasks, or tasks forked after it); a join of another task runs none of
     *       them.</li>
     *   <li>If nobody took {@code t}, look for it (once a join) in this worker's inbox and FIFO
     *       queue, taking the tasks before it and releasing them to the spill queue, in the spill
     *       queue (where released tasks go), passing the others to its back, and in the
     *       submission stripes (the first {@value #MAX_SEARCHED_SUBMISSIONS} tasks, moved to the
     *       spill queue); run {@code t} if found. A join never blocks on a task its own worker
     *       holds, and runs no task but {@code t} and its subtasks.</li>
     *   <li>Help the worker that took {@code t} (recorded in the task): steal its forks, which are
     *       {@code t}'s subtasks, or ask it for a grant. No other work is run, so the joining stack
     *       holds only {@code t}'s computation, at most {@value #MAX_JOIN_DEPTH} joins deep.</li>
     *   <li>While nobody took {@code t}, look for it in the spill queue every {@value
     *       #SPILL_LOOK_INTERVAL} rounds (a parking look hands tasks back there).</li>
     *   <li>After {@value #JOIN_SPINS} rounds without help, signal for the tasks this worker still
     *       holds (every other worker can take them) and block until {@code t} completes.</li>
     * </ol>
     */
    int awaitJoin(BwosTask<?> t, long deadline) {
        int spins = 0;
        boolean released = false;
        boolean published = false;
        joinDepth++;
        BwosTask<?> outer = joining; // plain: only this thread writes it
        try {
            boolean mine = t.forker == this; // then our deque holds t, or forks newer than t, on top
            while (t.status() >= 0) {
                BwosTask<?> x = mine ? forks.pop() : null;
                if (x != null) {
                    if (x.forkSeq - t.forkSeq >= 0) {
                        if (x.tryClaim()) { // false: a copy of a fork run elsewhere, dropped
                            runTask(x); // t or newer; no taker record: its forker runs it (BwosTask.taker)
                        }
                        spins = 0;
                        continue;
                    }
                    // Older than t: t was taken, and x is a fork of a frame lower on this stack (a
                    // task run inside a join pushes its forks above the outer frame's). Run here,
                    // it could wait for that frame (x may join what waits for t): back on top.
                    if (!pushFork(x)) {
                        forkShared(x);
                    }
                    mine = false;
                    x = null;
                }
                if (!published) {
                    // From here the join waits on other workers: publish what it waits for, for
                    // helpers that follow the chain of takers. Not before: a join that only pops its
                    // own forks, nearly every join of a fork/join computation, stores nothing into
                    // this (old) Worker, whose reference store would cost G1's post-write barrier a
                    // StoreLoad fence (a young task into an old object).
                    published = true;
                    JOINING.setOpaque(this, t);
                }
                if (t.stealer() == null && joinDepth <= MAX_JOIN_DEPTH) {
                    if (!released) {
                        released = true;
                        x = takeOwn(t);
                    } else if ((spins & (SPILL_LOOK_INTERVAL - 1)) == 0) {
                        x = takeSpilled(t); // a task handed back by a parking look goes there
                    }
                }
                if (x == null && joinDepth <= MAX_JOIN_DEPTH) {
                    x = helpStealer(t);
                }
                if (x != null) {
                    if (x.claimBy(this)) { // false: a copy of a fork run elsewhere, dropped
                        runTask(x);
                    }
                    spins = 0;
                    continue;
                }
                if (deadline != 0L && System.nanoTime() - deadline >= 0L) {
                    return t.status();
                }
                if (++spins < JOIN_SPINS) {
                    Thread.onSpinWait();
                    continue;
                }
                if (!submissions.isEmpty() || !inbox.isEmpty() || !copies.isEmpty()) {
                    ctl.signalWork(); // our queues are everyone's: make sure somebody looks
                }
                PARKS.setOpaque(this, parks + 1);
                try {
                    return awaitCompensated(t, deadline);
                } catch (InterruptedException cannotHappen) {
                    throw new AssertionError(cannotHappen);
                }
            }
            return t.status();
        } finally {
            joinDepth--;
            if (published) {
                JOINING.setOpaque(this, outer);
            }
        }
    }

    /**
     * The join's last resort: parks until {@code t} is done (or until {@code deadline}, 0 for
     * none), as a blocked worker for which the pool wakes an idle worker or adds a spare ({@link
     * IdleStack#beginBlock()}). While another worker runs tasks (normally the one running
     * {@code t}'s computation) the join first parks uncompensated for up to {@value
     * #COMPENSATION_DELAY_MICROS} µs, as ForkJoinPool leaves a joiner uncompensated while another
     * worker is active: a spare made for every such join put a third and fourth thread on two
     * cores in fine-grained fork/join and halved its throughput (docs/measurements/executor.md, 2026-12-05). The
     * delay bounds how long a join waits uncompensated when the task's taker is itself blocked
     * where the pool cannot see it (ForkJoinPool then waits for good).
     */
    private int awaitCompensated(BwosTask<?> t, long deadline) throws InterruptedException {
        if (t.status() < 0) {
            return t.status();
        }
        if (ctl.othersRunning()) {
            long until = System.nanoTime() + COMPENSATION_DELAY_MICROS * 1000L;
            if (deadline != 0L && deadline - until < 0L) {
                until = deadline;
            }
            int s = t.awaitExternal(false, until);
            if (s < 0 || (deadline != 0L && System.nanoTime() - deadline >= 0L)) {
                return s;
            }
        }
        beginCompensatedWait();
        try {
            return t.awaitExternal(false, deadline);
        } finally {
            endCompensation();
        }
    }

    /**
     * {@code t}, if this worker's inbox or FIFO queue or the spill queue holds it: the tasks before
     * it in this worker's queues (all of them if it is not there) go to the spill queue, where any
     * worker takes them, so none waits behind this join; the spill queue's tasks polled before it
     * go back to its end. {@code null} if {@code t} was in none of them, or shutdownNow has begun.
     */
    private BwosTask<?> takeOwn(BwosTask<?> t) {
        if (!beginHandOver()) {
            return null;
        }
        BwosTask<?> found = null;
        boolean moved = false;
        try {
        for (BwosTask<?> x; found == null && (x = inbox.poll()) != null; ) {
            if (x == t) {
                found = x;
            } else {
                shared.spill(x);
                moved = true;
            }
        }
        for (BwosTask<?> x; found == null && (x = submissions.poll()) != null; ) {
            if (x == t) {
                found = x;
            } else {
                shared.spill(x);
                moved = true;
            }
        }
        if (found == null) {
            found = shared.takeSpilled(t);
            moved = true; // the tasks it passed back to the spill queue's end need a signal too
        }
        if (found == null) {
            found = shared.takeSubmitted(t, MAX_SEARCHED_SUBMISSIONS);
        }
        } finally {
            endHandOver();
        }
        if (moved) {
            ctl.signalWork();
        }
        return found;
    }

    /** {@code t} from the spill queue, if it is there, in a hand-over. */
    private BwosTask<?> takeSpilled(BwosTask<?> t) {
        if (!beginHandOver()) {
            return null;
        }
        BwosTask<?> x;
        try {
            x = shared.takeSpilled(t);
        } finally {
            endHandOver();
        }
        if (x != t && !shared.spillsEmpty()) {
            // Tasks passed back to the spill queue's end, still there: a parked worker may need them
            // (one taken meanwhile was taken by an awake worker; an empty queue needs no fence).
            ctl.signalWork();
        }
        return x;
    }

    /**
     * A task to run while waiting for {@code t}: a fork of the worker that took it, made during
     * {@code t}'s run there (its subtasks), asking that worker for a grant when it has nothing
     * granted; if that worker is itself joining, inside {@code t}'s run, a task another worker
     * took, a fork of that task's run, and so on up to {@value #HELP_CHAIN} links (ForkJoinPool's
     * helpJoin follows the same chain). Only forks of the linked task's run qualify ({@link
     * BwosTask#runsFork}): the taker's oldest fork may belong to a frame below that task on its
     * stack, or to a task it took after that one completed, and such a fork, run inside this join,
     * could wait for a frame below this join (randomized join graphs hung so: a fork taken from a
     * taker that had finished the joined task waited for the external task this worker ran below
     * it). A fork that does not qualify goes to the spill queue, where any worker runs it at top
     * level and its forker's join finds it.
     */
    private BwosTask<?> helpStealer(BwosTask<?> t) {
        BwosTask<?> l = t; // the link whose taker we help
        Worker thief = t.taker();
        for (int link = 0; link < HELP_CHAIN && thief != null && thief != this && thief.pool == pool; link++) {
            BwosTask<?> x = thief.forks.steal();
            if (x != null) {
                STEALS.setOpaque(this, steals + 1);
                if (l.runsFork(thief, x)) {
                    return x; // the caller claims it (a fork published twice) and runs it
                }
                if (x.claimable()) { // else a copy of a fork run elsewhere: dropped
                    release(x);
                }
                return null;
            }
            if (thief.forks.requestGrant()) {
                REQUESTS.setOpaque(this, grantRequests + 1);
            }
            // Follow thief's innermost join only if it lies inside l's run: thief took l (acquire,
            // read first: the join read next is then at least as new as the take), the join is
            // not the one thief was in when it took l, and l is still not done after the read.
            if (l.stealer() != thief) {
                return null;
            }
            BwosTask<?> next = (BwosTask<?>) JOINING.getOpaque(thief);
            if (next == null || next == l.joinBase || l.status() < 0) {
                return null;
            }
            l = next;
            thief = next.taker();
        }
        return null;
    }

    /** A stolen fork not to be run inside a join: to the spill queue, for any worker. */
    private void release(BwosTask<?> x) {
        x.disown();
        if (!handOver(null, x)) { // the spill queue, where its forker's join looks
            x.trySetCancelled(); // shutdownNow has begun: forks are cancelled, their joiners see it
        }
    }

    /**
     * On exit: cancels the forks left in this worker's deque (only after shutdownNow; forks are
     * not submissions, and their joiners see the cancellation). The FIFO queue and the inbox are
     * shutdownNow's to drain and return.
     */
    private void cancelLocal() {
        for (BwosTask<?> x; (x = forks.pop()) != null; ) {
            if (x.tryClaim()) { // a copy of a fork another worker runs is not cancelled under it
                x.trySetCancelled();
            }
        }
    }

    private int nextRandom(int n) {
        int x = seed; // xorshift
        x ^= x << 13;
        x ^= x >>> 17;
        x ^= x << 5;
        seed = x;
        return (x & Integer.MAX_VALUE) % n;
    }

    // ------------------------------------------------------------------ monitoring (any thread)

    /** Forks made so far (wrapping): for a task this worker takes ({@link BwosTask#recordStealer}). */
    int forkCount() {
        return forkCount;
    }

    /** The task this worker's innermost published join waits for: read by this worker only. */
    BwosTask<?> joining() {
        return joining;
    }

    long steals() {
        return (long) STEALS.getOpaque(this);
    }

    long parks() {
        return (long) PARKS.getOpaque(this);
    }

    long grantRequests() {
        return (long) REQUESTS.getOpaque(this);
    }

    long tasks() {
        return (long) TASKS.getOpaque(this);
    }

    long wakeups() {
        return (long) WAKEUPS.getOpaque(this);
    }
}
