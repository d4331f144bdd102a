/**
 * The contracts every structure of the library implements, so that code written against them can
 * switch deques or pools: start with {@link io.github.taskpools.api.WorkStealingDeque} for a single
 * owner's deque that other threads steal from, with {@link io.github.taskpools.api.TaskPool} for
 * producers and consumers that each take a handle, and with
 * {@link io.github.taskpools.api.WorkStealingPool} for N workers that each own a deque.
 *
 * <ul>
 *   <li>{@link io.github.taskpools.api.WorkStealingDeque}: owner {@code push}/{@code pop}, any
 *       thread's {@code steal}, {@code trySteal} (whose {@link io.github.taskpools.api.StealResult}
 *       tells an aborted steal from an empty deque) and batch {@code stealInto} (which throws
 *       {@link io.github.taskpools.api.RefusedTasksException} when its destination breaks its
 *       promised room); implemented by the BWoS, Chase-Lev, THE and fence-free deques.</li>
 *   <li>{@link io.github.taskpools.api.TaskPool}: per-thread {@code Producer} and {@code Consumer}
 *       handles, given back by {@code release()} or the thread's end; consumers {@code get()}
 *       without blocking, or {@code take()} and {@code poll(timeout, unit)}, which park until a
 *       put. Implemented by SALSA, CAFÉ and {@code BwosPool}.</li>
 *   <li>{@link io.github.taskpools.api.WorkStealingPool},
 *       {@link io.github.taskpools.api.StealPolicy} and
 *       {@link io.github.taskpools.api.StealPolicies}: a pool of work-stealing deques and the
 *       policies that choose a thief's victim.</li>
 *   <li>{@link io.github.taskpools.api.Topology}: the NUMA node of each worker and the distances
 *       between nodes, read from Linux ({@code Topology.system()}) or described by hand, for the
 *       NUMA-aware policies, SALSA's access lists and the NUMA calendar queue.</li>
 * </ul>
 *
 * <h2>Implementation notes</h2>
 * The deque contract follows the work-stealing specification of Morrison and Afek (ASPLOS'14,
 * §3.1), relaxed as their §6 allows: a steal may answer ABORT (FF-THE and FF-CL, §4). The steal
 * policies are the BWoS paper's (Wang et al., OSDI'23): the P_select phase of §3.4 and the policies
 * of §6.2.3, with probabilistic stealing (§3.4) as the P_accept phase a pool may add. The task pool
 * contract is SALSA's (Gidron et al., IPDPS'12, §3.3), with linearizable emptiness where a pool
 * offers it (SALSA §5.5; CAFÉ's weaker guarantee is in its class comment). The package depends on
 * no other package of the library.
 */
package io.github.taskpools.api;
