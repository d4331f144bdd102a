/**
 * taskpools: scalable task pools and work-stealing queues.
 *
 * <p>Exported packages:
 * <ul>
 *   <li>{@code io.github.taskpools.api}: the contracts every structure implements (work-stealing
 *       deque, producer/consumer task pool, multi-queue work-stealing pool and steal policies);</li>
 *   <li>{@code io.github.taskpools.bwos}: block-based work stealing (Wang et al., OSDI'23), LIFO and
 *       FIFO, and a pool of BWoS queues with the paper's steal policies;</li>
 *   <li>{@code io.github.taskpools.chaselev}: the Chase-Lev deque, with the barrier-optimised
 *       orderings of Lê et al. and a sequentially consistent variant.</li>
 * </ul>
 * Everything else is internal.
 */
module io.github.taskpools {
    exports io.github.taskpools.api;
    exports io.github.taskpools.bwos;
    exports io.github.taskpools.chaselev;
}
