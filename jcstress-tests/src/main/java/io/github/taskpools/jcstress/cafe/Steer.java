package io.github.taskpools.jcstress.cafe;

import io.github.taskpools.cafe.CafePool;
import io.github.taskpools.cafe.TreeContainer;
import io.github.taskpools.jcstress.Task;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.random.RandomGenerator;

/**
 * Steering for the CAFÉ tests: generators that always choose the leftmost or the rightmost node
 * (so a test decides where a TreeContainer puts a task), the set-up shared by the tests that start
 * from a list of several trees ({@link #putThenGet}), and white-box access to package-private
 * parts of {@link CafePool} (this module runs on the class path, where the library's packages are
 * open): PT's current list node, {@code GT.cur}, a list node's {@code next} and tree, and lines
 * 15-18 of Algorithm 2 run on a given list node, which plays a producer whose read of PT went
 * stale.
 */
final class Steer implements RandomGenerator {
    static final Steer LEFT = new Steer(false);
    static final Steer RIGHT = new Steer(true);

    private static final MethodHandle PRODUCER_NODE;
    private static final MethodHandle PUT_IN;
    private static final MethodHandle CONSUMER_PAIR;
    private static final MethodHandle GT_CUR;
    private static final MethodHandle NEXT;
    private static final MethodHandle TREE;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.privateLookupIn(CafePool.class, MethodHandles.lookup());
            Class<?> node = Class.forName("io.github.taskpools.cafe.CafePool$Node");
            Class<?> gt = Class.forName("io.github.taskpools.cafe.CafePool$Gt");
            PRODUCER_NODE = l.findVirtual(CafePool.class, "producerNode", MethodType.methodType(node));
            PUT_IN = l.findVirtual(CafePool.Handle.class, "putIn",
                    MethodType.methodType(boolean.class, node, Object.class, RandomGenerator.class));
            CONSUMER_PAIR = l.findVirtual(CafePool.class, "consumerPair", MethodType.methodType(gt));
            GT_CUR = l.findGetter(gt, "cur", node);
            NEXT = l.findVirtual(node, "next", MethodType.methodType(node));
            TREE = l.findGetter(node, "tree", TreeContainer.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final boolean highest;

    private Steer(boolean highest) {
        this.highest = highest;
    }

    @Override
    public int nextInt(int bound) {
        return highest ? bound - 1 : 0;
    }

    @Override
    public long nextLong() {
        throw new UnsupportedOperationException("only nextInt(bound) is used");
    }

    /** PT's list node. */
    static Object producerNode(CafePool<?> pool) {
        try {
            return PRODUCER_NODE.invoke(pool);
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    /** {@code GT.cur}'s list node. */
    static Object consumerNode(CafePool<?> pool) {
        try {
            return GT_CUR.invoke(CONSUMER_PAIR.invoke(pool));
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    /** The list node after {@code node}, or null. */
    static Object next(Object node) {
        try {
            return NEXT.invoke(node);
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    /** Whether list node {@code a} comes before list node {@code b} (a smaller id). */
    static boolean isBefore(Object a, Object b) {
        for (Object n = next(a); n != null; n = next(n)) {
            if (n == b) {
                return true;
            }
        }
        return false;
    }

    /** The tree of a list node. */
    @SuppressWarnings("unchecked")
    static TreeContainer<Task> tree(Object node) {
        try {
            return (TreeContainer<Task>) TREE.invoke(node);
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * A pool of trees of height 1 (3 nodes) with k = 1 whose handles steer leftwards: every tree
     * takes two tasks from them, its root and then its left child, and keeps its right node free
     * for {@link #putIn} with {@link #RIGHT}.
     */
    static CafePool<Task> twoPerTree() {
        return CafePool.builder().height(1).k(1).randomSource(() -> LEFT).build();
    }

    /**
     * Set-up of the tests that start from several trees, run by the calling thread on a
     * {@link #twoPerTree} pool: puts tasks {@code 0..puts-1} (two per tree into {@code T0, T1,
     * ...}; a put that fails in a full tree appends the next) and then gets {@code gets} tasks,
     * which must be tasks {@code 0..gets-1} (the gets move GT on by one tree whenever both of its
     * trees are empty).
     *
     * @throws IllegalStateException if the gets returned other tasks
     */
    static void putThenGet(CafePool<Task> pool, int puts, int gets) {
        CafePool<Task>.Handle me = pool.producer();
        for (int i = 0; i < puts; i++) {
            me.put(Task.of(i));
        }
        int got = 0;
        for (int i = 0; i < gets; i++) {
            got |= Task.bitOf(me.get());
        }
        if (got != Task.first(gets)) {
            throw new IllegalStateException("set-up: expected tasks 0-" + (gets - 1) + ", got " + got);
        }
    }

    /** The calling thread's handle puts {@code task} into {@code node}'s tree, then fixes GT. */
    static boolean putIn(CafePool<?>.Handle handle, Object node, Object task, RandomGenerator random) {
        try {
            return (boolean) PUT_IN.invoke(handle, node, task, random);
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }
}
