package io.github.taskpools.jmh;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The counters of the producer/consumer (SALSA) experiments, one instance per benchmark thread,
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
 *       fallback; asymmetric share = asymTaken / taken shows which mode ran.</li>
 * </ul>
 * Each thread adds to its own instance with plain writes, once per batch.
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

    @Setup(Level.Iteration)
    public void reset() {
        ops = 0;
        taken = 0;
        puts = 0;
        misses = 0;
        cas = 0;
        asymTaken = 0;
    }
}
