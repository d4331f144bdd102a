package io.github.taskpools.jcstress.fencefree;

import io.github.taskpools.api.StealResult;
import io.github.taskpools.api.WorkStealingDeque;
import io.github.taskpools.jcstress.Task;

/**
 * Tasks 0..n-1 and the bookkeeping of who took which, for deques larger than the bit masks of
 * {@link Task#verdict} allow: a task's {@code bit} field holds its index, and its plain
 * {@code payload} the same index, written after construction (a thief that sees another payload
 * exposes a missing release/acquire pair).
 */
final class Ledger {
    /** {@link #verdict}: every task taken once, with its payload. */
    static final int OK = 1;
    /** {@link #verdict}: a task taken twice, seen corrupt, or not one that was pushed. */
    static final int DUPLICATE_OR_CORRUPT = 0;
    /** {@link #verdict}: a task lost. */
    static final int LOST = -1;

    /** {@link #thiefCode}: EMPTY. */
    static final int EMPTY = -1;
    /** {@link #thiefCode}: ABORT. */
    static final int ABORT = -2;
    /** {@link #thiefCode}: a stolen task with a wrong payload. */
    static final int CORRUPT = -3;
    /** {@link #thiefCode}: the deque's own check caught a claim of a slot already taken. */
    static final int CLAIMED_EMPTY = -4;

    private final int n;
    /** Tasks the owner took, by index; only the owner writes it, the arbiter reads it. */
    private final byte[] owner;
    /** Whether the owner popped a task with a wrong payload. */
    private boolean ownerSawCorrupt;

    Ledger(int n) {
        this.n = n;
        this.owner = new byte[n];
    }

    /** Pushes tasks 0..n-1 into {@code q}. */
    <D extends WorkStealingDeque<Task>> D fill(D q) {
        for (int i = 0; i < n; i++) {
            Task t = new Task(i);
            t.payload = i;
            q.push(t);
        }
        return q;
    }

    /** Owner: records a popped task; returns its index, or -1 for none. */
    int ownerTook(Task t) {
        if (t == null) {
            return -1;
        }
        int i = indexOf(t);
        if (i >= 0 && i < n) {
            owner[i]++;
        } else {
            ownerSawCorrupt = true;
        }
        return i;
    }

    /** Indices the thief took through {@link #thiefSteals}, as a mask; -1 after a corrupt one. */
    private int thiefMask;

    /**
     * Thief: calls {@code trySteal} until EMPTY or {@code attempts} calls, records what it took, and
     * returns the mask of stolen indices (tasks are stolen oldest first, so a prefix), or a
     * negative code: CORRUPT, or CLAIMED_EMPTY when the deque threw because its thief claimed a
     * slot the owner had already cleared (a double take caught in the act).
     */
    int thiefSteals(WorkStealingDeque<Task> q, int attempts) {
        for (int i = 0; i < attempts; i++) {
            int code;
            try {
                code = thiefCode(q.trySteal());
            } catch (IllegalStateException e) {
                thiefMask = -1;
                return CLAIMED_EMPTY;
            }
            if (code == EMPTY) {
                break;
            }
            if (code == CORRUPT || code >= n) {
                thiefMask = -1;
                return CORRUPT;
            }
            if (code >= 0) {
                if ((thiefMask & 1 << code) != 0) {
                    thiefMask = -1;
                    return CORRUPT;
                }
                thiefMask |= 1 << code;
            }
        }
        return thiefMask;
    }

    /** Owner: the mask of indices it took (n <= 31). */
    int ownerMask() {
        int mask = 0;
        for (int i = 0; i < n; i++) {
            if (owner[i] != 0) {
                mask |= 1 << i;
            }
        }
        return mask;
    }

    /** Arbiter, after {@link #thiefSteals}: as {@link #verdict(WorkStealingDeque, int)}. */
    int verdictAfterThiefSteals(WorkStealingDeque<Task> q) {
        if (thiefMask < 0) {
            return DUPLICATE_OR_CORRUPT;
        }
        int[] count = new int[n];
        for (int i = 0; i < n; i++) {
            count[i] = owner[i] + (thiefMask >>> i & 1);
        }
        if (ownerSawCorrupt) {
            return DUPLICATE_OR_CORRUPT;
        }
        return drainAndJudge(q, count);
    }

    /** The thief's answer as one int: the stolen index, or EMPTY, ABORT, CORRUPT. */
    static int thiefCode(StealResult<Task> r) {
        switch (r.status()) {
            case STOLEN:
                int i = indexOf(r.task());
                return i >= 0 ? i : CORRUPT;
            case EMPTY:
                return EMPTY;
            default:
                return ABORT;
        }
    }

    /**
     * Arbiter: takes ownership of {@code q} (the actors have finished), pops what is left, and
     * judges: OK, DUPLICATE_OR_CORRUPT or LOST.
     */
    int verdict(WorkStealingDeque<Task> q, int thief) {
        int[] count = new int[n];
        for (int i = 0; i < n; i++) {
            count[i] = owner[i];
        }
        if (ownerSawCorrupt || thief == CORRUPT || thief >= n) {
            return DUPLICATE_OR_CORRUPT;
        }
        if (thief >= 0) {
            count[thief]++;
        }
        return drainAndJudge(q, count);
    }

    /**
     * Takes ownership of {@code q} (the actors have finished), pops what is left into
     * {@code count} (how often each task was taken so far) and judges: OK, DUPLICATE_OR_CORRUPT or
     * LOST. At most n pops: more means a task came twice, or a broken deque that would never empty.
     */
    private int drainAndJudge(WorkStealingDeque<Task> q, int[] count) {
        q.bindOwner();
        int pops = 0;
        for (Task t; (t = q.pop()) != null; ) {
            int i = indexOf(t);
            if (i < 0 || i >= n || ++pops > n) {
                return DUPLICATE_OR_CORRUPT;
            }
            count[i]++;
        }
        int verdict = OK;
        for (int c : count) {
            if (c > 1) {
                return DUPLICATE_OR_CORRUPT;
            }
            if (c == 0) {
                verdict = LOST;
            }
        }
        return verdict;
    }

    private static int indexOf(Task t) {
        return t.payload == t.bit ? t.bit : -1;
    }
}
