package io.github.taskpools.fencefree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.taskpools.api.StealResult;
import io.github.taskpools.api.WorkStealingDeque;
import io.github.taskpools.testkit.Conservation;
import java.lang.invoke.VarHandle;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntFunction;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Concurrent stress: no task lost or taken twice, one owner against one to three thieves with
 * random stalls ({@link Conservation}), for every variant with its default δ; and the last-task
 * race between the owner's pop and a thief's steal, run many times in isolation.
 *
 * <p>The default δ ({@link BoundedTso#defaultDelta()}, 64 unless the reordering-bound property is
 * set) is safe on this machine: the store-buffer probe measures 64 entries on its EPYC, so
 * S = 65 and δ = 33 would do. A δ below the machine's bound may lose the guarantee, and a failure
 * with one is the hardware's answer, not a test to weaken. The capacity leaves thieves room to
 * steal: they need more than δ tasks in sight.
 */
class FenceFreeConservationTest {
    private static final int TASKS = 2_000_000;
    private static final int CAPACITY = 256;
    private static final int LAST_TASK_ROUNDS = 20_000;
    /** The leader's random delay after the handshake: about the time the follower needs to see it. */
    private static final int LEADER_SPIN = 512;

    static Stream<Arguments> deques() {
        return Stream.of(
                Arguments.of("THE", (IntFunction<WorkStealingDeque<Long>>) TheDeque::new),
                Arguments.of("FF-THE", (IntFunction<WorkStealingDeque<Long>>) FfTheDeque::new),
                Arguments.of("FF-CL", (IntFunction<WorkStealingDeque<Long>>) FfClDeque::new),
                Arguments.of("THEP", (IntFunction<WorkStealingDeque<Long>>) ThepDeque::new),
                Arguments.of("THEP, h wraps", (IntFunction<WorkStealingDeque<Long>>)
                        c -> new ThepDeque<>(c, BoundedTso.defaultDelta(), (1L << 32) - 100_000)));
    }

    static Stream<Arguments> dequesAndThieves() {
        return deques().flatMap(a -> Stream.of(1, 2, 3).map(n -> Arguments.of(a.get()[0], a.get()[1], n)));
    }

    @ParameterizedTest(name = "{0}, {2} thieves")
    @MethodSource("dequesAndThieves")
    void everyTaskTakenExactlyOnce(String name, IntFunction<WorkStealingDeque<Long>> factory, int thieves)
            throws InterruptedException {
        Conservation.Result r = Conservation.run(() -> factory.apply(CAPACITY), thieves, TASKS, 17 + thieves);
        System.out.println(name + ", " + thieves + " thieves: " + r);
        assertTrue(r.stolen() > 0, "no task was stolen: the test raced nothing");
    }

    /** The last-task race: THE and THEP as in {@link #deques()}, FF-THE and FF-CL with δ = 1. */
    static Stream<Arguments> lastTaskDeques() {
        return Stream.of(
                Arguments.of("THE", (IntFunction<WorkStealingDeque<Long>>) TheDeque::new),
                Arguments.of("FF-THE, δ 1", (IntFunction<WorkStealingDeque<Long>>) c -> new FfTheDeque<>(c, 1)),
                Arguments.of("FF-CL, δ 1", (IntFunction<WorkStealingDeque<Long>>) c -> new FfClDeque<>(c, 1)),
                Arguments.of("THEP", (IntFunction<WorkStealingDeque<Long>>) ThepDeque::new));
    }

    /**
     * The race for the last task, every round from scratch: exactly one of owner and thief gets
     * each task. They meet at a handshake, led by the thief in even rounds and by the owner in odd
     * ones, and then each spins a random few iterations, so the takes and the steals overlap in
     * every order (the leader spins longer: the follower needs a cache miss to see the handshake).
     *
     * <p>THE and THEP: one task; the owner pops it while a thief calls {@code trySteal} once. THE's
     * thief may win; THEP's thief waits for the owner and, with nothing else left, ends
     * empty-handed.
     *
     * <p>FF-THE and FF-CL: with one task and δ >= 1 their thief answers from its first read of T
     * and never races, so here δ = 1 and the round holds δ + 1 = 2 tasks: a thief that reads T
     * before the owner's first take passes the δ check and goes for task 0 (then task 1) while the
     * owner takes task 1 and then task 0, the last one; the thief calls {@code trySteal} until EMPTY
     * (at most 3 times). The owner makes a full fence between its takes, so at most one take is
     * ever in its store buffer: δ = 1 is safe on any bounded-TSO machine (§4 counts buffered
     * takes), and a duplicate or a loss is a bug. A δ test off by one would let the thief steal task
     * 0 once it sees the first take (T = 1, one task within δ) while the second take's store T = 0
     * is still buffered and the owner's load of H misses the raise: a one-store window.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("lastTaskDeques")
    void lastTaskGoesToExactlyOne(String name, IntFunction<WorkStealingDeque<Long>> factory)
            throws InterruptedException {
        WorkStealingDeque<Long> deque = factory.apply(CAPACITY);
        boolean aborts = deque instanceof FfTheDeque || deque instanceof FfClDeque;
        int perRound = aborts ? 2 : 1;
        int thiefCalls = aborts ? 3 : 1;
        AtomicLong published = new AtomicLong(); // round r: the round's tasks are in the deque
        AtomicLong thiefReady = new AtomicLong(); // round r: the thief is about to steal
        AtomicReference<long[]> answer = new AtomicReference<>(); // stolen tasks, then -1 per ABORT
        AtomicReference<Throwable> failure = new AtomicReference<>();
        AtomicBoolean ownerStopped = new AtomicBoolean();
        Thread thief = new Thread(() -> {
            SplittableRandom rnd = new SplittableRandom(11);
            try {
                for (long r = 1; r <= LAST_TASK_ROUNDS; r++) {
                    for (int spins = 0; published.get() != r; spins++) {
                        if (ownerStopped.get()) {
                            return;
                        }
                        backOff(spins);
                    }
                    thiefReady.set(r);
                    spin(rnd.nextInt(r % 2 == 0 ? LEADER_SPIN : 32));
                    long[] got = new long[thiefCalls];
                    for (int i = 0; i < thiefCalls; i++) {
                        StealResult<Long> res = deque.trySteal();
                        if (res.status() == StealResult.Status.EMPTY) {
                            break;
                        }
                        got[i] = res.status() == StealResult.Status.STOLEN ? res.task() : -1;
                    }
                    answer.set(got);
                }
            } catch (Throwable e) {
                failure.set(e);
            }
        }, "thief");
        thief.start();
        SplittableRandom rnd = new SplittableRandom(7);
        long ownerWins = 0;
        long thiefWins = 0;
        long aborted = 0;
        long ownerTookAll = 0; // rounds in which the thief got nothing
        long next = 1;
        try {
            for (long r = 1; r <= LAST_TASK_ROUNDS && failure.get() == null; r++) {
                long first = next;
                for (int i = 0; i < perRound; i++) {
                    assertTrue(deque.push(next++));
                }
                published.set(r);
                // Even rounds: the thief leaves the handshake first (the owner waits for it). Odd
                // rounds: the owner does, taking as soon as it has published, so its takes come
                // first in some rounds and overlap the steals in others, whoever is slower.
                for (int spins = 0; r % 2 == 0 && thiefReady.get() != r; spins++) {
                    backOff(spins);
                }
                spin(rnd.nextInt(r % 2 == 1 ? LEADER_SPIN : 32));
                int[] count = new int[perRound];
                int mineThisRound = 0;
                for (Long mine; (mine = deque.pop()) != null; ) {
                    VarHandle.fullFence(); // at most one take buffered: δ = 1 is enough (FF-THE, FF-CL)
                    assertTrue(mine >= first && mine < next, "round " + r + ": popped task " + mine);
                    count[(int) (mine - first)]++;
                    ownerWins++;
                    mineThisRound++;
                }
                if (mineThisRound == perRound) {
                    ownerTookAll++;
                }
                long[] theirs;
                for (int spins = 0; (theirs = answer.getAndSet(null)) == null; spins++) {
                    if (failure.get() != null) {
                        throw new AssertionError("thief failed", failure.get());
                    }
                    backOff(spins);
                }
                for (long t : theirs) {
                    if (t == -1) {
                        assertTrue(aborts, "round " + r + ": ABORT from " + name);
                        aborted++;
                    } else if (t != 0) {
                        assertTrue(t >= first && t < next, "round " + r + ": stole task " + t);
                        count[(int) (t - first)]++;
                        thiefWins++;
                    }
                }
                for (int i = 0; i < perRound; i++) {
                    assertEquals(1, count[i], "round " + r + ": task " + (first + i) + " taken " + count[i]
                            + " times; thief " + java.util.Arrays.toString(theirs));
                }
                assertEquals(0, deque.sizeEstimate(), "round " + r + ": deque not empty");
            }
        } finally {
            ownerStopped.set(true);
        }
        thief.join();
        if (failure.get() != null) {
            throw new AssertionError("thief failed", failure.get());
        }
        System.out.println(name + ", last task: owner got " + ownerWins + " tasks, thief " + thiefWins
                + " (aborted " + aborted + "; rounds the owner took all: " + ownerTookAll + ")");
        assertEquals(LAST_TASK_ROUNDS * (long) perRound, ownerWins + thiefWins);
        if (aborts) {
            assertTrue(thiefWins > 0 && ownerTookAll > 0, "the race went one way only: nothing was tested");
        } else if (deque instanceof TheDeque) {
            assertTrue(ownerWins > 0 && thiefWins > 0, "the race went one way only: nothing was tested");
        }
    }

    private static void spin(int n) {
        for (int i = 0; i < n; i++) {
            Thread.onSpinWait();
        }
    }

    /** Spin, then yield: the two threads may share one of the machine's cores. */
    private static void backOff(int spins) {
        if (spins < 2_000) {
            Thread.onSpinWait();
        } else {
            Thread.yield();
        }
    }
}
