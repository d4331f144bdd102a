package io.github.taskpools.executor;

import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;
import org.jctools.queues.MpmcUnboundedXaddArrayQueue;

/**
 * A {@link BwosExecutor}'s shared submission queue: where tasks submitted from threads outside
 * the pool (platform or virtual) go, with no registration with the pool, and where tasks no
 * worker's own queue can hold are spilled. Every worker polls it when idle and every {@value
 * Worker#INJECTION_INTERVAL} tasks ({@code Worker.pollInjection}).
 *
 * <h2>Implementation notes</h2>
 * Striped rings ({@link SubmissionQueue}: pushed under a lock, taken by CAS), four a worker (a
 * power of two, at most 1024), so that two submitting threads rarely share a stripe's producer
 * index, as ForkJoinPool's submission queues keep them apart. A submitter picks its stripe by a
 * per-thread probe ({@link #PROBE}, one in every pool), which moves when another thread holds the
 * stripe's lock or the stripe is full, as ForkJoinPool rehashes a submitter's probe; after as many
 * tries as there are stripes, a full stripe spills. The spill queue takes the tasks that cannot go
 * into a worker's deque (full) or a stripe's slot, and tasks a worker hands on (a joiner's, a
 * parking look's): it is polled before the stripes.
 *
 * <p>A submission racing shutdown is either rejected (and never runs) or accepted and run: the
 * submitter reads the run state under its stripe's lock, and whoever commits termination reads
 * the locks ({@link #isEmpty(boolean)}, see {@link SubmissionQueue}).
 *
 * <h3>Memory orderings</h3>
 * <pre>
 * field          writer: mode                          reader: mode
 * stripes        SubmissionQueue: lock by CAS, volatile  CAS of base; volatile reads of lock,
 *                store of top (see its table)          top, base (isEmpty)
 * spills         JCTools MPMC (xadd + ordered store)   JCTools relaxedPoll; poll (parking); isEmpty
 * PROBE          the submitting thread only (a          the submitting thread only
 *                ThreadLocal's array)
 * </pre>
 */
final class SharedQueue {
    /**
     * Per submitting thread outside any pool: its probe, which picks its submission stripe in every
     * pool (a random non-zero int, moved on contention), and its count of submissions that went in
     * behind queued tasks (see {@link #BEHIND_INTERVAL}). One small array per thread that submits;
     * no registration with a pool. Package-private for the jcstress test SubmitBehindQueued, which
     * puts two submissions from different threads into one stripe.
     */
    static final ThreadLocal<int[]> PROBE =
            ThreadLocal.withInitial(() -> new int[] {ThreadLocalRandom.current().nextInt() | 1, 0});
    /**
     * Submissions behind queued tasks, per submitting thread, from one look at the pool's
     * saturation to the next ({@code IdleStack.queuedBehind}): a look is two or three volatile
     * reads and a read of the clock, which at every such submission halved the rate of empty
     * tasks from one submitter (15.9 against 30.7 M tasks/s; docs/measurements/executor.md,
     * 2026-12-05, seventh session). Blocked workers' queued submissions reach the monitor after
     * at most this many.
     */
    static final int BEHIND_INTERVAL = 64;

    /** The submission stripes of threads outside the pool. Elements: final, made in the constructor. */
    final SubmissionQueue[] stripes;
    /**
     * Tasks that cannot go into a worker's deque (full) or a stripe's slot, and tasks a joiner that
     * parks hands on: JCTools' MPMC queue (xadd, then an ordered store), polled before the stripes.
     */
    final MpmcUnboundedXaddArrayQueue<BwosTask<?>> spills = new MpmcUnboundedXaddArrayQueue<>(256, 2);
    final int stripeMask;
    /** The pool's idle protocol: its run state decides a submission, its wakeOne follows one. */
    private final IdleStack ctl;

    /** The shared queue of a pool of {@code parallelism} workers. */
    SharedQueue(int parallelism, IdleStack ctl) {
        this.ctl = ctl;
        // Four stripes a worker (a power of two, at most 1024): two submitting threads then rarely
        // share a stripe's producer index, as ForkJoinPool's submission queues keep them apart.
        // Each is a small object; its ring is allocated on its first submission.
        int stripes = Math.min(1024, Integer.highestOneBit(Math.max(1, 4 * parallelism - 1)) << 1);
        this.stripeMask = stripes - 1;
        this.stripes = new SubmissionQueue[stripes];
        for (int i = 0; i < stripes; i++) {
            this.stripes[i] = new SubmissionQueue(SubmissionQueue.CAPACITY);
        }
    }

    /**
     * A submission from a thread outside the pool: into the stripe of the thread's probe, then a
     * wake-up.
     *
     * @throws RejectedExecutionException once the pool is shut down
     */
    void enqueue(BwosTask<?> t) {
        // Accepted or rejected under the stripe's lock (see SubmissionQueue), which reads the run
        // state once: a rejected task was never published, an accepted one is seen by whoever
        // commits termination.
        int[] probe = PROBE.get();
        int r;
        for (int tries = 0; !SubmissionQueue.accepted(r = stripes[probe[0] & stripeMask].push(t, ctl, spills,
                tries > stripeMask)); tries++) {
            if (r == SubmissionQueue.REJECTED) {
                throw new RejectedExecutionException("BwosExecutor is shut down");
            }
            // Another thread holds the stripe, or it is full: move this thread to another one, as
            // ForkJoinPool rehashes a submitter's probe when its queue's lock is taken. After as
            // many tries as there are stripes, a full stripe spills.
            probe[0] = nextProbe(probe[0]);
        }
        // Wake a worker unless the task went in behind at least two queued ones (ForkJoinPool's
        // rule for its external queues, which signal a push into a queue of at most one task):
        // the push that queued the first of them woke a worker (or found one searching or on its
        // way), and a worker that takes from a stripe and leaves tasks in it wakes the next
        // (Worker.pollInjection; jcstress SubmitBehindQueued). Waking for every submission made
        // the second of two workers park and be woken again and again by a submitter that a worker
        // outpaces: with empty tasks from one submitter, 21 parks per 10 000 tasks against 7, and
        // 13 M tasks/s against 18 to 23 (docs/measurements/executor.md, 2026-12-05, fifth session).
        // No fence: the push's volatile store of top and read of base (or the spill queue's xadd)
        // and the reads of the counts are volatile accesses, kept in program order by the
        // synchronization order, as a parker's RMWs and its look are.
        if (r == SubmissionQueue.ACCEPTED) {
            ctl.wakeOne();
        } else if (++probe[1] % BEHIND_INTERVAL == 0) {
            ctl.queuedBehind(); // wakes nobody, but the monitor must hear of a saturated pool
        }
    }

    /**
     * Into the spill queue: a submission whose stripe slot was not free (under the stripe's lock),
     * or a task a worker hands over (in a hand-over, see {@code Worker.beginHandOver}); both are
     * seen by shutdownNow, which drains the spill queue after the stripes' locks and the workers'
     * hand-overs.
     */
    void spill(BwosTask<?> t) {
        spills.offer(t);
    }

    /**
     * {@code t}, if a submission stripe holds it among the first {@code max} tasks polled, for a
     * joiner in a hand-over: the tasks polled before it go to the spill queue, which every worker
     * polls first, so they keep their turn and none is run here.
     */
    BwosTask<?> takeSubmitted(BwosTask<?> t, int max) {
        for (SubmissionQueue q : stripes) {
            for (BwosTask<?> x; max > 0 && (x = q.poll()) != null; max--) {
                if (x == t) {
                    return x;
                }
                spills.offer(x);
            }
        }
        return null;
    }

    /** Whether the spill queue looks empty (JCTools' volatile reads of its indices: a hint). */
    boolean spillsEmpty() {
        return spills.isEmpty();
    }

    /**
     * {@code t}, if the spill queue holds it, for a joiner in a hand-over: polls at most the tasks
     * queued now and offers every other one back at the end (no task is lost or run here).
     */
    BwosTask<?> takeSpilled(BwosTask<?> t) {
        for (int n = spills.size(); n > 0; n--) {
            BwosTask<?> x = spills.poll(); // waits for an offer between its xadd and its store
            if (x == null || x == t) {
                return x;
            }
            spills.offer(x);
        }
        return null;
    }

    /**
     * Whether no stripe and the spill queue hold a task (volatile reads of their indices). With
     * {@code forTermination} (the run state has left RUNNING), each stripe's lock is waited out
     * first, so that every submission that was accepted is seen ({@link
     * SubmissionQueue#isEmptyForTermination()}). The stripes come before the spill queue: a
     * submitter spills under its stripe's lock.
     */
    boolean isEmpty(boolean forTermination) {
        for (SubmissionQueue q : stripes) {
            if (forTermination ? !q.isEmptyForTermination() : !q.isEmpty()) {
                return false;
            }
        }
        return spills.isEmpty();
    }

    /** For shutdownNow, after STOP: every stripe's tasks, each drained under its lock. */
    void drainStripes(Consumer<BwosTask<?>> sink) {
        for (SubmissionQueue q : stripes) {
            q.drainLocked(sink);
        }
    }

    /** For shutdownNow, after the stripes and the workers' hand-overs: the spill queue's tasks. */
    void drainSpills(Consumer<BwosTask<?>> sink) {
        for (BwosTask<?> t; (t = spills.poll()) != null; ) {
            sink.accept(t);
        }
    }

    /** Tasks queued in the spill queue and the stripes (an estimate while they change). */
    long size() {
        long s = spills.size();
        for (SubmissionQueue q : stripes) {
            s += q.size();
        }
        return s;
    }

    /** An xorshift step: the next submission probe. */
    private static int nextProbe(int p) {
        p ^= p << 13;
        p ^= p >>> 17;
        p ^= p << 5;
        return p;
    }
}
