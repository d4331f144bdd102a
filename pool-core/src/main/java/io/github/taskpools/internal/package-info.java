/**
 * Runtime plumbing shared by the library's packages; not an API. The module exports this package
 * only to the pool-baselines module ({@code io.github.taskpools.baselines}), whose comparison pools
 * are built from the same parts; nothing here is for users.
 *
 * <ul>
 *   <li>{@link io.github.taskpools.internal.ThreadBinding}: binds threads to the handles of every
 *       family (SALSA's producers and consumers, {@code BwosPool}'s workers, CAFÉ's handles, the
 *       NUMA calendar queue's workers), given back by {@code release()} or the thread's end.</li>
 *   <li>{@link io.github.taskpools.internal.Waiters}: the event count (Vyukov's eventcount) on
 *       which the pools' blocked consumers park and which a put signals; its class comment holds
 *       the Dekker handshake and its orderings.</li>
 *   <li>{@link io.github.taskpools.internal.AccessLists}: the placement and access lists of SALSA's
 *       §4 framework (Gidron et al., IPDPS'12).</li>
 *   <li>{@link io.github.taskpools.internal.LinuxNative}: {@code sched_getcpu},
 *       {@code sched_setaffinity} and {@code membarrier} through JNA, optional, reporting why they
 *       are missing instead of failing.</li>
 *   <li>{@link io.github.taskpools.internal.KnownJit}: whether the JIT is HotSpot's C2, on whose
 *       ordering of opaque and acquire accesses the fence-free deques and SALSA's asymmetric fence
 *       rely.</li>
 *   <li>{@link io.github.taskpools.internal.CarrierThreads}: the carrier of a virtual thread, for
 *       the executor's virtual-thread scheduler.</li>
 * </ul>
 * The package depends on {@code api} only.
 */
package io.github.taskpools.internal;
