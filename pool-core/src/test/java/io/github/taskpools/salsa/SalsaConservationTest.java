package io.github.taskpools.salsa;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.taskpools.api.Topology;
import io.github.taskpools.testkit.StressRun;
import java.time.Duration;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Conservation stress: producers put tasks {@code 1..n} while consumers get, with random stalls
 * injected everywhere, including consumers that sleep while they own chunks and one that stops for
 * good halfway (its tasks must still come out, stolen by the others: §4, "tasks are not lost in
 * case they are inserted into the SCPool of a crashed (or very slow) consumer"). Every task must
 * be taken exactly once: each consumer records what it took in its own bit set, the merge fails
 * on a task taken twice or never, and the sums of the task values are compared as a second check.
 * A consumer stops when the producers are done and get returns null, which, being linearizable,
 * means every task was taken.
 */
class SalsaConservationTest {

    @ParameterizedTest(name = "consumers={0} producers={1} chunk={2} fence={3} crash={4} SALSA+CAS={5}")
    @CsvSource({
        "2, 2, 1000, ASYMMETRIC, false, false",
        "2, 2, 1000, FULL, false, false",
        "3, 2, 16, ASYMMETRIC, true, false",
        "3, 2, 16, FULL, true, false",
        "2, 1, 3, ASYMMETRIC, true, false",
        "4, 3, 64, FULL, false, false",
        "4, 3, 1, ASYMMETRIC, false, false",
        "2, 2, 1000, FULL, false, true",
        "3, 2, 16, FULL, true, true",
        "4, 3, 1, FULL, false, true"
    })
    void everyTaskExactlyOnce(int consumers, int producers, int chunk, FenceMode fence, boolean crash, boolean cas)
            throws InterruptedException {
        int tasks = 150_000;
        SalsaPool<Long> pool = SalsaPool.builder(consumers, producers).chunkSize(chunk).chunkPoolCapacity(4)
                .fence(fence).consumeByCas(cas).topology(Topology.evenlySplit(2, 2)).build();
        AtomicInteger producing = new AtomicInteger(producers);
        StressRun run = new StressRun(tasks);
        for (int j = 0; j < producers; j++) {
            int id = j;
            run.thread("producer-" + j, () -> {
                SalsaPool<Long>.ProducerHandle me = pool.producer();
                SplittableRandom rnd = new SplittableRandom(id * 1_000_003L + chunk);
                for (long t = id + 1; t <= tasks; t += producers) {
                    me.put(t);
                    StressRun.stall(rnd);
                }
            }, producing::decrementAndGet);
        }
        for (int i = 0; i < consumers; i++) {
            int id = i;
            StressRun.Taken mine = run.taken();
            run.thread("consumer-" + i, () -> {
                SalsaPool<Long>.ConsumerHandle me = pool.consumer();
                SplittableRandom rnd = new SplittableRandom(id * 7_777_777L + chunk);
                while (true) {
                    boolean done = producing.get() == 0;
                    Long t = me.get();
                    if (t == null) {
                        if (done) {
                            // Every task is taken; one more scan of this pool's lists clears
                            // any node left dead by a steal that raced a retirement (§5.4).
                            if (me.consume() != null) {
                                throw new AssertionError("consumer " + id + " got a task after an empty get");
                            }
                            break;
                        }
                        Thread.onSpinWait();
                        continue;
                    }
                    mine.record(t);
                    if (crash && id == 0 && mine.count() == tasks / (4L * consumers)) {
                        break; // crashes holding chunks: the others must steal them
                    }
                    StressRun.stall(rnd);
                    if (id == consumers - 1 && rnd.nextInt(20_000) == 0) {
                        LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5)); // sleeps owning chunks
                    }
                }
            });
        }
        run.runAndVerify(Duration.ofSeconds(60));
        for (int i = crash ? 1 : 0; i < consumers; i++) { // a crashed consumer scans nothing more
            assertEquals(0, pool.deadCells(i), "consumer " + i + "'s lists keep dead nodes holding chunks");
        }
    }
}
