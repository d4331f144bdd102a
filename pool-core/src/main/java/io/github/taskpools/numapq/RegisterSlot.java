package io.github.taskpools.numapq;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * One register of the P channel's matrix (thesis §3.6, Algorithms 9-11): written only by its
 * requester, read by the threads of the destination domain. The read counter decides who owns
 * a posted operation: whoever moves it from 0 (a reader, or the requester revoking its own
 * request) has it; everyone else sees a non-zero value and leaves it.
 *
 * <p>The thesis copies the operation into the register under a status CAS because it allows
 * several writers; here each register has a single writer (its requester) and holds a
 * reference to the descriptor, so the status word is not needed.
 */
final class RegisterSlot {
    private static final VarHandle READ_COUNT;

    static {
        try {
            READ_COUNT = MethodHandles.lookup().findVarHandle(RegisterSlot.class, "readCount", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * The posted operation: plain write by the requester before the release store of
     * {@link #readCount} = 0; read by a reader after winning the fetch-and-add (acquire).
     */
    private Operation<?> op;
    /**
     * 0 while a posted operation is unread; fetch-and-add by readers and by a revoking requester
     * (volatile); starts at 1 (empty, Algorithm 9 line 6). Padded apart from the op by nothing:
     * both are written by one requester and read together.
     */
    private volatile int readCount = 1;

    /** Algorithm 11 WRITE, by the requester only, when its previous request is over. */
    void write(Operation<?> operation) {
        op = operation;
        readCount = 0; // release: publishes op
    }

    /** Algorithm 11 READ: the operation if this caller is the first to read it, else null. */
    Operation<?> read() {
        if (readCount != 0) {
            return null; // cheap check before the contended fetch-and-add
        }
        if ((int) READ_COUNT.getAndAdd(this, 1) != 0) {
            return null;
        }
        return op;
    }

    /** The requester takes back its unread request (Algorithm 12 line 13). */
    boolean revoke() {
        return (int) READ_COUNT.getAndAdd(this, 1) == 0;
    }
}
