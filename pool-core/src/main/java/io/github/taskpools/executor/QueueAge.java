package io.github.taskpools.executor;

import java.util.Arrays;

/**
 * A {@link BwosExecutor}'s monitor's view of how long the oldest task queued for any worker has
 * waited: the tasks the pool owes a worker in the order they came (the spill queue, the submission
 * stripes, the workers' inboxes and FIFO queues), not the forks, which their forker runs. A lower
 * bound, as fine as the monitor's looks.
 *
 * <h2>Algorithm</h2>
 * Each queue has monotonic producer and consumer indices. For each, one <em>mark</em>: the
 * producer index a look read, and the time of that look. A later look that finds the consumer
 * index still below the mark knows that the task at the consumer index was queued before the
 * marking look, so it has waited at least the time since; one that finds it at or past the mark
 * (every task queued at the marking look has been taken) sets a new mark and counts the queue's
 * wait as 0. So a wait is seen between the bound and the bound plus two look intervals after the
 * task was queued. A task moved from a stripe into an inbox starts a new wait there: a wait counted
 * may be shorter than the task's, never longer. A spill-queue submitter preempted between its
 * index increment and its store makes its slot look queued; a wait the monitor would then count is
 * real for the tasks behind it.
 *
 * <h2>Memory orderings</h2>
 * The indices are read volatile (each queue's own accessors); the marks are plain fields of the
 * monitor's thread, the only thread that calls {@link #oldestWaitNanos}.
 */
final class QueueAge {
    private final Worker[] workers;
    private final SharedQueue shared;
    /** Per queue: the producer index at the marking look, or -1 before the first look. */
    private final long[] marks;
    /** Per queue: {@code System.nanoTime()} of the marking look. */
    private final long[] markedAt;

    /** The queues of the pool whose workers are (or will be) in {@code workers}, sharing {@code shared}. */
    QueueAge(Worker[] workers, SharedQueue shared) {
        this.workers = workers;
        this.shared = shared;
        int queues = 1 + shared.stripes.length + 2 * workers.length;
        this.marks = new long[queues];
        this.markedAt = new long[queues];
        Arrays.fill(marks, -1L);
    }

    /**
     * At least how long, in nanoseconds, the oldest queued task has waited at {@code now} (0 if
     * no task queued at the previous look is still queued), over the first {@code created}
     * workers. Moves the marks: the monitor's thread, once per look. It reads each stripe's top
     * once per look (at most 500 times a second), not per task as the takers avoid.
     */
    long oldestWaitNanos(long now, int created) {
        SharedQueue sq = shared;
        long oldest = wait(0, sq.spills.currentConsumerIndex(), sq.spills.currentProducerIndex(), now);
        int k = 1;
        for (SubmissionQueue q : sq.stripes) {
            long base = q.baseIndex(); // first: the top read after it is at least as new, so base <= top
            oldest = Math.max(oldest, wait(k++, base, q.topIndex(), now));
        }
        Worker[] ws = workers;
        for (int i = 0; i < created; i++) {
            Worker w = ws[i];
            if (w != null) {
                oldest = Math.max(oldest, wait(k, w.inbox.currentConsumerIndex(), w.inbox.currentProducerIndex(), now));
                oldest = Math.max(oldest,
                        wait(k + 1, w.submissions.currentConsumerIndex(), w.submissions.currentProducerIndex(), now));
            }
            k += 2;
        }
        return oldest;
    }

    private long wait(int queue, long consumed, long produced, long now) {
        long mark = marks[queue];
        if (mark < 0L || consumed >= mark) {
            marks[queue] = produced;
            markedAt[queue] = now;
            return 0L;
        }
        return now - markedAt[queue];
    }
}
