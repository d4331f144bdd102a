package io.github.taskpools.bwos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.taskpools.testkit.Conservation;
import io.github.taskpools.testkit.StressRun;
import java.time.Duration;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Conservation stress: 1 owner and 1-3 thieves, 10^7 tasks through the paper's default shape and
 * 2*10^6 through tiny blocks (where almost every operation crosses a block boundary, so takeover,
 * grant, reset and the thieves' block advance race all the time), with random stalls. FIFO is also
 * run with grant on request, its owner holding fewer tasks than a block ({@link #fifoWithRequests}).
 */
class BwosConservationTest {

    @ParameterizedTest(name = "LIFO {1}x{2}, {0} thieves, {3} tasks")
    @CsvSource({"1, 8, 64, 10000000", "2, 8, 64, 10000000", "3, 8, 64, 10000000",
                "1, 3, 1, 2000000", "2, 4, 3, 2000000", "3, 3, 2, 2000000"})
    void lifo(int thieves, int blocks, int size, int tasks) throws InterruptedException {
        Conservation.Result r = Conservation.run(() -> new LifoBwosDeque<>(blocks, size), thieves, tasks, 42 + thieves);
        System.out.println(r);
        assertTrue(r.stolen() > 0, "the thieves never stole: the test did not exercise the races " + r);
    }

    @ParameterizedTest(name = "FIFO {1}x{2}, {0} thieves, {3} tasks")
    @CsvSource({"1, 8, 64, 10000000", "2, 8, 64, 10000000", "3, 8, 64, 10000000",
                "1, 2, 1, 2000000", "2, 4, 3, 2000000", "3, 3, 2, 2000000"})
    void fifo(int thieves, int blocks, int size, int tasks) throws InterruptedException {
        Conservation.Result r = Conservation.run(() -> new FifoBwosDeque<>(blocks, size), thieves, tasks, 7 + thieves);
        System.out.println(r);
        assertTrue(r.stolen() > 0, "the thieves never stole: the test did not exercise the races " + r);
    }

    @ParameterizedTest(name = "FIFO randomized {1}x{2}, {0} thieves, {3} tasks")
    @CsvSource({"2, 8, 64, 10000000", "3, 4, 3, 2000000"})
    void fifoRandomized(int thieves, int blocks, int size, int tasks) throws InterruptedException {
        Conservation.Result r = Conservation.run(
                () -> new FifoBwosDeque<>(blocks, size, true), thieves, tasks, 99 + thieves);
        System.out.println(r);
        assertTrue(r.stolen() > 0, "the thieves never stole: the test did not exercise the races " + r);
    }

    /**
     * Grant on request under stress: the owner holds at most {@code held} tasks, fewer than a
     * block (it spawns a burst, working a little between spawns, then runs the burst), so the
     * consumer lives in the producer's block and, but for the grants at full blocks, hides every
     * task; thieves call {@code requestGrant()} whenever a steal or a batch steal found nothing.
     * Every task must be taken exactly once (bit sets and checksum), thieves must have stolen, and
     * the owner must have granted on request. In the first shape the whole run pushes fewer tasks
     * than a block holds: without requests the producer would never leave its first block and
     * thieves could steal nothing, and every grant must be one on request.
     */
    @ParameterizedTest(name = "FIFO with requests {1}x{2}, {0} thieves, {3} tasks, at most {4} held")
    @CsvSource({"1, 2, 1048576, 400000, 8", "1, 2, 8, 1000000, 5", "2, 4, 3, 1000000, 2",
                "2, 8, 64, 2000000, 32", "1, 3, 5, 1000000, 4"})
    void fifoWithRequests(int thieves, int blocks, int size, int tasks, int held) throws InterruptedException {
        FifoBwosDeque<Long> victim = new FifoBwosDeque<>(blocks, size);
        RequestResult r = runWithRequests(victim, thieves, tasks, held, 11 + thieves + size);
        System.out.println(r);
        assertTrue(r.stolen() > 0, "the thieves never stole " + r);
        assertTrue(r.grantsOnRequest() > 0, "the owner never granted on request " + r);
        assertTrue(r.grants() >= r.grantsOnRequest(), "grants on request are grants " + r);
        if (tasks < size) {
            assertEquals(r.grants(), r.grantsOnRequest(), "a grant at reset although no block filled " + r);
        }
    }

    /** The outcome of a run with requests, for reporting. */
    record RequestResult(long tasks, long popped, long stolen, long requests, long grants, long grantsOnRequest) {
    }

    private static RequestResult runWithRequests(FifoBwosDeque<Long> victim, int thieves, int tasks, int held,
            long seed) throws InterruptedException {
        AtomicBoolean ownerDone = new AtomicBoolean();
        long[] requests = new long[thieves + 1];
        StressRun run = new StressRun(tasks);
        StressRun.Taken owner = run.taken();
        run.thread("owner", () -> {
            victim.bindOwner();
            SplittableRandom rnd = new SplittableRandom(seed);
            long next = 1;
            while (next <= tasks) {
                int burst = 1 + rnd.nextInt(held);
                int pushed = 0;
                while (pushed < burst && next <= tasks && victim.push(next)) {
                    next++;
                    pushed++;
                    StressRun.spin(rnd.nextInt(100)); // the rest of the spawning task
                }
                for (int i = 0; i < pushed; i++) {
                    Long t = victim.pop();
                    if (t == null) {
                        break; // stolen
                    }
                    owner.record(t);
                    StressRun.spin(rnd.nextInt(100)); // running it
                }
                StressRun.stall(rnd);
            }
            for (Long t; (t = victim.pop()) != null; ) {
                owner.record(t);
            }
        }, () -> ownerDone.set(true));

        for (int th = 1; th <= thieves; th++) {
            int id = th;
            StressRun.Taken mine = run.taken();
            run.thread("thief-" + th, () -> {
                FifoBwosDeque<Long> own = new FifoBwosDeque<>(2, 64);
                SplittableRandom rnd = new SplittableRandom(seed * 31 + id);
                // Keep stealing until the owner is done AND a steal after that found nothing.
                boolean lastRound = false;
                while (true) {
                    boolean done = ownerDone.get();
                    boolean found;
                    if (rnd.nextInt(16) == 0) {
                        int moved = victim.stealInto(own, 1 + rnd.nextInt(8));
                        for (Long t; (t = own.pop()) != null; ) {
                            mine.record(t);
                        }
                        found = moved > 0;
                    } else {
                        Long t = victim.steal();
                        if (t != null) {
                            mine.record(t);
                        }
                        found = t != null;
                    }
                    if (!found) {
                        if (victim.requestGrant()) {
                            requests[id]++;
                        }
                        if (done) {
                            if (lastRound) {
                                break;
                            }
                            lastRound = true;
                        }
                    }
                    StressRun.stall(rnd);
                }
            });
        }

        long[] counts = run.runAndVerify(Duration.ofMinutes(5));
        long asked = 0;
        for (long n : requests) {
            asked += n;
        }
        // After the joins in runAndVerify: the owner's plain counts are exact here.
        return new RequestResult(tasks, counts[0], tasks - counts[0], asked, victim.grantCount(),
                victim.grantsOnRequest());
    }
}
