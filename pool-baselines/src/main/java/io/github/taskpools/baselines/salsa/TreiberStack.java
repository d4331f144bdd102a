package io.github.taskpools.baselines.salsa;

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

/** Padding before {@code top}: bytes, so that no narrow field fills a hole in front of it (JDK 15+ layout). */
abstract class TreiberStackPad0 {
    byte p000, p001, p002, p003, p004, p005, p006, p007, p008, p009, p010, p011, p012, p013, p014, p015;
    byte p016, p017, p018, p019, p020, p021, p022, p023, p024, p025, p026, p027, p028, p029, p030, p031;
    byte p032, p033, p034, p035, p036, p037, p038, p039, p040, p041, p042, p043, p044, p045, p046, p047;
    byte p048, p049, p050, p051, p052, p053, p054, p055, p056, p057, p058, p059, p060, p061, p062, p063;
    byte p064, p065, p066, p067, p068, p069, p070, p071, p072, p073, p074, p075, p076, p077, p078, p079;
    byte p080, p081, p082, p083, p084, p085, p086, p087, p088, p089, p090, p091, p092, p093, p094, p095;
    byte p096, p097, p098, p099, p100, p101, p102, p103, p104, p105, p106, p107, p108, p109, p110, p111;
    byte p112, p113, p114, p115, p116, p117, p118, p119, p120, p121, p122, p123, p124, p125, p126, p127;
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
    byte q000, q001, q002, q003, q004, q005, q006, q007, q008, q009, q010, q011, q012, q013, q014, q015;
    byte q016, q017, q018, q019, q020, q021, q022, q023, q024, q025, q026, q027, q028, q029, q030, q031;
    byte q032, q033, q034, q035, q036, q037, q038, q039, q040, q041, q042, q043, q044, q045, q046, q047;
    byte q048, q049, q050, q051, q052, q053, q054, q055, q056, q057, q058, q059, q060, q061, q062, q063;
    byte q064, q065, q066, q067, q068, q069, q070, q071, q072, q073, q074, q075, q076, q077, q078, q079;
    byte q080, q081, q082, q083, q084, q085, q086, q087, q088, q089, q090, q091, q092, q093, q094, q095;
    byte q096, q097, q098, q099, q100, q101, q102, q103, q104, q105, q106, q107, q108, q109, q110, q111;
    byte q112, q113, q114, q115, q116, q117, q118, q119, q120, q121, q122, q123, q124, q125, q126, q127;
}
