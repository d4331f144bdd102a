package io.github.taskpools.baselines.salsa;

/**
 * The single-consumer pool of a comparison pool of §6.2 ({@link WsMsqPool}, {@link WsLifoPool}):
 * an unbounded multi-producer multi-consumer container; its consumer and stealers take alike.
 */
interface ScQueue {
    /** Adds a non-null task; never fails. */
    void put(Object task);

    /**
     * Removes a task, or returns null if the container was seen empty.
     *
     * @param tally the caller's CAS counter, incremented per CAS attempt
     */
    Object take(CasTally tally);

    /** A consumer's CAS counter: a plain field written by that consumer's thread only. */
    final class CasTally {
        long count;
    }
}
