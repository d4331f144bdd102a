package io.github.taskpools.jcstress.cafe;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.github.taskpools.cafe.CafePool;
import io.github.taskpools.jcstress.Task;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * CAFÉ §3.1 item 2, the two-attempt rule (Algorithm 1, lines 51-54): an updater whose CAS of the
 * father's word fails tries once more, because the CAS that beat it may have come from an updater
 * that decided on a stale value while it was pending; only after a second failure may it assume
 * that "some other thread will have already updated x's father's metadata to the correct value".
 * Nodes x (the root), y (x's right child) and z (y's right child) of the one tree, of height 2 with
 * k = 1, of a CafePool whose puts and gets steer rightwards (the pool only to count the
 * producer's failed CASes in its stats). Set-up puts task 0 into x and task 1 into y and gets task
 * 0, so {@code x.meta[1].p = 1}; then a consumer takes task 1 from y and stops right before its
 * CAS of {@code x.meta[1]} to {@code (ver + 1, 0)}, with {@code y.pending} raised
 * ({@link StalledUpdater}: the consumer t_c of §3.1 item 1). Actors: that consumer resumes (lines
 * 59-60); a producer puts task 2 into z, sets {@code y.meta[1].p = 1}, and at y, seeing
 * {@code pending > 0} or a 0 bit, updates {@code x.meta[1]} to 1. If the consumer's stale CAS lands
 * between the producer's read of the word (line 57) and its CAS (line 59), the producer's first
 * CAS fails and only its second attempt (line 53, after lines 49-51 find the bit 0 and y
 * non-empty) sets the bit again: an updater that gave up after one failure would leave x saying
 * y's subtree is empty, and task 2 would be lost to every get. The consumer's CAS is its only
 * write, so the producer's second attempt cannot fail, and a consumer whose CAS failed finds y
 * refilled at line 49 and stops, which is why resuming it is lines 59-60 alone. The arbiter gets
 * everything left. Results: verdict (1 tasks 1 and 2 got once each, -1 one lost, 0 one got twice
 * or corrupt), whether the consumer's CAS succeeded, the producer's failed CASes.
 */
@JCStressTest
@Outcome(id = "1, 1, 0", expect = ACCEPTABLE,
        desc = "the consumer's CAS came before the producer read x's word; the producer set the bit after it")
@Outcome(id = "1, 0, 0", expect = ACCEPTABLE, desc = "the producer's CAS came first; the consumer's stale CAS failed")
@Outcome(id = "1, 1, 1", expect = ACCEPTABLE_INTERESTING,
        desc = "the consumer's stale CAS beat the producer's first; its second attempt set the bit")
@Outcome(id = "-1, .*", expect = FORBIDDEN, desc = "task 2 lost: x says y's subtree is empty")
@Outcome(id = "0, .*", expect = FORBIDDEN, desc = "a task got twice or seen corrupt")
@Outcome(expect = FORBIDDEN, desc = "anything else")
@State
public class UpdateFatherTwice {
    final CafePool<Task> pool = CafePool.builder().height(2).k(1).randomSource(() -> Steer.RIGHT).build();
    final StalledUpdater consumer;
    final long casFailuresBefore;
    boolean consumerCas;

    public UpdateFatherTwice() {
        CafePool<Task>.Handle me = pool.producer();
        me.put(Task.of(0)); // into the root x
        me.put(Task.of(1)); // x is used: into y = tree[1][1]
        if (Task.bitOf(me.get()) != 1) { // takes task 0 from x
            throw new IllegalStateException("set-up: the root should have held task 0");
        }
        consumer = StalledUpdater.takeAndStallBeforeCas(Steer.tree(Steer.producerNode(pool)), 1, 1);
        casFailuresBefore = pool.stats().putCasFailures();
    }

    @Actor
    public void consumer() {
        consumerCas = consumer.resume();
    }

    @Actor
    public void producer() {
        pool.producer().put(Task.of(2)); // x and y are used: into z = tree[2][3]
    }

    @Arbiter
    public void arbiter(III_Result r) {
        long casFailures = pool.stats().putCasFailures() - casFailuresBefore;
        CafePool<Task>.Handle me = pool.consumer();
        int rest = Task.drain(me::get);
        r.r1 = Task.verdict(0b110, Task.bitOf((Task) consumer.task), rest);
        r.r2 = consumerCas ? 1 : 0;
        r.r3 = (int) casFailures;
    }
}
