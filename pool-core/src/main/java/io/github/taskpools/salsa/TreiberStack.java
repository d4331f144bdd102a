package io.github.taskpools.salsa;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The lock-free LIFO stack (Treiber 1986; the variant with memory reclamation is Michael's [20] of
 * the SALSA paper), the single-consumer pool of {@link WsLifoPool}: push CASes {@code top} from the
 * old top to a new node pointing at it, pop CASes {@code top} to the top's successor. Nodes are
 * immutable and reclaimed by the garbage collector, so the CAS cannot suffer ABA.
 *
 * <p>Orderings: {@code top} is read with acquire and changed by CAS (volatile); a node's final
 * fields are written before the CAS that publishes it. {@code top} is padded as in JCTools.
 */
final class TreiberStack extends TreiberStackPad1 implements ScQueue {
    @Override
    public void put(Object task) {
        while (true) {
            Node h = (Node) TOP.getAcquire(this);
            if (TOP.compareAndSet(this, h, new Node(task, h))) {
                return;
            }
        }
    }

    @Override
    public Object take(CasTally tally) {
        while (true) {
            Node h = (Node) TOP.getAcquire(this);
            if (h == null) {
                return null;
            }
            tally.count++;
            if (TOP.compareAndSet(this, h, h.next)) {
                return h.task;
            }
        }
    }

    /** A stack node; immutable. */
    static final class Node {
        final Object task;
        final Node next;

        Node(Object task, Node next) {
            this.task = task;
            this.next = next;
        }
    }
}

/** Padding before {@code top}. */
abstract class TreiberStackPad0 {
    long p00, p01, p02, p03, p04, p05, p06, p07;
    long p08, p09, p10, p11, p12, p13, p14, p15;
}

/** The stack's top. */
abstract class TreiberStackTop extends TreiberStackPad0 {
    static final VarHandle TOP;

    static {
        try {
            TOP = MethodHandles.lookup().findVarHandle(TreiberStackTop.class, "top", TreiberStack.Node.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Acquire loads, CAS. */
    private TreiberStack.Node top;
}

/** Padding after {@code top}. */
abstract class TreiberStackPad1 extends TreiberStackTop {
    long q00, q01, q02, q03, q04, q05, q06, q07;
    long q08, q09, q10, q11, q12, q13, q14, q15;
}
