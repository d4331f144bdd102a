package io.github.taskpools.executor;

import java.lang.invoke.MethodHandles;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.AbstractOwnableSynchronizer;
import java.util.concurrent.locks.LockSupport;

/**
 * A {@link BwosExecutor}'s watch for workers blocked inside a task where the pool cannot see: a
 * JDK synchronizer's wait (which on a {@code ForkJoinPool} worker blocks through {@code
 * ForkJoinPool.managedBlock}, and is compensated there), a monitor, a blocking read such as a
 * servlet's body read. Without it, work queued behind such workers waits until one of them runs
 * again; with it, once every worker is so blocked, or one is while no spare runs, the pool adds
 * or wakes a spare within a few milliseconds (a {@link
 * BwosExecutor#managedBlock} or a join is compensated at once). Go's runtime does the same from
 * its monitor thread, which takes the processor away from a goroutine blocked in a system call.
 *
 * <h2>Algorithm</h2>
 * One daemon thread per pool, started when the pool has been <em>saturated</em> (no thread to
 * wake or add: as many threads as may run tasks are busy, and the idle ones, if any, are spares)
 * for {@value #WAKE_DELAY_MICROS} µs: a waker that finds the pool saturated, or a submission that
 * queues behind others and so wakes nobody, marks the time once, a parking worker clears the
 * mark, and one that finds the mark older than the delay starts the monitor or wakes it. So a burst that saturates the pool for less than the delay pays a read of the
 * clock and one CAS, and no wake-up; a pool that stays saturated (its workers busy, or blocked)
 * gets the monitor at its next submission or wake after the delay. While the pool stays
 * saturated the monitor looks every 2 ms ({@link #MIN_INTERVAL_NANOS}) while a worker waits inside
 * one task from a look to the next, or runs inside one while a queued task has waited {@value
 * #QUEUE_WAIT_MILLIS} ms or longer ({@link QueueAge}), and otherwise doubles the interval at each
 * look, up to 16 ms ({@link #MAX_INTERVAL_NANOS}; Go's {@code sysmon} backs off to 10 ms the same
 * way): a look is <em>calm</em> when every worker finished a task since the previous one, is idle,
 * waits compensated, or runs (its thread RUNNABLE) while nothing queued has waited that long.
 * Workers that keep finishing tasks hide no long wait, and a look every 2 ms woke
 * the monitor 500 times a second through a service's whole run: each wake-up is a scheduling
 * point on a busy core, and a thread of the server JVM doing nothing but waking every 2 ms cost
 * ForkJoinPool as much as it cost this pool (Jetty's selector ran sooner and handed out each
 * connection's next request as a task of its own: fewer requests per task, more CPU per request;
 * docs/measurements/executor.md, 2026-12-06, twelfth session). Workers that run inside one task
 * (json-medium's serve 9 to 20 requests a task) are calm while the queue moves: with them not calm
 * the server handed out twice ForkJoinPool's tasks per request and lost 3 to 4% of its throughput
 * there (thirteenth and fourteenth sessions). While a queued task has waited
 * {@value #QUEUE_WAIT_MILLIS} ms or longer, a worker found waiting inside its task, though it ran
 * since the previous look, is enough for the one spare below where no worker that seems blocked
 * gets it: json-large's workers wait for request bodies
 * inside their tasks, and without it both served their own connections for hundreds of
 * milliseconds while the others waited in the queue (ForkJoinPool is told of each such wait by
 * {@code managedBlock} and runs another thread at once). A worker that blocks after a calm
 * spell is seen by the third look after it blocked at the latest, about 34 ms later (the first may
 * find a task it finished before, the second CPU time it used before it blocked; then looks are 2
 * ms apart). A worker the monitor counted blocked keeps the looks 2 ms apart while it waits, so
 * that its count is taken back at the first look that finds it running or having run; one that waits
 * compensated by the pool ({@link BwosExecutor#managedBlock}, a join) does not. At each look
 * ({@link Pool#compensateHiddenBlocks}), a worker whose thread is WAITING, TIMED_WAITING or
 * BLOCKED, outside the pool's own parking (a worker popped off the idle stack that has not run
 * since is on its way) and compensated waits, that has finished no task and used at most an
 * eighth ({@link #RAN_SHARE}) of the time since the previous look as CPU time, seems blocked;
 * when every thread that could run tasks seems blocked, one of them is counted blocked, once, and
 * the pool wakes or adds a worker for it (one per look: as ForkJoinPool compensates by default
 * only when nothing else would run); while no thread beyond parallelism runs, one worker that
 * seems blocked, other than entering a lock another thread holds ({@link #lockHolder}: never
 * while the holder runs, and only after {@link #LOCK_WAIT_LOOKS} looks in a row while it does
 * not), is enough, for one spare (ForkJoinPool, told of every
 * wait by {@code managedBlock}, ran 3 threads at parallelism 2 under Jetty's json-large load).
 * The count is undone by the worker after its task or at its park, or by the monitor at the
 * first look that finds it running or having run. After {@value #QUIET_LOOKS} looks in a row that
 * found the pool not saturated, the monitor parks until a waker wakes it: an idle pool costs it
 * nothing. A task that waits on a lock at the moment of a look, having run for at most an eighth
 * of the time since the look before it (waiting, or descheduled on a busy machine), may get a spare it did
 * not need; spares retire after the pool's keep-alive.
 *
 * <p>Limit: the monitor is woken by the pool's own traffic (a submission, fork or wake-up that
 * finds it saturated after the delay). If every worker blocks and nothing is submitted after the
 * delay, the monitor stays asleep; a service's next request wakes it.
 *
 * <h2>Memory orderings</h2>
 * <pre>
 * field    writer: mode                                  reader: mode
 * state    wakers: CAS SLEEPING to WATCHING (the winner   wakers: volatile, then CAS; monitor:
 *          starts or unparks the thread); monitor: CAS    volatile
 *          WATCHING to SLEEPING; terminator: volatile
 *          store of STOPPED
 * since    wakers: CAS 0 to the time (volatile);          wakers: volatile (a hint: a stale
 *          parking workers and the monitor: volatile       value only moves a wake-up by one
 *          store of 0, read first                          submission)
 * thread   the CAS winner that starts it: volatile store,  wakers after a later winning CAS, the
 *          before start                                    terminator: volatile (null: never
 *                                                          started, nothing to unpark)
 * </pre>
 * A wake-up can be missed (a waker that read WATCHING just before the monitor went to sleep): the
 * next waker that finds the pool saturated after the delay wakes it. Nothing else depends on it.
 */
final class BlockedWorkerMonitor implements Runnable {
    /**
     * The pool as the monitor sees it (its idle protocol, {@link IdleStack}): a narrow interface,
     * so that the monitor does not depend on the pool's classes.
     */
    interface Pool {
        /** Whether no thread is idle and the pool adds none: the state the monitor watches. */
        boolean saturated();

        /**
         * One look: counts a worker blocked and compensates if every thread seems blocked, or one
         * does (or, with {@code queueWaits}, waited since the previous look) while no spare runs.
         * A worker that used more than {@code ranNanos} of CPU time since the previous look ran.
         * Returns whether the look was calm: every worker finished a task since the previous
         * look, is idle, waits compensated by the pool (not one the monitor counted), or, unless
         * {@code queueWaits}, runs inside its task.
         */
        boolean compensateHiddenBlocks(long ranNanos, boolean queueWaits);

        /**
         * At least how long the oldest task queued for a worker has waited, in nanoseconds, at
         * {@code now} ({@link QueueAge}); called once per look, which it takes part in.
         */
        long oldestQueuedWaitNanos(long now);
    }

    /** Nanoseconds between two looks while the pool is saturated and a worker stays inside one task. */
    static final long MIN_INTERVAL_NANOS = 2_000_000L;
    /** The longest interval between two looks, reached while every look is calm. */
    static final long MAX_INTERVAL_NANOS = 16_000_000L;
    /**
     * The share of the time since the previous look that a worker's thread may have used as CPU
     * time and still seem blocked: an eighth. A Jetty worker that serves one connection's requests
     * in one task and waits for each body for a moment is not blocked; with the state at the look alone, the pool
     * counted such workers and ran a third thread through json-small, at 0.80x to 0.88x
     * ForkJoinPool's throughput (docs/measurements/executor.md, 2026-12-05, seventh session).
     */
    static final long RAN_SHARE = 8;
    /**
     * Milliseconds a queued task may wait before workers that run inside their tasks keep the looks
     * 2 ms apart, and one that waits inside its task gets the one spare (seen between this and this
     * plus two look intervals after the task was queued, see {@link QueueAge}). Against json-medium's
     * queue waits (tens of milliseconds while both workers serve connections) and json-large's
     * (hundreds once both serve their own): with 100 ms json-medium's p99 was 96 to 114 ms, with 30
     * ms 56 to 63, at the same throughput (ForkJoinPool's p99 153 to 366; fourteenth session).
     */
    static final long QUEUE_WAIT_MILLIS = 30;
    private static final long QUEUE_WAIT_NANOS = QUEUE_WAIT_MILLIS * 1_000_000L;
    /** Microseconds the pool stays saturated before a waker wakes the monitor. */
    static final long WAKE_DELAY_MICROS = 1000;
    /**
     * Looks in a row (about 100 ms: after a look that finds a worker waiting the next is 2 ms
     * later) that a worker waits to enter a lock whose holder does not run before it may get the
     * one spare: the holder may wait for a task queued behind the workers, which
     * only a spare would run; a lock wait shorter than that, as Jackson's and Jetty's in a fresh
     * server's first second, is left alone (docs/measurements/executor.md, 2026-12-06, eleventh
     * session: at the first look, json-small kept a spare in 2 of 3 rounds).
     */
    static final int LOCK_WAIT_LOOKS = 50;
    /** Looks in a row that found the pool not saturated before the monitor sleeps. */
    static final int QUIET_LOOKS = 2;

    private static final int SLEEPING = 0;
    private static final int WATCHING = 1;
    private static final int STOPPED = 2;

    private static final VarHandle STATE;
    private static final VarHandle SINCE;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            STATE = l.findVarHandle(BlockedWorkerMonitor.class, "state", int.class);
            SINCE = l.findVarHandle(BlockedWorkerMonitor.class, "since", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final Pool pool;
    private final String name;
    @SuppressWarnings("unused") // through STATE
    private volatile int state;
    /** When a waker first found the pool saturated ({@code System.nanoTime()}, never 0), or 0. */
    @SuppressWarnings("unused") // through SINCE
    private volatile long since;
    private volatile Thread thread;

    BlockedWorkerMonitor(Pool pool, String name) {
        this.pool = pool;
        this.name = name;
    }

    /**
     * A waker found the pool saturated: marks the time, or, if the mark is older than the delay,
     * starts the monitor (the first time) or wakes it. One volatile read while it watches.
     */
    void onSaturated() {
        if (state != SLEEPING) {
            return;
        }
        long now = System.nanoTime() | 1L; // never 0, which means "not marked"
        long s = since;
        if (s == 0L) {
            SINCE.compareAndSet(this, 0L, now);
        } else if (now - s >= WAKE_DELAY_MICROS * 1000L && STATE.compareAndSet(this, SLEEPING, WATCHING)) {
            Thread t = thread;
            if (t == null) {
                t = new Thread(this, name);
                t.setDaemon(true); // it runs no user code: it never keeps the JVM alive
                thread = t;
                t.start();
            } else {
                LockSupport.unpark(t);
            }
        }
    }

    /** A worker parks: the pool is not saturated. A read, and a store only if marked. */
    void onIdle() {
        if (since != 0L) {
            since = 0L;
        }
    }

    /** The pool terminated: the monitor exits (at its next look, or now if it sleeps). */
    void stop() {
        state = STOPPED;
        Thread t = thread;
        if (t != null) {
            LockSupport.unpark(t);
        }
    }

    @Override
    public void run() {
        int quiet = 0;
        long interval = MIN_INTERVAL_NANOS;
        long lastLook = System.nanoTime();
        boolean woken = true; // the workers' records are from before the monitor slept, if ever
        while (state != STOPPED) {
            if (pool.saturated()) {
                quiet = 0;
                long now = System.nanoTime();
                // At most the longest interval's share: after a sleep the records are old, and a
                // worker that served one connection throughout, waiting now, would seem blocked.
                long ranNanos = Math.min(now - lastLook, MAX_INTERVAL_NANOS) / RAN_SHARE;
                // Read at every look (it moves the marks); not trusted at the first after a wake,
                // whose CPU-time records are old too.
                boolean queueWaits = pool.oldestQueuedWaitNanos(now) >= QUEUE_WAIT_NANOS && !woken;
                boolean calm = pool.compensateHiddenBlocks(ranNanos, queueWaits);
                lastLook = now;
                // The first look after a wake compares with old records: no back-off step from it.
                interval = calm && !woken ? Math.min(2 * interval, MAX_INTERVAL_NANOS) : MIN_INTERVAL_NANOS;
                woken = false;
            } else if (++quiet >= QUIET_LOOKS) {
                quiet = 0;
                sleep();
                interval = MIN_INTERVAL_NANOS;
                woken = true;
                continue;
            }
            LockSupport.parkNanos(this, interval);
        }
    }

    /**
     * The CPU time of thread {@code t} in nanoseconds, or -1 where the JVM does not measure it (or
     * the thread has ended): {@code ThreadMXBean.getThreadCpuTime}, read by the monitor once per
     * worker and look.
     */
    static long cpuNanos(Thread t) {
        return Jvm.CPU_MEASURED ? Jvm.THREADS.getThreadCpuTime(t.getId()) : -1L;
    }

    /** {@link #lockHolder}: the thread waits for no lock that another thread holds. */
    static final int NO_LOCK_HOLDER = 0;
    /** {@link #lockHolder}: it waits to enter a lock that a RUNNABLE thread holds. */
    static final int RUNNING_LOCK_HOLDER = 1;
    /** {@link #lockHolder}: it waits to enter a lock whose holder is not RUNNABLE (it waits itself). */
    static final int WAITING_LOCK_HOLDER = 2;

    /**
     * Whether thread {@code t} waits to enter a lock that another thread holds, and whether that
     * holder runs: BLOCKED on a monitor, or parked on an {@link AbstractOwnableSynchronizer} (a
     * {@code ReentrantLock}, the write lock of a {@code ReentrantReadWriteLock}) whose owner ({@code
     * ThreadInfo.getLockOwnerId}, read without a stack, so without a safepoint) is another thread.
     * A latch, a semaphore or a condition has no owner: {@link #NO_LOCK_HOLDER}, as where the JVM
     * refuses the query. Asked by the monitor only for a worker it might give the one spare.
     */
    static int lockHolder(Thread t) {
        if (t.getState() != Thread.State.BLOCKED && !(LockSupport.getBlocker(t) instanceof AbstractOwnableSynchronizer)) {
            return NO_LOCK_HOLDER;
        }
        try {
            long id = t.getId();
            ThreadInfo info = Jvm.THREADS.getThreadInfo(id);
            long owner = info == null ? -1L : info.getLockOwnerId();
            if (owner == -1L || owner == id) {
                return NO_LOCK_HOLDER;
            }
            ThreadInfo holder = Jvm.THREADS.getThreadInfo(owner);
            return holder != null && holder.getThreadState() == Thread.State.RUNNABLE ? RUNNING_LOCK_HOLDER
                    : WAITING_LOCK_HOLDER;
        } catch (RuntimeException e) { // a security manager without ManagementPermission("monitor")
            return NO_LOCK_HOLDER;
        }
    }

    /** The JVM's thread management, loaded at the monitor's first look rather than with every pool. */
    private static final class Jvm {
        static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
        static final boolean CPU_MEASURED = THREADS.isThreadCpuTimeSupported() && THREADS.isThreadCpuTimeEnabled();
    }

    /** Parks until a waker wakes it (see the class comment), or the pool terminates. */
    private void sleep() {
        since = 0L;
        if (STATE.compareAndSet(this, WATCHING, SLEEPING)) {
            while (state == SLEEPING) {
                LockSupport.park(this);
            }
        }
    }
}
