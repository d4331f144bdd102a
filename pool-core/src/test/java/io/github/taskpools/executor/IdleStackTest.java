package io.github.taskpools.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The idle stack ({@link IdleStack}) and the hand-on rules of a {@link BwosExecutor}, played step
 * by step on a pool whose threads are never started: each test calls the workers' parking and waking steps in one order and checks
 * who is parked. The races between those steps are jcstress's ({@code ParkVsSignal},
 * {@code IdleStackPushVsPop}, {@code AbsorbedSignal}, {@code SearcherParks}); these tests pin the
 * rules themselves, including the sequence that stranded tasks meeting at a barrier.
 */
class IdleStackTest {
    static final Runnable NOOP = () -> { };

    private static BwosExecutor unstartedPool(int n) {
        return ExecutorTestSupport.unstartedPool(BwosExecutor.builder(), n);
    }

    /** A task for an inbox. */
    static final class Noop extends BwosRecursiveAction {
        @Override
        protected void compute() {
        }
    }

    /**
     * Pushes and pops in random order against a LIFO model: the stack pops the worker parked last,
     * the idle count is the model's size, every worker on the stack is PARKED and every other ACTIVE,
     * through about 10^5 parks per worker (the 16-bit park stamp wraps).
     */
    @Test
    void pushesAndPopsFollowALifoModel() {
        int n = 3;
        BwosExecutor pool = unstartedPool(n);
        Deque<Integer> model = new ArrayDeque<>();
        SplittableRandom random = new SplittableRandom(26);
        for (int step = 0; step < 600_000; step++) {
            if (random.nextBoolean() && model.size() < n) {
                int i;
                do {
                    i = random.nextInt(n);
                } while (model.contains(i));
                pool.workers[i].announceParked();
                model.push(i);
            } else {
                Integer top = model.poll();
                pool.ctl.wakeTop();
                if (top != null) {
                    assertFalse(pool.workers[top].isParked(), "step " + step + ": the top worker was not woken");
                }
            }
            assertEquals(model.size(), pool.ctl.idleCount(), "step " + step);
            for (int i = 0; i < n; i++) {
                assertEquals(model.contains(i), pool.workers[i].isParked(), "step " + step + ", worker " + i);
            }
        }
    }

    /** A worker on top whose last look takes a task pops itself and runs it. */
    @Test
    void aLookThatTakesATaskOnTopLeavesTheStack() {
        BwosExecutor pool = unstartedPool(2);
        Worker w0 = pool.workers[0];
        pool.execute(NOOP); // no worker idle: wakes nobody
        int top = w0.announceParked();
        assertEquals(1, pool.ctl.idleCount());
        assertNotNull(w0.lookAgain(top));
        assertFalse(w0.isParked());
        assertEquals(0, pool.ctl.idleCount());
    }

    /**
     * A worker whose last look takes a task while another parked above it cannot leave the stack:
     * it hands the task back (spill queue) and wakes the top worker, and stays parked.
     */
    @Test
    void aLookCoveredByALaterParkHandsTheTaskBack() {
        BwosExecutor pool = unstartedPool(2);
        Worker w0 = pool.workers[0];
        Worker w1 = pool.workers[1];
        pool.execute(NOOP);
        int top0 = w0.announceParked();
        w1.announceParked();
        assertNull(w0.lookAgain(top0));
        assertTrue(w0.isParked());
        assertFalse(w1.isParked(), "the top worker is woken for the task handed back");
        assertEquals(1, pool.ctl.idleCount());
        assertFalse(pool.queuesEmpty(), "the task is back in the shared queue");
        assertNotNull(w1.scan(false), "the woken worker finds it");
    }

    /**
     * The sequence that stranded a task among tasks meeting at a barrier (traced 2026-12-02, 8
     * workers): a searcher takes one task and moves another into its inbox, its signal for the
     * batch absorbed by its own searching count; two more tasks come while it still searches, and
     * wake nobody; as the last searcher it wakes one worker (worker 1), which takes the oldest
     * task, the one in worker 0's inbox (searchers take other workers' inboxes before the stripes).
     * Two tasks are left in the stripe: worker 1, woken, owes a hand-on and wakes worker 2 for them;
     * worker 2 takes one, moves its share of the other into its inbox and wakes worker 3 for it.
     */
    @Test
    void aWokenWorkerThatTakesOtherWorkWakesTheNext() {
        BwosExecutor pool = unstartedPool(4);
        Worker w0 = pool.workers[0];
        Worker w1 = pool.workers[1];
        Worker w2 = pool.workers[2];
        Worker w3 = pool.workers[3];
        w3.announceParked();
        w2.announceParked();
        w1.announceParked();
        assertTrue(w0.tryStartSearching());
        pool.execute(NOOP); // a searcher is there: these wake nobody
        pool.execute(NOOP);
        assertNotNull(w0.scan(false)); // takes one, moves one into its inbox
        assertEquals(1, w0.inbox.size());
        pool.execute(NOOP);
        pool.execute(NOOP);
        assertEquals(3, pool.ctl.idleCount(), "submissions and a batch seen by a searcher wake nobody");
        w0.foundWork(); // the last searcher: wakes the top worker, worker 1
        assertFalse(w1.isParked());
        w1.block(); // returns at once: woken
        assertNotNull(w1.scan(false)); // oldest work first: the task in worker 0's inbox
        assertEquals(0, w0.inbox.size());
        assertTrue(w2.isParked(), "nothing left in worker 0's inbox to pass a signal on for");
        w1.foundWork(); // woken, it hands on: two tasks in the stripe, worker 2 woken for them
        assertFalse(w2.isParked());
        assertTrue(w3.isParked(), "one worker woken at a time");
        w2.block(); // returns at once: woken; leaves the waking count
        assertNotNull(w2.scan(false)); // takes one, moves its share of the other into its inbox, signals
        assertEquals(1, w2.inbox.size());
        w2.foundWork();
        assertFalse(w3.isParked(), "a task waits in an inbox behind parked worker 3");
    }

    /**
     * A worker popped off the stack and not run yet counts as on its way: a submission meanwhile
     * wakes nobody else, a searcher does not spin for it, and its first look takes the task. Once
     * it runs, the next signal wakes the next worker.
     */
    @Test
    void aWorkerOnItsWayCoversSubmissionsUntilItRuns() {
        BwosExecutor pool = unstartedPool(3);
        Worker w0 = pool.workers[0];
        Worker w1 = pool.workers[1];
        Worker w2 = pool.workers[2];
        w2.announceParked();
        w1.announceParked();
        pool.execute(NOOP); // pops worker 1
        assertFalse(w1.isParked());
        pool.execute(NOOP);
        assertTrue(w2.isParked(), "worker 1 is on its way: the second submission wakes nobody");
        assertTrue(pool.ctl.othersIdle(), "for worker 0's spin, a worker on its way is as good as idle");
        w1.block(); // runs: leaves the waking count
        assertNotNull(w1.scan(false), "its look takes a task the submitters relied on it for");
        assertEquals(1, w1.inbox.size(), "and moves the other into its inbox");
        assertFalse(w2.isParked(), "with nobody on its way any more, the batch's signal wakes worker 2");
        assertFalse(pool.ctl.othersIdle(), "worker 1 runs");
    }

    /**
     * The smallest case: a worker woken for a task in a stripe takes it, leaving nothing behind
     * there, while a task waits in another worker's inbox: it still owes a hand-on.
     */
    @Test
    void aWokenWorkerHandsOnForWorkElsewhere() {
        BwosExecutor pool = unstartedPool(3);
        Worker w0 = pool.workers[0];
        Worker w1 = pool.workers[1];
        Worker w2 = pool.workers[2];
        int top2 = w2.announceParked();
        assertNull(w2.lookAgain(top2));
        w1.announceParked();
        assertTrue(w0.tryStartSearching());
        pool.execute(NOOP); // B: a searcher, wakes nobody
        assertTrue(w0.inbox.offer(new Noop())); // A: a batch whose signal was absorbed
        pool.ctl.endSearching(); // worker 0 ends its search without a hand-on
        pool.ctl.wakeTop(); // worker 1 woken for B
        w1.block();
        assertNotNull(w1.scan(false)); // B: the stripe comes first, and is left empty
        assertTrue(w2.isParked());
        w1.foundWork();
        assertFalse(w2.isParked(), "task A waits in worker 0's inbox behind parked worker 2");
    }

    /**
     * Termination waits for a parking look in progress: a worker on the idle stack whose look took
     * the last task (and has not left the stack yet) holds it where the queues no longer show it.
     * Committing then ran that task after the other workers had exited (found by a review,
     * 2026-12-02).
     */
    @Test
    void terminationWaitsForALookInProgress() {
        BwosExecutor pool = unstartedPool(2);
        Worker w0 = pool.workers[0];
        Worker w1 = pool.workers[1];
        pool.execute(NOOP); // no worker idle: wakes nobody
        pool.shutdown();
        assertEquals(IdleStack.SHUTDOWN, pool.ctl.runState());
        int top0 = w0.announceParked();
        int top1 = w1.announceParked();
        assertNotNull(w1.scan(true), "worker 1's look takes the task");
        assertNull(w0.lookAgain(top0), "worker 0's look finds nothing");
        assertTrue(pool.queuesEmpty());
        assertEquals(2, pool.ctl.idleCount());
        assertFalse(pool.tryTerminate(), "worker 1's look holds a task");
        assertTrue(pool.ctl.tryUnidle(w1, top1), "worker 1 is on top: it leaves the stack");
        assertFalse(pool.tryTerminate());
        assertNull(w1.lookAgain(w1.announceParked()), "worker 1 ran its task and parks again");
        assertTrue(pool.tryTerminate());
        assertEquals(IdleStack.QUIESCED, pool.ctl.runState());
    }
}
