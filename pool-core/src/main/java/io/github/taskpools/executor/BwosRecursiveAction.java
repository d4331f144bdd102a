package io.github.taskpools.executor;

/**
 * A {@link BwosTask} without a result, as {@code java.util.concurrent.RecursiveAction}.
 *
 * <pre>{@code
 * final class Scale extends BwosRecursiveAction {
 *     final double[] a; final int lo, hi;
 *     Scale(double[] a, int lo, int hi) { this.a = a; this.lo = lo; this.hi = hi; }
 *     protected void compute() {
 *         if (hi - lo <= 4096) { for (int i = lo; i < hi; i++) a[i] *= 2; return; }
 *         int mid = (lo + hi) >>> 1;
 *         invokeAll(new Scale(a, lo, mid), new Scale(a, mid, hi));
 *     }
 * }
 * executor.invoke(new Scale(data, 0, data.length));
 * }</pre>
 */
public abstract class BwosRecursiveAction extends BwosTask<Void> {

    /** For subclasses. */
    protected BwosRecursiveAction() {
    }

    /** The computation of this task. */
    protected abstract void compute();

    @Override
    protected final boolean exec() {
        compute();
        return true;
    }

    /** Always {@code null}. */
    @Override
    public final Void getRawResult() {
        return null;
    }

    @Override
    protected final void setRawResult(Void value) {
    }
}
