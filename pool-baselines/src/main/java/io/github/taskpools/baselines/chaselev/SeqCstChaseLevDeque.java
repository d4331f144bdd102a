package io.github.taskpools.baselines.chaselev;

import io.github.taskpools.chaselev.ChaseLevDeque;
import io.github.taskpools.arraydeque.ChaseLevSeqCstOrderings;

/**
 * The bounded Chase-Lev deque with every shared access volatile: the "abp sc" of the BWoS paper
 * (§6.2), the baseline that shows what the orderings of {@link ChaseLevDeque} save. Same algorithm
 * ({@code arraydeque.AbstractChaseLevDeque} of pool-core), same invariants, same slot-clearing rule;
 * the hooks are pool-core's {@code arraydeque.ChaseLevSeqCstOrderings}.
 *
 * <h2>Memory orderings</h2>
 * <pre>
 * variable  writer: mode                              reader: mode
 * slots     push, pop clear: setVolatile              pop, thief: getVolatile
 * bottom    push, pop: setVolatile                    owner, thief: getVolatile
 * top       thief, last-task pop: CAS (volatile)      push, pop, thief: getVolatile
 * owner     bindOwner: plain (contract: hb)           owner paths: plain
 * </pre>
 * All volatile accesses are totally ordered by the JMM's synchronization order, consistent with
 * program order, and each volatile read sees the last volatile write before it in that order: the
 * algorithm runs sequentially consistently, and every volatile write is a release that the
 * volatile reads pair with. The two full fences of the algorithm stay (see
 * {@code AbstractChaseLevDeque} for why), as in a C11 Chase-Lev with every ordering seq_cst. On
 * x86-64 each volatile store costs a {@code lock addl} (push one, pop one besides its fence), and
 * volatile loads are plain moves.
 *
 * <p>{@link #sizeEstimate}, {@link #probeStealable} and {@link #remainingCapacity}, which are
 * estimates outside the algorithm, read opaque as in every deque of the package.
 *
 * <p>Owner-only methods check the calling thread when push finds the deque full and when pop finds
 * it empty; see {@link io.github.taskpools.api.WorkStealingDeque}.
 *
 * @param <E> the task type
 */
// "exports": the superclass is in pool-core's arraydeque (exported only to this module), which
// keeps the algorithm's access-mode hooks and fields out of the API; the deque's API is
// WorkStealingDeque's.
@SuppressWarnings("exports")
public final class SeqCstChaseLevDeque<E> extends ChaseLevSeqCstOrderings<E> {

    /**
     * An empty deque of {@code capacity} slots, owned by the calling thread.
     *
     * @throws IllegalArgumentException if {@code capacity} is not a power of two in [2, 2^30]
     */
    public SeqCstChaseLevDeque(int capacity) {
        super(capacity);
    }

    @Override
    public String toString() {
        return "SeqCstChaseLevDeque[capacity " + capacity() + ", ~" + sizeEstimate() + " tasks]";
    }
}
