package io.github.taskpools.executor;

import io.github.taskpools.bwos.FifoBwosDeque;
import io.github.taskpools.bwos.LifoBwosDeque;
import java.lang.invoke.MethodHandles;
import org.jctools.queues.SpmcArrayQueue;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;

/**
 * One worker of a {@link BwosExecutor}: its two BWoS deques and its loop.
 *
 * <h2>Loop</h2>
 * Run the newest forked task (LIFO deque), else the oldest task submitted from inside the pool
 * (FIFO deque), else the oldest in the inbox (a batch taken from the shared submission queue),
 * else one from the shared submission queue, which is also polled first every
 * {@value #INJECTION_INTERVAL} tasks so that a stream of local work cannot starve it. With nothing
 * local, search: steal from the other workers (their forks first, the oldest, the largest in a
 * fork/join computation, then their submissions and inboxes) and the submission queue; after a
 * failed round ask every other worker for a grant (grant on request, see {@link
 * LifoBwosDeque#requestGrant()}), spin a bounded number of rounds, then park.
 *
 * <h2>Parking handshake</h2>
 * A worker parks in three steps: it counts itself idle in the pool's {@code ctl} (volatile RMW)
 * and then marks itself {@code PARKED}, issues a full fence, and looks once more for work. A
 * producer of work (a submission, a grant, a push into the FIFO deque, a batch moved into the
 * inbox) publishes the work, issues a full fence (or, for a submission, relies on its volatile
 * store of the stripe's top), then reads the pool's idle and searching counts and, if nobody
 * searches, wakes a {@code PARKED} worker by CAS of its phase to {@code SIGNALLED}. With the two fences, either the
 * parking worker's look finds the work, or the producer sees the worker parked (or a searcher that
 * will look again before it parks): work published before a worker parks is never missed. The
 * jcstress tests {@code ParkVsSignal}, {@code ParkVsGrant} and {@code ParkVsInboxBatch} check
 * this. A worker whose last look finds a task signals for what is left: wakers may have counted on
 * that look for more than the one task it takes ({@code AbsorbedSignal}, {@code SearcherParks}).
 *
 * <h2>Owner fields</h2>
 * Fields without a comment on their mode are plain and written by the worker's own thread only.
 */
final class Worker implements Runnable {
    /** Tasks run between two polls of the submission queue, whatever the local deques hold. */
    static final int INJECTION_INTERVAL = 64;
    /**
     * Rounds of stealing before a worker counts itself as searching: in a steady stream of work
     * the next task comes within them, and the pool's shared searching count stays untouched.
     * Two: more rounds add CPU between a pool's last task and its workers' parking, and no
     * throughput (see docs/executor.md).
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
     * Tasks a worker moves from a submission stripe into its {@link #inbox} at once, after the one
     * it runs: consecutive polls of one stripe by one worker keep the stripe's consumer index and
     * slots in that worker's cache, where two workers polling it in turn move them across cores
     * at every task.
     */
    static final int BATCH = 32;

    static final int ACTIVE = 0;
    static final int PARKED = 1;
    static final int SIGNALLED = 2;

    private static final VarHandle PHASE;
    private static final VarHandle STEALS;
    private static final VarHandle PARKS;
    private static final VarHandle REQUESTS;
    private static final VarHandle TASKS;
    private static final VarHandle WAKEUPS;

    /** Worker of the current thread for threads made by a user's ThreadFactory. */
    private static final ThreadLocal<Worker> CURRENT = new ThreadLocal<>();
    /** Whether some pool runs on a user's ThreadFactory. Volatile: set once, read per lookup. */
    private static volatile boolean customThreads;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            PHASE = l.findVarHandle(Worker.class, "phase", int.class);
            STEALS = l.findVarHandle(Worker.class, "steals", long.class);
            PARKS = l.findVarHandle(Worker.class, "parks", long.class);
            REQUESTS = l.findVarHandle(Worker.class, "grantRequests", long.class);
            TASKS = l.findVarHandle(Worker.class, "tasks", long.class);
            WAKEUPS = l.findVarHandle(Worker.class, "wakeups", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    final BwosExecutor pool;
    final int index;
    /** Forked tasks: the owner's LIFO BWoS deque. */
    final LifoBwosDeque<BwosTask<?>> forks;
    /** Tasks submitted by this worker's tasks: the owner's FIFO BWoS deque. */
    final FifoBwosDeque<BwosTask<?>> submissions;
    /**
     * Submissions this worker took from a submission stripe in a batch, oldest
     * first. JCTools' SPMC queue: the worker offers (ordered stores), the worker and thieves poll
     * by CAS of the consumer index, so a batch never hides behind a worker blocked in a task.
     */
    final SpmcArrayQueue<BwosTask<?>> inbox = new SpmcArrayQueue<>(BATCH);
    /** Plain: written before the thread starts (Thread.start gives happens-before). */
    Thread thread;

    /** ACTIVE, PARKED or SIGNALLED: volatile writes by the worker, CAS PARKED to SIGNALLED by a waker. */
    @SuppressWarnings("unused") // through PHASE
    private volatile int phase;
    /** Whether this worker counts in the pool's searching count. */
    private boolean searching;
    /** {@code forks.grantCount()} when this worker last signalled a grant. */
    private long grantsSeen;
    private int tick;
    private int seed;
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

    Worker(BwosExecutor pool, int index, int forkBlocks, int forkBlockSize, int submitBlocks, int submitBlockSize) {
        this.pool = pool;
        this.index = index;
        this.forks = new LifoBwosDeque<>(forkBlocks, forkBlockSize);
        this.submissions = new FifoBwosDeque<>(submitBlocks, submitBlockSize);
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
        forks.bindOwner();
        submissions.bindOwner();
        if (!(Thread.currentThread() instanceof BwosWorkerThread)) {
            CURRENT.set(this);
        }
        try {
            for (BwosTask<?> t; (t = next()) != null; ) {
                runTask(t);
            }
        } finally {
            cancelLocal();
            pool.workerExited(this);
        }
    }

    private void runTask(BwosTask<?> t) {
        t.doExec();
        TASKS.setOpaque(this, tasks + 1);
    }

    /** The next task, searching and parking as needed; {@code null} when the worker must exit. */
    private BwosTask<?> next() {
        for (;;) {
            int rs = pool.runState();
            if (rs >= BwosExecutor.STOP) {
                return null;
            }
            BwosTask<?> t = null;
            if (++tick % INJECTION_INTERVAL == 0) {
                t = pool.pollInjection(this, false, true);
            }
            if (t == null) {
                t = forks.pop();
            }
            if (t == null) {
                t = submissions.pop();
            }
            if (t == null) {
                t = inbox.poll(); // null only when empty: an owner must not park past its own batch
            }
            if (t != null) {
                endSearch(); // a worker woken as a searcher that finds work here stops searching
                return t;
            }
            if (rs >= BwosExecutor.QUIESCED) {
                // Terminating: the shared queue was empty when termination was committed, unless a
                // worker that took a task in its last look spilled into it since.
                return pool.pollInjection(this, true, false);
            }
            t = search();
            if (t != null) {
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
                    endSearch();
                    return t;
                }
                if (round == 0) {
                    requestGrants();
                }
                if (pool.runState() >= BwosExecutor.STOP) {
                    return null;
                }
                if (pool.othersIdle()) {
                    break; // no busy owner to grant anything: spinning would only burn an idle pool's CPU
                }
                Thread.onSpinWait();
            }
        }
        return park();
    }

    /** Counts this worker as searching if fewer than the pool's maximum search. */
    boolean tryStartSearching() {
        searching = pool.tryStartSearching();
        return searching;
    }

    private void endSearch() {
        if (searching) {
            searching = false;
            pool.endSearching(); // the last searcher to find work wakes another
        }
    }

    /** One round: the submission queue, then every other worker's deques from a random start. */
    private BwosTask<?> scan(boolean strict) {
        BwosTask<?> t = pool.pollInjection(this, strict, !strict);
        if (t != null) {
            t.recordStealer(this);
            return t;
        }
        Worker[] ws = pool.workers;
        int n = ws.length;
        int start = nextRandom(n);
        for (int i = 0; i < n; i++) {
            Worker v = ws[(start + i) % n];
            if (v == this) {
                continue;
            }
            t = v.forks.steal();
            if (t == null) {
                t = v.submissions.steal();
            }
            if (t == null) {
                t = strict ? v.inbox.poll() : v.inbox.relaxedPoll();
                if (t != null && !strict && !v.inbox.isEmpty()) {
                    // Pass the batch's signal on: its owner woke one worker for all of it, and its
                    // submitters' wakes may have found a searcher (ForkJoinPool's propagation;
                    // tasks that wait for each other need a worker each). The parking look signals
                    // by itself.
                    pool.wakeOne();
                }
            }
            if (t != null) {
                t.recordStealer(this);
                STEALS.setOpaque(this, steals + 1);
                return t;
            }
        }
        return null;
    }

    /** Asks every other worker's deques for a grant. */
    private void requestGrants() {
        long made = 0;
        for (Worker v : pool.workers) {
            if (v != this) {
                made += (v.forks.requestGrant() ? 1 : 0) + (v.submissions.requestGrant() ? 1 : 0);
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
        announceParked();
        if (pool.tryTerminate()) {
            return null;
        }
        BwosTask<?> t = lookAgain();
        if (t != null) {
            return t;
        }
        PARKS.setOpaque(this, parks + 1);
        block();
        return null;
    }

    /**
     * Handshake, step 1: idle + 1 (volatile RMW), then PARKED (volatile), then a full fence. In
     * this order: a waker that sees PARKED takes the worker off the idle count, which must already
     * hold it (the other order let the count run below zero into the run state; jcstress
     * {@code SignalVsAnnounceParked}).
     */
    void announceParked() {
        boolean wasSearching = searching;
        searching = false;
        pool.parking(wasSearching);
        PHASE.setVolatile(this, PARKED);
        VarHandle.fullFence(); // pairs with the fence in BwosExecutor.signalWork
    }

    /** Handshake, step 2: one more look; a task found ends the parking. */
    BwosTask<?> lookAgain() {
        BwosTask<?> t = scan(true);
        if (t != null) {
            if (PHASE.compareAndSet(this, PARKED, ACTIVE)) {
                pool.unparked(); // idle - 1
            } else {
                PHASE.setVolatile(this, ACTIVE); // a waker counted us as not idle already
            }
            // This look takes one task, but wakers may have counted on it for more: a waker that
            // signalled us meant its own work, which need not be the task we found, and a waker
            // that saw us searching woke nobody. Signal for whatever is left, or it could wait
            // behind us while we run ours (two tasks meeting at a barrier would hang; jcstress
            // AbsorbedSignal and SearcherParks). Such a waker's task is visible to the reads of
            // queuesEmpty: they follow our fence (the waker's fence or our CAS that saw its
            // signal orders its task before them). With nothing left, a woken worker would only
            // look and park again.
            if (!pool.queuesEmpty()) {
                pool.signalWork();
            }
        }
        return t;
    }

    /** Handshake, step 3: parks until a waker signals (or the pool terminates). */
    private void block() {
        while ((int) PHASE.getVolatile(this) == PARKED) {
            if (pool.runState() >= BwosExecutor.QUIESCED) {
                return;
            }
            LockSupport.park(pool);
            Thread.interrupted(); // shutdownNow's interrupt is for running tasks; the state says why
        }
        PHASE.setVolatile(this, ACTIVE); // the waker counted us as not idle
        WAKEUPS.setOpaque(this, wakeups + 1);
    }

    /** Wakes this worker if parked (CAS PARKED to SIGNALLED); the pool then counts it as not idle. */
    boolean trySignal() {
        if ((int) PHASE.getVolatile(this) == PARKED && PHASE.compareAndSet(this, PARKED, SIGNALLED)) {
            LockSupport.unpark(thread);
            return true;
        }
        return false;
    }

    boolean isParked() {
        return (int) PHASE.getVolatile(this) == PARKED;
    }

    boolean isSignalled() {
        return (int) PHASE.getVolatile(this) == SIGNALLED;
    }

    // ------------------------------------------------------------------ fork, submit, join

    void fork(BwosTask<?> t) {
        if (!forks.push(t)) {
            pool.inject(t); // the deque is full: hand it to the shared queue, never run it inline
            pool.signalWork();
            return;
        }
        long g = forks.grantCount(); // plain owner-private count: no cost beyond a load
        if (g != grantsSeen) {
            grantsSeen = g;
            pool.signalWork(); // the push granted tasks to thieves
        }
    }

    void submit(BwosTask<?> t) {
        if (!submissions.push(t)) {
            pool.inject(t);
        }
        pool.signalWork();
    }

    /**
     * Join of {@code t} by this worker (see {@link BwosTask}): pop and run own tasks, all of which
     * are {@code t} or newer; then help the worker that stole {@code t}; then park.
     */
    int awaitJoin(BwosTask<?> t) {
        int spins = 0;
        while (t.status() >= 0) {
            BwosTask<?> x = forks.pop();
            if (x == null) {
                x = helpStealer(t);
            }
            if (x != null) {
                runTask(x);
                spins = 0;
                continue;
            }
            if (++spins < JOIN_SPINS) {
                Thread.onSpinWait();
                continue;
            }
            // Nothing to help with: hand the tasks this worker holds to the others and park.
            flushSubmissions();
            PARKS.setOpaque(this, parks + 1);
            try {
                return t.awaitExternal(false, 0L);
            } catch (InterruptedException cannotHappen) {
                throw new AssertionError(cannotHappen);
            }
        }
        return t.status();
    }

    /**
     * A task to run while waiting for {@code t}: from the worker that took it (its forks are
     * {@code t}'s subtasks), asking it for a grant when it has nothing granted; if nobody took
     * {@code t} yet, from this worker's submissions or the shared queue, where {@code t} may be.
     */
    private BwosTask<?> helpStealer(BwosTask<?> t) {
        Worker thief = t.stealer();
        if (thief != null && thief != this && thief.pool == pool) {
            BwosTask<?> x = thief.forks.steal();
            if (x != null) {
                x.recordStealer(this);
                STEALS.setOpaque(this, steals + 1);
                return x;
            }
            if (thief.forks.requestGrant()) {
                REQUESTS.setOpaque(this, grantRequests + 1);
            }
            return null;
        }
        if (thief == null) {
            BwosTask<?> x = submissions.pop();
            if (x == null) {
                x = pool.pollInjection(this, false, false);
                if (x != null) {
                    x.recordStealer(this);
                }
            }
            return x;
        }
        return null;
    }

    /**
     * Moves this worker's FIFO tasks and its inbox to the spill queue, so none waits behind a
     * parked joiner (the inbox could be stolen from, but only by workers awake to look).
     */
    private void flushSubmissions() {
        boolean moved = false;
        for (BwosTask<?> x; (x = submissions.pop()) != null; ) {
            pool.inject(x);
            moved = true;
        }
        for (BwosTask<?> x; (x = inbox.poll()) != null; ) {
            pool.inject(x);
            moved = true;
        }
        if (moved) {
            pool.signalWork();
        }
    }

    /** On exit: cancels what is left in this worker's deques (only after shutdownNow). */
    private void cancelLocal() {
        for (BwosTask<?> x; (x = forks.pop()) != null; ) {
            x.trySetCancelled();
        }
        for (BwosTask<?> x; (x = submissions.pop()) != null; ) {
            x.trySetCancelled();
        }
        for (BwosTask<?> x; (x = inbox.poll()) != null; ) {
            x.trySetCancelled();
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
