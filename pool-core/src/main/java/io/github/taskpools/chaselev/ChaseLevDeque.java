package io.github.taskpools.chaselev;

import io.github.taskpools.arraydeque.ChaseLevLeOrderings;
import java.lang.invoke.VarHandle;

/**
 * A bounded work-stealing deque: its owner pushes and pops its newest task, any thread steals the
 * oldest. The classic Chase-Lev deque with the weakest orderings proven for it.
 * <pre>{@code
 * ChaseLevDeque<Runnable> tasks = new ChaseLevDeque<>(8192);   // capacity: a power of two
 * Runnable job = () -> System.out.println("ran");
 * if (!tasks.push(job)) {
 *     job.run();                        // refused (full): the task stays with the caller
 * }
 * Runnable mine = tasks.pop();          // owner: newest first
 * Runnable stolen = tasks.steal();      // any thread: oldest first, or null when empty
 * }</pre>
 * <p><b>Guarantees.</b> Every task pushed is taken exactly once; a steal returns {@code null} only
 * when it found the deque empty or lost the race for the last task. <b>Threads.</b> {@code push}
 * and {@code pop} are the owner's (the constructing thread, or the caller of {@link #bindOwner()}).
 * <b>When to pick it.</b> The reference point: any task is stealable at once (unlike BWoS, whose
 * owner keeps its current block), at the cost of a fence on every {@code pop}.
 *
 * <h2>Implementation notes</h2>
 * The bounded Chase-Lev deque with the barrier-optimised orderings of Lê et al. (PPoPP'13), the
 * "abp opt" of the BWoS paper (§6.2): the owner pushes and pops at the bottom, thieves steal the
 * oldest task at the top. The algorithm, its invariants and the slot-clearing rule are in
 * {@code arraydeque.AbstractChaseLevDeque}; this class only picks the access modes (its hooks are
 * in {@code arraydeque.ChaseLevLeOrderings}, out of the exported API). The table of the
 * {@code arraydeque} package overview sets these orderings side by side with those of the other
 * array deques.
 *
 * <h3>Memory orderings</h3>
 * Lê et al.'s C11 orderings mapped to VarHandle modes as in Lea's "Using JDK 9 Memory Order
 * Modes" (relaxed: opaque, or plain where only the writer reads; acquire/release: the same;
 * seq_cst fence: {@link VarHandle#fullFence()}, executed by {@code AbstractChaseLevDeque} itself;
 * seq_cst CAS: {@code compareAndSet}):
 * <pre>
 * variable  writer: mode                              reader: mode
 * slots     push: plain, before the release fence     pop: plain (the owner's own stores);
 *           pop clear: plain (see the clearing rule)  thief: plain, after its acquire of bottom
 *                                                     (sees the push) and before its CAS (so the
 *                                                     read precedes any reuse); references never
 *                                                     tear, and a stale value dies with a failed CAS
 * bottom    push: release FENCE + opaque store (REL)  owner: plain (it is the only writer)
 *           pop: opaque decrement, then FULL FENCE    thief: acquire after its FULL FENCE (ACQ,
 *           (the handshake), opaque restores          pairs with REL: the task it will read is there)
 * top       thief, last-task pop: CAS (volatile)      push: acquire (pairs with the winner's CAS: the
 *                                                     winner's slot read happens-before the reuse)
 *                                                     pop: opaque after its FULL FENCE (handshake)
 *                                                     thief: acquire, then FULL FENCE (handshake)
 * owner     bindOwner: plain (contract: hb)           owner paths: plain
 * </pre>
 * Why each:
 * <ul>
 *   <li><b>push, release fence rather than a release store.</b> The fence orders the task store
 *       before <em>every</em> later store to {@code bottom}, including a later pop's opaque
 *       decrement and restores: a thief whose acquire read returns a value written by pop still
 *       synchronizes with the push that stored the task (C11's fence rule; a release store would
 *       cover only itself, since C++20 and the JMM have no same-thread release sequences). It is
 *       free on x86-64 (a compiler barrier) and a {@code dmb ish} on AArch64.</li>
 *   <li><b>push, acquire of top.</b> Push writes index {@code b} into the slot of index
 *       {@code b - capacity} only after reading {@code top > b - capacity}, a value written by the
 *       CAS that claimed index {@code b - capacity} or by a later CAS (RMWs continue its release
 *       sequence): the claimer's read of the slot happens-before the overwrite. (If the owner took
 *       that index itself, program order suffices.)</li>
 *   <li><b>pop, opaque store, full fence, opaque load.</b> The store-load order the handshake needs
 *       (see {@code AbstractChaseLevDeque}); no weaker fence orders a store before a later
 *       load. This is the owner's one fence ({@code lock addl} on x86-64, {@code dmb ish} on
 *       AArch64).</li>
 *   <li><b>steal, acquire of top, full fence, acquire of bottom.</b> The fence pairs with pop's
 *       (the two are totally ordered); the acquire of {@code bottom} pairs with push's release.
 *       The acquire of {@code top} is as in the paper; in Java the full fence right after it
 *       already gives it acquire strength.</li>
 *   <li><b>CAS on top, volatile.</b> Lê et al.'s seq_cst CAS. Its release half orders the thief's
 *       slot read before its claim (pairs with push's acquire of {@code top}); a failed CAS reads
 *       {@code top} as a volatile read, which lets the losing pop clear the slot.</li>
 * </ul>
 * A thief's read of the slot cannot move after its CAS (a volatile RMW) nor before its acquire of
 * {@code bottom}. The owner's fast paths: push has no fence and no RMW; pop has one full fence and
 * a CAS only for the last task.
 *
 * <p>Owner-only methods check the calling thread when push finds the deque full and when pop finds
 * it empty (after restoring {@code bottom}); see {@link io.github.taskpools.api.WorkStealingDeque}.
 *
 * @param <E> the task type
 */
// "exports": the superclass is in arraydeque (exported only to the baselines module), which keeps
// the algorithm's access-mode hooks and fields out of the API; the deque's API is
// WorkStealingDeque's.
@SuppressWarnings("exports")
public final class ChaseLevDeque<E> extends ChaseLevLeOrderings<E> {

    /**
     * An empty deque of {@code capacity} slots, owned by the calling thread.
     *
     * @throws IllegalArgumentException if {@code capacity} is not a power of two in [2, 2^30]
     */
    public ChaseLevDeque(int capacity) {
        super(capacity);
    }

    @Override
    public String toString() {
        return "ChaseLevDeque[capacity " + capacity() + ", ~" + sizeEstimate() + " tasks]";
    }
}
