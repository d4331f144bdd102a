package io.github.taskpools.executor;

import io.github.taskpools.bwos.LifoBwosDeque;
import org.jctools.queues.SpmcArrayQueue;

/**
 * The test-access point of the {@code executor} package: the package-private steps of
 * {@link BwosExecutor}, its workers, its submission stripes and {@link BwosTask} that the jcstress
 * tests in {@code io.github.taskpools.jcstress.executor} play one at a time (actors playing the
 * workers of a pool whose threads never run). Test sources only (pool-core's tests jar, on the
 * jcstress tests' class path): never part of the library. Each method does what the member it names
 * does; see that member for its contract.
 */
public final class ExecutorTestAccess {
    /** {@code IdleStack.QUIESCED}: the run state once graceful termination has committed. */
    public static final int QUIESCED = IdleStack.QUIESCED;

    private ExecutorTestAccess() {
    }

    // ------------------------------------------------------------------ the pool

    /** The pool's worker in slot {@code index} ({@code workers[index]}). */
    public static WorkerHandle worker(BwosExecutor pool, int index) {
        return new WorkerHandle(pool.workers[index]);
    }

    /** The workers made so far ({@code ctl.created()}). */
    public static int created(BwosExecutor pool) {
        return pool.ctl.created();
    }

    /** {@code ctl.signalWork()}: full fence, then wake an idle worker or start one. */
    public static void signalWork(BwosExecutor pool) {
        pool.ctl.signalWork();
    }

    /** {@code ctl.wakeOne()}: wake an idle worker or start one, unless a worker searches or is waking. */
    public static void wakeOne(BwosExecutor pool) {
        pool.ctl.wakeOne();
    }

    /** {@code ctl.wakeTop()}: pop and wake the top idle worker, searchers or not. */
    public static void wakeTop(BwosExecutor pool) {
        pool.ctl.wakeTop();
    }

    /** {@code ctl.idleCount()}: the idle workers counted in {@code ctl}. */
    public static int idleCount(BwosExecutor pool) {
        return pool.ctl.idleCount();
    }

    /** {@code ctl.runState()}: RUNNING (0), SHUTDOWN (1), {@link #QUIESCED} (2) or STOP (3). */
    public static int runState(BwosExecutor pool) {
        return pool.ctl.runState();
    }

    /** {@code queuesEmpty()}: whether no queue or deque holds a task (a conservative hint). */
    public static boolean queuesEmpty(BwosExecutor pool) {
        return pool.queuesEmpty();
    }

    /** {@code w.pollInjection(strict, batch)}: a task from {@code pool}'s spill queue or stripes, for {@code w}. */
    public static BwosTask<?> pollInjection(BwosExecutor pool, WorkerHandle w, boolean strict, boolean batch) {
        if (w.worker.shared != pool.shared) {
            throw new IllegalArgumentException("w is not a worker of pool");
        }
        return w.worker.pollInjection(strict, batch);
    }

    /** {@code shared.takeSpilled(t)}: {@code t} if the spill queue holds it, else null. */
    public static BwosTask<?> takeSpilled(BwosExecutor pool, BwosTask<?> t) {
        return pool.shared.takeSpilled(t);
    }

    /** {@code ctl.beginBlock()}: a worker is about to wait; wakes an idle worker or adds a thread. */
    public static void beginBlock(BwosExecutor pool) {
        pool.ctl.beginBlock();
    }

    /** {@code ctl.endBlock()}: the wait of {@code beginBlock()} ended. */
    public static void endBlock(BwosExecutor pool) {
        pool.ctl.endBlock();
    }

    /** {@code ctl.hasSpares()}: whether there are more threads than parallelism. */
    public static boolean hasSpares(BwosExecutor pool) {
        return pool.ctl.hasSpares();
    }

    /** {@code ctl.tryRetire(w)}: the idle spare {@code w} leaves the idle stack to exit; whether it did. */
    public static boolean tryRetire(BwosExecutor pool, WorkerHandle w) {
        return pool.ctl.tryRetire(w.worker);
    }

    /** {@code workerExited(w, retired)}: {@code w}'s thread leaves the pool. */
    public static void workerExited(BwosExecutor pool, WorkerHandle w, boolean retired) {
        pool.workerExited(w.worker, retired);
    }

    /** The calling thread's submission probe ({@code SharedQueue.PROBE}): element 0 picks its stripe in every pool. */
    public static int[] submitterProbe() {
        return SharedQueue.PROBE.get();
    }

    // ------------------------------------------------------------------ tasks

    /** {@code t.doExec()}: runs {@code t} and completes it. */
    public static void doExec(BwosTask<?> t) {
        t.doExec();
    }

    /** {@code task.recordStealer(w)}: records {@code w} as the worker that took {@code task}. */
    public static void recordStealer(BwosTask<?> task, WorkerHandle w) {
        task.recordStealer(w.worker);
    }

    /** {@code task.tryClaim()}: whether the caller may run a task it took (a fork published twice: one CAS). */
    public static boolean tryClaim(BwosTask<?> task) {
        return task.tryClaim();
    }

    /** Whether {@code task} was published twice ({@code BwosTask.SHARED} in its status). */
    public static boolean isShared(BwosTask<?> task) {
        return (task.status() & BwosTask.SHARED) != 0;
    }

    /** {@code task.runsFork(thief, x)}: whether fork {@code x}, stolen from {@code thief}, belongs to {@code task}'s run. */
    public static boolean runsFork(BwosTask<?> task, WorkerHandle thief, BwosTask<?> x) {
        return task.runsFork(thief.worker, x);
    }

    /** {@code task.mustPark(node)}: pushes {@code node} and sets SIGNAL; whether its thread may park. */
    public static boolean mustPark(BwosTask<?> task, WaiterHandle node) {
        return task.mustPark(node.waiter);
    }

    /** {@code task.waitersTaken()}: whether a completer took the waiters to unpark them. */
    public static boolean waitersTaken(BwosTask<?> task) {
        return task.waitersTaken();
    }

    /** The task {@code execute(runnable)} submits to {@code pool} ({@code Adapters.RunnableExecuteTask}). */
    public static BwosTask<?> executeTask(Runnable runnable, BwosExecutor pool) {
        return pool.executeTask(runnable);
    }

    /** A worker of a pool ({@code Worker}), whose steps an actor plays. */
    public static final class WorkerHandle {
        final Worker worker;
        /** The worker's fork deque ({@code forks}). */
        public final LifoBwosDeque<BwosTask<?>> forks;
        /** The worker's FIFO queue of tasks submitted by its tasks ({@code submissions}). */
        public final SpmcArrayQueue<BwosTask<?>> submissions;
        /** The worker's inbox of tasks moved from a stripe ({@code inbox}). */
        public final SpmcArrayQueue<BwosTask<?>> inbox;
        /** The worker's second copies of forks published while another worker was idle ({@code copies}). */
        public final SpmcArrayQueue<BwosTask<?>> copies;

        WorkerHandle(Worker worker) {
            this.worker = worker;
            this.forks = worker.forks;
            this.submissions = worker.submissions;
            this.inbox = worker.inbox;
            this.copies = worker.copies;
        }

        /**
         * The monitor's count of this worker as blocked where the pool cannot see ({@code
         * ctl.countBlocked(worker)}): whether this call counted it.
         */
        public boolean countBlockedByMonitor() {
            return worker.ctl.countBlocked(worker);
        }

        /**
         * The monitor undoes its count of this worker ({@code IdleStack.takeBackCount}), as at a
         * look that finds it running again; whether this call did.
         */
        public boolean takeBackCountByMonitor() {
            return worker.ctl.takeBackCount(worker);
        }

        /** What a worker does when it runs again ({@code endCompensation()}): undoes a count of it as blocked. */
        public void endCompensation() {
            worker.endCompensation();
        }

        /** Whether anybody counts this worker blocked (its {@code compensation} is not NOT_COUNTED). */
        public boolean countedBlocked() {
            return worker.compensation != IdleStack.Node.NOT_COUNTED;
        }

        /** Parking handshake, step 1 ({@code announceParked()}): onto the idle stack; this park's stamp. */
        public int announceParked() {
            return worker.announceParked();
        }

        /** Parking handshake, step 2 ({@code lookAgain(top)}): the last look; the task it took, or null. */
        public BwosTask<?> lookAgain(int top) {
            return worker.lookAgain(top);
        }

        /** Parking handshake, step 3 ({@code block()}): parks until popped (returns at once if ACTIVE). */
        public void block() {
            worker.block();
        }

        /** {@code isParked()}: whether the worker is on the idle stack (LOOKING or PARKED). */
        public boolean isParked() {
            return worker.isParked();
        }

        /** {@code endWaking()}: the worker leaves the pool's waking count, if a waker counted it. */
        public void endWaking() {
            worker.endWaking();
        }

        /** {@code tryStartSearching()}: counts the worker as searching; whether it does. */
        public boolean tryStartSearching() {
            return worker.tryStartSearching();
        }

        /** {@code scan(strict)}: one round of looking for work; the task found, or null. */
        public BwosTask<?> scan(boolean strict) {
            return worker.scan(strict);
        }

        /** {@code fork(t)}: a fork made by the worker's running task. */
        public void fork(BwosTask<?> t) {
            worker.fork(t);
        }

        /** {@code submit(t)}: a submission made by the worker's running task. */
        public void submit(BwosTask<?> t) {
            worker.submit(t);
        }
    }

    /** A waiter's node on a task ({@code BwosTask.Waiter}), as a thread about to park in a join pushes. */
    public static final class WaiterHandle {
        final BwosTask.Waiter waiter;

        /** A node for {@code thread}. */
        public WaiterHandle(Thread thread) {
            this.waiter = new BwosTask.Waiter(thread);
        }
    }

    /** A submission stripe ({@code SubmissionQueue}) of its own, outside any pool's stripes. */
    public static final class SubmissionQueueHandle {
        final SubmissionQueue queue;

        /** A stripe of {@code capacity} slots, a power of two. */
        public SubmissionQueueHandle(int capacity) {
            this.queue = new SubmissionQueue(capacity);
        }

        /**
         * {@code push(task, pool.ctl, pool.shared.spills, spillIfFull)}: a submission into this
         * stripe, under {@code pool}'s run state, spilling into its spill queue; ACCEPTED,
         * ACCEPTED_BEHIND (behind two or more queued tasks), REJECTED, CONTENDED or FULL.
         */
        public int push(BwosTask<?> task, BwosExecutor pool, boolean spillIfFull) {
            return queue.push(task, pool.ctl, pool.shared.spills, spillIfFull);
        }

        /** {@code poll()}: a worker's take. */
        public BwosTask<?> poll() {
            return queue.poll();
        }

        /** {@code relaxedPoll()}: a searcher's take, which leaves a slot still being filled alone. */
        public BwosTask<?> relaxedPoll() {
            return queue.relaxedPoll();
        }
    }
}
