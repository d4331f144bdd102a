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
 * CAFÉ §3.1, task retrieval (Algorithm 1, lines 35-39): two consumers race for the one task of a
 * TreeContainer of height 1. Set-up puts task 0 into the root and task 1 into its left child, and
 * takes task 0, so the root's left presence bit leads to task 1. Both consumers walk to the left
 * child; one takes task 1 by CAS, the other finds the node empty (or loses the CAS and retries),
 * fixes the trail (line 39 with myVal = 0, so the root's bit is cleared once the winner's or its
 * own update lands) and then sees an empty root. Exactly one gets the task, the other gets null,
 * and the tree says it is empty after both. Results: the two consumers' tasks, whether
 * {@code isEmpty()} holds after both.
 */
@JCStressTest
@Outcome(id = {"2, 0, 1", "0, 2, 1"}, expect = ACCEPTABLE, desc = "one consumer got task 1, the other null")
@Outcome(id = "0, 0, .*", expect = FORBIDDEN, desc = "the task lost: both consumers found the tree empty")
@Outcome(id = "2, 2, .*", expect = FORBIDDEN, desc = "the task got twice")
@Outcome(id = ".*, .*, 0", expect = FORBIDDEN, desc = "the root still says a subtree holds a task")
@Outcome(expect = FORBIDDEN, desc = "anything else: a task seen corrupt or not one that was put")
@State
public class TwoConsumersOneTask {
    final TreeContainer<Task> tree = new TreeContainer<>(1, 1);
    int first;
    int second;

    public TwoConsumersOneTask() {
        tree.put(Task.of(0), Steer.LEFT); // into the root
        tree.put(Task.of(1), Steer.LEFT); // the root is used: into its left child
        if (Task.bitOf(tree.get(Steer.LEFT)) != 1) { // the root's own task comes first
            throw new IllegalStateException("set-up: the root should have held task 0");
        }
    }

    @Actor
    public void consumer1() {
        first = Task.bitOf(tree.get(Steer.LEFT));
    }

    @Actor
    public void consumer2() {
        second = Task.bitOf(tree.get(Steer.RIGHT));
    }

    @Arbiter
    public void arbiter(III_Result r) {
        r.r1 = first;
        r.r2 = second;
        r.r3 = tree.isEmpty() ? 1 : 0;
    }
}
