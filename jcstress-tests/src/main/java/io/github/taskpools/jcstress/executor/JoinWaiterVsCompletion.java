package io.github.taskpools.jcstress.executor;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.github.taskpools.executor.BwosRecursiveTask;
import io.github.taskpools.executor.ExecutorTestAccess;
import io.github.taskpools.executor.ExecutorTestAccess.WaiterHandle;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * BwosTask's completion handshake: a thread about to park in a join or get (it pushes its node,
 * then sets SIGNAL) against the task's completion (one RMW that sets DONE, then, if SIGNAL was
 * set, takes the waiters to unpark them). A waiter told it may park must be unparked: the
 * completer must have taken the waiters.
 *
 * <p>Results: whether the waiter was told to park (1), whether the completer took the waiters (1).
 */
@JCStressTest
@Outcome(id = {"0, 0", "0, 1"}, expect = ACCEPTABLE, desc = "the waiter saw the task done and does not park")
@Outcome(id = "1, 1", expect = ACCEPTABLE, desc = "the waiter parks and the completer unparks it")
@Outcome(id = "1, 0", expect = FORBIDDEN, desc = "the waiter parks and nobody unparks it: a lost wake-up")
@State
public class JoinWaiterVsCompletion {
    final BwosRecursiveTask<Integer> task = new BwosRecursiveTask<>() {
        @Override
        protected Integer compute() {
            return 42;
        }
    };
    final WaiterHandle node = new WaiterHandle(Thread.currentThread());

    @Actor
    public void waiter(II_Result r) {
        r.r1 = ExecutorTestAccess.mustPark(task, node) ? 1 : 0;
    }

    @Actor
    public void completer() {
        task.complete(42);
    }

    @Arbiter
    public void arbiter(II_Result r) {
        r.r2 = ExecutorTestAccess.waitersTaken(task) ? 1 : 0;
    }
}
