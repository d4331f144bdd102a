package io.github.taskpools.testkit;

import io.github.taskpools.api.WorkStealingDeque;
import java.time.Duration;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * Conservation stress: one owner pushes tasks {@code 1..n} (popping some back) while thieves steal,
 * one by one and in batches, with random stalls injected on every side. Every task must be taken
 * exactly once: each thread records what it took in its own bit set, and the merge fails on any
 * task taken twice or never; the sums of the task values are compared as a second check.
 */
public final class Conservation {
    private Conservation() {
    }

    /** The outcome, for reporting. */
    public record Result(long tasks, long popped, long stolen, long batchStolen) {
    }

    /**
     * Runs the stress test.
     *
     * @param factory makes the victim deque (owned by the owner thread, which calls
     *     {@link WorkStealingDeque#bindOwner()}) and, per thief, a deque for batch steals
     * @param thieves number of thief threads
     * @param tasks number of tasks to push
     * @param seed random seed
     */
    public static Result run(Supplier<WorkStealingDeque<Long>> factory, int thieves, int tasks, long seed)
            throws InterruptedException {
        WorkStealingDeque<Long> victim = factory.get();
        AtomicBoolean ownerDone = new AtomicBoolean();
        long[] batch = new long[thieves + 1];
        StressRun run = new StressRun(tasks);

        StressRun.Taken owner = run.taken();
        run.thread("owner", () -> {
            victim.bindOwner();
            SplittableRandom rnd = new SplittableRandom(seed);
            long next = 1;
            while (next <= tasks) {
                int burst = 1 + rnd.nextInt(300);
                for (int i = 0; i < burst && next <= tasks; i++) {
                    Long t = next;
                    if (victim.push(t)) {
                        next++;
                    } else {
                        break; // full: pop some below
                    }
                }
                int pops = rnd.nextInt(burst + 1) * 3 / 4; // the deque tends to fill up
                if (rnd.nextInt(8) == 0) {
                    StressRun.spin(rnd.nextInt(4_000)); // a long task: thieves get a window
                }
                for (int i = 0; i < pops; i++) {
                    Long t = victim.pop();
                    if (t == null) {
                        break;
                    }
                    owner.record(t);
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
                WorkStealingDeque<Long> own = factory.get();
                own.bindOwner();
                SplittableRandom rnd = new SplittableRandom(seed * 31 + id);
                // Keep stealing until the owner is done AND a steal after that found nothing.
                boolean lastRound = false;
                while (true) {
                    boolean done = ownerDone.get();
                    Long t;
                    if (rnd.nextInt(16) == 0) {
                        int moved = victim.stealInto(own, 1 + rnd.nextInt(64));
                        batch[id] += moved;
                        while ((t = own.pop()) != null) {
                            mine.record(t);
                        }
                        t = moved > 0 ? Long.valueOf(0) : null;
                    } else {
                        t = victim.steal();
                        if (t != null) {
                            mine.record(t);
                        }
                    }
                    if (t == null && done) {
                        if (lastRound) {
                            break;
                        }
                        lastRound = true;
                    }
                    StressRun.stall(rnd);
                }
            });
        }

        long[] counts = run.runAndVerify(Duration.ofMinutes(5));
        long batches = 0;
        for (long b : batch) {
            batches += b;
        }
        return new Result(tasks, counts[0], tasks - counts[0], batches);
    }
}
