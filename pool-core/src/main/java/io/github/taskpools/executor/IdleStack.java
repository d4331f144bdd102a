package io.github.taskpools.executor;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;

/**
 * The idle protocol of a {@link BwosExecutor}: the stack of its parked workers, and the counts
 * that decide when a worker is woken or a thread added. For the user it is what makes an idle
 * pool use no CPU and a submission find a worker.
 *
 * <h2>Implementation notes</h2>
 * One word, {@code ctl} (ForkJoinPool's name and design), holds the run state (bits 62-63), the
 * threads (bits 47-61: started and not exited, spares included), the idle workers (bits 32-46)
 * and the top of the stack of idle workers (bits 0-31: the top worker's park stamp, see {@code
 * Worker.announceParked()}, 0 when empty); each idle worker's {@link Node#nextIdle} links the
 * stack. A push or a pop is one CAS that also counts the worker idle or busy, so every waker that
 * sees an idle worker takes a distinct one; the run state and the thread count change with the
 * stack in the same CAS, so termination and thread starts see one consistent word. Beside it, on
 * lines of their own ({@link WorkerCount}): the searching workers (at most half the workers, at
 * least one), the workers woken or started that have not run yet, and the workers in a
 * compensated wait.
 *
 * <p>A producer of work publishes it, then (after a full fence, {@link #signalWork()}, or a
 * volatile store of its own) calls {@link #wakeOne()}: it reads the stack, then the searching and
 * waking counts, and pops the top worker only if nobody searches and no worker popped earlier is
 * on its way (such a worker looks, as a searcher does). With nobody idle it adds a thread while
 * fewer than parallelism threads can run tasks. A worker parks in {@code Worker}'s three steps:
 * LOOKING, {@link #parking} (push, then one searcher fewer), a full fence, one more look; a look
 * that takes a task leaves the stack ({@link #tryUnidle}). With the two fences, work published
 * before a worker parks is never missed (jcstress {@code ParkVsSignal}).
 *
 * <p>Invariants: a worker counts as idle exactly while it is on the stack (until termination is
 * committed: workers then exit from the stack); a waker that sees an idle count takes one of those
 * workers off by the same CAS; a thread is added only by a CAS that saw the stack empty; an idle
 * spare leaves only from the top ({@link #tryRetire}), one at a time.
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
 * blocked        getAndAdd (volatile), padded: a       volatile (mayGrow, mayWake, tryRetire): a
 *                worker before its compensation's      blocker's increment, then read of ctl, against
 *                read of ctl, and after its wait       an exit's decrement of ctl, then read of it
 * retiring       CAS false to true (volatile); volatile  volatile (the CAS)
 *                store of false
 * created        volatile store under the pool's slot   volatile, then plain reads of the slots
 *                lock, after the slot's array element   below it (scans, queuesEmpty, termination)
 * node phase     worker: opaque LOOKING before its push,  volatile (tryTerminate reads LOOKING
 *                CAS LOOKING to PARKED after its look;  after its read of ctl saw the push)
 *                popper (a waker, or the worker in
 *                tryUnidle): volatile ACTIVE after its CAS
 * node nextIdle  worker: plain, before its push CAS    plain (racy), checked by the pop's CAS
 * node thread    volatile, by the starter before       volatile (pop's unpark, shutdownNow: sees a
 *                Thread.start                          thread that may have read RUNNING)
 * node stamp     worker: plain, in announceParked      worker only (tryRetire compares it with ctl)
 * node wakingCounted popper: plain, before its volatile  worker: plain, after its read of ACTIVE;
 *                store of ACTIVE (or Thread.start)      the monitor: opaque (a hint, see look)
 * node           CAS from NOT_COUNTED (countBlocked,    opaque after every task, volatile at every
 * compensation   beginCompensatedWait); getAndSet      park (the worker); volatile (the monitor's
 *                (the worker); CAS back (the monitor:   look); the monitor's CAS back decides
 *                takeBackCount)                        against the worker's getAndSet
 * </pre>
 */
final class IdleStack implements BlockedWorkerMonitor.Pool {
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
            CTL = l.findVarHandle(IdleStack.class, "ctl", long.class);
            RETIRING = l.findVarHandle(IdleStack.class, "retiring", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * What the stack needs of its pool's threads: a narrow interface, implemented by the pool,
     * so that the stack does not depend on it.
     */
    interface ThreadStarter {
        /**
         * A thread was just counted in {@code ctl} (a reservation, as ForkJoinPool's
         * createWorker): take a slot, make its thread, count it waking ({@link #countWaking}) and
         * start it; on failure, undo the reservation.
         */
        void startThread();
    }

    /**
     * A worker as the idle stack sees it: its phase, its link in the stack, its thread, and who
     * counted it blocked. {@code Worker} extends it, so that the stack reaches these fields
     * without an indirection and without depending on {@code Worker}.
     */
    abstract static class Node {
        static final int ACTIVE = 0;
        static final int PARKED = 1;
        /** On the idle stack, its last look not done: the look may hold a task (see tryTerminate). */
        static final int LOOKING = 2;

        static final int NOT_COUNTED = 0;
        static final int COUNTED_BY_OBSERVER = 1;
        static final int COUNTED_BY_SELF = 2;

        private static final VarHandle PHASE;
        private static final VarHandle COMPENSATION;
        private static final VarHandle WAKING_COUNTED;

        static {
            try {
                MethodHandles.Lookup l = MethodHandles.lookup();
                PHASE = l.findVarHandle(Node.class, "phase", int.class);
                COMPENSATION = l.findVarHandle(Node.class, "compensation", int.class);
                WAKING_COUNTED = l.findVarHandle(Node.class, "wakingCounted", boolean.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        /**
         * The thread of this slot, the last one if it exited. Volatile: written by a starter before it
         * starts the thread (a slot is taken over by a new thread after its old one left), read by
         * poppers and by shutdownNow, which must see a thread that may have read RUNNING.
         */
        volatile Thread thread;
        /**
         * LOOKING from before this worker's push onto the pool's idle stack until its look ends (CAS to
         * PARKED), then PARKED, until whoever pops it writes ACTIVE (volatile, after the pop's CAS):
         * the worker itself, or a waker.
         */
        @SuppressWarnings("unused") // through PHASE
        private volatile int phase;
        /**
         * The idle stack's top (a park stamp) below this worker while it is on the stack. Plain:
         * written before the push CAS, read racily by a popper; the pop's CAS fails if it changed.
         */
        int nextIdle;
        /**
         * This worker's park stamp while it is on the idle stack (its last {@code announceParked()}).
         * Plain: written and read by this worker only (the stack's copy is in {@code ctl}).
         */
        int stamp;
        /**
         * Whether a waker counted this worker in the pool's waking count when it popped it. Plain:
         * written by the waker before its volatile store of ACTIVE, read by this worker after its read
         * of ACTIVE; read opaque by the monitor after its volatile read of the phase ({@link
         * #wakingOpaque}, a hint).
         */
        boolean wakingCounted;
        /**
         * Who counted this worker blocked in the pool's blocked count: {@link #NOT_COUNTED}, {@link
         * #COUNTED_BY_OBSERVER} (the pool's monitor saw it blocked inside a task where the pool cannot
         * see, see {@link BlockedWorkerMonitor}) or {@link #COUNTED_BY_SELF} (a compensated
         * wait of its own: a join, {@link BwosExecutor#managedBlock}). Set by CAS from NOT_COUNTED, so
         * a blocked worker is counted once; reset by this worker with a volatile getAndSet when it
         * runs again or parks, which undoes the count (or by the monitor, by CAS, when it finds the
         * worker it counted parking). Read with an opaque load after every task and a volatile one at
         * every park.
         */
        volatile int compensation;

        /**
         * {@link #look}: the worker finished no task since the observer's previous look and its
         * thread does not wait (RUNNABLE: inside a task, or searching), or it is on its way from
         * the idle stack.
         */
        static final int LOOK_RUNNING = 0;
        /** {@link #look}: the worker seems blocked inside a task where the pool cannot see. */
        static final int LOOK_BLOCKED = 1;
        /** {@link #look}: the worker is on the idle stack (or has no thread). */
        static final int LOOK_IDLE = 2;
        /** {@link #look}: the worker finished a task since the observer's previous look. */
        static final int LOOK_FINISHED = 3;
        /**
         * {@link #look}: the worker finished no task since the observer's previous look and its
         * thread waits now, but ran since (a Jetty worker waiting a moment for the next part of a
         * request body).
         */
        static final int LOOK_WAITED = 4;

        /**
         * For an observer, once per look at every worker: what the worker did since the previous
         * look ({@link #LOOK_IDLE}, {@link #LOOK_FINISHED}, {@link #LOOK_RUNNING}, {@link
         * #LOOK_WAITED}, {@link #LOOK_BLOCKED};
         * see {@link IdleStack#compensateHiddenBlocks}); {@code ranNanos} is the CPU time above
         * which the worker ran rather than waited (a part of the time since the previous look).
         */
        abstract int look(long ranNanos);

        /**
         * Whether the kernel has this worker's thread runnable: woken, waiting for a core, though
         * its JVM state may still say it waits ({@link KernelThreads}); false where unknown.
         */
        abstract boolean waitsForCore();

        /**
         * Whether this worker waits to enter a lock another thread holds, and whether the holder
         * runs ({@code BlockedWorkerMonitor.lockHolder}); {@code NO_LOCK_HOLDER} without a thread.
         */
        abstract int lockHolder();

        /** Looks in a row, up to the last, that found this worker {@link #LOOK_BLOCKED} (0: the last did not). */
        abstract int blockedLooks();

        /** Popped off the idle stack (by a waker, after its CAS, or by the worker itself): ACTIVE. */
        final void activate() {
            PHASE.setVolatile(this, ACTIVE);
        }

        /**
         * Whether a waker popped (or a starter started) this worker and it has not run since: the
         * observer's opaque read of the plain field, a hint (see {@code Worker.look}).
         */
        final boolean wakingOpaque() {
            return (boolean) WAKING_COUNTED.getOpaque(this);
        }

        /** On the idle stack: LOOKING or PARKED. */
        final boolean isParked() {
            return (int) PHASE.getVolatile(this) != ACTIVE;
        }

        final boolean isLooking() {
            return (int) PHASE.getVolatile(this) == LOOKING;
        }

        /**
         * LOOKING, before the push (opaque: ordered before a popper's ACTIVE and a terminator's
         * read by the push CAS they read, synchronizes-with).
         */
        final void startLook() {
            PHASE.setOpaque(this, LOOKING);
        }

        /** The look ended on the stack: LOOKING to PARKED (a CAS: a popper may have written ACTIVE). */
        final void endLook() {
            PHASE.compareAndSet(this, LOOKING, PARKED);
        }

        /** An observer counts this worker blocked, unless somebody did: CAS from NOT_COUNTED. */
        final boolean claimCompensation(int by) {
            return COMPENSATION.compareAndSet(this, NOT_COUNTED, by);
        }

        /**
         * The monitor takes back its count of this worker, found parking: CAS back to NOT_COUNTED;
         * false if the worker undid it first (then the pool's blocked count was undone there).
         */
        final boolean unclaimCompensation() {
            return COMPENSATION.compareAndSet(this, COUNTED_BY_OBSERVER, NOT_COUNTED);
        }

        /** Opaque read of who counted this worker blocked: the cheap look after every task. */
        final int compensationOpaque() {
            return (int) COMPENSATION.getOpaque(this);
        }

        /** Resets who counted this worker blocked (volatile getAndSet); returns who had. */
        final int resetCompensation() {
            return (int) COMPENSATION.getAndSet(this, NOT_COUNTED);
        }
    }

    /**
     * The pool's workers, by index (the pool's array): the stack's index field names one, and the
     * slots below {@link #created} hold one each. Elements: plain, written under the pool's slot
     * lock before the volatile store of {@link #created} that publishes them.
     */
    private final Node[] nodes;
    private final int maxSearching;
    private final int parallelism;
    /** Threads at most, spares included: {@code min(parallelism + maxSpares, MAX_THREADS)}. */
    private final int maxThreads;
    private final long keepAliveNanos;
    private final ThreadStarter starter;
    /** Watches for workers blocked where the pool cannot see, while the pool is saturated. */
    private final BlockedWorkerMonitor monitor;
    /**
     * The pool's queues as the monitor sees them: set once by the pool's constructor ({@link
     * #watchQueues}), before any thread of the pool starts; volatile, read once per look by the
     * monitor's thread.
     */
    private volatile QueueAge queueAge;

    /**
     * Run state, threads, idle workers and the top of the idle stack (see the class comment).
     * Volatile; changed by CAS, and by getAndAdd for an exiting thread's count.
     */
    @SuppressWarnings("unused") // through CTL
    private volatile long ctl;
    /**
     * Whether a spare has left the idle stack to exit and not yet left the thread count: one at a
     * time, so that the next one's check of the count does not count a thread that is already on
     * its way out (two spares retiring together took a 1-worker pool to 0 threads). CAS false to
     * true in {@link #tryRetire}; volatile store of false after the retiree's thread left the count
     * ({@link #endRetire}), or when the retire failed.
     */
    @SuppressWarnings("unused") // through RETIRING
    private volatile boolean retiring;
    /**
     * Slots that hold a worker: volatile, written under the pool's slot lock after the slot's array
     * element; read (volatile) by every loop over the workers, which then reads the elements below
     * it plainly.
     */
    private volatile int created;
    /** Searching workers, on lines of their own: every idle worker changes the count. */
    private final WorkerCount searching = new WorkerCount();
    /**
     * Workers popped off the idle stack by another thread, or started, that have not run since:
     * incremented by the popper (the starter) before it writes the worker ACTIVE (starts its
     * thread), decremented by the worker once it sees ACTIVE (runs), before it looks for work
     * ({@code Worker.endWaking()}).
     */
    private final WorkerCount waking = new WorkerCount();
    /**
     * Workers in a compensated wait (a join's park, {@link BwosExecutor#managedBlock}): incremented before the
     * compensation reads {@code ctl}, decremented when the wait ends. Threads that can run tasks
     * number {@code threads - blocked}; the pool adds a thread while that is below parallelism.
     */
    private final WorkerCount blocked = new WorkerCount();

    /**
     * The idle protocol of a pool of {@code parallelism} workers and at most {@code maxThreads}
     * threads, whose workers are (or will be) in {@code nodes}; its monitor's thread, once
     * started, is named {@code monitorName}.
     */
    IdleStack(Node[] nodes, int parallelism, int maxThreads, long keepAliveNanos, ThreadStarter starter,
            String monitorName) {
        this.nodes = nodes;
        this.parallelism = parallelism;
        this.maxThreads = maxThreads;
        this.keepAliveNanos = keepAliveNanos;
        this.maxSearching = Math.max(1, parallelism / 2);
        this.starter = starter;
        this.monitor = new BlockedWorkerMonitor(this, monitorName); // stores this, starts no thread
    }

    /** The pool's constructor, once its queues exist: the queues whose waits the monitor reads. */
    void watchQueues(QueueAge queues) {
        this.queueAge = queues;
    }

    // ------------------------------------------------------------------ the word

    int runState() {
        return runState((long) CTL.getVolatile(this));
    }

    static int runState(long c) {
        return (int) (c >>> RS_SHIFT);
    }

    private static int idle(long c) {
        return (int) (c >>> IDLE_SHIFT) & COUNT;
    }

    static int total(long c) {
        return (int) (c >>> TOTAL_SHIFT) & COUNT;
    }

    /** {@code c} with its top worker {@code w} popped: one idle worker fewer, {@code w}'s successor on top. */
    private static long withoutTop(long c, Node w) {
        return ((c - IDLE_ONE) & ~STACK) | Integer.toUnsignedLong(w.nextIdle);
    }

    /** {@code c} with the run state {@code rs}, the idle count and stack kept. */
    private static long withRunState(long c, int rs) {
        return ((long) rs << RS_SHIFT) | (c & ~(-1L << RS_SHIFT));
    }

    int parallelism() {
        return parallelism;
    }

    /** Slots that hold a worker (volatile read): the loops over the workers stop there. */
    int created() {
        return created;
    }

    /** The pool made the worker of slot {@code n - 1} (under its slot lock, after the array element). */
    void setCreated(int n) {
        created = n; // volatile: publishes the slot to the loops over the workers
    }

    /** Threads started and not exited, spares included (volatile read). */
    int threads() {
        return total((long) CTL.getVolatile(this));
    }

    /** Threads not idle (volatile read; after termination is committed, idle is stale). */
    int awake() {
        long c = (long) CTL.getVolatile(this);
        return Math.max(0, total(c) - idle(c));
    }

    int searchingCount() {
        return searching.get();
    }

    int blockedCount() {
        return blocked.get();
    }

    // ------------------------------------------------------------------ run state

    /** Moves the run state from RUNNING to SHUTDOWN (no effect past RUNNING). */
    void shutdown() {
        for (long c; runState(c = (long) CTL.getVolatile(this)) == RUNNING; ) {
            if (CTL.compareAndSet(this, c, withRunState(c, SHUTDOWN))) {
                break;
            }
        }
    }

    /**
     * Moves the run state to STOP (no effect at STOP). Returns whether this call did it and found
     * no thread before QUIESCED: the pool has terminated then (no thread can start after STOP).
     */
    boolean stop() {
        for (long c; runState(c = (long) CTL.getVolatile(this)) < STOP; ) {
            if (CTL.compareAndSet(this, c, withRunState(c, STOP))) {
                return total(c) == 0 && runState(c) < QUIESCED;
            }
        }
        return false;
    }

    /**
     * {@code ctl} (a volatile read) if the pool is shut down and every thread idle: the word
     * {@link #commitQuiesced} must find unchanged; else 0, which is never such a word.
     */
    long idleAfterShutdown() {
        long c = (long) CTL.getVolatile(this);
        return runState(c) != SHUTDOWN || idle(c) != total(c) ? 0L : c;
    }

    /** Commits graceful termination: one CAS of {@code ctl} from {@code c} to run state QUIESCED. */
    boolean commitQuiesced(long c) {
        return CTL.compareAndSet(this, c, withRunState(c, QUIESCED));
    }

    /**
     * A worker's thread leaves the count (getAndAdd: the count is at least one). Returns {@code
     * ctl} after.
     */
    long threadExited() {
        return (long) CTL.getAndAdd(this, -TOTAL_ONE) - TOTAL_ONE;
    }

    // ------------------------------------------------------------------ searching, parking, waking

    boolean tryStartSearching() {
        return searching.tryIncrement(maxSearching);
    }

    /** A searcher found work: one searcher fewer. Returns whether it was the last one. */
    boolean endSearching() {
        return searching.decrement() == 1;
    }

    /**
     * Whether a hand-on ({@code Worker.handOn}) could wake anybody: a worker is idle, or a thread
     * may be added. The counts first, so that a busy pool skips the scan of the queues.
     */
    boolean mayHandOn() {
        long c = (long) CTL.getVolatile(this);
        return (c & STACK) != 0 || mayGrow(c);
    }

    /**
     * A worker parks: it goes on top of the stack of idle workers, counted idle by the same CAS
     * (ForkJoinPool's ctl stack), and one searcher fewer if it searched (after the push: a waker
     * reads the stack before the searching count). {@code top} is the worker's park stamp.
     */
    void parking(Node w, int top, boolean wasSearching) {
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
     * Counts {@code w}, popped or started by the caller, as waking: before ACTIVE (before its
     * thread starts); the worker's decrement follows its read of ACTIVE.
     */
    void countWaking(Node w) {
        waking.increment();
        w.wakingCounted = true; // plain: published by activate's volatile store (or Thread.start)
    }

    /** Undoes {@link #countWaking}: the thread of {@code w} did not start. */
    void uncountWaking(Node w) {
        w.wakingCounted = false;
        waking.decrement();
    }

    /**
     * A parking worker whose last look took a task leaves the idle stack: it pops itself if it is
     * still on top ({@code top}, its park stamp, is unique to this park). Returns whether the
     * worker is off the stack: popped here, or popped already by a waker, which wrote ACTIVE after
     * its CAS. False while a worker pushed after it covers it, and in a popper's window between
     * its CAS and its write of ACTIVE (the worker then hands the task back, see lookAgain).
     */
    boolean tryUnidle(Node w, int top) {
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
     * (the handshake of {@code Worker}).
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

    /**
     * A submission went in behind queued tasks and, by {@code SharedQueue}'s wake rule, wakes
     * nobody: if every thread is busy, it tells the monitor, as a waker that found the pool
     * saturated would have. Without it, submissions that queue up behind workers all blocked where
     * the pool cannot see never woke the monitor (the first of them may have come before the
     * monitor's delay had passed): a task queued behind 2 workers blocked in a latch ran after 4.5
     * s instead of milliseconds. One volatile read of {@code ctl}; a hint, as every wake of the
     * monitor.
     */
    void queuedBehind() {
        long c = (long) CTL.getVolatile(this);
        if (saturated(c)) {
            monitor.onSaturated();
        }
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
                if (runState(c) < QUIESCED) {
                    // Parallelism threads busy, and none to add or wake (an idle spare is not woken
                    // while they run): a blocked one would hold this work up.
                    monitor.onSaturated();
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
        Node w = nodes[(int) (c & 0xFFFF) - 1];
        if (!CTL.compareAndSet(this, c, withoutTop(c, w))) {
            return false;
        }
        if (w.thread == Thread.currentThread()) {
            w.activate(); // a parking worker's look popped itself: it runs already
            return true;
        }
        countWaking(w); // before ACTIVE: the worker's decrement follows its read of ACTIVE
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
     * reservation, as ForkJoinPool's createWorker), then has the pool start it ({@link
     * ThreadStarter#startThread}), counted in {@link #waking} until it runs. Returns whether the
     * CAS succeeded.
     */
    private boolean tryStart(long c) {
        if (!CTL.compareAndSet(this, c, c + TOTAL_ONE)) {
            return false;
        }
        starter.startThread();
        return true;
    }

    /**
     * A worker of this pool is about to wait for something it cannot help with (a joined task
     * that runs elsewhere, a {@link java.util.concurrent.ForkJoinPool.ManagedBlocker}): counts it
     * blocked, then wakes an idle worker if one is parked, else adds a thread if fewer than
     * parallelism threads could run tasks (and fewer than {@code maxThreads} exist). A pool of busy
     * workers, none blocked, gets no thread. Pair with {@link #endBlock()}.
     */
    void beginBlock() {
        blocked.increment(); // before the read of ctl: see BwosExecutor.workerExited
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
     * Whether the pool neither wakes nor adds a thread for new work (parallelism threads free to
     * run tasks are awake; those idle, if any, are spares), before termination: the state in which
     * a worker blocked where the pool cannot see holds up queued work ({@link
     * BlockedWorkerMonitor}). One volatile read of {@code ctl}, and of the blocked count once the
     * threads reach parallelism. An idle spare does not make the pool unsaturated: it is woken
     * only once the monitor counts a worker blocked.
     */
    @Override
    public boolean saturated() {
        return saturated((long) CTL.getVolatile(this));
    }

    private boolean saturated(long c) {
        return runState(c) < QUIESCED && ((c & STACK) != 0 ? !mayWake(c) : !mayGrow(c));
    }

    /**
     * The monitor's look ({@link BlockedWorkerMonitor}) for workers blocked inside a task where the
     * pool cannot see: a JDK synchronizer (which on a ForkJoinPool worker would block through
     * {@code ForkJoinPool.managedBlock}, and be compensated there), a monitor, a blocking read.
     * Only while the pool is {@link #saturated()}, and only when every thread that could run tasks
     * seems blocked ({@code Worker.look}: its thread waiting, no task finished and little CPU time
     * used since the last look), or, while no thread beyond parallelism runs and no other worker is
     * counted so, one does (the one seemingly blocked for the most looks in a row): then one of
     * them is counted blocked, once (a CAS on the worker), and the pool wakes or adds a worker
     * for it as for a compensated wait; the worker undoes the count after its task or at its park,
     * and the monitor at its next look that finds the worker's thread running. One per look. The
     * one spare comes at the first look that finds a worker so: waiting for two looks in a row
     * first left json-large's p99 at 64 connections at medians of 144 and 269 ms in two
     * interleaved A/Bs against 117 and 141 with one look, and the CPU-time history behind a look
     * (2 ms while a worker stays inside one task) already tells a wait of a moment
     * (docs/measurements/executor.md, 2026-12-05, eighth session). The pool cannot tell a short
     * wait for a lock from a long one, so beyond that one
     * spare it adds threads as ForkJoinPool compensates by default (its {@code minimumRunnable} of 1),
     * only when nothing would run otherwise. A worker waiting to enter a lock another thread holds
     * ({@link Node#lockHolder}) waits for that thread's critical section, which a spare does not
     * shorten while the holder runs: it counts towards "every thread seems blocked", and for the
     * one spare only once it has waited {@code BlockedWorkerMonitor.LOCK_WAIT_LOOKS} looks in a row
     * for a holder that does not run (which may wait for a task queued behind the workers); never
     * while the holder runs (ForkJoinPool compensates no lock acquisition). Before that rule,
     * Jackson's and Jetty's locks
     * contended in a fresh server's first second gave json-small a spare it kept for good: a third
     * thread on 2 cores, at 0.88x ForkJoinPool's throughput (ForkJoinPool at parallelism 3 lost as
     * much; docs/measurements/executor.md, 2026-12-06, eleventh session). The worker it would
     * count is first checked in the kernel's view ({@link KernelThreads}, Linux): a thread woken
     * inside its task but still waiting for a core keeps its JVM state WAITING, and on a busy
     * machine such a look gave json-small a spare now and then. A spare for every worker that
     * seemed blocked put 11 to 15 threads on 2 cores under Jetty's json-large load and left its
     * p99 at 2.6x to 5.6x ForkJoinPool's (docs/measurements/executor.md, 2026-12-05, third
     * session). Without the one
     * spare, the pool saw both of its 2 workers blocked in Jetty's body read too rarely to
     * compensate at all, where ForkJoinPool, told of each wait at once by {@code managedBlock},
     * ran 3 threads; a ForkJoinPool held to 2 threads had BwosExecutor's tail (seventh session).
     *
     * <p>With {@code queueWaits} (a queued task has waited at least {@code
     * BlockedWorkerMonitor.QUEUE_WAIT_MILLIS} ms), where no worker that seems blocked gets it, a
     * worker found waiting inside its task, though it ran since the previous look ({@link
     * Node#LOOK_WAITED}), is enough for the one spare as well (not one waiting to enter a lock
     * another thread holds): a Jetty worker that serves
     * one connection's requests in one task and waits a moment for each body, while the other
     * connections' tasks wait in the queue, is the wait ForkJoinPool is told of through {@code
     * managedBlock} and compensates at once. Without that spare both workers served their own
     * connections for hundreds of milliseconds while the others waited (json-large's p99 400 to 500
     * ms at 64 connections in every row with the monitor's looks 2 ms apart, against 130 to 240 with
     * the spare and ForkJoinPool's 105 to 790; docs/measurements/executor.md, 2026-12-06,
     * fourteenth session).
     */
    @Override
    public boolean compensateHiddenBlocks(long ranNanos, boolean queueWaits) {
        long c = (long) CTL.getVolatile(this);
        if (!saturated(c)) {
            return false; // a worker is idle, or one will be started: no look taken, nothing to compensate
        }
        // Each worker finished a task since the previous look, is idle, waits compensated, or runs
        // inside its task while no queued task waits.
        boolean calm = true;
        int runnable = total(c) - idle(c) - blocked.get();
        Node waited = null; // a worker found waiting inside its task, though it ran since
        Node first = null;
        int stuck = 0;
        int counted = 0; // workers this monitor counts blocked, still waiting
        Node[] ws = nodes;
        for (int i = 0, n = created(); i < n; i++) {
            Node v = ws[i];
            if (v == null) {
                continue;
            }
            int look = v.look(ranNanos); // every worker looked at: it records its counts
            int by = v.compensation;
            // A compensated wait of its own has its spare already; a worker that runs inside one task
            // hides no wait while nothing queued waits for it; any other worker inside one task
            // since the previous look keeps the monitor looking at the shortest interval.
            calm &= by == Node.COUNTED_BY_SELF || look == Node.LOOK_FINISHED || look == Node.LOOK_IDLE
                    || look == Node.LOOK_RUNNING && by == Node.NOT_COUNTED && !queueWaits;
            if (look == Node.LOOK_WAITED && by == Node.NOT_COUNTED && waited == null) {
                waited = v;
            }
            if (by == Node.COUNTED_BY_OBSERVER) {
                if (look == Node.LOOK_BLOCKED || look == Node.LOOK_IDLE) {
                    counted++;
                } else if (takeBackCount(v)) {
                    // Counted at an earlier look and running again, still inside its task (a Jetty
                    // worker that read a request body and goes on serving its connection): the
                    // count is undone here, not after the task, so that the pool does not go on
                    // counting it blocked and add threads for the next worker that waits.
                    runnable++;
                }
            } else if (by == Node.NOT_COUNTED && look == Node.LOOK_BLOCKED) {
                stuck++;
                if (first == null) {
                    first = v;
                }
            }
        }
        if (first != null && stuck >= runnable) {
            // Nothing would run otherwise, unless the kernel has the worker runnable: then it runs
            // soon, and the next look sees.
            if (!first.waitsForCore() && countBlocked(first)) {
                compensate();
                return false;
            }
        } else if (counted == 0 && runnable <= parallelism) {
            Node v = first != null ? oneSpareCandidate() : null;
            if (v == null && queueWaits && waited != null && !waited.waitsForCore() && mayHaveTheSpare(waited)) {
                v = waited; // the queue waits while a worker waits a moment inside its task
            }
            if (v != null && countBlocked(v)) {
                compensate(); // the one spare
                return false;
            }
        }
        return first == null && calm;
    }

    @Override
    public long oldestQueuedWaitNanos(long now) {
        return queueAge.oldestWaitNanos(now, created());
    }

    /**
     * The worker for the one spare: of those the last look found blocked and nobody counted, the
     * one blocked for the most looks in a row that the kernel does not have runnable and that does
     * not wait to enter a lock another thread holds, unless the holder does not run and the wait
     * has lasted {@code LOCK_WAIT_LOOKS} looks; null if none. The checks (a file read, up to two
     * {@code ThreadInfo} queries) only here, while no spare runs.
     */
    private Node oneSpareCandidate() {
        Node best = null;
        Node[] ws = nodes;
        for (int i = 0, n = created(); i < n; i++) {
            Node v = ws[i];
            if (v != null && v.blockedLooks() > 0 && v.compensation == Node.NOT_COUNTED
                    && (best == null || v.blockedLooks() > best.blockedLooks())
                    && !v.waitsForCore() && mayHaveTheSpare(v)) {
                best = v;
            }
        }
        return best;
    }

    private static boolean mayHaveTheSpare(Node v) {
        int holder = v.lockHolder();
        return holder == BlockedWorkerMonitor.NO_LOCK_HOLDER
                || holder == BlockedWorkerMonitor.WAITING_LOCK_HOLDER && v.blockedLooks() >= BlockedWorkerMonitor.LOCK_WAIT_LOOKS;
    }

    /**
     * Counts {@code v} blocked for the monitor unless somebody counted it already; whether this
     * call did (jcstress {@code ObserverCountVsRun}). Counted before the claim: the worker may run
     * again and undo the count as soon as the claim succeeds, and must never take the blocked
     * count below zero. A worker found parking after the claim (its task ended, it found nothing)
     * may have looked at its count before the claim: the claim is taken back here, unless the
     * worker undid it first (jcstress {@code ObserverCountVsPark}).
     */
    boolean countBlocked(Node v) {
        blocked.increment();
        if (!v.claimCompensation(Node.COUNTED_BY_OBSERVER)) {
            blocked.decrement();
            return false;
        }
        // Dekker with announceParked: its LOOKING, a full fence, its read of the count; here the
        // claim's CAS, then the volatile read of the phase. One of the two sees the other.
        if (!v.isParked()) {
            return true; // counted while it runs: it undoes the count after its task or at its park
        }
        takeBackCount(v); // else the worker undid the count itself, blocked count included
        return false;
    }

    /**
     * The monitor undoes its count of {@code v} (found parking, or running again): a CAS back to
     * NOT_COUNTED, which decides against the worker's own undo (a getAndSet), then the blocked
     * count down; whether this call undid it (jcstress {@code ObserverCountVsPark}, {@code
     * ObserverUncountVsRun}).
     */
    boolean takeBackCount(Node v) {
        if (v.unclaimCompensation()) {
            blocked.decrement();
            return true;
        }
        return false;
    }

    /** The wait of {@link #beginBlock()} ended: the worker runs tasks again. */
    void endBlock() {
        blocked.decrement();
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
     * no more; it stays counted as a thread until its exit, {@link #threadExited}), and it writes
     * itself ACTIVE. One spare retires at a time ({@link #retiring}). A waker's pop of it and this
     * CAS exclude each other (jcstress {@code RetireVsWake}).
     */
    boolean tryRetire(Node w) {
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

    /** The pool terminated: its monitor exits. */
    void stopMonitor() {
        monitor.stop();
    }

    /** The retiree's thread left the count: the next spare may retire (it sees the count fallen). */
    void endRetire() {
        RETIRING.setVolatile(this, false); // after the count fell: the next retiree sees it
    }
}
