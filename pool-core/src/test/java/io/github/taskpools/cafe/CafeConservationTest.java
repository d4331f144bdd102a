package io.github.taskpools.cafe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.taskpools.testkit.StressRun;
import java.time.Duration;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Conservation stress: P producers put disjoint ranges of task numbers while C consumers get, with
 * random stalls (yields, parks, spins) on every side, so puts land in trees the consumers have
 * passed (moveGTBack), consumers move GT while producers move it back, and trees are appended
 * under contention. Every task must be got exactly once: each consumer records what it got in its
 * own bit set, the merge fails on a task got twice or never, and the sums are compared. A consumer
 * stops only after a get that started once every producer had finished returned null (Theorem 1:
 * then every task has been got).
 */
class CafeConservationTest {

    @ParameterizedTest(name = "h={0} k={1} producers={2} consumers={3}")
    @CsvSource({
        "0,1,1,1", "0,1,2,2", "1,1,2,2", "1,1,3,1", "1,2,1,3", "2,1,2,2", "3,3,2,2", "5,1,3,3",
        "8,3,2,2", "12,3,2,2", "12,1,1,3"})
    void everyTaskIsGotExactlyOnce(int h, int k, int producers, int consumers) throws Exception {
        int perProducer = 150_000 / producers;
        int tasks = perProducer * producers;
        CafePool<Integer> pool = CafePool.builder().height(h).k(k).seed(h * 131L + producers).build();
        AtomicInteger producing = new AtomicInteger(producers);
        StressRun run = new StressRun(tasks);
        for (int p = 0; p < producers; p++) {
            int first = 1 + p * perProducer;
            long seed = h * 7919L + p;
            run.thread("producer-" + p, () -> {
                CafePool<Integer>.Handle me = pool.producer();
                SplittableRandom rnd = new SplittableRandom(seed);
                for (int t = first; t < first + perProducer; t++) {
                    assertTrue(me.put(t));
                    StressRun.stall(rnd);
                }
            }, producing::decrementAndGet);
        }
        for (int c = 0; c < consumers; c++) {
            long seed = h * 104_729L + c;
            StressRun.Taken mine = run.taken();
            run.thread("consumer-" + c, () -> {
                CafePool<Integer>.Handle me = pool.consumer();
                SplittableRandom rnd = new SplittableRandom(seed);
                while (true) {
                    boolean allPut = producing.get() == 0;
                    Integer t = me.get();
                    if (t == null) {
                        if (allPut) {
                            break;
                        }
                        Thread.onSpinWait();
                        continue;
                    }
                    mine.record(t);
                    StressRun.stall(rnd);
                }
            });
        }
        run.runAndVerify(Duration.ofMinutes(2));
        CafePool.Stats s = pool.stats();
        assertEquals(tasks, s.puts());
        assertEquals(tasks, s.gets());
        System.out.printf("conservation h=%d k=%d %dP/%dC: %d tasks, %d trees appended, GT moved back %d times, "
                        + "%.4f CAS failures per operation (put %d, get %d), %d empty gets%n",
                h, k, producers, consumers, tasks, s.treesAppended(), s.gtMovedBack(),
                s.casFailuresPerOperation(), s.putCasFailures(), s.getCasFailures(), s.emptyGets());
    }
}
