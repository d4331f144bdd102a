package io.github.taskpools.numapq;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * One register of the P channel's matrix (thesis §3.6, Algorithms 9-11): written only by its
 * requester, read by the threads of the destination domain. Whoever moves the round's read
 * count from 0 to 1 (a reader, or the requester revoking its own request) owns the posted
 * operation; everyone else sees 1 and leaves it.
 *
 * <p>The thesis copies the operation into the register under a status CAS because it allows
 * several writers; here each register has a single writer (its requester) and holds a
 * reference to the descriptor, so the status word is not needed.
 *
 * <p>The count shares one word with a write sequence number ({@code seq << 32 | count}), and a
 * reader reads {@code op} before it CASes exactly the word it read. A non-blocking requester
 * may give up on a request a reader has already won and post its next one to the same register
 * while that reader is still between winning and reading {@code op}; with a bare counter the
 * reader could then return the next operation without having won it. Here the CAS fails for
 * any later round, so the operation returned is the one of the round won. (The sequence number
 * wraps after 2^32 writes; a reader would have to stall that long between its two reads.)
 */
final class RegisterSlot {
    private static final VarHandle WORD;

    static {
        try {
            WORD = MethodHandles.lookup().findVarHandle(RegisterSlot.class, "word", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * The posted operation: plain write by the requester before the release store of
     * {@link #word}; plain read by a reader after its acquire read of {@link #word} (pairs with
     * that store), kept only if the reader's CAS on the same word value succeeds.
     */
    private Operation<?> op;
    /**
     * {@code seq << 32 | count}: count 0 while the round's operation is unread, 1 once read or
     * revoked. Release store by the requester's {@link #write} (new seq, count 0), CAS 0 to 1 by
     * readers and the revoking requester, acquire reads. Starts empty (seq 0, count 1; Algorithm
     * 9 line 6).
     */
    private volatile long word = 1;

    /** Algorithm 11 WRITE, by the requester only, once it no longer needs its previous request. */
    void write(Operation<?> operation) {
        long seq = ((long) WORD.getOpaque(this) >>> 32) + 1; // only this writer changes seq
        op = operation;
        WORD.setRelease(this, seq << 32); // release: publishes op; pairs with read's getAcquire
    }

    /** Algorithm 11 READ: the operation if this caller is the first to take it, else null. */
    Operation<?> read() {
        long w = (long) WORD.getAcquire(this);
        if ((int) w != 0) {
            return null;
        }
        Operation<?> o = op;
        return WORD.compareAndSet(this, w, w + 1) ? o : null;
    }

    /** The requester takes back its unread request (Algorithm 12 line 13). */
    boolean revoke() {
        long w = (long) WORD.getAcquire(this);
        return (int) w == 0 && WORD.compareAndSet(this, w, w + 1);
    }
}
