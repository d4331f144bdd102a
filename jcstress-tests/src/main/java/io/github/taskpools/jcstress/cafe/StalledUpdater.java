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
 * node fields and the {@code ver << 1 | p} packing are TreeContainer's own (this module runs on
 * the class path, where the library's packages are open).
 */
final class StalledUpdater {
    private static final MethodHandle LEVELS;
    private static final VarHandle META0;
    private static final VarHandle META1;
    private static final VarHandle PENDING;
    private static final VarHandle TASK;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.privateLookupIn(TreeContainer.class, MethodHandles.lookup());
            Class<?> node = Class.forName("io.github.taskpools.cafe.TreeContainer$TreeNode");
            LEVELS = l.findGetter(TreeContainer.class, "tree", node.arrayType().arrayType());
            META0 = l.findVarHandle(node, "meta0", int.class);
            META1 = l.findVarHandle(node, "meta1", int.class);
            PENDING = l.findVarHandle(node, "pending", int.class);
            TASK = l.findVarHandle(node, "task", Object.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final Object node;
    private final Object father;
    private final VarHandle meta;
    private final int old;
    private final int updated;
    /** The task the get took. */
    final Object task;

    private StalledUpdater(Object node, Object father, VarHandle meta, int old, int updated, Object task) {
        this.node = node;
        this.father = father;
        this.meta = meta;
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
        Object[][] levels;
        try {
            levels = (Object[][]) LEVELS.invoke(tree);
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
        Object node = levels[level][index];
        Object father = levels[level - 1][index >>> 1];
        VarHandle meta = (index & 1) == 0 ? META0 : META1;
        Object task = TASK.getVolatile(node);
        if (task == null || !TASK.compareAndSet(node, task, null)) { // lines 36-38
            throw new IllegalStateException("set-up: the node should have held a task");
        }
        if (presence(META0, node) || presence(META1, node) || !presence(meta, father)) { // lines 49-51
            throw new IllegalStateException("set-up: the get would not update the father");
        }
        PENDING.getAndAdd(node, 1); // line 56
        int old = (int) meta.getVolatile(father); // line 57
        int updated = (((old >>> 1) + 1) << 1); // line 58: ver + 1, p = hasTasks(node) = 0
        return new StalledUpdater(node, father, meta, old, updated, task);
    }

    /**
     * Lines 59-60: the stalled CAS of the father's word and the decrement of {@code pending}.
     *
     * @return whether the CAS succeeded
     */
    boolean resume() {
        boolean success = meta.compareAndSet(father, old, updated); // line 59
        PENDING.getAndAdd(node, -1); // line 60
        return success;
    }

    private static boolean presence(VarHandle meta, Object node) {
        return ((int) meta.getVolatile(node) & 1) != 0;
    }
}
