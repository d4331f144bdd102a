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
 * CAFÉ §3.1 item 3, elimination (Algorithm 1, line 49): a producer propagating a deep task while a
 * consumer takes that same task. Nodes x (the root), y (x's right child) and z (y's right child)
 * of a TreeContainer of height 2: set-up puts tasks 0 and 1 into x and y and takes both, so x and
 * y are used and empty. The producer puts task 2 into z and climbs, setting presence bits; the
 * consumer may find task 2 half-propagated and take it, and then the producer meets
 * {@code hasTasks = 0} on its way up and stops (its put was eliminated), leaving the trail to the
 * consumer, who clears it. Either way task 2 is taken once, and the tree is left consistent: a
 * fresh put into x's left child followed by a get must return that task. Results: verdict (1
 * task 2 got once, -1 lost, 0 got twice or corrupt), the consumer's task, whether the fresh put
 * and get succeeded.
 */
@JCStressTest
@Outcome(id = {"1, 4, 1", "1, 0, 1"}, expect = ACCEPTABLE,
        desc = "task 2 taken once (by the consumer or the arbiter), and the tree still works")
@Outcome(id = "-1, .*", expect = FORBIDDEN, desc = "task 2 lost: the presence bits say the tree is empty")
@Outcome(id = "0, .*", expect = FORBIDDEN, desc = "task 2 got twice or seen corrupt")
@Outcome(id = ".*, .*, 0", expect = FORBIDDEN, desc = "a fresh put and get failed: a stale trail")
@Outcome(expect = FORBIDDEN, desc = "anything else")
@State
public class EliminatedPut {
    final TreeContainer<Task> tree = new TreeContainer<>(2, 1);
    int consumer;

    public EliminatedPut() {
        tree.put(Task.of(0), Steer.RIGHT); // into the root x
        tree.put(Task.of(1), Steer.RIGHT); // x is used: into y = tree[1][1]
        int got = Task.bitOf(tree.get(Steer.RIGHT)) | Task.bitOf(tree.get(Steer.RIGHT));
        if (got != Task.first(2) || !tree.isEmpty()) {
            throw new IllegalStateException("set-up: expected tasks 0 and 1, then an empty tree, got " + got);
        }
    }

    @Actor
    public void producer() {
        if (!tree.put(Task.of(2), Steer.RIGHT)) { // x and y are used: into z = tree[2][3]
            throw new IllegalStateException("z should have been free");
        }
    }

    @Actor
    public void consumer() {
        consumer = Task.bitOf(tree.get(Steer.RIGHT));
    }

    @Arbiter
    public void arbiter(III_Result r) {
        int rest = Task.drain(() -> tree.get(Steer.LEFT));
        r.r1 = Task.verdict(0b100, consumer, rest);
        r.r2 = consumer;
        boolean fresh = tree.put(Task.of(3), Steer.LEFT) // x is used: into x's left child
                && Task.bitOf(tree.get(Steer.LEFT)) == 0b1000 && tree.isEmpty();
        r.r3 = fresh ? 1 : 0;
    }
}
