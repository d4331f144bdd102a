package io.github.taskpools.jmh;

import io.github.taskpools.cafe.CafePool;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The counters of the producer/consumer (SALSA and CAFÉ) experiments, one instance per benchmark thread,
 * reported per second and summed over the threads ({@link AuxCounters.Type#OPERATIONS}), so
 * ratios of them are ratios of counts:
 * <ul>
 *   <li>{@link #ops}: puts + tasks taken (the score: the paper's throughput counts both sides'
 *       operations through the pool);</li>
 *   <li>{@link #taken}: tasks taken by consumers; {@link #puts}: tasks put;</li>
 *   <li>{@link #misses}: gets that found no task;</li>
 *   <li>{@link #cas}: CAS attempts consumers made to take those tasks, from the pools' own
 *       per-consumer counters (pools of this library only); CAS per task = cas / taken, the
 *       metric of the paper's Fig. 5(b);</li>
 *   <li>{@link #asymTaken}: tasks taken by SALSA consumers running the asymmetric fence, i.e.
 *       {@code taken} when {@code FenceMode.ASYMMETRIC} was asked and is in use, 0 after a
 *       fallback; asymmetric share = asymTaken / taken shows which mode ran;</li>
 *   <li>{@link #casFailures}, {@link #casOps}, {@link #treesAppended}: CAFÉ only, from
 *       {@link CafePool#stats()} over the iteration: failed CASes of puts and gets, puts + gets
 *       that returned a task (CAS failures per operation = casFailures / casOps, the metric of
 *       CAFÉ's Fig. 4a, {@link CafePool.Stats#casFailuresPerOperation()}), and trees appended to
 *       CAFÉ's list.</li>
 * </ul>
 * Each thread adds to its own instance with plain writes, once per batch. The CAFÉ counters cost the
 * measured loop nothing beyond what the pool always counts (each handle's own tally): consumer 0's
 * instance reads {@link CafePool#stats()} when that consumer's first batch of the iteration starts
 * ({@link #attach}) and again in the iteration's tear-down (after JMH stopped every thread of the
 * iteration), and reports the differences, so numerator and denominator of CAS failures per
 * operation cover the same window.
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.OPERATIONS)
public class PoolCounters {
    public long ops;
    public long taken;
    public long puts;
    public long misses;
    public long cas;
    public long asymTaken;
    public long casFailures;
    public long casOps;
    public long treesAppended;

    /** Whether {@link #attach} ran this iteration; plain, this thread only. */
    private boolean attached;
    /** The pool attached this iteration, and its CAFÉ counters then (null if it is not CAFÉ). */
    private ProducerConsumerPool source;
    private CafePool.Stats start;

    @Setup(Level.Iteration)
    public void reset() {
        ops = 0;
        taken = 0;
        puts = 0;
        misses = 0;
        cas = 0;
        asymTaken = 0;
        casFailures = 0;
        casOps = 0;
        treesAppended = 0;
        attached = false;
        source = null;
        start = null;
    }

    /** Whether {@link #attach} has run in this iteration. */
    boolean attached() {
        return attached;
    }

    /** Consumer 0, before its first batch of an iteration: CAFÉ's counters are taken from {@code pool}. */
    void attach(ProducerConsumerPool pool) {
        attached = true;
        source = pool;
        start = pool.cafeStats();
    }

    @TearDown(Level.Iteration)
    public void collect() {
        if (start == null) {
            return;
        }
        CafePool.Stats end = source.cafeStats();
        casFailures = end.putCasFailures() + end.getCasFailures() - start.putCasFailures() - start.getCasFailures();
        casOps = end.puts() + end.gets() - start.puts() - start.gets();
        treesAppended = end.treesAppended() - start.treesAppended();
    }
}
