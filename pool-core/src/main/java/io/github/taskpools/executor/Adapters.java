package io.github.taskpools.executor;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.Callable;
import java.util.concurrent.RunnableFuture;

/** The tasks a {@link BwosExecutor} makes of the {@code Runnable}s and {@code Callable}s it is given. */
final class Adapters {
    private Adapters() {
    }

    /**
     * Gives {@code ex}, thrown by a task given to {@code execute(Runnable)} (or by a thread factory
     * called on a worker), to {@code handler}, the pool's, or if null to the current thread's
     * uncaught-exception handler. A failing handler is ignored: it must not kill the worker, the
     * pool's threads are its capacity.
     */
    static void reportUncaught(Thread.UncaughtExceptionHandler handler, Throwable ex) {
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

    /**
     * A {@code Runnable} given to {@link BwosExecutor#execute(Runnable)}: nobody holds a future for
     * it, so an exception it throws goes to the pool's uncaught-exception handler, and the worker
     * lives on.
     */
    static class RunnableExecuteTask extends BwosTask<Void> {
        final Runnable runnable;
        /** The pool's uncaught-exception handler, or null for the running thread's. */
        private final Thread.UncaughtExceptionHandler handler;

        RunnableExecuteTask(Runnable runnable, Thread.UncaughtExceptionHandler handler) {
            this.runnable = runnable;
            this.handler = handler;
        }

        /**
         * Runs the command. Returns {@code false}: nobody can observe this task's status (execute
         * hands out no future), so it saves the completing RMW; every queue hands a task to one
         * taker only (a CAS of a stripe's base or a slot, an owner's pop), which keeps it from
         * running twice.
         */
        @Override
        protected boolean exec() {
            try {
                runnable.run();
            } catch (Throwable ex) {
                reportUncaught(handler, ex);
            }
            return false;
        }

        @Override
        public Void getRawResult() {
            return null;
        }

        @Override
        protected void setRawResult(Void value) {
        }
    }

    /**
     * A virtual thread's continuation, given to the pool by {@link BwosVirtualThreads}: runs as a
     * {@link RunnableExecuteTask} does, and records on the worker that runs it which continuation
     * that is ({@code Worker.runningContinuation}), so that one that hands itself back after a
     * yield is known. Only continuations pay for the record: a field set around every task cost
     * fine-grained fork/join a tenth of its throughput (2026-12-06, thirteenth session).
     */
    static final class ContinuationTask extends RunnableExecuteTask {
        ContinuationTask(Runnable continuation, Thread.UncaughtExceptionHandler handler) {
            super(continuation, handler);
        }

        /** Runs the continuation, recorded on its worker. */
        @Override
        protected boolean exec() {
            Worker w = Worker.current();
            if (w == null) {
                return super.exec();
            }
            Runnable outer = w.runningContinuation;
            w.runningContinuation = runnable;
            try {
                return super.exec(); // reports what the continuation throws
            } finally {
                w.runningContinuation = outer;
            }
        }
    }

    /**
     * A task of {@link BwosExecutor#submit}: a future whose {@code cancel(true)} interrupts the
     * thread running it, as {@code FutureTask}'s does. An exception completes the future.
     *
     * <p>The interrupt cannot leak into the worker's next task: the canceller marks
     * {@code interrupting} before it reads {@code runner} and clears it after the interrupt; the
     * runner, once done, waits while {@code interrupting} is set and then clears its interrupt
     * status (FutureTask's INTERRUPTING state).
     */
    static final class InterruptibleTask<V> extends BwosTask<V> implements RunnableFuture<V> {
        private static final VarHandle RUNNER;
        private static final VarHandle INTERRUPTING;

        static {
            try {
                MethodHandles.Lookup l = MethodHandles.lookup();
                RUNNER = l.findVarHandle(InterruptibleTask.class, "runner", Thread.class);
                INTERRUPTING = l.findVarHandle(InterruptibleTask.class, "interrupting", boolean.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        private final Callable<? extends V> callable;
        /** Plain: written before the completing RMW, read after a status read that saw DONE. */
        private V result;
        /** The thread running the task. Volatile: the canceller's read pairs with the runner's writes. */
        @SuppressWarnings("unused") // through RUNNER
        private volatile Thread runner;
        /** Set (volatile) by a canceller around its interrupt; the runner waits it out. */
        @SuppressWarnings("unused") // through INTERRUPTING
        private volatile boolean interrupting;

        InterruptibleTask(Callable<? extends V> callable) {
            this.callable = callable;
        }

        @Override
        protected boolean exec() {
            RUNNER.setVolatile(this, Thread.currentThread());
            try {
                if (isDone()) {
                    return false; // cancelled before it started
                }
                result = callable.call();
                return true;
            } catch (Exception ex) {
                setExceptional(ex);
                return false;
            } finally {
                RUNNER.setVolatile(this, null);
                if (isCancelled()) {
                    while ((boolean) INTERRUPTING.getVolatile(this)) {
                        Thread.onSpinWait();
                    }
                    Thread.interrupted(); // a cancel's interrupt is meant for this task only
                }
            }
        }

        @Override
        public boolean cancel(boolean mayInterruptIfRunning) {
            if (!mayInterruptIfRunning) {
                return trySetCancelled();
            }
            INTERRUPTING.setVolatile(this, true);
            try {
                boolean cancelled = trySetCancelled();
                Thread t = (Thread) RUNNER.getVolatile(this);
                if (cancelled && t != null) {
                    t.interrupt();
                }
                return cancelled;
            } finally {
                INTERRUPTING.setVolatile(this, false);
            }
        }

        @Override
        public void run() {
            doExec();
        }

        @Override
        public V getRawResult() {
            return result;
        }

        @Override
        protected void setRawResult(V value) {
            result = value;
        }
    }
}
