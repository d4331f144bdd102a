/**
 * {@link io.github.taskpools.executor.BwosExecutor}, a work-stealing
 * {@link java.util.concurrent.ExecutorService} with fork/join tasks on BWoS deques: start there
 * ({@code BwosExecutor.builder().parallelism(n).build()}, then {@code execute}, {@code submit} or
 * {@code invoke}). Fork/join code ports from {@code ForkJoinPool} by a rename:
 * {@link io.github.taskpools.executor.BwosTask},
 * {@link io.github.taskpools.executor.BwosRecursiveTask} and
 * {@link io.github.taskpools.executor.BwosRecursiveAction} fork into the worker's own deque (a
 * plain store) and join by helping. Blocking calls inside tasks go through
 * {@link io.github.taskpools.executor.BwosExecutor#managedBlock}, so that the pool compensates.
 * Monitoring: {@link io.github.taskpools.executor.BwosExecutorMXBean} (JMX), and the
 * pool-micrometer module's {@code BwosExecutorMetrics}. Experimental, JDK 21 to 25:
 * {@link io.github.taskpools.executor.BwosVirtualThreads}, virtual threads scheduled by the pool.
 *
 * <h2>Implementation notes</h2>
 * Each worker owns a LIFO BWoS deque for its forks (Wang et al., OSDI'23: the owner's fast path of
 * §4.1 has no CAS and no fence) and a FIFO queue for the tasks its tasks submit; threads outside
 * the pool submit into striped rings; idle workers search, ask busy owners for a grant of their
 * current block (the answer to BWoS §8's limit), then park on a stack of idle workers. The
 * schedulers the design was read against (ForkJoinPool, cats-effect, kotlinx.coroutines, tokio) and
 * the reasons for each choice are in the repository's {@code docs/executor.md}; the path of a task
 * through the classes is in {@code docs/architecture.md}. The classes:
 * <ul>
 *   <li>{@code BwosExecutor}: the public face and the lifecycle (API, builder, thread slots,
 *       shutdown, termination, monitoring).</li>
 *   <li>{@code IdleStack} (package-private): the idle protocol, the {@code ctl} word (run state,
 *       thread and idle counts, idle stack) with the searching, waking and blocked counts: wake,
 *       park, thread start, compensation, retirement.</li>
 *   <li>{@code Worker} (package-private): a worker's deques and loop, its search, the parking
 *       handshake, fork, inside submission and join.</li>
 *   <li>{@code SharedQueue} (package-private): the external submission queue, its stripes, spill
 *       queue and submitters' probe; {@code SubmissionQueue}: one stripe, pushed under a lock and
 *       taken by CAS.</li>
 *   <li>{@code BwosTask}: the completion handshake of a task's status word and its waiters.</li>
 * </ul>
 * Each class comment holds the memory-ordering table of the fields its class owns. jcstress tests of each race (parking against each kind of work, the idle stack, submission
 * against shutdown and termination, spares, {@code shutdownNow}): the
 * {@code io.github.taskpools.jcstress.executor} package of the jcstress-tests module, listed with
 * what each proves in {@code docs/executor.md}.
 */
package io.github.taskpools.executor;
