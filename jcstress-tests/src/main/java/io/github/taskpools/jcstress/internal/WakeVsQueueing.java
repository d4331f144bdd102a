package io.github.taskpools.jcstress.internal;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.github.taskpools.internal.InternalTestAccess;
import io.github.taskpools.internal.Waiters;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.ZZ_Result;

/**
 * {@link Waiters}: a producer's wake against a consumer queueing itself to park. Actor 1 is the
 * producer after its put: {@code signal()} (fence, read of the waiting count; if a consumer waits,
 * move the epoch, then take the queue's head, mark it woken, unpark it). Actor 2 is a consumer whose
 * last look found nothing: {@code prepare()} (waiting + 1, fence, read of the epoch as its key),
 * then it queues itself. The arbiter asks, as the consumer does after any unpark, whether it would
 * park (again), and whether it is still on the queue. Results: would park; still queued.
 *
 * <p>FORBIDDEN: it would park and is off the queue: no later producer can find it, it parks for
 * good. That happened when the epoch alone decided (before 2026-12-02): the producer moved the
 * epoch, the consumer read the moved epoch as its key and queued itself, and the producer's take of
 * the queue's head took it, so the consumer, unparked, found the epoch equal to its key and parked
 * again (found by {@code BlockingTakeTest} and CalendarQueue's blocked takers).
 */
@JCStressTest
@Outcome(id = "true, false", expect = FORBIDDEN, desc = "would park off the queue: parked for good")
@Outcome(id = "true, true", expect = ACCEPTABLE, desc = "parks on the queue: the next wake finds it")
@Outcome(id = "false, .*", expect = ACCEPTABLE, desc = "leaves its wait: the epoch moved or a producer took it off the queue")
@State
public class WakeVsQueueing {
    final Waiters waiters = new Waiters(false);
    long key;
    Object place;

    @Actor
    public void producer() {
        waiters.signal();
    }

    @Actor
    public void consumer() {
        key = InternalTestAccess.prepare(waiters);
        place = InternalTestAccess.enqueue(waiters);
    }

    @Arbiter
    public void arbiter(ZZ_Result r) {
        r.r1 = InternalTestAccess.mustWait(waiters, place, key);
        r.r2 = InternalTestAccess.isQueued(waiters, place);
    }
}
