package io.github.taskpools.baselines.salsa;

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

/** Padding before {@code head}: bytes, so that no narrow field fills a hole in front of it (JDK 15+ layout). */
abstract class MsQueuePad0 {
    byte p000, p001, p002, p003, p004, p005, p006, p007, p008, p009, p010, p011, p012, p013, p014, p015;
    byte p016, p017, p018, p019, p020, p021, p022, p023, p024, p025, p026, p027, p028, p029, p030, p031;
    byte p032, p033, p034, p035, p036, p037, p038, p039, p040, p041, p042, p043, p044, p045, p046, p047;
    byte p048, p049, p050, p051, p052, p053, p054, p055, p056, p057, p058, p059, p060, p061, p062, p063;
    byte p064, p065, p066, p067, p068, p069, p070, p071, p072, p073, p074, p075, p076, p077, p078, p079;
    byte p080, p081, p082, p083, p084, p085, p086, p087, p088, p089, p090, p091, p092, p093, p094, p095;
    byte p096, p097, p098, p099, p100, p101, p102, p103, p104, p105, p106, p107, p108, p109, p110, p111;
    byte p112, p113, p114, p115, p116, p117, p118, p119, p120, p121, p122, p123, p124, p125, p126, p127;
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
    byte q000, q001, q002, q003, q004, q005, q006, q007, q008, q009, q010, q011, q012, q013, q014, q015;
    byte q016, q017, q018, q019, q020, q021, q022, q023, q024, q025, q026, q027, q028, q029, q030, q031;
    byte q032, q033, q034, q035, q036, q037, q038, q039, q040, q041, q042, q043, q044, q045, q046, q047;
    byte q048, q049, q050, q051, q052, q053, q054, q055, q056, q057, q058, q059, q060, q061, q062, q063;
    byte q064, q065, q066, q067, q068, q069, q070, q071, q072, q073, q074, q075, q076, q077, q078, q079;
    byte q080, q081, q082, q083, q084, q085, q086, q087, q088, q089, q090, q091, q092, q093, q094, q095;
    byte q096, q097, q098, q099, q100, q101, q102, q103, q104, q105, q106, q107, q108, q109, q110, q111;
    byte q112, q113, q114, q115, q116, q117, q118, q119, q120, q121, q122, q123, q124, q125, q126, q127;
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
    byte r000, r001, r002, r003, r004, r005, r006, r007, r008, r009, r010, r011, r012, r013, r014, r015;
    byte r016, r017, r018, r019, r020, r021, r022, r023, r024, r025, r026, r027, r028, r029, r030, r031;
    byte r032, r033, r034, r035, r036, r037, r038, r039, r040, r041, r042, r043, r044, r045, r046, r047;
    byte r048, r049, r050, r051, r052, r053, r054, r055, r056, r057, r058, r059, r060, r061, r062, r063;
    byte r064, r065, r066, r067, r068, r069, r070, r071, r072, r073, r074, r075, r076, r077, r078, r079;
    byte r080, r081, r082, r083, r084, r085, r086, r087, r088, r089, r090, r091, r092, r093, r094, r095;
    byte r096, r097, r098, r099, r100, r101, r102, r103, r104, r105, r106, r107, r108, r109, r110, r111;
    byte r112, r113, r114, r115, r116, r117, r118, r119, r120, r121, r122, r123, r124, r125, r126, r127;
}
