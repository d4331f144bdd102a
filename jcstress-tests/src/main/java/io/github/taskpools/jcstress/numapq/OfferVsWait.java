package io.github.taskpools.jcstress.numapq;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.github.taskpools.internal.InternalTestAccess;
import io.github.taskpools.numapq.CalendarQueue;
import io.github.taskpools.numapq.NumapqTestAccess;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.ZZ_Result;

/**
 * A calendar queue's offer against a thread about to block in {@code take()} (the event count of
 * {@code internal.Waiters}), as {@code cafe.PutVsWait}: actor 1 offers (the list's insertion CAS,
 * then the signal's fence and read of the waiting count); actor 2 announces itself and looks once
 * more with {@code poll()}; the arbiter reads whether the epoch moved. Results: the look found the
 * event; the epoch moved.
 *
 * <p>FORBIDDEN: the look missed the event and the offer saw no waiter (the taker would park with
 * an event in the queue and nobody to wake it).
 */
@JCStressTest
@Outcome(id = "false, false", expect = FORBIDDEN, desc = "the look missed the event and the offer saw no waiter")
@Outcome(id = "true, .*", expect = ACCEPTABLE, desc = "the taker's last look took the event")
@Outcome(id = "false, true", expect = ACCEPTABLE, desc = "the offer saw the waiter and moved the epoch")
@State
public class OfferVsWait {
    final CalendarQueue<Long> queue = new CalendarQueue<>();
    long key;

    @Actor
    public void producer() {
        queue.offer(5L, 5L);
    }

    @Actor
    public void taker(ZZ_Result r) {
        key = InternalTestAccess.prepare(NumapqTestAccess.waiters(queue));
        r.r1 = queue.poll() != null;
    }

    @Arbiter
    public void arbiter(ZZ_Result r) {
        r.r2 = NumapqTestAccess.waiters(queue).signalCount() != key;
    }
}
