/**
 * The Chase-Lev work-stealing deque, {@link io.github.taskpools.chaselev.ChaseLevDeque}: a bounded
 * array whose owner pushes and pops its newest task and whose thieves steal the oldest, any task
 * stealable at once, at the cost of one full fence per {@code pop}. The reference point of the
 * other deques; it runs on every processor.
 *
 * <h2>Implementation notes</h2>
 * Chase and Lev (SPAA'05) with the barrier-optimised C11 orderings of Lê, Pop, Cohen and Zappa
 * Nardelli (PPoPP'13, Fig. 1), the BWoS paper's "abp opt" (§6.2). The exported class declares only
 * its constructors and {@code toString}, and its class comment argues its memory orderings; the
 * algorithm, its invariants and the slot-clearing rule are in the non-exported
 * {@code arraydeque.AbstractChaseLevDeque}, its access modes in
 * {@code arraydeque.ChaseLevLeOrderings}, and the {@code arraydeque} package overview sets its
 * orderings beside those of the THE and fence-free deques. The sequentially consistent variant (the
 * paper's "abp sc") is a baseline, in the pool-baselines module. jcstress tests:
 * {@code io.github.taskpools.jcstress.chaselev} in the jcstress-tests module.
 */
package io.github.taskpools.chaselev;
