/**
 * Work-stealing deques whose owner takes without a memory fence, on x86-64: start with
 * {@link io.github.taskpools.fencefree.ThepDeque} when thieves must never give up (a thief may wait
 * for the owner instead), or {@link io.github.taskpools.fencefree.FfTheDeque} or
 * {@link io.github.taskpools.fencefree.FfClDeque} when a thief may abort and come back later
 * ({@code trySteal()} answers ABORT while the deque holds δ tasks or fewer).
 * {@link io.github.taskpools.fencefree.TheDeque}, Cilk's THE protocol with its fence, is the
 * baseline they are measured against and runs everywhere.
 * {@link io.github.taskpools.fencefree.BoundedTso} gives δ, the reordering bound, and says where
 * the fence-free deques refuse to construct (another processor than x86-64, or a JIT other than
 * HotSpot's C2).
 *
 * <h2>Implementation notes</h2>
 * Morrison and Afek, "Fence-Free Work Stealing on Bounded TSO Processors" (ASPLOS'14): THE is their
 * Fig. 2b (Frigo, Leiserson and Randall, PLDI'98), FF-THE Fig. 3 and FF-CL Fig. 4 (§4, §4.1), THEP
 * Fig. 5 (§5); the relaxed specification that lets a steal abort is their §6, and δ comes from the
 * store-buffer capacity of §7.2 plus the extra entry of §7.3 ({@code tools/store-buffer-probe}
 * measures the capacity). {@code BoundedTso}'s class comment argues why the owner's store of T and
 * load of H stay in program order without a fence (C2's compiler barriers around every non-plain
 * VarHandle access). The exported classes are thin: their algorithms are in the non-exported
 * {@code arraydeque} package ({@code AbstractTheDeque}, {@code TheDequeImpl},
 * {@code FfTheDequeImpl}, {@code ThepDequeImpl}, {@code FfClDequeImpl}), whose package overview
 * holds every variant's memory orderings side by side. jcstress tests:
 * {@code io.github.taskpools.jcstress.fencefree} in the jcstress-tests module.
 */
package io.github.taskpools.fencefree;
