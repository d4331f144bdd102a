package io.github.taskpools.salsa;

/**
 * How a SALSA pool closes the store-load window of §6.1: the consumer's index increment (Algorithm
 * 5, line 90) must not be reordered after its second ownership check (line 91), or a stealer that
 * changed the ownership in between may read the old index and take the same task.
 */
public enum FenceMode {
    /**
     * The consumer makes the index store and the ownership load volatile (on x86-64 a locked
     * instruction per consumed task); the stealer needs nothing beyond its CAS. Correct by the Java
     * memory model alone.
     */
    FULL,
    /**
     * The consumer keeps program order only (opaque store, acquire load; no fence instruction) and
     * the stealer, right after its ownership CAS, makes every running thread of the process execute
     * a full barrier with Linux {@code membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED)}: today's form
     * of the thread displacement of Dice et al. the paper uses (§6.1). Where membarrier is not
     * available the pool falls back to {@link #FULL} and logs why; see
     * {@link SalsaPool#fenceMode()}.
     */
    ASYMMETRIC
}
