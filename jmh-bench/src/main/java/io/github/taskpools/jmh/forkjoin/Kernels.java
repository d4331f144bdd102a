package io.github.taskpools.jmh.forkjoin;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

/**
 * The recursive kernels of the {@code fork-join} experiment, each written twice with the same
 * recursion, cut-off and fork/join order: once as a {@link RecursiveAction} for
 * {@link ForkJoinPool}, once as a {@link BwosForkJoin.Task}, plus a sequential reference for the
 * result check. Results go into fields (no boxing on either side).
 * <ul>
 *   <li>{@code fib}: fib(n) by the doubly recursive definition, sequential below a cut-off;</li>
 *   <li>{@code integrate}: the integral of x³ + x over [0, b] by recursive bisection into 2^depth
 *       intervals, each integrated by Simpson's rule (exact for cubics up to rounding);</li>
 *   <li>{@code nqueens}: the number of ways to place n queens on an n×n board, one task per partial
 *       placement of the first rows, sequential search below.</li>
 * </ul>
 */
public final class Kernels {
    private Kernels() {
    }

    /** The kernel names, as used by the benchmark's {@code kernel} parameter. */
    public static final String FIB = "fib";
    public static final String INTEGRATE = "integrate";
    public static final String NQUEENS = "nqueens";

    /** Problem sizes of the benchmark. */
    public static final int FIB_N = 30;
    public static final int FIB_CUTOFF = 12;
    public static final double INTEGRATE_B = 64.0;
    public static final int INTEGRATE_DEPTH = 14;
    public static final int NQUEENS_N = 11;
    public static final int NQUEENS_FORK_ROWS = 3;

    /** A kernel run: compute on one scheduler, and the expected result. */
    public interface Kernel {
        double onForkJoinPool(ForkJoinPool pool);

        double onBwos(BwosForkJoin runner);

        /** True if {@code result} is the right answer. */
        boolean check(double result);
    }

    /** The kernel of the given name with the benchmark's sizes. */
    public static Kernel byName(String name) {
        switch (name) {
            case FIB:
                return fib(FIB_N, FIB_CUTOFF);
            case INTEGRATE:
                return integrate(INTEGRATE_B, INTEGRATE_DEPTH);
            case NQUEENS:
                return nqueens(NQUEENS_N, NQUEENS_FORK_ROWS);
            default:
                throw new IllegalArgumentException("unknown kernel " + name + " (known: " + FIB + ", " + INTEGRATE
                        + ", " + NQUEENS + ")");
        }
    }

    // ---- fib ----

    static long fibSeq(int n) {
        return n < 2 ? n : fibSeq(n - 1) + fibSeq(n - 2);
    }

    public static Kernel fib(int n, int cutoff) {
        long expected = fibSeq(n);
        return new Kernel() {
            @Override
            public double onForkJoinPool(ForkJoinPool pool) {
                FjFib t = new FjFib(n, cutoff);
                pool.invoke(t);
                return t.result;
            }

            @Override
            public double onBwos(BwosForkJoin runner) {
                BwFib t = new BwFib(n, cutoff);
                runner.invoke(t);
                return t.result;
            }

            @Override
            public boolean check(double result) {
                return result == expected;
            }
        };
    }

    static final class FjFib extends RecursiveAction {
        private static final long serialVersionUID = 1L;
        final int n;
        final int cutoff;
        long result;

        FjFib(int n, int cutoff) {
            this.n = n;
            this.cutoff = cutoff;
        }

        @Override
        protected void compute() {
            if (n <= cutoff) {
                result = fibSeq(n);
                return;
            }
            FjFib left = new FjFib(n - 1, cutoff);
            left.fork();
            FjFib right = new FjFib(n - 2, cutoff);
            right.compute();
            left.join();
            result = left.result + right.result;
        }
    }

    static final class BwFib extends BwosForkJoin.Task {
        final int n;
        final int cutoff;
        long result;

        BwFib(int n, int cutoff) {
            this.n = n;
            this.cutoff = cutoff;
        }

        @Override
        protected void compute(BwosForkJoin.Worker w) {
            if (n <= cutoff) {
                result = fibSeq(n);
                return;
            }
            BwFib left = new BwFib(n - 1, cutoff);
            fork(w, left);
            BwFib right = new BwFib(n - 2, cutoff);
            right.compute(w);
            join(w, left);
            result = left.result + right.result;
        }
    }

    // ---- integrate ----

    static double f(double x) {
        return x * x * x + x;
    }

    static double simpson(double a, double b) {
        return (b - a) / 6 * (f(a) + 4 * f((a + b) / 2) + f(b));
    }

    public static Kernel integrate(double b, int depth) {
        double expected = b * b * b * b / 4 + b * b / 2;
        return new Kernel() {
            @Override
            public double onForkJoinPool(ForkJoinPool pool) {
                FjIntegrate t = new FjIntegrate(0, b, depth);
                pool.invoke(t);
                return t.result;
            }

            @Override
            public double onBwos(BwosForkJoin runner) {
                BwIntegrate t = new BwIntegrate(0, b, depth);
                runner.invoke(t);
                return t.result;
            }

            @Override
            public boolean check(double result) {
                return Math.abs(result - expected) <= 1e-9 * expected;
            }
        };
    }

    static final class FjIntegrate extends RecursiveAction {
        private static final long serialVersionUID = 1L;
        final double a;
        final double b;
        final int depth;
        double result;

        FjIntegrate(double a, double b, int depth) {
            this.a = a;
            this.b = b;
            this.depth = depth;
        }

        @Override
        protected void compute() {
            if (depth == 0) {
                result = simpson(a, b);
                return;
            }
            double m = (a + b) / 2;
            FjIntegrate left = new FjIntegrate(a, m, depth - 1);
            left.fork();
            FjIntegrate right = new FjIntegrate(m, b, depth - 1);
            right.compute();
            left.join();
            result = left.result + right.result;
        }
    }

    static final class BwIntegrate extends BwosForkJoin.Task {
        final double a;
        final double b;
        final int depth;
        double result;

        BwIntegrate(double a, double b, int depth) {
            this.a = a;
            this.b = b;
            this.depth = depth;
        }

        @Override
        protected void compute(BwosForkJoin.Worker w) {
            if (depth == 0) {
                result = simpson(a, b);
                return;
            }
            double m = (a + b) / 2;
            BwIntegrate left = new BwIntegrate(a, m, depth - 1);
            fork(w, left);
            BwIntegrate right = new BwIntegrate(m, b, depth - 1);
            right.compute(w);
            join(w, left);
            result = left.result + right.result;
        }
    }

    // ---- nqueens ----

    /** Solutions below a partial placement: cols, diag1, diag2 are the attacked-square bit masks. */
    static long queensSeq(int n, int row, int cols, int d1, int d2) {
        if (row == n) {
            return 1;
        }
        long count = 0;
        int free = ~(cols | d1 | d2) & ((1 << n) - 1);
        while (free != 0) {
            int bit = free & -free;
            free -= bit;
            count += queensSeq(n, row + 1, cols | bit, (d1 | bit) << 1, (d2 | bit) >>> 1);
        }
        return count;
    }

    public static Kernel nqueens(int n, int forkRows) {
        if (n < 1 || n > 16) {
            throw new IllegalArgumentException("n must be in [1, 16], got " + n);
        }
        long expected = queensSeq(n, 0, 0, 0, 0);
        return new Kernel() {
            @Override
            public double onForkJoinPool(ForkJoinPool pool) {
                FjQueens t = new FjQueens(n, forkRows, 0, 0, 0, 0);
                pool.invoke(t);
                return t.result;
            }

            @Override
            public double onBwos(BwosForkJoin runner) {
                BwQueens t = new BwQueens(n, forkRows, 0, 0, 0, 0);
                runner.invoke(t);
                return t.result;
            }

            @Override
            public boolean check(double result) {
                return result == expected;
            }
        };
    }

    static final class FjQueens extends RecursiveAction {
        private static final long serialVersionUID = 1L;
        final int n;
        final int forkRows;
        final int row;
        final int cols;
        final int d1;
        final int d2;
        long result;

        FjQueens(int n, int forkRows, int row, int cols, int d1, int d2) {
            this.n = n;
            this.forkRows = forkRows;
            this.row = row;
            this.cols = cols;
            this.d1 = d1;
            this.d2 = d2;
        }

        @Override
        protected void compute() {
            if (row >= forkRows || row == n) {
                result = queensSeq(n, row, cols, d1, d2);
                return;
            }
            int free = ~(cols | d1 | d2) & ((1 << n) - 1);
            FjQueens[] subs = new FjQueens[Integer.bitCount(free)];
            int k = 0;
            while (free != 0) {
                int bit = free & -free;
                free -= bit;
                FjQueens s = new FjQueens(n, forkRows, row + 1, cols | bit, (d1 | bit) << 1, (d2 | bit) >>> 1);
                subs[k++] = s;
                s.fork();
            }
            long count = 0;
            for (int i = k - 1; i >= 0; i--) {
                subs[i].join();
                count += subs[i].result;
            }
            result = count;
        }
    }

    static final class BwQueens extends BwosForkJoin.Task {
        final int n;
        final int forkRows;
        final int row;
        final int cols;
        final int d1;
        final int d2;
        long result;

        BwQueens(int n, int forkRows, int row, int cols, int d1, int d2) {
            this.n = n;
            this.forkRows = forkRows;
            this.row = row;
            this.cols = cols;
            this.d1 = d1;
            this.d2 = d2;
        }

        @Override
        protected void compute(BwosForkJoin.Worker w) {
            if (row >= forkRows || row == n) {
                result = queensSeq(n, row, cols, d1, d2);
                return;
            }
            int free = ~(cols | d1 | d2) & ((1 << n) - 1);
            BwQueens[] subs = new BwQueens[Integer.bitCount(free)];
            int k = 0;
            while (free != 0) {
                int bit = free & -free;
                free -= bit;
                BwQueens s = new BwQueens(n, forkRows, row + 1, cols | bit, (d1 | bit) << 1, (d2 | bit) >>> 1);
                subs[k++] = s;
                fork(w, s);
            }
            long count = 0;
            for (int i = k - 1; i >= 0; i--) {
                join(w, subs[i]);
                count += subs[i].result;
            }
            result = count;
        }
    }
}
