package io.github.taskpools.baselines.salsa;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.taskpools.api.TaskPool;
import io.github.taskpools.testkit.StressRun;
import java.time.Duration;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Conservation stress of the comparison pools of §6.2: producers put tasks {@code 1..n} through
 * thread-bound handles while consumers get, with random stalls everywhere and, in the crash cases,
 * a consumer that stops for good early (its queue's tasks must be stolen by the others). Every task
 * must be taken exactly once (per-consumer bit sets merged, sums compared). A consumer stops when
 * the producers are done and get returns null: with no put running, a null of these pools means
 * empty (tasks never move between their containers, and each container was seen empty after the
 * last put).
 */
class ComparisonPoolsConservationTest {

    @ParameterizedTest(name = "{0} consumers={1} producers={2} block={3} crash={4}")
    @CsvSource({
        "WS_MSQ, 2, 2, 1, false", "WS_MSQ, 3, 2, 1, true", "WS_MSQ, 4, 3, 1, false",
        "WS_LIFO, 2, 2, 1, false", "WS_LIFO, 3, 2, 1, true", "WS_LIFO, 4, 3, 1, false",
        "CONC_BAG, 2, 2, 128, false", "CONC_BAG, 3, 2, 3, true", "CONC_BAG, 4, 3, 1, false"
    })
    void everyTaskExactlyOnce(ComparisonPools kind, int consumers, int producers, int block, boolean crash)
            throws InterruptedException {
        int tasks = 150_000;
        TaskPool<Long> pool = kind.create(consumers, producers, block).pool();
        AtomicInteger producing = new AtomicInteger(producers);
        StressRun run = new StressRun(tasks);
        for (int j = 0; j < producers; j++) {
            int id = j;
            run.thread("producer-" + j, () -> {
                TaskPool.Producer<Long> me = pool.producer();
                SplittableRandom rnd = new SplittableRandom(id * 1_000_003L + block);
                for (long t = id + 1; t <= tasks; t += producers) {
                    assertTrue(me.put(t));
                    StressRun.stall(rnd);
                }
            }, producing::decrementAndGet);
        }
        for (int i = 0; i < consumers; i++) {
            int id = i;
            StressRun.Taken mine = run.taken();
            run.thread("consumer-" + i, () -> {
                TaskPool.Consumer<Long> me = pool.consumer();
                SplittableRandom rnd = new SplittableRandom(id * 7_777_777L + block);
                while (true) {
                    boolean done = producing.get() == 0;
                    Long t = me.get();
                    if (t == null) {
                        if (done) {
                            break;
                        }
                        Thread.onSpinWait();
                        continue;
                    }
                    mine.record(t);
                    if (crash && id == 0 && mine.count() == tasks / (4L * consumers)) {
                        break; // stops for good: the others must steal what is left in its queue
                    }
                    StressRun.stall(rnd);
                }
            });
        }
        run.runAndVerify(Duration.ofSeconds(60));
    }
}
