package io.github.taskpools.jcstress.cafe;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.github.taskpools.cafe.TreeContainer;
import io.github.taskpools.jcstress.Task;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * The race of CAFÉ §3.1, "Ensuring linearizability": nodes x (the root), y (x's right child) and z
 * (y's right child) of a TreeContainer of height 2. y holds task 1, so {@code x.meta[1].p = 1}; x's
 * own task 0 was taken during set-up. A consumer takes task 1 from y and clears the trail up to x,
 * while a producer puts task 2 into z and sets the trail up to x. Without the pending counters the
 * consumer's CAS of {@code x.meta[1].p = 0}, decided before the producer's update of y, can land
 * after the producer found {@code x.meta[1].p = 1} and stopped: the root then says the tree is
 * empty and task 2 is lost to every later get. The arbiter gets everything left after both
 * actors. Results: verdict (1 each task got once, -1 one lost, 0 one got twice or corrupt), the
 * consumer's task, whether the put succeeded.
 */
@JCStressTest
@Outcome(id = "1, 2, 1", expect = ACCEPTABLE, desc = "the consumer got task 1, the arbiter task 2")
@Outcome(id = "-1, .*", expect = FORBIDDEN, desc = "task 2 lost: the presence bits say the tree is empty")
@Outcome(id = "0, .*", expect = FORBIDDEN, desc = "a task got twice or seen corrupt")
@Outcome(expect = FORBIDDEN, desc = "anything else: the put failed or the consumer found no task")
@State
public class PresenceBitRace {
    final TreeContainer<Task> tree = new TreeContainer<>(2, 1);
    int consumer;
    boolean put;

    public PresenceBitRace() {
        tree.put(Task.of(0), Steer.RIGHT); // into the root x
        tree.put(Task.of(1), Steer.RIGHT); // x is used: into y = tree[1][1]
        if (Task.bitOf(tree.get(Steer.RIGHT)) != 1) { // takes task 0 from x
            throw new IllegalStateException("set-up: the root should have held task 0");
        }
    }

    @Actor
    public void consumer() {
        consumer = Task.bitOf(tree.get(Steer.RIGHT));
    }

    @Actor
    public void producer() {
        put = tree.put(Task.of(2), Steer.RIGHT); // x and y are used: into z = tree[2][3]
    }

    @Arbiter
    public void arbiter(III_Result r) {
        int rest = Task.drain(() -> tree.get(Steer.LEFT));
        r.r1 = Task.verdict(0b110, consumer, rest);
        r.r2 = consumer;
        r.r3 = put ? 1 : 0;
    }
}
