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
 * CAFÉ §3.1, node reservation (Algorithm 1, line 29, with the test-and-test-and-set of this
 * library's departure (a)): two producers steered at the same last free node. Set-up fills the
 * root and the left child of a TreeContainer of height 1 with k = 1; both producers then try the
 * root (used) and the right child. The opaque read of {@code isDirty} may let both through to the
 * CAS, which only one wins: exactly one put succeeds, the other reports a full tree, and the
 * winner's task comes out of the tree with the set-up's. Results: whether each put succeeded, the
 * verdict over everything the arbiter gets (1 each expected task once, -1 one lost, 0 one got
 * twice, corrupt, or not one that was kept).
 */
@JCStressTest
@Outcome(id = {"1, 0, 1", "0, 1, 1"}, expect = ACCEPTABLE, desc = "one put took the node, its task came out")
@Outcome(id = "1, 1, .*", expect = FORBIDDEN, desc = "both puts reserved the one free node")
@Outcome(id = "0, 0, .*", expect = FORBIDDEN, desc = "neither put took the free node")
@Outcome(id = ".*, .*, -1", expect = FORBIDDEN, desc = "a kept task lost")
@Outcome(expect = FORBIDDEN, desc = "anything else: a task got twice or seen corrupt")
@State
public class LastNodeReservation {
    final TreeContainer<Task> tree = new TreeContainer<>(1, 1);
    boolean put2;
    boolean put3;

    public LastNodeReservation() {
        tree.put(Task.of(0), Steer.LEFT); // into the root
        tree.put(Task.of(1), Steer.LEFT); // into the left child
    }

    @Actor
    public void producer1() {
        put2 = tree.put(Task.of(2), Steer.RIGHT);
    }

    @Actor
    public void producer2() {
        put3 = tree.put(Task.of(3), Steer.RIGHT);
    }

    @Arbiter
    public void arbiter(III_Result r) {
        int rest = Task.drain(() -> tree.get(Steer.LEFT));
        int expected = Task.first(2) | (put2 ? 0b100 : 0) | (put3 ? 0b1000 : 0);
        r.r1 = put2 ? 1 : 0;
        r.r2 = put3 ? 1 : 0;
        r.r3 = Task.verdict(expected, rest);
    }
}
