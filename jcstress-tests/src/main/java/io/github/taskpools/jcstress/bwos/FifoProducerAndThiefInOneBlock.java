package io.github.taskpools.jcstress.bwos;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.github.taskpools.bwos.FifoBwosDeque;
import io.github.taskpools.jcstress.Task;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * FIFO BWoS, producer and thief in one block (the acquire/release pair on B of §5.2): 2 blocks of
 * 4. Tasks 0-3 fill the consumer's block 0 and task 4 opens block 1, granted at its reset. The
 * producer puts tasks 5 and 6 into block 1 while a thief steals from it twice: each stolen task
 * must carry the payload written before its release store of B. Task 4 is there from the start,
 * so the first steal always gets it. Results: verdict, thief's mask.
 */
@JCStressTest
@Outcome(id = "1, 16", expect = ACCEPTABLE, desc = "the thief stole task 4")
@Outcome(id = "1, 48", expect = ACCEPTABLE, desc = "the thief stole tasks 4 and 5")
@Outcome(id = "0, .*", expect = FORBIDDEN, desc = "duplicate, or a stolen task with a stale payload")
@Outcome(id = "-1, .*", expect = FORBIDDEN, desc = "a task lost")
@Outcome(expect = FORBIDDEN, desc = "anything else: out of order, or nothing stolen although task 4 was granted")
@State
public class FifoProducerAndThiefInOneBlock {
    final FifoBwosDeque<Task> q = new FifoBwosDeque<>(2, 4);
    int thief;

    public FifoProducerAndThiefInOneBlock() {
        for (int i = 0; i < 5; i++) {
            q.push(Task.of(i));
        }
    }

    @Actor
    public void producer() {
        q.bindOwner();
        q.push(Task.of(5));
        q.push(Task.of(6));
    }

    @Actor
    public void thief() {
        thief = Task.bitOf(q.steal());
        thief |= Task.bitOf(q.steal());
    }

    @Arbiter
    public void arbiter(II_Result r) {
        int rest = Task.drain(q);
        r.r1 = Task.verdict(Task.first(7), thief, rest);
        r.r2 = thief;
    }
}
