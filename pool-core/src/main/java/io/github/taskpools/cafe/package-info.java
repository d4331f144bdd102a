/**
 * CAFÉ, a wait-free, unbounded producer/consumer task pool with adjustable fairness: start with
 * {@link io.github.taskpools.cafe.CafePool} ({@code CafePool.builder().height(h).build()}, then a
 * handle per thread). Tasks come out roughly in the order they went in: a task is overtaken by at
 * most about one tree's worth of tasks, {@code 2^(h+1) - 1} with one consumer, and every operation
 * finishes in a bounded number of its own steps. {@link io.github.taskpools.cafe.TreeContainer},
 * its building block, is a bounded wait-free unordered pool of its own, filled once and drained.
 *
 * <h2>Implementation notes</h2>
 * Basin, Fan, Keidar, Kiselov and Perelman, "CAFÉ: Scalable Task Pools with Adjustable Fairness and
 * Contention" (DISC'11): {@code TreeContainer} is §3.1, Algorithm 1 (presence bits with versions,
 * the {@code pending} counters that close the race of §3.1 item 1, elimination, the two-attempt
 * rule), {@code CafePool} §3.2, Algorithm 2 (the FIFO list of trees, PT and the pair GT,
 * {@code moveGTBack}), with the properties of §4 (Theorem 1: a {@code null} get means every task
 * whose put completed before it started was taken; Lemma 9: wait-freedom). Each class comment maps
 * its code to the algorithm's lines and holds its memory-ordering table and the
 * synchronization-order argument it rests on (the Dekker pattern of §3.1, GT's reach of §3.2).
 * Consumers that block ({@code take}, {@code poll}) wait on the internal event count
 * {@code internal.Waiters}; handles are bound to threads by {@code internal.ThreadBinding}.
 * jcstress tests: {@code io.github.taskpools.jcstress.cafe} in the jcstress-tests module (white-box,
 * each race of §3.1 and §3.2, and {@code PutVsWait}, a put against a consumer about to park).
 */
package io.github.taskpools.cafe;
