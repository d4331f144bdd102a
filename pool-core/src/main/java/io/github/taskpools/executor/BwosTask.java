package io.github.taskpools.executor;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Collection;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;

/**
 * A task of a {@link BwosExecutor}, forked and joined as a {@code ForkJoinTask} is: porting from
 * {@code ForkJoinPool} is a rename ({@code RecursiveTask} to {@link BwosRecursiveTask},
 * {@code RecursiveAction} to {@link BwosRecursiveAction}, {@code ForkJoinPool} to
 * {@link BwosExecutor}).
 *
 * <h2>Fork and join</h2>
 * {@link #fork()} pushes the task onto the calling worker's LIFO BWoS deque: a plain store, no CAS
 * and no fence (BWoS §4.1). {@link #join()} (and {@link #get()} on a worker) waits for the task,
 * helping meanwhile: it runs the worker's own newer forks (the joined task's subtasks, or the
 * task itself); if nobody has taken the joined task yet and it is still queued (in the worker's
 * queues, the pool's spill queue or the first tasks of the submission stripes), it runs it in
 * place; if another worker took it, it steals that worker's forks (and those of the worker that
 * one is joining, along a short chain). It runs no unrelated task, so a joining stack holds only
 * the joined computation. With nothing to help with, it blocks, and the pool compensates with an
 * idle or a spare worker ({@link BwosExecutor}). Forking is allowed only on a worker thread of a
 * {@code BwosExecutor}; from any other thread submit the root task with {@link
 * BwosExecutor#invoke}, {@link BwosExecutor#submit(BwosTask)} or {@link
 * BwosExecutor#execute(BwosTask)}.
 *
 * <p>An exception thrown by {@code compute()} completes the task abnormally; {@link #join()}
 * rethrows it ({@code RuntimeException} and {@code Error} as they are, anything else wrapped in a
 * {@code RuntimeException}), {@link #get()} wraps it in an {@link ExecutionException}.
 *
 * <h2>Implementation notes</h2>
 *
 * <h3>Completion</h3>
 * The status word holds {@code DONE} (sign bit), {@code ABNORMAL}, {@code THROWN} and
 * {@code SIGNAL}, the last set by a waiter that parks, and, for a fork published twice, {@code
 * SHARED} and {@code CLAIMED} (see {@link #tryClaim()}). Completing is one volatile RMW
 * ({@code getAndBitwiseOr}), which publishes the result (written plainly before it) to every
 * thread that reads the status with acquire or volatile semantics; if it finds {@code SIGNAL}, it
 * unparks the waiters pushed on {@code waiters} before it. A waiter pushes itself (CAS), then sets
 * {@code SIGNAL} (CAS), then parks until {@code DONE}: both sides are volatile RMWs on the status,
 * so either the waiter sees {@code DONE} or the completer sees {@code SIGNAL}.
 *
 * @param <V> the result type
 */
public abstract class BwosTask<V> implements Future<V> {
    static final int DONE = 1 << 31;
    static final int ABNORMAL = 1 << 16;
    static final int THROWN = 1 << 17;
    static final int SIGNAL = 1;
    /**
     * Published twice, in its forker's deque and in a queue any worker takes from at once (see
     * {@code Worker.fork}): a taker runs it only after it claims it ({@link #tryClaim()}).
     */
    static final int SHARED = 1 << 1;
    /** Claimed by the one taker of a {@link #SHARED} task that runs it. */
    static final int CLAIMED = 1 << 2;

    private static final VarHandle STATUS;
    private static final VarHandle WAITERS;
    private static final VarHandle STEALER;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            STATUS = l.findVarHandle(BwosTask.class, "status", int.class);
            WAITERS = l.findVarHandle(BwosTask.class, "waiters", Waiter.class);
            STEALER = l.findVarHandle(BwosTask.class, "stealer", Worker.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** DONE, ABNORMAL, THROWN, SIGNAL. Volatile reads; RMWs (volatile) for every change. */
    private volatile int status;
    /** Threads parked in a join or get: a Treiber stack, pushed by CAS, emptied by getAndSet. */
    private volatile Waiter waiters;
    /**
     * The exception of an abnormal completion. Plain: written before the status RMW that sets
     * {@code THROWN}, read after a status read that saw it.
     */
    private Throwable exception;
    /**
     * The worker that took the task from a shared place (a steal, the submission queue), so that a
     * joiner can help it; a fork popped by its forker records nothing (see {@link #taker()}).
     * Release store by that worker before it runs the task (after {@link #runBase} and {@link
     * #joinBase}), acquire read by a joiner: a hint, read again while the joiner waits.
     */
    @SuppressWarnings("unused") // accessed through STEALER
    private Worker stealer;
    /**
     * The worker that forked the task while the task is in that worker's deque or run by it, else
     * null (a fork the deque refused, or one handed to the spill queue: see {@link #disown()}).
     * Plain: written by the forker in {@code fork()} (before the push that publishes the task) and
     * compared with itself in its own join; another thread's racy read is a hint of where the task
     * is ({@link #taker()}); a reference is never torn.
     */
    Worker forker;
    /**
     * The forker's count of its forks when it forked this task (wrapping). Plain: written in
     * {@code fork()} before the push that publishes the task (a grant's release, a steal's acquire).
     */
    int forkSeq;
    /**
     * The taker's count of its forks when it took this task (wrapping): its forks after that one,
     * made while this task is not done, belong to this task's run. Plain: written before the
     * release store of {@link #stealer}, read after an acquire load that saw it.
     */
    int runBase;
    /**
     * The task the taker's innermost published join waited for when it took this task (see
     * {@code Worker.joining}): a join of the taker published since then lies inside this task's
     * run. Plain, published as {@link #runBase}.
     */
    BwosTask<?> joinBase;

    /** For subclasses. */
    protected BwosTask() {
    }

    // ------------------------------------------------------------------ subclass contract

    /**
     * Runs the task's computation.
     *
     * @return whether the task completed normally here; {@code false} leaves it pending (to be
     *     completed later by {@link #complete} or another call)
     */
    protected abstract boolean exec();

    /** The result, or {@code null} if not completed normally (or a {@code Void} task). */
    public abstract V getRawResult();

    /** Sets the result, as {@link #complete} does. */
    protected abstract void setRawResult(V value);

    // ------------------------------------------------------------------ fork and join

    /**
     * Pushes this task onto the calling worker's deque, to be run by it or stolen by another
     * worker. No CAS and no fence on the worker's side.
     *
     * @return this task
     * @throws IllegalStateException if the calling thread is not a worker of a {@link BwosExecutor}
     */
    public final BwosTask<V> fork() {
        Worker w = Worker.current();
        if (w == null) {
            throw new IllegalStateException("fork() outside a BwosExecutor worker (" + Thread.currentThread()
                    + "); submit the root task with BwosExecutor.invoke, submit or execute");
        }
        w.fork(this);
        return this;
    }

    /**
     * Waits for the task, helping with other tasks meanwhile (see the class comment), and returns
     * its result.
     *
     * @throws CancellationException if the task was cancelled
     * @throws RuntimeException or {@link Error} that the computation threw; a checked exception is
     *     wrapped in a {@code RuntimeException}
     */
    public final V join() {
        int s = status;
        if (s >= 0) {
            s = awaitDone();
        }
        return report(s);
    }

    /** As {@link #join()}, without returning the result or throwing. */
    public final void quietlyJoin() {
        if (status >= 0) {
            awaitDone();
        }
    }

    /**
     * Runs the task in the calling thread (on a worker: its forks go to this worker's deque) and
     * returns its result; rethrows as {@link #join()} does. From a thread that is not a worker, run
     * tasks that fork with {@link BwosExecutor#invoke} instead.
     */
    public final V invoke() {
        doExec();
        return join();
    }

    /** Forks {@code b}, runs {@code a}, joins {@code b}: the fork/join idiom. */
    public static void invokeAll(BwosTask<?> a, BwosTask<?> b) {
        Objects.requireNonNull(a, "task a");
        Objects.requireNonNull(b, "task b");
        b.fork();
        a.invoke();
        b.join();
    }

    /** Forks all but the first, runs the first, then joins the rest in reverse fork order. */
    public static void invokeAll(BwosTask<?>... tasks) {
        for (int i = 0; i < tasks.length; i++) {
            Objects.requireNonNull(tasks[i], "task " + i);
        }
        for (int i = tasks.length - 1; i > 0; i--) {
            tasks[i].fork();
        }
        if (tasks.length > 0) {
            tasks[0].invoke();
        }
        for (int i = 1; i < tasks.length; i++) {
            tasks[i].join();
        }
    }

    /** As {@link #invokeAll(BwosTask[])}; returns {@code tasks}. */
    public static <T extends BwosTask<?>> Collection<T> invokeAll(Collection<T> tasks) {
        invokeAll(tasks.toArray(new BwosTask<?>[0]));
        return tasks;
    }

    /** Whether the calling thread is a worker of some {@link BwosExecutor}. */
    public static boolean inBwosExecutor() {
        return Worker.current() != null;
    }

    // ------------------------------------------------------------------ Future

    @Override
    public final boolean isDone() {
        return status < 0;
    }

    @Override
    public final boolean isCancelled() {
        int s = status;
        return s < 0 && (s & (ABNORMAL | THROWN)) == ABNORMAL;
    }

    /** Completed without an exception and not cancelled. */
    public final boolean isCompletedNormally() {
        int s = status;
        return s < 0 && (s & ABNORMAL) == 0;
    }

    /** Cancelled, or completed by an exception. */
    public final boolean isCompletedAbnormally() {
        return (status & ABNORMAL) != 0;
    }

    /**
     * The exception of an abnormal completion: a {@link CancellationException} if cancelled,
     * {@code null} if not done or done normally.
     */
    public final Throwable getException() {
        int s = status;
        if ((s & ABNORMAL) == 0) {
            return null;
        }
        return (s & THROWN) != 0 ? exception : new CancellationException();
    }

    /**
     * Cancels the task if it has not completed. A task already running runs on (fork/join tasks
     * are not interrupted; a task submitted as a {@code Runnable} or {@code Callable} through
     * {@link BwosExecutor#submit} is interrupted when {@code mayInterruptIfRunning}).
     */
    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
        return trySetCancelled();
    }

    /**
     * Waits for the task and returns its result. On a worker thread it waits as {@link #join()}
     * does, helping with other tasks (so a worker waiting for a task it submitted cannot deadlock
     * the pool), and reports an interrupt only once the task is done; on any other thread the wait
     * is interruptible.
     */
    @Override
    public final V get() throws InterruptedException, ExecutionException {
        int s = status;
        if (s >= 0) {
            Worker w = Worker.current();
            if (w == null) {
                s = awaitExternal(true, 0L);
            } else {
                s = w.awaitJoin(this, 0L);
                if (Thread.interrupted()) {
                    throw new InterruptedException();
                }
            }
        }
        return reportGet(s);
    }

    /**
     * As {@link #get()}, giving up after {@code timeout}: on a worker thread it helps as {@code
     * get()} does until the deadline.
     *
     * @throws TimeoutException if the task is not done by then
     */
    @Override
    public final V get(long timeout, TimeUnit unit) throws InterruptedException, ExecutionException,
            TimeoutException {
        long nanos = unit.toNanos(timeout);
        int s = status;
        if (s >= 0) {
            long deadline = System.nanoTime() + nanos;
            deadline = deadline == 0L ? 1L : deadline; // 0 stands for no deadline
            Worker w = Worker.current();
            if (w == null) {
                s = awaitExternal(true, deadline);
            } else {
                s = w.awaitJoin(this, deadline); // helps as get() does, until the deadline
                if (Thread.interrupted()) {
                    throw new InterruptedException();
                }
            }
            if (s >= 0) {
                throw new TimeoutException("task not done after " + timeout + " " + unit);
            }
        }
        return reportGet(s);
    }

    /** Completes the task normally with {@code value}, if not done yet; unparks waiters. */
    public void complete(V value) {
        if (status < 0) {
            return; // done: the result stays (a race with another completion is not excluded)
        }
        setRawResult(value);
        setDone(DONE);
    }

    /** Completes the task abnormally with {@code ex}, if not done yet; unparks waiters. */
    public void completeExceptionally(Throwable ex) {
        setExceptional(Objects.requireNonNull(ex, "exception"));
    }

    // ------------------------------------------------------------------ internals

    /** Runs the task unless it is done; records its completion. */
    final void doExec() {
        if (status < 0) {
            return;
        }
        boolean completed;
        try {
            completed = exec();
        } catch (Throwable ex) {
            setExceptional(ex);
            return;
        }
        if (completed) {
            setDone(DONE);
        }
    }

    final void setExceptional(Throwable ex) {
        if (status >= 0) {
            exception = ex; // plain: published by the RMW below
            setDone(DONE | ABNORMAL | THROWN);
        }
    }

    final boolean trySetCancelled() {
        for (int s; (s = status) >= 0; ) {
            if (STATUS.compareAndSet(this, s, s | DONE | ABNORMAL)) {
                signalWaiters(s);
                return true;
            }
        }
        return false;
    }

    /** One volatile RMW: publishes the result; wakes the waiters if one set SIGNAL before. */
    private void setDone(int bits) {
        for (int s; (s = status) >= 0; ) {
            if (STATUS.compareAndSet(this, s, s | bits)) {
                signalWaiters(s);
                return;
            }
        }
    }

    private void signalWaiters(int previous) {
        if ((previous & SIGNAL) != 0) {
            for (Waiter w = (Waiter) WAITERS.getAndSet(this, null); w != null; w = w.next) {
                LockSupport.unpark(w.thread);
            }
        }
    }

    /**
     * Marks this fork as published twice, before its second publication (a volatile RMW, ordered
     * before the offer that publishes the copy and before the grant that makes the deque's copy
     * stealable, so every taker of either copy reads it).
     */
    final void markShared() {
        STATUS.getAndBitwiseOr(this, SHARED);
    }

    /**
     * Whether the caller, which just took this task from a queue or a deque, may run it: always
     * for a task published once (one plain read); for a {@link #SHARED} one, only if its CAS
     * sets {@code CLAIMED} first. The loser drops its copy (the task runs, or ran, elsewhere);
     * a done task is never claimed (jcstress {@code SharedForkClaim}).
     */
    final boolean tryClaim() {
        // Plain first read: SHARED is set before either copy is published (the owner's own
        // program order, or the offer's or grant's release that the taker acquired), so a task
        // without it is never shared and the owner's pop pays no acquire; a shared one is decided
        // by the volatile reads and the CAS below.
        if (((int) STATUS.get(this) & SHARED) == 0) {
            return true;
        }
        for (int s; ((s = status) & SHARED) != 0; ) {
            if (s < 0 || (s & CLAIMED) != 0) {
                return false;
            }
            if (STATUS.compareAndSet(this, s, s | CLAIMED)) {
                return true;
            }
        }
        return true;
    }

    /**
     * Whether a copy of this task just taken could still be run: {@code false} only for a task
     * published twice and already claimed (or done), whose copy is dropped. One volatile read.
     */
    final boolean claimable() {
        int s = status;
        return (s & SHARED) == 0 || (s >= 0 && (s & CLAIMED) == 0);
    }

    /**
     * Gives back a task this thread took and claimed but will not run (a parking look's hand-back
     * to the spill queue): clears {@code CLAIMED} (a volatile RMW, before the task is published
     * again), so that whoever takes a copy next can claim it, and forgets the taker ({@link
     * #disown()}). Only the claimer may call it: nobody else can have claimed the task meanwhile.
     */
    final void handBack() {
        if ((status & SHARED) != 0) {
            STATUS.getAndBitwiseAnd(this, ~CLAIMED);
        }
        disown();
    }

    /** {@link #tryClaim()}, then, if claimed, {@link #recordStealer}: a take from a shared place. */
    final boolean claimBy(Worker w) {
        if (!tryClaim()) {
            return false;
        }
        recordStealer(w);
        return true;
    }

    /** Records {@code w}, which is about to run this task, as its taker (see {@link #runBase}). */
    final void recordStealer(Worker w) {
        runBase = w.forkCount();
        joinBase = w.joining();
        STEALER.setRelease(this, w); // publishes runBase and joinBase to a helper's acquire
    }

    /**
     * Forgets where the task is: it goes to the spill queue, unrun, so neither the worker that took
     * it nor its forker runs it now. A helper must not take their forks for this task's.
     */
    final void disown() {
        STEALER.setRelease(this, null);
        forker = null; // plain: a hint (see forker); the spill queue's offer publishes it
    }

    final Worker stealer() {
        return (Worker) STEALER.getAcquire(this);
    }

    /**
     * Whether {@code x}, a fork just stolen from {@code thief}'s deque, belongs to this task's run
     * on {@code thief}: forked by {@code thief} after it took this task (or, for a fork its forker
     * runs, this task itself or a fork made after it), while this task is not done. The status is
     * read after the steal: a fork made after this task completed was pushed after the completing
     * RMW and reached the thief through the grant's release, so the read sees the completion. Such
     * a fork is part of this task's computation; any other (a fork of a frame below this task on
     * {@code thief}'s stack, or of a later task) could wait for frames of the joiner's own stack.
     */
    final boolean runsFork(Worker thief, BwosTask<?> x) {
        Worker s = stealer();
        int base;
        if (s == thief) {
            base = runBase;
        } else if (s == null && forker == thief) {
            base = forkSeq - 1;
        } else {
            return false;
        }
        return x.forkSeq - base > 0 && status >= 0;
    }

    /**
     * The worker that took the task, or holds it: the recorded taker, else its forker, which pops
     * its own forks without recording itself (a fork not yet taken is in the forker's deque, where
     * a helper steals it). Racy read of the plain {@link #forker}: a hint; a reference is never torn.
     */
    final Worker taker() {
        Worker s = stealer();
        return s != null ? s : forker;
    }

    final int status() {
        return status;
    }

    private int awaitDone() {
        Worker w = Worker.current();
        if (w != null) {
            return w.awaitJoin(this, 0L);
        }
        try {
            return awaitExternal(false, 0L);
        } catch (InterruptedException cannotHappen) {
            throw new AssertionError(cannotHappen);
        }
    }

    /**
     * Parks the calling thread until the task is done (or, with a deadline, until then).
     *
     * @param interruptible whether an interrupt ends the wait with {@link InterruptedException};
     *     otherwise the interrupt status is kept and restored
     * @param deadline {@code System.nanoTime()} to give up at, or 0 for none
     */
    final int awaitExternal(boolean interruptible, long deadline) throws InterruptedException {
        if (interruptible && Thread.interrupted()) {
            throw new InterruptedException();
        }
        Waiter node = new Waiter(Thread.currentThread());
        boolean interrupted = false;
        try {
            while (mustPark(node)) {
                if (deadline == 0L) {
                    LockSupport.park(this);
                } else {
                    long nanos = deadline - System.nanoTime();
                    if (nanos <= 0L) {
                        return status;
                    }
                    LockSupport.parkNanos(this, nanos);
                }
                if (Thread.interrupted()) {
                    if (interruptible) {
                        throw new InterruptedException();
                    }
                    interrupted = true;
                }
            }
            return status;
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * A waiter's side of the completion handshake: pushes {@code node} on the waiters (once, CAS)
     * and sets SIGNAL (CAS). Returns {@code false} once the task is done; {@code true} means the
     * completer will see SIGNAL and unpark the node's thread, so the caller may park.
     */
    final boolean mustPark(Waiter node) {
        if (!node.pushed) {
            for (Waiter h; ; ) {
                if (status < 0) {
                    return false;
                }
                node.next = h = waiters;
                if (WAITERS.compareAndSet(this, h, node)) {
                    node.pushed = true;
                    break;
                }
            }
        }
        for (int s; (s = status) >= 0; ) {
            if ((s & SIGNAL) != 0 || STATUS.compareAndSet(this, s, s | SIGNAL)) {
                return true;
            }
        }
        return false;
    }

    /** Whether a completer took the waiters to unpark them (for the jcstress handshake test). */
    final boolean waitersTaken() {
        return waiters == null;
    }

    private V report(int s) {
        if ((s & ABNORMAL) == 0) {
            return getRawResult();
        }
        if ((s & THROWN) == 0) {
            throw new CancellationException("task was cancelled");
        }
        Throwable ex = exception;
        if (ex instanceof RuntimeException) {
            throw (RuntimeException) ex;
        }
        if (ex instanceof Error) {
            throw (Error) ex;
        }
        throw new RuntimeException(ex);
    }

    private V reportGet(int s) throws ExecutionException {
        if ((s & ABNORMAL) == 0) {
            return getRawResult();
        }
        if ((s & THROWN) == 0) {
            throw new CancellationException("task was cancelled");
        }
        throw new ExecutionException(exception);
    }

    @Override
    public String toString() {
        int s = status;
        String state = s >= 0 ? "pending"
                : (s & ABNORMAL) == 0 ? "completed normally"
                : (s & THROWN) == 0 ? "cancelled" : "completed exceptionally: " + exception;
        return getClass().getName() + "@" + Integer.toHexString(hashCode()) + "[" + state + "]";
    }

    /** A parked waiter. {@code next}: plain, written before the CAS that publishes the node. */
    static final class Waiter {
        final Thread thread;
        Waiter next;
        /** Plain: the waiting thread's own. */
        boolean pushed;

        Waiter(Thread thread) {
            this.thread = thread;
        }
    }
}
