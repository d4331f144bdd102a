package io.github.taskpools.jcstress.cafe;

import io.github.taskpools.cafe.CafePool;
import io.github.taskpools.jcstress.Task;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.VarHandle;

/**
 * A put of a {@link CafePool} that a test's set-up runs up to a point inside {@code moveGTBack}
 * and leaves there, to be resumed by the arbiter: a third producer while jcstress here runs two
 * actors. Its read of PT went stale: it puts into the tree of an older list node T (Algorithm 2,
 * line 15), sees {@code GT.cur} past T (line 16), enters {@code moveGTBack(T)} and raises
 * {@code oldProducers} (line 32), and stops before its first read of GT (line 34). While it is
 * stopped, consumers that find GT's trees empty move on only locally (line 55). White-box: the
 * list node's tree, {@code oldProducers} and {@code moveGTBack} are CafePool's own (this module
 * runs on the class path, where the library's packages are open).
 */
final class StalledProducer {
    private static final VarHandle OLD_PRODUCERS;
    private static final MethodHandle MOVE_GT_BACK;

    static {
        try {
            Class<?> field = Class.forName("io.github.taskpools.cafe.CafePoolOldProducersField");
            OLD_PRODUCERS = MethodHandles.privateLookupIn(field, MethodHandles.lookup())
                    .findVarHandle(field, "oldProducers", int.class);
            Class<?> node = Class.forName("io.github.taskpools.cafe.CafePool$Node");
            Class<?> tally = Class.forName("io.github.taskpools.cafe.Tally");
            MOVE_GT_BACK = MethodHandles.privateLookupIn(CafePool.class, MethodHandles.lookup())
                    .findVirtual(CafePool.class, "moveGTBack", MethodType.methodType(void.class, node, tally));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final CafePool<Task> pool;
    private final Object node;

    private StalledProducer(CafePool<Task> pool, Object node) {
        this.pool = pool;
        this.node = node;
    }

    /**
     * Runs, on the calling thread, a put of {@code task} into {@code node}'s tree up to line 32 of
     * {@code moveGTBack}, as described above.
     *
     * @throws IllegalStateException if the tree has no free node for {@code random}'s choice or
     *     {@code GT.cur} is not past {@code node} (the put would not move GT back)
     */
    static StalledProducer putAndStallInMoveGtBack(CafePool<Task> pool, Object node, Task task, Steer random) {
        if (!Steer.tree(node).put(task, random)) { // line 15
            throw new IllegalStateException("set-up: the tree should have had a free node");
        }
        if (!Steer.isBefore(node, Steer.consumerNode(pool))) { // line 16
            throw new IllegalStateException("set-up: GT.cur should have been past the producer's tree");
        }
        OLD_PRODUCERS.getAndAdd(pool, 1); // line 32
        return new StalledProducer(pool, node);
    }

    /**
     * Lines 33-38: moves GT back to {@code (⊥, T)} unless {@code GT.cur} is T or before, and
     * lowers {@code oldProducers}. Runs CafePool's {@code moveGTBack}, which raises and lowers the
     * counter itself (lines 32 and 38), then lowers it once more for the line 32 of the set-up.
     */
    void resume() {
        try {
            MOVE_GT_BACK.invoke(pool, node, null);
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
        OLD_PRODUCERS.getAndAdd(pool, -1); // line 38
    }
}
