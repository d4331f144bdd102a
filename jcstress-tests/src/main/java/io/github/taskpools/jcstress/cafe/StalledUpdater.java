package io.github.taskpools.jcstress.cafe;

import io.github.taskpools.cafe.TreeContainer;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A get of a {@link TreeContainer} that a test's set-up runs up to a point inside
 * {@code updateFather} and leaves there, to be resumed by an actor, so that the stale CAS of the
 * §3.1 race is in flight from the start instead of landing only when a few instructions of two
 * threads happen to overlap. It takes the task of a node y (Algorithm
 * 1, lines 36-38), starts {@code updateNodeMetadata(y, 0)} (line 49: y's subtree is empty, so not
 * eliminated; line 51: the father's bit on y's side is 1, so update), and in
 * {@code updateFather(y)} raises {@code y.pending} (line 56), reads the father's word (line 57)
 * and computes {@code (ver + 1, hasTasks(y) = 0)} (line 58): the consumer of §3.1 item 1,
 * "suspended right before it performs its CAS". {@link #resume} runs lines 59-60. White-box: the
 * column-wise node arrays (heap order), the {@code meta[2x + side]} index and the
 * {@code ver << 1 | p} packing are TreeContainer's own (this module runs on the class path, where
 * the library's packages are open).
 */
final class StalledUpdater {
    private static final MethodHandle META;
    private static final MethodHandle PENDING;
    private static final MethodHandle TASK;
    private static final VarHandle INTS = MethodHandles.arrayElementVarHandle(int[].class);
    private static final VarHandle OBJECTS = MethodHandles.arrayElementVarHandle(Object[].class);

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.privateLookupIn(TreeContainer.class, MethodHandles.lookup());
            META = l.findGetter(TreeContainer.class, "meta", int[].class);
            PENDING = l.findGetter(TreeContainer.class, "pending", int[].class);
            TASK = l.findGetter(TreeContainer.class, "tasks", Object[].class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final int[] meta;
    private final int[] pending;
    private final int node;
    private final int word;
    private final int old;
    private final int updated;
    /** The task the get took. */
    final Object task;

    private StalledUpdater(int[] meta, int[] pending, int node, int word, int old, int updated, Object task) {
        this.meta = meta;
        this.pending = pending;
        this.node = node;
        this.word = word;
        this.old = old;
        this.updated = updated;
        this.task = task;
    }

    /**
     * Runs, on the calling thread, a get of the task of node {@code index} of level {@code level}
     * (level at least 1) up to line 58 of its first {@code updateFather}, as described above.
     *
     * @throws IllegalStateException if the node holds no task, its subtree holds one, or the
     *     father's bit on its side is 0 (the get would not call updateFather)
     */
    static StalledUpdater takeAndStallBeforeCas(TreeContainer<?> tree, int level, int index) {
        int[] meta;
        int[] pending;
        Object[] tasks;
        try {
            meta = (int[]) META.invoke(tree);
            pending = (int[]) PENDING.invoke(tree);
            tasks = (Object[]) TASK.invoke(tree);
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
        int node = (1 << level) + index; // heap order: the root is 1, node x's father is x / 2
        int father = node >>> 1;
        int word = 2 * father + (node & 1); // the father's meta[side of node]
        Object task = OBJECTS.getVolatile(tasks, node);
        if (task == null || !OBJECTS.compareAndSet(tasks, node, task, null)) { // lines 36-38
            throw new IllegalStateException("set-up: the node should have held a task");
        }
        if (presence(meta, 2 * node) || presence(meta, 2 * node + 1) || !presence(meta, word)) { // lines 49-51
            throw new IllegalStateException("set-up: the get would not update the father");
        }
        INTS.getAndAdd(pending, node, 1); // line 56
        int old = (int) INTS.getVolatile(meta, word); // line 57
        int updated = (((old >>> 1) + 1) << 1); // line 58: ver + 1, p = hasTasks(node) = 0
        return new StalledUpdater(meta, pending, node, word, old, updated, task);
    }

    /**
     * Lines 59-60: the stalled CAS of the father's word and the decrement of {@code pending}.
     *
     * @return whether the CAS succeeded
     */
    boolean resume() {
        boolean success = INTS.compareAndSet(meta, word, old, updated); // line 59
        INTS.getAndAdd(pending, node, -1); // line 60
        return success;
    }

    private static boolean presence(int[] meta, int word) {
        return ((int) INTS.getVolatile(meta, word) & 1) != 0;
    }
}
