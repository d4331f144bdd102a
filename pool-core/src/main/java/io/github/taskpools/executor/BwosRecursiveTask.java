package io.github.taskpools.executor;

/**
 * A {@link BwosTask} that computes a result, as {@code java.util.concurrent.RecursiveTask} does.
 *
 * <pre>{@code
 * final class Fib extends BwosRecursiveTask<Long> {
 *     final int n;
 *     Fib(int n) { this.n = n; }
 *     protected Long compute() {
 *         if (n < 20) return fibSequential(n);
 *         Fib f1 = new Fib(n - 1);
 *         f1.fork();
 *         return new Fib(n - 2).compute() + f1.join();
 *     }
 * }
 * long f = executor.invoke(new Fib(40));
 * }</pre>
 *
 * @param <V> the result type
 */
public abstract class BwosRecursiveTask<V> extends BwosTask<V> {
    /** Plain: written before the completing RMW of the status, read after a read that saw DONE. */
    private V result;

    /** For subclasses. */
    protected BwosRecursiveTask() {
    }

    /** The computation of this task. */
    protected abstract V compute();

    @Override
    protected final boolean exec() {
        result = compute();
        return true;
    }

    @Override
    public final V getRawResult() {
        return result;
    }

    @Override
    protected final void setRawResult(V value) {
        result = value;
    }
}
