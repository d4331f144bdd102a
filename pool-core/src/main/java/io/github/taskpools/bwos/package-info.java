/**
 * Block-based work-stealing deques: an owner that pushes and pops without a CAS or a fence inside
 * its block, and thieves that take whole blocks the owner has granted them. Start with
 * {@link io.github.taskpools.bwos.LifoBwosDeque} for a worker's own task stack (forks: newest
 * first), or {@link io.github.taskpools.bwos.FifoBwosDeque} for a queue that keeps the order of
 * arrival (oldest first). For N workers with steal policies use
 * {@link io.github.taskpools.pool.BwosPool}; for an {@code ExecutorService},
 * {@link io.github.taskpools.executor.BwosExecutor}, which runs its forks on
 * {@code LifoBwosDeque}s.
 *
 * <p>A task the owner holds in its current block is not stealable until the owner grants the block:
 * when it fills it or, after a thief's {@code requestGrant()}, at its next push. A push returns
 * {@code false} when the next block still holds tasks of its previous round, so
 * {@code remainingCapacity()} is a lower bound on the pushes that will succeed.
 *
 * <h2>Implementation notes</h2>
 * BWoS, Wang et al., "BWoS: Formally Verified Block-based Work Stealing for Parallel Processing"
 * (OSDI'23): blocks with the metadata words F, B, S and C (§3.1, §4.1, in the package-private
 * {@code BwosBlocks}), round control (§3.3, §4.2.2), takeover and grant (§4.2.1), probabilistic and
 * randomized stealing (§3.4), and the reset of S by the owner only (the fix of §5.2). This
 * library's additions: grant on request, its answer to the limit named in §8 ("if the number of
 * outstanding work items is smaller than the block size, BWoS can prevent stealing"), and the LIFO
 * owner's take-back at the thieves' block. Each class comment holds its algorithm, invariants and a
 * table of memory orderings beside the paper's Table 2; the checks on callers are shared with the
 * array deques ({@code arraydeque.DequeChecks}). jcstress tests:
 * {@code io.github.taskpools.jcstress.bwos} in the jcstress-tests module.
 */
package io.github.taskpools.bwos;
