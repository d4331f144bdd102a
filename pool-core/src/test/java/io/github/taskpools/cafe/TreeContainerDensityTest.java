package io.github.taskpools.cafe;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Lemma 4 (§4.2), checked statistically: in a TreeContainer of height h, when a put fails the tree
 * holds at least {@code 2^((k+2)/(k+3)·h)} tasks, with probability at least
 * {@code 1 - 2^-((3 - 7/(k+3))·h + k + 1)}. Each trial fills a fresh tree with random puts until
 * the first one fails and counts the occupied nodes. The number of trials below the bound must be
 * plausible for the lemma's failure probability p: the test fails if, with n trials, seeing that
 * many or more has probability below 10^-6 under Binomial(n, p) (for large h, p is so small that a
 * single trial below the bound fails the test).
 */
class TreeContainerDensityTest {

    @ParameterizedTest(name = "h={0} k={1}")
    @CsvSource({
        "2,1", "4,1", "4,3", "6,1", "6,2", "8,1", "8,3", "10,1", "10,3", "10,8", "12,1", "12,3", "12,6",
        "14,3"})
    void aFailedPutFindsADenseTree(int h, int k) {
        int trials = h >= 12 ? 120 : 400;
        double bound = Math.pow(2, (k + 2.0) / (k + 3.0) * h);
        double p = Math.pow(2, -((3 - 7.0 / (k + 3)) * h + k + 1)); // the lemma's failure probability
        SplittableRandom rnd = new SplittableRandom(h * 1_000L + k);
        int below = 0;
        long min = Long.MAX_VALUE;
        long sum = 0;
        for (int trial = 0; trial < trials; trial++) {
            TreeContainer<Integer> tree = new TreeContainer<>(h, k);
            int n = 0;
            while (tree.put(n, rnd)) {
                n++;
            }
            if (n < bound) {
                below++;
            }
            min = Math.min(min, n);
            sum += n;
            assertTrue(n == tree.reservedCount(), "occupied nodes are the tasks put");
        }
        double tail = binomialTail(trials, p, below);
        System.out.printf("density h=%d k=%d: bound %.0f, min %d, mean %.0f of %d nodes (%.1f%%), "
                        + "%d of %d fills below the bound (lemma allows p=%.2g each; P(>= that many)=%.3g)%n",
                h, k, bound, min, (double) sum / trials, (1 << (h + 1)) - 1,
                100.0 * sum / trials / ((1 << (h + 1)) - 1), below, trials, p, tail);
        assertTrue(tail >= 1e-6, "h=" + h + " k=" + k + ": " + below + " of " + trials
                + " fills stopped below " + bound + " tasks; the lemma makes that improbable (" + tail + ")");
    }

    /** P(X >= x) for X ~ Binomial(n, p), summed in logs. */
    static double binomialTail(int n, double p, int x) {
        if (x <= 0) {
            return 1;
        }
        double total = 0;
        for (int i = x; i <= n; i++) {
            double logTerm = logChoose(n, i) + i * Math.log(p) + (n - i) * Math.log1p(-p);
            total += Math.exp(logTerm);
        }
        return Math.min(1, total);
    }

    private static double logChoose(int n, int i) {
        double s = 0;
        for (int j = 1; j <= i; j++) {
            s += Math.log(n - i + j) - Math.log(j);
        }
        return s;
    }
}
