/**
 * Concurrent min-priority queues of {@code long} keys (timestamps, deadlines, priorities): start
 * with {@link io.github.taskpools.numapq.CalendarQueue}, a lock-free calendar queue that any thread
 * may offer to and poll from, with a blocking {@code take()} and a timed {@code poll}. On a machine
 * with several NUMA nodes and threads spread over them,
 * {@link io.github.taskpools.numapq.NumaCalendarQueue} binds buckets to nodes and delegates each
 * operation to a thread of the node that holds its bucket, over a channel chosen in its builder
 * ({@code Q}, {@code TWO_Q} or {@code P}); each of its threads registers as one worker of a
 * {@link io.github.taskpools.api.Topology}. Both implement
 * {@link io.github.taskpools.numapq.ConcurrentPriorityQueue} and hold
 * {@link io.github.taskpools.numapq.Event}s.
 *
 * <h2>Implementation notes</h2>
 * U. Mazziotta, "Parallel Priorities: Optimizing Priority Queues for NUMA Machines" (master's
 * thesis, Sapienza University of Rome, academic year 2018/2019). {@code CalendarQueue} is the
 * conflict-resilient lock-free calendar queue CRCQ of §2.3.2 (after Marotta et al.): enqueue,
 * dequeue and resize are Algorithms 1-3, its buckets Harris-style lists of §2.3.1
 * ({@code CalendarNode}, whose deletion marks live in a state word and whose unlinking is frozen by
 * marker nodes, as in {@code ConcurrentSkipListMap}), with the non-blocking descriptor operations
 * of §3.1.1 (Algorithms 4-6). {@code NumaCalendarQueue} is chapter 3: clusters of four buckets per
 * node (§3.1), operation descriptors ({@code Operation}, §3.1), the channels Q (§3.4, Algorithm 7),
 * 2Q (§3.5, Algorithm 8) and P (§3.6, Algorithms 9-13, {@code RegisterSlot}), blocking or
 * non-blocking, with repost on or off, per node or per socket (§3.3's nomenclature). The thesis'
 * comparison points of §3.7 (flat combining, ACRCQH, {@code PriorityBlockingQueue}, a skip list)
 * are baselines, in the pool-baselines module. Each class comment states its algorithm and
 * invariants, and each shared field's comment its access modes and the pairing they rely on.
 * jcstress tests: {@code io.github.taskpools.jcstress.numapq} in the jcstress-tests module.
 */
package io.github.taskpools.numapq;
