/**
 * taskpools baselines: the comparison points of the papers the library implements, which the
 * benchmarks measure the library against. They are baselines, not products: use pool-core's
 * structures.
 *
 * <p>Exported packages:
 * <ul>
 *   <li>{@code io.github.taskpools.baselines.chaselev}: the Chase-Lev deque with every shared access
 *       volatile, the BWoS paper's "abp sc" (§6.2);</li>
 *   <li>{@code io.github.taskpools.baselines.salsa}: the comparison pools of the SALSA evaluation
 *       (§6.2): WS-MSQ and WS-LIFO (a Michael-Scott queue or a Treiber stack per consumer, in the
 *       §4 work-stealing framework) and ConcBag (per-producer block lists, consumers steal by
 *       CAS);</li>
 *   <li>{@code io.github.taskpools.baselines.numapq}: the thesis' comparison points for the calendar
 *       queue (§3.7): flat combining, ACRCQH (the calendar queue with cluster turns),
 *       {@code PriorityBlockingQueue} and a skip list, behind pool-core's
 *       {@code ConcurrentPriorityQueue}.</li>
 * </ul>
 */
module io.github.taskpools.baselines {
    requires transitive io.github.taskpools;

    exports io.github.taskpools.baselines.chaselev;
    exports io.github.taskpools.baselines.numapq;
    exports io.github.taskpools.baselines.salsa;
}
