package io.github.taskpools.bwos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.taskpools.testkit.StressRun;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Grant on request in {@link LifoBwosDeque} (a thief's {@link LifoBwosDeque#requestGrant()}; the
 * owner's next push grants the older half of its top block).
 *
 * <p>(a) A sequential model: random push/pop/steal/requestGrant/stealInto from one thread (BWoS
 * steals and requests are any-thread, so one thread may play all parts) against an
 * {@link ArrayDeque} in push order, on 3 and 4 blocks of 1, 2, 4 and 8 entries, so that
 * wrap-around, rounds and grants on request happen all the time. Pops are LIFO, steals take the
 * oldest task, nothing is lost or duplicated, a steal fails only when every task is in the owner's
 * block, a request after a failed steal followed by one push makes the next steal succeed, and
 * {@code remainingCapacity()} stays a lower bound on the pushes that succeed while requests and
 * steals come in between; {@code ownerBlockSize()} is never above the tasks held and equals them
 * whenever a steal fails. (The model reads the owner's {@code blockEnd}, package-private.)
 *
 * <p>(b) A conservation stress in the fork/join shape that BWoS alone cannot serve (§8): the
 * owner keeps fewer tasks than a block, so nothing is ever stolen unless the thieves' requests
 * are answered; thieves request whenever a steal fails, also from each other's batch deques.
 */
class LifoGrantOnRequestTest {

    // ------------------------------------------------------------------ (a) sequential model

    static Stream<Arguments> shapes() {
        return Stream.of(3, 4).flatMap(blocks -> Stream.of(1, 2, 4, 8).map(size -> Arguments.of(blocks, size)));
    }

    @ParameterizedTest(name = "{0} x {1}")
    @MethodSource("shapes")
    void sequentialModel(int blocks, int size) {
        long grants = 0;
        long onRequest = 0;
        for (long seed = 1; seed <= 40; seed++) {
            long[] g = runModel(blocks, size, seed, 20_000);
            grants += g[0];
            onRequest += g[1];
        }
        assertTrue(onRequest > 1_000, "too few grants on request to test them: " + onRequest);
        assertTrue(grants > onRequest, "grantCount counts full-block grants too: " + grants + " vs " + onRequest);
    }

    /** @return grantCount() and grantsOnRequest() at the end of the run */
    private static long[] runModel(int blocks, int size, long seed, int steps) {
        LifoBwosDeque<Long> q = new LifoBwosDeque<>(blocks, size);
        ArrayDeque<Long> model = new ArrayDeque<>();
        SplittableRandom rnd = new SplittableRandom(seed);
        long next = 1;
        int pushBias = 60;
        long lastGrants = 0;
        long lastOnRequest = 0;
        for (int step = 0; step < steps; step++) {
            if (step % 499 == 0) {
                pushBias = rnd.nextInt(20, 81);
            }
            String where = " (" + blocks + " x " + size + ", seed " + seed + ", step " + step + ", model size "
                    + model.size() + ")";
            int op = rnd.nextInt(100);
            if (op < pushBias) {
                Long task = next++;
                if (q.push(task)) {
                    model.addLast(task);
                } else {
                    assertTrue(model.size() >= (blocks - 2) * size, "push refused too early" + where);
                }
            } else if (op < pushBias + (100 - pushBias) / 2) {
                assertEquals(model.pollLast(), q.pop(), "pop" + where);
            } else if (op < 93) {
                Long got = q.steal();
                if (got == null) {
                    stealFailed(q, model, where);
                    if (rnd.nextInt(4) != 0) {
                        next = requestPushSteal(q, model, next, where);
                    }
                } else {
                    assertEquals(model.pollFirst(), got, "steal: the oldest task" + where);
                }
            } else if (op < 97) {
                boolean held = q.ownerBlockSize() > 0;
                assertEquals(held, q.requestGrant(), "requestGrant: whether the owner's block holds tasks" + where);
            } else if (op < 99) {
                stealIntoRequested(q, model, rnd, where);
            } else {
                next = capacityPromise(q, model, rnd, next, where);
            }
            long grants = q.grantCount();
            long onRequest = q.grantsOnRequest();
            assertTrue(grants >= lastGrants && onRequest >= lastOnRequest && onRequest <= grants,
                    "grant counts: " + grants + ", " + onRequest + where);
            lastGrants = grants;
            lastOnRequest = onRequest;
            int held = q.ownerBlockSize();
            assertTrue(held >= 0 && held <= model.size(), "ownerBlockSize " + held + " of " + model.size() + where);
            if (step % 32 == 0) {
                assertEquals(model.size(), q.sizeEstimate(), "sizeEstimate" + where);
            }
        }
        while (!model.isEmpty()) {
            assertEquals(model.pollLast(), q.pop(), "final drain (seed " + seed + ")");
        }
        assertNull(q.pop(), "pop on an empty deque");
        assertNull(q.steal(), "steal on an empty deque");
        assertFalse(q.requestGrant(), "request to an empty deque");
        return new long[] {q.grantCount(), q.grantsOnRequest()};
    }

    /** A failed steal: every task left is in the owner's block. */
    private static void stealFailed(LifoBwosDeque<Long> q, ArrayDeque<Long> model, String where) {
        assertEquals(model.size(), q.ownerBlockSize(),
                "steal found nothing while tasks lay outside the owner's block" + where);
    }

    /**
     * After a failed steal (no granted block has entries): a request, one push, and the next steal
     * must succeed with the oldest task. The push grants on request if it has room in its block,
     * else it grants the full block as usual; one grant either way.
     */
    private static long requestPushSteal(LifoBwosDeque<Long> q, ArrayDeque<Long> model, long next, String where) {
        boolean held = !model.isEmpty();
        assertEquals(held, q.requestGrant(), "requestGrant after a failed steal" + where);
        boolean room = q.putSlot < q.blockEnd;
        long grants = q.grantCount();
        long onRequest = q.grantsOnRequest();
        Long task = next++;
        assertTrue(q.push(task), "push after a failed steal cannot find the ring full" + where);
        model.addLast(task);
        if (!held) {
            return next; // no request now (an earlier one may still wait and be answered by this push)
        }
        assertEquals(grants + 1, q.grantCount(), "one grant answers the request" + where);
        assertEquals(onRequest + (room ? 1 : 0), q.grantsOnRequest(), "grant on request iff the block had room" + where);
        Long got = q.steal();
        assertNotNull(got, "steal after a request and a push found nothing" + where);
        assertEquals(model.pollFirst(), got, "steal after a grant on request: the oldest task" + where);
        return next;
    }

    /**
     * {@code stealInto} a destination that was asked for a grant: its pushes may answer the
     * request, which must not make it refuse a push within its {@code remainingCapacity()}.
     */
    private static void stealIntoRequested(LifoBwosDeque<Long> q, ArrayDeque<Long> model, SplittableRandom rnd,
            String where) {
        int blocks = q.blockCount();
        int size = q.blockSize();
        LifoBwosDeque<Long> sink = new LifoBwosDeque<>(blocks, size);
        int fillers = rnd.nextInt(blocks * size);
        long filler = -1;
        for (int i = 0; i < fillers && sink.push(filler); i++) {
            filler--;
        }
        for (int i = rnd.nextInt(3); i > 0; i--) {
            sink.steal(); // move the sink's thieves along a little (fillers only)
        }
        sink.requestGrant();
        int max = 1 + rnd.nextInt(2 * size);
        int moved = q.stealInto(sink, max); // a failed push within remainingCapacity() throws here
        assertTrue(moved >= 0 && moved <= max, "stealInto moved " + moved + where);
        Set<Long> got = new HashSet<>();
        for (Long t; (t = sink.pop()) != null || (t = sink.steal()) != null; ) {
            if (t > 0 && !got.add(t)) {
                fail("stealInto: task " + t + " twice" + where);
            }
        }
        assertEquals(moved, got.size(), "stealInto: tasks in the destination" + where);
        for (int i = 0; i < moved; i++) {
            Long oldest = model.pollFirst();
            assertTrue(got.contains(oldest), "stealInto did not move the oldest task " + oldest + where);
        }
    }

    /**
     * {@code remainingCapacity()} is a lower bound on the pushes that succeed whatever thieves do,
     * requests included: push that many with steals and requests in between.
     */
    private static long capacityPromise(LifoBwosDeque<Long> q, ArrayDeque<Long> model, SplittableRandom rnd,
            long next, String where) {
        int promised = q.remainingCapacity();
        for (int i = 0; i < promised; i++) {
            int r = rnd.nextInt(8);
            if (r == 0) {
                Long got = q.steal();
                if (got != null) {
                    assertEquals(model.pollFirst(), got, "steal during the capacity check" + where);
                }
            } else if (r == 1) {
                q.requestGrant();
            }
            Long task = next++;
            assertTrue(q.push(task), "push " + (i + 1) + " of the " + promised + " remainingCapacity() promised" + where);
            model.addLast(task);
        }
        return next;
    }

    /**
     * The regression the model found: 3 blocks of 4 with one task promised 11 pushes; a request
     * made the owner waste the rest of its block, the 9th push failed, and a {@code stealInto}
     * into such a deque threw after claiming its batch, losing what it could not push.
     */
    @Test
    void stealIntoADestinationAskedForAGrantLosesNothing() throws Exception {
        LifoBwosDeque<Long> victim = new LifoBwosDeque<>(3, 16);
        for (long t = 1; t <= 32; t++) {
            assertTrue(victim.push(t)); // block 0 (1..16) granted
        }
        LifoBwosDeque<Long> dest = new LifoBwosDeque<>(3, 4);
        dest.push(100L);
        int promised = dest.remainingCapacity();
        assertTrue(CompletableFuture.supplyAsync(dest::requestGrant).get(), "dest holds a task in its block");
        int moved = victim.stealInto(dest, 16);
        assertTrue(moved >= 1 && moved <= promised, "moved " + moved + ", promised " + promised);
        Set<Long> got = new HashSet<>();
        for (Long t; (t = dest.pop()) != null || (t = dest.steal()) != null; ) {
            assertTrue(got.add(t), "twice: " + t);
        }
        assertEquals(moved + 1, got.size(), "destination lost tasks: " + got);
        assertEquals(1, dest.grantsOnRequest(), "the first push answered the request");
    }

    /** The shape the feature is for: a lone task, a request, and the thief gets it. */
    @Test
    void aLoneTaskIsGrantedOnRequest() throws Exception {
        LifoBwosDeque<Long> q = new LifoBwosDeque<>(3, 8);
        assertTrue(q.push(1L));
        assertNull(CompletableFuture.supplyAsync(q::steal).get(), "hidden in the owner's block");
        assertTrue(CompletableFuture.supplyAsync(q::requestGrant).get());
        assertEquals(0, q.grantCount());
        assertTrue(q.push(2L)); // grants [1] (the older half, rounded up), keeps [2]
        assertEquals(1, q.grantCount());
        assertEquals(1, q.grantsOnRequest());
        assertEquals(1L, CompletableFuture.supplyAsync(q::steal).get());
        assertNull(CompletableFuture.supplyAsync(q::steal).get());
        assertEquals(2L, q.pop());
        assertNull(q.pop());
    }

    // ------------------------------------------------------------------ (b) conservation stress

    /**
     * One owner in the fork/join shape (push a few, pop a few, never more than a block's worth held),
     * 1-2 thieves that request a grant whenever a steal fails, random stalls. Every task is taken
     * exactly once, and the thieves must get a real share: with BWoS alone they would get nothing,
     * since the owner never fills a block.
     */
    @ParameterizedTest(name = "{1} x {2}, {0} thieves, {3} tasks")
    @CsvSource({"1, 3, 4, 2000000", "2, 4, 8, 2000000", "2, 8, 64, 2000000"})
    void conservation(int thieves, int blocks, int size, int tasks) throws InterruptedException {
        long seed = 1234 + blocks * 31L + thieves;
        LifoBwosDeque<Long> victim = new LifoBwosDeque<>(blocks, size);
        AtomicBoolean ownerDone = new AtomicBoolean();
        StressRun run = new StressRun(tasks);
        @SuppressWarnings("unchecked")
        LifoBwosDeque<Long>[] sinks = new LifoBwosDeque[thieves];
        for (int i = 0; i < thieves; i++) {
            sinks[i] = new LifoBwosDeque<>(3, 4); // small: remainingCapacity() is tight
        }
        long[] requests = new long[thieves];
        long[] victimGrants = new long[2];

        StressRun.Taken owner = run.taken();
        run.thread("owner", () -> {
            victim.bindOwner();
            SplittableRandom rnd = new SplittableRandom(seed);
            long next = 1;
            int held = 0; // pushed minus popped: at least what the deque holds
            while (next <= tasks) {
                int burst = 1 + rnd.nextInt(Math.max(1, size - 1 - held));
                for (int i = 0; i < burst && held < size - 1 && next <= tasks; i++) {
                    if (!victim.push(next)) {
                        break;
                    }
                    next++;
                    held++;
                }
                if (rnd.nextInt(16) == 0) {
                    StressRun.spin(rnd.nextInt(2_000)); // a longer task: the thieves' window
                }
                for (int pops = rnd.nextInt(held + 1); pops > 0; pops--) {
                    Long t = victim.pop();
                    if (t == null) {
                        held = 0; // nothing left: the thieves took the rest
                        break;
                    }
                    owner.record(t);
                    held--;
                }
                StressRun.stall(rnd);
            }
            for (Long t; (t = victim.pop()) != null; ) {
                owner.record(t);
            }
            victimGrants[0] = victim.grantCount();
            victimGrants[1] = victim.grantsOnRequest();
        }, () -> ownerDone.set(true));

        for (int th = 0; th < thieves; th++) {
            int id = th;
            StressRun.Taken mine = run.taken();
            run.thread("thief-" + th, () -> {
                LifoBwosDeque<Long> own = sinks[id];
                own.bindOwner();
                SplittableRandom rnd = new SplittableRandom(seed * 17 + id);
                boolean lastRound = false;
                while (true) {
                    boolean done = ownerDone.get();
                    boolean got;
                    if (rnd.nextInt(16) == 0) {
                        int moved = victim.stealInto(own, 1 + rnd.nextInt(8));
                        for (Long t; (t = own.pop()) != null; ) {
                            mine.record(t);
                        }
                        got = moved > 0;
                    } else {
                        Long t = victim.steal();
                        got = t != null;
                        if (got) {
                            mine.record(t);
                        }
                    }
                    if (!got) {
                        if (victim.requestGrant()) {
                            requests[id]++;
                        }
                        if (thieves > 1 && rnd.nextInt(4) == 0) {
                            // Another thief's batch deque: ask it too, and steal from it.
                            LifoBwosDeque<Long> other = sinks[(id + 1) % thieves];
                            other.requestGrant();
                            Long t = other.steal();
                            if (t != null) {
                                mine.record(t);
                                got = true;
                            }
                        }
                    }
                    if (!got && done) {
                        if (lastRound) {
                            break;
                        }
                        lastRound = true;
                    }
                    StressRun.stall(rnd);
                }
            });
        }

        long[] counts = run.runAndVerify(Duration.ofMinutes(2));
        long stolen = tasks - counts[0];
        long asked = 0;
        for (long r : requests) {
            asked += r;
        }
        String report = String.format("%d x %d, %d thieves: %d tasks, %d stolen, %d requests, %d grants, %d on request",
                blocks, size, thieves, tasks, stolen, asked, victimGrants[0], victimGrants[1]);
        System.out.println(report);
        // The owner never holds a block's worth: without answered requests nothing is stealable.
        assertTrue(stolen >= tasks / 500, "the thieves got too small a share: " + report);
        assertTrue(victimGrants[1] > 1_000, "too few grants on request: " + report);
    }
}
