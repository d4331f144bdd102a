package io.github.taskpools.fencefree;

import io.github.taskpools.arraydeque.BoundedTsoChecks;
import io.github.taskpools.internal.KnownJit;

/**
 * Where the fence-free deques ({@link FfTheDeque}, {@link FfClDeque}, {@link ThepDeque}) may run,
 * and the δ they use. {@link #isSupported()} says whether this processor and JIT are covered (their
 * constructors throw {@code UnsupportedOperationException} elsewhere: use
 * {@link io.github.taskpools.chaselev.ChaseLevDeque} or {@link TheDeque} there);
 * {@link #defaultDelta()} is the δ of the constructors without one, from the reordering bound S
 * ({@link #reorderingBound()}, which the system property {@value #REORDERING_BOUND_PROPERTY} sets).
 * <pre>{@code
 * WorkStealingDeque<Runnable> deque = BoundedTso.isSupported()
 *         ? new FfClDeque<>(8192)        // no fence on the owner's pop; steals may abort
 *         : new ChaseLevDeque<>(8192);   // anywhere
 * }</pre>
 *
 * <h2>Implementation notes</h2>
 * The bounded-TSO assumption of the fence-free deques (Morrison and Afek, "Fence-Free Work
 * Stealing on Bounded TSO Processors", ASPLOS'14): where it holds, how large the reordering bound
 * S is taken to be, and the δ it gives.
 *
 * <h3>What the deques assume</h3>
 * TSO[S] (§2): a load can be reordered with at most S earlier stores of its thread, because stores
 * wait in a FIFO store buffer of bounded capacity and nothing else reorders. x86-64 implements it
 * (§7.1), with S one more than the store buffer's capacity (§7.3: the entry that leaves the buffer
 * last is held in one more buffer, and Westmere-EX's 32-entry buffer behaves as TSO[33]), as long
 * as no two stores to the same location follow each other (such stores can coalesce, §7.3). A
 * thief that reads the owner's tail T then knows the owner's own view of T is at most δ takes
 * further on, with δ = ⌈S / (x + 1)⌉ when at least x other stores separate two takes (§4).
 *
 * <p>Each take of these deques stores T, then a second location on another cache line (it clears
 * the slot it takes from; THEP also echoes into P), so x ≥ 1 whatever the caller does between
 * takes, and the default is δ = ⌈S / 2⌉, the paper's default for CilkPlus (§8.1). Two takes'
 * stores to T are therefore never consecutive. Consecutive stores to one location can still
 * occur elsewhere: FF-CL's empty take stores T = b and then restores T = b + 1, and a take's
 * clear of a slot may be followed by a push's write to the same slot; a processor that coalesces
 * such stores (§7.3) holds them in one entry. Neither is a take that could be hidden: the empty
 * take takes nothing, and a coalesced clear still leaves every take its own entry for T.
 *
 * <p><b>Stores of the caller.</b> A caller that always makes x ≥ 1 stores of its own between two
 * takes makes each take x + 2 stores (T, the slot clear, its own) and may pass
 * {@link #delta(int, int) delta(S, x + 2)} to the constructors. Count with care: stores counted
 * in the source are not stores in the store buffer. C2 may merge plain stores or drop them (a
 * store overwritten before it is read, a store into an object that does not escape), and
 * consecutive stores to one location, or on some processors to one cache line, may coalesce into
 * one entry (§7.3). Count only stores that stay, to distinct cache lines, and when in doubt keep
 * the default: too large a δ costs only steals.
 *
 * <h3>S on the machine that runs</h3>
 * {@link #reorderingBound()} is S as given by the system property
 * {@value #REORDERING_BOUND_PROPERTY} when set (for example to what the store-buffer probe of §7.2
 * gives: {@code tools/store-buffer-probe/run.sh} prints it), otherwise
 * {@value #CONSERVATIVE_REORDERING_BOUND}: more than the store buffer of any x86-64 core we know
 * the size of (Intel Golden Cove 114 entries, AMD Zen 5 104, Zen 3 64) plus the extra entry of
 * §7.3. The probe measures only the store buffer's capacity (§7.2); the "+ 1" that makes S from it
 * was measured by the paper's litmus test on Westmere-EX (§7.3) only. A probe's capacity plus one
 * is therefore not a measured reordering bound for other processors, which is why the default S
 * stays the conservative 128. Too large a bound costs only steals
 * (more aborts, longer THEP waits); too small a bound loses the guarantee, so a configured value
 * below the machine's true bound is a bug of the configuration.
 *
 * <h3>Why the owner's store to T and its load of H stay in order without a fence</h3>
 * The algorithms need the owner's store of T to reach the processor's store buffer before its
 * load of H executes: the hardware then bounds the reordering. In the Java memory model no access
 * mode weaker than volatile promises that. Release and acquire order a store only after earlier
 * accesses and a load only before later ones (a release store followed by an acquire load may be
 * reordered, exactly the store-load pair at stake), opaque mode orders accesses to one variable
 * only, and {@code releaseFence}, {@code acquireFence}, {@code storeStoreFence} and
 * {@code loadLoadFence} exclude store-to-load. Only a volatile store or load pair or
 * {@code fullFence} does, and on x86-64 that is the {@code lock addl} or {@code mfence} the
 * algorithms exist to avoid; any mode the JMM guaranteed it for would need one on every TSO
 * machine. So the guarantee comes from the JVM, not from the JMM:
 * <ul>
 *   <li>The owner writes T with {@code setOpaque} and reads H with {@code getOpaque} (or
 *       {@code getAcquire}) through VarHandles. HotSpot's C2 compiles every VarHandle field or
 *       array access that is not plain as an "unsafe" access with a memory-order decorator, and
 *       {@code C2Access::needs_cpu_membar()} (src/hotspot/share/gc/shared/c2/barrierSetC2.cpp, JDK
 *       17 and 25) returns true for such an access ({@code anonymous && !is_unordered}), so
 *       {@code C2AccessFence} brackets it with two {@code MemBarCPUOrder} nodes. Those are
 *       compiler-only barriers on the whole memory state: no memory access moves across them, and
 *       they emit no instruction. The store of T, the load of H and the slot-clearing store that
 *       follows are therefore emitted in program order, none is merged or removed, and on x86-64
 *       they execute as plain {@code mov}s in that order.</li>
 *   <li>C1 and the interpreter emit memory accesses in bytecode order.</li>
 *   <li>Other compilers (Graal through JVMCI, for one) are not covered by this argument, so the
 *       fence-free deques refuse to construct where one may compile them (see below).</li>
 * </ul>
 * Everything else in the deques (publication of tasks, reuse of slots, the locks, the CAS)
 * follows from the JMM with the modes given in each class.
 *
 * <h3>Where the deques refuse to run</h3>
 * Only on x86-64 ({@code os.arch} {@code amd64} or {@code x86_64}); AArch64, POWER and RISC-V
 * reorder more than stores with later loads, and no bound is known for them (§10). Elsewhere the
 * constructors of {@link FfTheDeque}, {@link FfClDeque} and {@link ThepDeque} throw
 * {@link UnsupportedOperationException} naming the safe alternative,
 * {@link io.github.taskpools.chaselev.ChaseLevDeque} (or {@link TheDeque}, which keeps its fence).
 * They refuse the same way on a VM whose JIT may not be C2 (another VM than HotSpot, JVMCI on,
 * GraalVM, Graal options set), where the argument above about program order does not apply.
 */
public final class BoundedTso {
    private BoundedTso() {
    }

    /** The system property that sets S, the reordering bound of the processor. */
    public static final String REORDERING_BOUND_PROPERTY = "io.github.taskpools.fencefree.reorderingBound";

    /** S when {@value #REORDERING_BOUND_PROPERTY} is not set. */
    public static final int CONSERVATIVE_REORDERING_BOUND = 128;

    /**
     * Whether the fence-free deques construct here: a bounded-TSO processor ({@link #isBoundedTso()})
     * and a JIT whose ordering of the take's store and load is known (HotSpot's C2, see the class
     * comment). Where this is false their constructors throw; use
     * {@link io.github.taskpools.chaselev.ChaseLevDeque} or {@link TheDeque}.
     */
    public static boolean isSupported() {
        return isBoundedTso() && KnownJit.unknownJitReason() == null;
    }

    /** Whether this JVM runs on a bounded-TSO processor: x86-64. */
    public static boolean isBoundedTso() {
        return BoundedTsoChecks.isBoundedTso(System.getProperty("os.arch"));
    }

    /**
     * S: the value of {@value #REORDERING_BOUND_PROPERTY}, or {@value #CONSERVATIVE_REORDERING_BOUND}.
     *
     * @throws IllegalArgumentException if the property is set but is not a positive integer
     */
    public static int reorderingBound() {
        String value = System.getProperty(REORDERING_BOUND_PROPERTY);
        if (value == null) {
            return CONSERVATIVE_REORDERING_BOUND;
        }
        try {
            int s = Integer.parseInt(value.trim());
            if (s >= 1) {
                return s;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(REORDERING_BOUND_PROPERTY + " must be a positive integer, got \""
                + value + "\"");
    }

    /**
     * δ = ⌈S / stores⌉ (§4): the most takes that can hide in a store buffer of S entries when each
     * take is one of at least {@code storesPerTake} stores (its store to T plus those that follow
     * it before the next take).
     *
     * @throws IllegalArgumentException if an argument is not positive
     */
    public static int delta(int reorderingBound, int storesPerTake) {
        if (reorderingBound < 1 || storesPerTake < 1) {
            throw new IllegalArgumentException("reorderingBound and storesPerTake must be positive, got "
                    + reorderingBound + " and " + storesPerTake);
        }
        return (reorderingBound + storesPerTake - 1) / storesPerTake;
    }

    /** The default δ: {@code delta(reorderingBound(), 2)}, since each take makes two stores. */
    public static int defaultDelta() {
        return delta(reorderingBound(), 2);
    }

    /**
     * The default δ for a deque of {@code capacity} slots, for the constructors without a δ: a
     * capacity too small for it is refused naming the capacity the caller passed (an invalid
     * capacity is left to the capacity check, which names it too).
     */
    static int defaultDeltaFor(int capacity) {
        int delta = defaultDelta();
        if (capacity >= 2 && (capacity & (capacity - 1)) == 0 && delta >= capacity) {
            throw new IllegalArgumentException("capacity must be above the default delta " + delta
                    + " (BoundedTso.defaultDelta(), from this processor's reordering bound), got " + capacity
                    + "; use a larger capacity or pass a delta");
        }
        return delta;
    }
}
