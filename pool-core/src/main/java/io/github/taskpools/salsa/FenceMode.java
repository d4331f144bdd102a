package io.github.taskpools.salsa;

/**
 * How a SALSA pool closes the store-load window of §6.1: the consumer's index increment (Algorithm
 * 5, line 90) must not be reordered after its second ownership check (line 91), or a stealer that
 * changed the ownership in between may read the old index and take the same task.
 */
public enum FenceMode {
    /**
     * The consumer makes the index store and both ownership loads volatile (on x86-64 a locked
     * instruction per consumed task, for the store); the stealer needs nothing beyond its CAS. The
     * index/owner Dekker pattern (Algorithm 5, lines 90-91 against 118-121) is guaranteed by the
     * Java memory model. So is the rule that a victim takes only tasks present before the steal
     * (line 88): the producer's store of the task, the victim's and the stealer's loads of its slot
     * and the ownership loads are all volatile, and volatile accesses are sequentially consistent;
     * the producer's volatile store (a locked instruction per put on x86-64) also serves as the
     * fence of the put's handshake with blocked consumers. See {@code ScPool}. The default.
     */
    FULL,
    /**
     * The consumer keeps program order only (opaque store, acquire load; no fence instruction) and
     * the stealer, right after its ownership CAS, makes every running thread of the process execute
     * a full barrier with Linux {@code membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED)}: today's form
     * of the thread displacement of Dice et al. the paper uses (§6.1).
     *
     * <p>The JMM does not keep an opaque store before a later acquire load (acquire only keeps
     * later accesses after it, opaque orders accesses to one variable only), and Java has no
     * compiler-only fence. The order comes from the JVM: HotSpot's C2 compiles every VarHandle
     * access that is not plain as an unsafe access with a memory-order decorator and brackets it
     * with compiler-only {@code MemBarCPUOrder} barriers ({@code C2Access::needs_cpu_membar()},
     * JDK 17 and 25; see {@code fencefree.BoundedTso}), so the store and the load are emitted in
     * program order; C1 and the interpreter emit accesses in bytecode order. Other compilers (Graal
     * through JVMCI, for one) and other VMs are not covered by this argument. The hardware side
     * needs the multi-copy atomicity of x86-64 and AArch64, the only platforms membarrier is bound
     * for.
     *
     * <p>The pool falls back to {@link #FULL}, and logs why, where membarrier is not available and
     * where the VM is not HotSpot or has JVMCI enabled; see {@link SalsaPool#fenceMode()}.
     */
    ASYMMETRIC
}
