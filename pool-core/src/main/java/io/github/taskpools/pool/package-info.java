/**
 * {@link io.github.taskpools.pool.BwosPool}, a work-stealing pool of N workers, each with its own
 * deque: a worker puts and gets its own tasks and steals from the others when it runs out, with a
 * choice of steal policies ({@link io.github.taskpools.api.StealPolicies}: random, NUMA-aware,
 * best-of-two...) and of probabilistic stealing. A building block for schedulers that run their own
 * threads: a thread takes a worker with {@code consumer()} or {@code producer()} and gives it back
 * with {@code release()}. For an {@code ExecutorService} use
 * {@link io.github.taskpools.executor.BwosExecutor}.
 *
 * <h2>Implementation notes</h2>
 * The pool of the BWoS paper's evaluation (Wang et al., OSDI'23): one BWoS deque per worker (LIFO
 * or FIFO, or any other {@link io.github.taskpools.api.WorkStealingDeque} through the builder:
 * Chase-Lev, THE, the fence-free deques), the steal policies of §6.2.3 as the P_select phase, and
 * probabilistic stealing (§3.4) as the P_accept phase. A failed sweep asks the other owners for a
 * grant (BWoS §8's limit, answered at their next put); deques whose steals abort (Morrison and
 * Afek, ASPLOS'14, §4) make {@code trySteal} answer ABORT rather than EMPTY. Blocked takers wait on
 * the internal event count {@code internal.Waiters}; workers are bound to threads by
 * {@code internal.ThreadBinding}, and a thief adopts, for one pop, a worker that nobody holds any
 * more (released, or its thread ended) while it still has tasks. The stealing loop and its
 * guarantees are in {@code BwosPool}'s class comment. jcstress test:
 * {@code io.github.taskpools.jcstress.pool.GrantVsWait} in the jcstress-tests module.
 */
package io.github.taskpools.pool;
