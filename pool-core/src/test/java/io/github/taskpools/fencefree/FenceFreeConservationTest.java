package io.github.taskpools.fencefree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.taskpools.api.StealResult;
import io.github.taskpools.api.WorkStealingDeque;
import io.github.taskpools.testkit.Conservation;
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

    /**
     * The owner pushes one task and pops it while a thief steals with {@link
     * WorkStealingDeque#trySteal()}: exactly one of them gets it, every round. They meet at a
     * handshake and then each spins a random few iterations, so the pop and the steal overlap in
     * every order. THE's thief may win; FF-THE's and FF-CL's never may (one task is within δ, so
     * they answer ABORT, or EMPTY once the owner's pop is visible); THEP's thief waits for the
     * owner and, with nothing else left, ends empty-handed.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("deques")
    void lastTaskGoesToExactlyOne(String name, IntFunction<WorkStealingDeque<Long>> factory)
            throws InterruptedException {
        WorkStealingDeque<Long> deque = factory.apply(CAPACITY);
        boolean aborts = deque instanceof FfTheDeque || deque instanceof FfClDeque;
        AtomicLong published = new AtomicLong(); // round r: task r is in the deque
        AtomicLong thiefReady = new AtomicLong(); // round r: the thief is about to steal
        AtomicReference<StealResult<Long>> answer = new AtomicReference<>();
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
                    spin(rnd.nextInt(32));
                    answer.set(deque.trySteal());
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
        try {
            for (long r = 1; r <= LAST_TASK_ROUNDS && failure.get() == null; r++) {
                assertTrue(deque.push(r));
                published.set(r);
                for (int spins = 0; thiefReady.get() != r; spins++) {
                    backOff(spins);
                }
                spin(rnd.nextInt(32));
                Long mine = deque.pop();
                StealResult<Long> theirs;
                for (int spins = 0; (theirs = answer.getAndSet(null)) == null; spins++) {
                    if (failure.get() != null) {
                        throw new AssertionError("thief failed", failure.get());
                    }
                    backOff(spins);
                }
                boolean thiefGot = theirs.status() == StealResult.Status.STOLEN;
                assertTrue(mine == null || mine == r, "round " + r + ": popped task " + mine);
                assertTrue(!thiefGot || theirs.task() == r, "round " + r + ": stole " + theirs);
                assertTrue(thiefGot != (mine != null), "round " + r + ": owner got " + mine + ", thief " + theirs);
                assertTrue(aborts || theirs.status() != StealResult.Status.ABORT, "round " + r + ": " + theirs);
                assertEquals(0, deque.sizeEstimate(), "round " + r + ": deque not empty");
                if (thiefGot) {
                    thiefWins++;
                } else {
                    ownerWins++;
                }
                if (theirs.status() == StealResult.Status.ABORT) {
                    aborted++;
                }
            }
        } finally {
            ownerStopped.set(true);
        }
        thief.join();
        if (failure.get() != null) {
            throw new AssertionError("thief failed", failure.get());
        }
        System.out.println(name + ", last task: owner got it " + ownerWins + " times, thief " + thiefWins
                + " (aborted " + aborted + ")");
        assertEquals(LAST_TASK_ROUNDS, ownerWins + thiefWins);
        if (aborts) {
            assertEquals(0, thiefWins, "a thief took a task within δ of the tail");
            assertTrue(aborted > 0, "no steal met the task: the test raced nothing");
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
