package io.github.taskpools.jmh.forkjoin;

import io.github.taskpools.executor.BwosExecutor;
import io.github.taskpools.executor.BwosRecursiveAction;
import java.util.Arrays;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

/**
 * The recursive kernels of the {@code executor-fork-join} experiment, each written twice with the same
 * recursion, cut-off and fork/join order: once as a {@link RecursiveAction} for {@link ForkJoinPool},
 * once as a {@link BwosRecursiveAction} for {@link BwosExecutor} (the port is the rename the executor
 * promises), plus a sequential reference for the result check. Results go into fields (no boxing on
 * either side). The root is submitted from outside the pool, {@code pool.invoke(root)} on both.
 * <ul>
 *   <li>{@code fib}, {@code fib-fine}: fib(n) by the doubly recursive definition (fork n-1, compute n-2,
 *       join), sequential below a cut-off: fib(30) below 12 (coarse grain) and fib(27) below 4 (fine
 *       grain: tens of thousands of tasks of a few nanoseconds each);</li>
 *   <li>{@code leftspine-fib}: jsr166's {@code LeftSpineFib} (loops/): a task forks fib(n-2), goes on
 *       down the left spine itself (n-1, forking n-3, ...) until the cut-off, then joins the forked
 *       tasks in reverse order (the newest first);</li>
 *   <li>{@code integrate}: the integral of x³ + x over [0, b] by recursive bisection into 2^depth
 *       intervals, each integrated by Simpson's rule (exact for cubics up to rounding);</li>
 *   <li>{@code nqueens}: the number of ways to place n queens on an n×n board, one task per partial
 *       placement of the first rows, sequential search below;</li>
 *   <li>{@code matmul}: jsr166's {@code MatrixMultiply} (loops/): C = A×B for 256×256 doubles by
 *       recursive quadrants, each quadrant of C the sum of two products done one after the other
 *       (four such pairs in parallel), 32×32 blocks multiplied sequentially; the entries are small
 *       integers, so every order of summation gives the exact product, checked by a weighted sum of
 *       C against the sequential product's.</li>
 * </ul>
 */
public final class Kernels {
    private Kernels() {
    }

    /** The kernel names, as used by the benchmark's {@code kernel} parameter. */
    public static final String FIB = "fib";
    public static final String FIB_FINE = "fib-fine";
    public static final String LEFTSPINE_FIB = "leftspine-fib";
    public static final String INTEGRATE = "integrate";
    public static final String NQUEENS = "nqueens";
    public static final String MATMUL = "matmul";
    public static final String[] ALL = {FIB, FIB_FINE, LEFTSPINE_FIB, INTEGRATE, NQUEENS, MATMUL};

    /** Problem sizes of the benchmark. */
    public static final int FIB_N = 30;
    public static final int FIB_CUTOFF = 12;
    public static final int FIB_FINE_N = 27;
    public static final int FIB_FINE_CUTOFF = 4;
    public static final int LEFTSPINE_N = 30;
    public static final int LEFTSPINE_CUTOFF = 12;
    public static final double INTEGRATE_B = 64.0;
    public static final int INTEGRATE_DEPTH = 14;
    public static final int NQUEENS_N = 11;
    public static final int NQUEENS_FORK_ROWS = 3;
    public static final int MATMUL_N = 256;
    public static final int MATMUL_BLOCK = 32;

    /** A kernel run: compute on one scheduler, and the expected result. */
    public interface Kernel {
        double onForkJoinPool(ForkJoinPool pool);

        double onExecutor(BwosExecutor executor);

        /** True if {@code result} is the right answer. */
        boolean check(double result);
    }

    /** The kernel of the given name with the benchmark's sizes. */
    public static Kernel byName(String name) {
        switch (name) {
            case FIB:
                return fib(FIB_N, FIB_CUTOFF);
            case FIB_FINE:
                return fib(FIB_FINE_N, FIB_FINE_CUTOFF);
            case LEFTSPINE_FIB:
                return leftSpineFib(LEFTSPINE_N, LEFTSPINE_CUTOFF);
            case INTEGRATE:
                return integrate(INTEGRATE_B, INTEGRATE_DEPTH);
            case NQUEENS:
                return nqueens(NQUEENS_N, NQUEENS_FORK_ROWS);
            case MATMUL:
                return matmul(MATMUL_N, MATMUL_BLOCK);
            default:
                throw new IllegalArgumentException("unknown kernel " + name + " (known: "
                        + String.join(", ", ALL) + ")");
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
            public double onExecutor(BwosExecutor executor) {
                BwFib t = new BwFib(n, cutoff);
                executor.invoke(t);
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

    static final class BwFib extends BwosRecursiveAction {
        final int n;
        final int cutoff;
        long result;

        BwFib(int n, int cutoff) {
            this.n = n;
            this.cutoff = cutoff;
        }

        @Override
        protected void compute() {
            if (n <= cutoff) {
                result = fibSeq(n);
                return;
            }
            BwFib left = new BwFib(n - 1, cutoff);
            left.fork();
            BwFib right = new BwFib(n - 2, cutoff);
            right.compute();
            left.join();
            result = left.result + right.result;
        }
    }

    // ---- leftspine-fib (jsr166 loops/LeftSpineFib) ----

    public static Kernel leftSpineFib(int n, int cutoff) {
        long expected = fibSeq(n);
        return new Kernel() {
            @Override
            public double onForkJoinPool(ForkJoinPool pool) {
                FjLeftSpineFib t = new FjLeftSpineFib(n, cutoff, null);
                pool.invoke(t);
                return t.result;
            }

            @Override
            public double onExecutor(BwosExecutor executor) {
                BwLeftSpineFib t = new BwLeftSpineFib(n, cutoff, null);
                executor.invoke(t);
                return t.result;
            }

            @Override
            public boolean check(double result) {
                return result == expected;
            }
        };
    }

    static final class FjLeftSpineFib extends RecursiveAction {
        private static final long serialVersionUID = 1L;
        final int n;
        final int cutoff;
        /** The task forked before this one by the same parent (joined after it). */
        final FjLeftSpineFib next;
        long result;

        FjLeftSpineFib(int n, int cutoff, FjLeftSpineFib next) {
            this.n = n;
            this.cutoff = cutoff;
            this.next = next;
        }

        @Override
        protected void compute() {
            int m = n;
            FjLeftSpineFib forked = null;
            while (m > cutoff) {
                forked = new FjLeftSpineFib(m - 2, cutoff, forked);
                forked.fork();
                m -= 1;
            }
            long sum = fibSeq(m);
            for (FjLeftSpineFib f = forked; f != null; f = f.next) {
                f.join();
                sum += f.result;
            }
            result = sum;
        }
    }

    static final class BwLeftSpineFib extends BwosRecursiveAction {
        final int n;
        final int cutoff;
        /** The task forked before this one by the same parent (joined after it). */
        final BwLeftSpineFib next;
        long result;

        BwLeftSpineFib(int n, int cutoff, BwLeftSpineFib next) {
            this.n = n;
            this.cutoff = cutoff;
            this.next = next;
        }

        @Override
        protected void compute() {
            int m = n;
            BwLeftSpineFib forked = null;
            while (m > cutoff) {
                forked = new BwLeftSpineFib(m - 2, cutoff, forked);
                forked.fork();
                m -= 1;
            }
            long sum = fibSeq(m);
            for (BwLeftSpineFib f = forked; f != null; f = f.next) {
                f.join();
                sum += f.result;
            }
            result = sum;
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
            public double onExecutor(BwosExecutor executor) {
                BwIntegrate t = new BwIntegrate(0, b, depth);
                executor.invoke(t);
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

    static final class BwIntegrate extends BwosRecursiveAction {
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
        protected void compute() {
            if (depth == 0) {
                result = simpson(a, b);
                return;
            }
            double m = (a + b) / 2;
            BwIntegrate left = new BwIntegrate(a, m, depth - 1);
            left.fork();
            BwIntegrate right = new BwIntegrate(m, b, depth - 1);
            right.compute();
            left.join();
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
            public double onExecutor(BwosExecutor executor) {
                BwQueens t = new BwQueens(n, forkRows, 0, 0, 0, 0);
                executor.invoke(t);
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

    static final class BwQueens extends BwosRecursiveAction {
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
        protected void compute() {
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

    // ---- matmul (jsr166 loops/MatrixMultiply) ----

    /** C[cr.., cc..] += A[ar.., ac..] × B[br.., bc..] for size×size blocks, sequentially (i-k-j order). */
    static void multiplyBlock(double[][] a, int ar, int ac, double[][] b, int br, int bc, double[][] c, int cr,
            int cc, int size) {
        for (int i = 0; i < size; i++) {
            double[] ci = c[cr + i];
            double[] ai = a[ar + i];
            for (int k = 0; k < size; k++) {
                double aik = ai[ac + k];
                double[] bk = b[br + k];
                for (int j = 0; j < size; j++) {
                    ci[cc + j] += aik * bk[bc + j];
                }
            }
        }
    }

    /** A checksum of C that a misplaced or missing block changes: Σ C[i][j]·(i·n + j + 1), exact here. */
    static double weightedSum(double[][] c) {
        int n = c.length;
        double s = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                s += c[i][j] * (i * n + j + 1);
            }
        }
        return s;
    }

    public static Kernel matmul(int n, int block) {
        if (n < block || Integer.bitCount(n / block) != 1 || n % block != 0) {
            throw new IllegalArgumentException("n must be the block size times a power of two: " + n + ", " + block);
        }
        double[][] a = new double[n][n];
        double[][] b = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                // Small integers: every product and partial sum is an exact double, whatever the order.
                a[i][j] = (i * 7 + j * 3) % 10;
                b[i][j] = (i * 5 + j * 11 + 1) % 10;
            }
        }
        double[][] reference = new double[n][n];
        multiplyBlock(a, 0, 0, b, 0, 0, reference, 0, 0, n);
        double expected = weightedSum(reference);
        double[][] c = new double[n][n];
        return new Kernel() {
            @Override
            public double onForkJoinPool(ForkJoinPool pool) {
                clear(c);
                pool.invoke(new FjMultiplier(a, 0, 0, b, 0, 0, c, 0, 0, n, block));
                return weightedSum(c);
            }

            @Override
            public double onExecutor(BwosExecutor executor) {
                clear(c);
                executor.invoke(new BwMultiplier(a, 0, 0, b, 0, 0, c, 0, 0, n, block));
                return weightedSum(c);
            }

            @Override
            public boolean check(double result) {
                return result == expected;
            }
        };
    }

    static void clear(double[][] c) {
        for (double[] row : c) {
            Arrays.fill(row, 0);
        }
    }

    /**
     * jsr166's Multiplier: C += A×B; above the block size, the four quadrants of C each get two
     * products, run one after the other by a {@link FjSeq} (they add into the same quadrant), the four
     * pairs in parallel.
     */
    static final class FjMultiplier extends RecursiveAction {
        private static final long serialVersionUID = 1L;
        final double[][] a;
        final int ar;
        final int ac;
        final double[][] b;
        final int br;
        final int bc;
        final double[][] c;
        final int cr;
        final int cc;
        final int size;
        final int block;

        FjMultiplier(double[][] a, int ar, int ac, double[][] b, int br, int bc, double[][] c, int cr, int cc,
                int size, int block) {
            this.a = a;
            this.ar = ar;
            this.ac = ac;
            this.b = b;
            this.br = br;
            this.bc = bc;
            this.c = c;
            this.cr = cr;
            this.cc = cc;
            this.size = size;
            this.block = block;
        }

        @Override
        protected void compute() {
            if (size <= block) {
                multiplyBlock(a, ar, ac, b, br, bc, c, cr, cc, size);
                return;
            }
            int h = size / 2;
            invokeAll(new RecursiveAction[] {
                seq(0, 0, 0, 0, 0, 0, h),
                seq(0, 0, 0, h, 0, h, h),
                seq(h, 0, 0, 0, h, 0, h),
                seq(h, 0, 0, h, h, h, h),
            });
        }

        /** C[i][j] quadrant += A[i][0]·B[0][j] then A[i][1]·B[1][j] (quadrant offsets in elements). */
        private FjSeq seq(int ai, int ak, int bk, int bj, int ci, int cj, int h) {
            return new FjSeq(
                    new FjMultiplier(a, ar + ai, ac + ak, b, br + bk, bc + bj, c, cr + ci, cc + cj, h, block),
                    new FjMultiplier(a, ar + ai, ac + ak + h, b, br + bk + h, bc + bj, c, cr + ci, cc + cj, h,
                            block));
        }
    }

    /** Runs two tasks one after the other (jsr166's Seq). */
    static final class FjSeq extends RecursiveAction {
        private static final long serialVersionUID = 1L;
        final RecursiveAction first;
        final RecursiveAction second;

        FjSeq(RecursiveAction first, RecursiveAction second) {
            this.first = first;
            this.second = second;
        }

        @Override
        protected void compute() {
            first.invoke();
            second.invoke();
        }
    }

    static final class BwMultiplier extends BwosRecursiveAction {
        final double[][] a;
        final int ar;
        final int ac;
        final double[][] b;
        final int br;
        final int bc;
        final double[][] c;
        final int cr;
        final int cc;
        final int size;
        final int block;

        BwMultiplier(double[][] a, int ar, int ac, double[][] b, int br, int bc, double[][] c, int cr, int cc,
                int size, int block) {
            this.a = a;
            this.ar = ar;
            this.ac = ac;
            this.b = b;
            this.br = br;
            this.bc = bc;
            this.c = c;
            this.cr = cr;
            this.cc = cc;
            this.size = size;
            this.block = block;
        }

        @Override
        protected void compute() {
            if (size <= block) {
                multiplyBlock(a, ar, ac, b, br, bc, c, cr, cc, size);
                return;
            }
            int h = size / 2;
            invokeAll(
                    seq(0, 0, 0, 0, 0, 0, h),
                    seq(0, 0, 0, h, 0, h, h),
                    seq(h, 0, 0, 0, h, 0, h),
                    seq(h, 0, 0, h, h, h, h));
        }

        private BwSeq seq(int ai, int ak, int bk, int bj, int ci, int cj, int h) {
            return new BwSeq(
                    new BwMultiplier(a, ar + ai, ac + ak, b, br + bk, bc + bj, c, cr + ci, cc + cj, h, block),
                    new BwMultiplier(a, ar + ai, ac + ak + h, b, br + bk + h, bc + bj, c, cr + ci, cc + cj, h,
                            block));
        }
    }

    static final class BwSeq extends BwosRecursiveAction {
        final BwosRecursiveAction first;
        final BwosRecursiveAction second;

        BwSeq(BwosRecursiveAction first, BwosRecursiveAction second) {
            this.first = first;
            this.second = second;
        }

        @Override
        protected void compute() {
            first.invoke();
            second.invoke();
        }
    }
}
