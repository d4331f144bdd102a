package io.github.taskpools.arraydeque;

import io.github.taskpools.api.StealResult;

/**
 * The ABORT result of the fence-free deques' internal steal methods ({@link AbstractTheDeque},
 * {@link FfClDequeImpl}, {@link ThepDequeImpl}), which return a task, {@code null} for EMPTY, or
 * {@link #ABORT}; and the two ways out to the public API.
 */
final class Aborted {
    private Aborted() {
    }

    /** The paper's ABORT (§4), internal: never handed to a caller. */
    static final Object ABORT = new Object() {
        @Override
        public String toString() {
            return "ABORT";
        }
    };

    /** For {@code steal()}: the task, or {@code null} for EMPTY and ABORT alike. */
    @SuppressWarnings("unchecked")
    static <E> E taskOrNull(Object outcome) {
        return outcome == ABORT ? null : (E) outcome;
    }

    /** For {@code trySteal()}. */
    @SuppressWarnings("unchecked")
    static <E> StealResult<E> result(Object outcome) {
        if (outcome == ABORT) {
            return StealResult.abort();
        }
        return outcome == null ? StealResult.empty() : StealResult.stolen((E) outcome);
    }

    /** A claimed slot held no task: the algorithm's invariants are broken. */
    static IllegalStateException claimedEmptySlot(String algorithm) {
        return new IllegalStateException(algorithm + " invariant broken: claimed an empty slot");
    }
}
