package io.github.taskpools.jmh.forkjoin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.taskpools.executor.BwosExecutor;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Every kernel of {@code executor-fork-join} computes the sequential answer on both pools. */
@Timeout(value = 120, unit = TimeUnit.SECONDS) // a lost task fails the test instead of hanging the build
class KernelsTest {
    @Test
    void everyKernelIsRightOnBothPools() throws InterruptedException {
        ForkJoinPool fjp = new ForkJoinPool(2);
        try (BwosExecutor bwos = BwosExecutor.builder().parallelism(2).build()) {
            for (String name : Kernels.ALL) {
                Kernels.Kernel k = Kernels.byName(name);
                for (int i = 0; i < 3; i++) {
                    double a = k.onExecutor(bwos);
                    assertTrue(k.check(a), name + " on BwosExecutor: " + a);
                    double b = k.onForkJoinPool(fjp);
                    assertTrue(k.check(b), name + " on ForkJoinPool: " + b);
                    assertEquals(a, b, name);
                }
                assertFalse(k.check(k.onExecutor(bwos) + 1), name + ": the check rejects a wrong answer");
            }
        } finally {
            fjp.shutdown();
            assertTrue(fjp.awaitTermination(10, TimeUnit.SECONDS));
        }
    }

    @Test
    void smallSizesMatchTheirReferences() {
        assertEquals(832040, Kernels.fibSeq(30));
        assertEquals(2680, Kernels.queensSeq(11, 0, 0, 0, 0));
        double[][] a = {{1, 2}, {3, 4}};
        double[][] b = {{5, 6}, {7, 8}};
        double[][] c = new double[2][2];
        Kernels.multiplyBlock(a, 0, 0, b, 0, 0, c, 0, 0, 2);
        assertEquals(19 * 1 + 22 * 2 + 43 * 3 + 50 * 4, Kernels.weightedSum(c));
        assertThrows(IllegalArgumentException.class, () -> Kernels.matmul(96, 32), "3 blocks do not halve");
        assertThrows(IllegalArgumentException.class, () -> Kernels.byName("nope"));
    }
}
