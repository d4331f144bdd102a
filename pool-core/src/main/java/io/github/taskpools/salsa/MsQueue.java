package io.github.taskpools.salsa;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The Michael-Scott non-blocking queue (PODC'96), the single-consumer pool of {@link WsMsqPool}.
 *
 * <p>A singly linked list from {@code head} (a dummy node whose successor holds the oldest task)
 * to {@code tail} (the last node or its predecessor: a lagging tail is helped forward by whoever
 * sees it). enqueue links a new node after the last one by CAS on its {@code next}, then swings
 * {@code tail}; dequeue swings {@code head} to its successor by CAS and returns the successor's
 * task, the successor becoming the new dummy. The garbage collector reclaims nodes, so a CAS
 * cannot suffer ABA (a node is never reused while anyone can reference it).
 *
 * <p>Orderings: {@code head}, {@code tail} and {@code next} are read with acquire and changed by CAS
 * (volatile); a node's task is written plain before the CAS that links the node, so the linking
 * CAS (release) and the dequeuer's acquire load of {@code next} publish it and the task's fields.
 * {@code head} and {@code tail} are padded apart, as in JCTools.
 */
final class MsQueue extends MsQueuePad2 implements ScQueue {
    MsQueue() {
        Node dummy = new Node(null);
        HEAD.setRelease(this, dummy);
        TAIL.setRelease(this, dummy);
    }

    @Override
    public void put(Object task) {
        Node n = new Node(task);
        while (true) {
            Node t = (Node) TAIL.getAcquire(this);
            Node next = (Node) Node.NEXT.getAcquire(t);
            if (next == null) {
                if (Node.NEXT.compareAndSet(t, null, n)) {
                    TAIL.compareAndSet(this, t, n); // may fail: someone helped already
                    return;
                }
            } else {
                TAIL.compareAndSet(this, t, next); // help a lagging tail
            }
        }
    }

    @Override
    public Object take(CasTally tally) {
        while (true) {
            Node h = (Node) HEAD.getAcquire(this);
            Node next = (Node) Node.NEXT.getAcquire(h);
            if (next == null) {
                return null;
            }
            Node t = (Node) TAIL.getAcquire(this);
            if (h == t) {
                tally.count++;
                TAIL.compareAndSet(this, t, next); // tail lags behind head's successor: help first
                continue;
            }
            Object task = next.task;
            tally.count++;
            if (HEAD.compareAndSet(this, h, next)) {
                next.task = null; // next is the dummy now; only its winner writes, losers' reads are discarded
                return task;
            }
        }
    }

    /** A list node. */
    static final class Node {
        static final VarHandle NEXT;

        static {
            try {
                NEXT = MethodHandles.lookup().findVarHandle(Node.class, "next", Node.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        /** Plain: written before the node is linked, read after the acquire of the link. */
        Object task;
        /** Acquire loads, CAS from null once. */
        private Node next;

        Node(Object task) {
            this.task = task;
        }
    }
}

/** Padding before {@code head}. */
abstract class MsQueuePad0 {
    long p00, p01, p02, p03, p04, p05, p06, p07;
    long p08, p09, p10, p11, p12, p13, p14, p15;
}

/** The dequeuers' end. */
abstract class MsQueueHead extends MsQueuePad0 {
    static final VarHandle HEAD;

    static {
        try {
            HEAD = MethodHandles.lookup().findVarHandle(MsQueueHead.class, "head", MsQueue.Node.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Acquire loads, CAS. */
    private MsQueue.Node head;
}

/** Padding between {@code head} and {@code tail}. */
abstract class MsQueuePad1 extends MsQueueHead {
    long q00, q01, q02, q03, q04, q05, q06, q07;
    long q08, q09, q10, q11, q12, q13, q14, q15;
}

/** The enqueuers' end. */
abstract class MsQueueTail extends MsQueuePad1 {
    static final VarHandle TAIL;

    static {
        try {
            TAIL = MethodHandles.lookup().findVarHandle(MsQueueTail.class, "tail", MsQueue.Node.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Acquire loads, CAS. */
    private MsQueue.Node tail;
}

/** Padding after {@code tail}. */
abstract class MsQueuePad2 extends MsQueueTail {
    long r00, r01, r02, r03, r04, r05, r06, r07;
    long r08, r09, r10, r11, r12, r13, r14, r15;
}
