/**
 * taskpools: scalable task pools and work-stealing queues.
 *
 * <p>Exported packages:
 * <ul>
 *   <li>{@code io.github.taskpools.api}: the contracts every structure implements (work-stealing
 *       deque, producer/consumer task pool, multi-queue work-stealing pool and steal policies);</li>
 *   <li>{@code io.github.taskpools.bwos}: block-based work stealing (Wang et al., OSDI'23), LIFO and
 *       FIFO;</li>
 *   <li>{@code io.github.taskpools.pool}: {@code BwosPool}, a work-stealing pool of one deque per
 *       worker (BWoS by default, or any {@code WorkStealingDeque}) with the BWoS paper's steal
 *       policies;</li>
 *   <li>{@code io.github.taskpools.executor}: {@code BwosExecutor}, a work-stealing
 *       {@code ExecutorService} on BWoS deques, with fork/join tasks;</li>
 *   <li>{@code io.github.taskpools.chaselev}: the Chase-Lev deque, with the barrier-optimised
 *       orderings of Lê et al.;</li>
 *   <li>{@code io.github.taskpools.fencefree}: work stealing without the worker's fence on bounded-TSO
 *       processors (Morrison and Afek, ASPLOS'14): Cilk's THE deque as the baseline, FF-THE and
 *       FF-CL, whose steals may abort (see {@code WorkStealingDeque.trySteal}), and THEP, whose
 *       steals may wait for the worker's echo; the fence-free ones run on x86-64 only, with the
 *       reordering bound δ of {@code BoundedTso};</li>
 *   <li>{@code io.github.taskpools.cafe}: CAFÉ (Basin et al., DISC'11), a wait-free task pool made
 *       of a FIFO list of TreeContainers, whose tree height bounds the overtakings;</li>
 *   <li>{@code io.github.taskpools.salsa}: SALSA (Gidron, Keidar, Perelman and Perez, IPDPS'12), a
 *       producer/consumer pool of per-consumer chunk pools with a CAS-free common-case consume,
 *       chunk stealing, producer-based balancing, NUMA access lists and linearizable emptiness;</li>
 *   <li>{@code io.github.taskpools.numapq}: the conflict-resilient lock-free calendar queue
 *       (CRCQ) and its NUMA delegation layer with channels Q, 2Q and P.</li>
 * </ul>
 * Everything else is internal: {@code io.github.taskpools.arraydeque} holds the algorithms of the
 * Chase-Lev and fence-free deques behind their exported classes, {@code io.github.taskpools.internal}
 * the runtime plumbing (thread binding, waiters, native calls); both are exported to the baselines
 * module alone. The papers' comparison baselines (WS-MSQ, WS-LIFO, ConcBag, the
 * sequentially consistent Chase-Lev deque, flat combining, ACRCQH, {@code PriorityBlockingQueue}
 * and a skip list) are not part of this module: they are the module
 * {@code io.github.taskpools.baselines} (artifact {@code pool-baselines}), which the benchmarks
 * use.
 */
// "module": the qualified export below names io.github.taskpools.baselines, which is built after this
// module, so javac cannot find it here.
@SuppressWarnings("module")
module io.github.taskpools {
    exports io.github.taskpools.api;
    exports io.github.taskpools.bwos;
    exports io.github.taskpools.cafe;
    exports io.github.taskpools.chaselev;
    exports io.github.taskpools.executor;
    exports io.github.taskpools.fencefree;
    exports io.github.taskpools.numapq;
    exports io.github.taskpools.pool;
    exports io.github.taskpools.salsa;

    // Optional: only LinuxNative uses it (SALSA's asymmetric fence, CPU queries and pinning), and it
    // reports JNA missing instead of failing; everything else works without it.
    requires static com.sun.jna;
    requires org.jctools.core;
    // JCTools reaches sun.misc.Unsafe (UnsafeAccess) through "requires static transitive
    // jdk.unsupported", which resolves nothing at run time: without this line a user module
    // launched with java -m dies with NoClassDefFoundError: sun/misc/Unsafe.
    requires jdk.unsupported;
    requires java.management;
    // JNA's direct mapping registers the native methods of LinuxNative reflectively.
    opens io.github.taskpools.internal to com.sun.jna;
    // The comparison baselines are built from the same parts as the pools here: the runtime plumbing
    // (thread binding, waiters, SALSA's access lists) and the Chase-Lev algorithm, whose volatile
    // variant is a baseline.
    exports io.github.taskpools.arraydeque to io.github.taskpools.baselines;
    exports io.github.taskpools.internal to io.github.taskpools.baselines;
}
