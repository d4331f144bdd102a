package io.github.taskpools.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.github.taskpools.api.StealResult;
import io.github.taskpools.api.WorkStealingDeque;
import java.util.ArrayDeque;
import java.util.SplittableRandom;
import java.util.function.Supplier;

/**
 * Sequential-model checking for {@link WorkStealingDeque}s: random operation sequences, run by one
 * thread, checked step by step against an {@link ArrayDeque} holding the same tasks in push order.
 *
 * <p>What each deque kind promises in a single thread is given by a {@link Spec}: the end
 * {@code pop} takes from, which tasks a {@code steal} may return, and when {@code push} and
 * {@code steal} may fail.
 */
public final class DequeModel {
    private DequeModel() {
    }

    /** What a deque promises when one thread drives it. */
    public interface Spec {
        /** Whether pop takes the newest task (LIFO) or the oldest (FIFO). */
        boolean lifo();

        /** Whether a steal must return the oldest task whenever it returns one. */
        boolean stealTakesOldest();

        /** The least model size at which a push may fail. */
        int minSizeWhenFull(int capacity);

        /** The largest model size at which a steal may find nothing. */
        int maxSizeWhenStealFails();

        /**
         * The least model size at which a steal may return a task: 1 by default; δ + 1 for FF-THE and
         * FF-CL, whose thieves must not steal while δ tasks or fewer are visible.
         */
        default int minSizeWhenStealSucceeds() {
            return 1;
        }

        /**
         * Whether {@code trySteal} answers ABORT, rather than EMPTY, when it finds nothing in a
         * deque that holds tasks (FF-THE and FF-CL). Deques that never abort answer EMPTY.
         */
        default boolean stealsAbort() {
            return false;
        }

        /**
         * The largest model size at which a steal may wait for the owner (THEP, whose thief waits
         * for the owner's echo): the run skips steals there, since the one thread that could
         * answer is the one waiting. Never, by default.
         */
        default int maxSizeWhenStealWaits() {
            return -1;
        }
    }

    /**
     * Runs {@code steps} random operations against the model. Each phase of the run is biased
     * towards pushes or towards pops and steals, so the deque fills and drains many times: through
     * every block boundary, through wrap-around and many rounds.
     */
    public static void run(Supplier<WorkStealingDeque<Long>> factory, Spec spec, long seed, int steps) {
        WorkStealingDeque<Long> q = factory.get();
        WorkStealingDeque<Long> sink = factory.get();
        ArrayDeque<Long> model = new ArrayDeque<>();
        SplittableRandom rnd = new SplittableRandom(seed);
        long next = 1;
        int pushBias = 70;
        for (int step = 0; step < steps; step++) {
            if (step % 997 == 0) {
                pushBias = rnd.nextInt(10, 91);
            }
            int op = rnd.nextInt(100);
            String where = " (seed " + seed + ", step " + step + ", model size " + model.size() + ")";
            if (op < pushBias) {
                Long task = next++;
                if (q.push(task)) {
                    model.addLast(task);
                } else {
                    assertTrue(model.size() >= spec.minSizeWhenFull(q.capacity()),
                            "push refused too early" + where);
                }
            } else if (op < pushBias + (100 - pushBias) * 2 / 3) {
                Long got = q.pop();
                Long expected = spec.lifo() ? model.pollLast() : model.pollFirst();
                assertEquals(expected, got, "pop" + where);
            } else if (op < 98) {
                if (model.size() <= spec.maxSizeWhenStealWaits()) {
                    continue;
                }
                boolean tryFirst = rnd.nextBoolean();
                StealResult<Long> result = tryFirst ? q.trySteal() : null;
                Long got = tryFirst ? result.task() : q.steal();
                if (got == null) {
                    assertTrue(model.size() <= spec.maxSizeWhenStealFails(), "steal found nothing" + where);
                    if (tryFirst) {
                        StealResult.Status expected = spec.stealsAbort() && !model.isEmpty()
                                ? StealResult.Status.ABORT : StealResult.Status.EMPTY;
                        assertEquals(expected, result.status(), "trySteal" + where);
                    }
                    continue;
                }
                assertTrue(model.size() >= spec.minSizeWhenStealSucceeds(), "steal within delta of the owner" + where);
                if (spec.stealTakesOldest()) {
                    assertEquals(model.pollFirst(), got, "steal" + where);
                } else if (!model.remove(got)) {
                    fail("steal returned " + got + ", not in the deque" + where);
                }
            } else {
                drain(sink);
                int max = 1 + rnd.nextInt(200);
                int moved = q.stealInto(sink, max);
                assertTrue(moved >= 0 && moved <= max, "stealInto moved " + moved + where);
                for (int i = 0; i < moved; i++) {
                    Long got = sink.pop();
                    assertNotNull(got, "stealInto lost a task" + where);
                    if (!model.remove(got)) {
                        fail("stealInto moved " + got + ", not in the deque" + where);
                    }
                }
                assertEquals(0, sink.sizeEstimate(), "stealInto moved more than it said" + where);
            }
            if (step % 64 == 0) {
                assertEquals(model.size(), q.sizeEstimate(), "sizeEstimate" + where);
            }
        }
        // Drain: pop must hand back exactly the model's tasks.
        while (!model.isEmpty()) {
            Long expected = spec.lifo() ? model.pollLast() : model.pollFirst();
            assertEquals(expected, q.pop(), "final drain (seed " + seed + ")");
        }
        assertEquals(null, q.pop(), "pop on an empty deque");
        assertEquals(null, q.steal(), "steal on an empty deque");
        assertEquals(0, q.sizeEstimate(), "sizeEstimate of an empty deque");
    }

    private static void drain(WorkStealingDeque<Long> q) {
        while (q.pop() != null) {
            // empty the sink between batches
        }
    }
}
