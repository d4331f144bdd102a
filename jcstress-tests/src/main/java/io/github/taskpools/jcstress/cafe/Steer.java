package io.github.taskpools.jcstress.cafe;

import io.github.taskpools.cafe.CafePool;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.random.RandomGenerator;

/**
 * Steering for the CAFÉ tests: generators that always choose the leftmost or the rightmost node
 * (so a test decides where a TreeContainer puts a task), and white-box access to two
 * package-private seams of {@link CafePool} (this module runs on the class path, where the
 * library's packages are open): PT's current list node, and lines 15-18 of Algorithm 2 run on a
 * given list node, which plays a producer whose read of PT went stale.
 */
final class Steer implements RandomGenerator {
    static final Steer LEFT = new Steer(false);
    static final Steer RIGHT = new Steer(true);

    private static final MethodHandle PRODUCER_NODE;
    private static final MethodHandle PUT_IN;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.privateLookupIn(CafePool.class, MethodHandles.lookup());
            Class<?> node = Class.forName("io.github.taskpools.cafe.CafePool$Node");
            PRODUCER_NODE = l.findVirtual(CafePool.class, "producerNode", MethodType.methodType(node));
            PUT_IN = l.findVirtual(CafePool.Handle.class, "putIn",
                    MethodType.methodType(boolean.class, node, Object.class, RandomGenerator.class));
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

    /** The calling thread's handle puts {@code task} into {@code node}'s tree, then fixes GT. */
    static boolean putIn(CafePool<?>.Handle handle, Object node, Object task, RandomGenerator random) {
        try {
            return (boolean) PUT_IN.invoke(handle, node, task, random);
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }
}
