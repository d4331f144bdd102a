package io.github.taskpools.cafe;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * One handle's operation counters. Written only by the thread holding the handle (opaque stores,
 * so a reader never sees a torn long; the next holder continues from them, after the binding's
 * CAS that hands the handle on), read by {@link CafePool#stats()} from any thread (opaque loads:
 * the figures are statistics, not synchronization; a reader that joined the writers sees their
 * final values).
 */
final class Tally {
    private static final VarHandle PUTS;
    private static final VarHandle GETS;
    private static final VarHandle EMPTY_GETS;
    private static final VarHandle PUT_CAS_FAILURES;
    private static final VarHandle GET_CAS_FAILURES;
    private static final VarHandle TREES_APPENDED;
    private static final VarHandle GT_MOVED_BACK;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            PUTS = l.findVarHandle(Tally.class, "puts", long.class);
            GETS = l.findVarHandle(Tally.class, "gets", long.class);
            EMPTY_GETS = l.findVarHandle(Tally.class, "emptyGets", long.class);
            PUT_CAS_FAILURES = l.findVarHandle(Tally.class, "putCasFailures", long.class);
            GET_CAS_FAILURES = l.findVarHandle(Tally.class, "getCasFailures", long.class);
            TREES_APPENDED = l.findVarHandle(Tally.class, "treesAppended", long.class);
            GT_MOVED_BACK = l.findVarHandle(Tally.class, "gtMovedBack", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private long puts;
    private long gets;
    private long emptyGets;
    private long putCasFailures;
    private long getCasFailures;
    private long treesAppended;
    private long gtMovedBack;
    /** Whether the owner is inside a put (CAS failures count as put's) or a get; owner-private. */
    private boolean inPut;

    static void casFailed(Tally t) {
        if (t != null) {
            if (t.inPut) {
                PUT_CAS_FAILURES.setOpaque(t, t.putCasFailures + 1);
            } else {
                GET_CAS_FAILURES.setOpaque(t, t.getCasFailures + 1);
            }
        }
    }

    void beginPut() {
        inPut = true;
    }

    void endPut() {
        inPut = false;
        PUTS.setOpaque(this, puts + 1);
    }

    void gotTask(boolean found) {
        if (found) {
            GETS.setOpaque(this, gets + 1);
        } else {
            EMPTY_GETS.setOpaque(this, emptyGets + 1);
        }
    }

    static void treeAppended(Tally t) {
        if (t != null) {
            TREES_APPENDED.setOpaque(t, t.treesAppended + 1);
        }
    }

    static void gtMovedBack(Tally t) {
        if (t != null) {
            GT_MOVED_BACK.setOpaque(t, t.gtMovedBack + 1);
        }
    }

    /**
     * Adds this tally's counters to {@code sums} (puts, gets, empty gets, put CAS, get CAS, trees,
     * GT moved back).
     */
    void addTo(long[] sums) {
        sums[0] += (long) PUTS.getOpaque(this);
        sums[1] += (long) GETS.getOpaque(this);
        sums[2] += (long) EMPTY_GETS.getOpaque(this);
        sums[3] += (long) PUT_CAS_FAILURES.getOpaque(this);
        sums[4] += (long) GET_CAS_FAILURES.getOpaque(this);
        sums[5] += (long) TREES_APPENDED.getOpaque(this);
        sums[6] += (long) GT_MOVED_BACK.getOpaque(this);
    }
}
