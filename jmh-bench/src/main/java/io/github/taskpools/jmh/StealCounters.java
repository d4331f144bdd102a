package io.github.taskpools.jmh;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The counters of the benchmarks with thieves, one instance per benchmark thread. JMH reports each
 * field as a secondary metric in operations per second, summed over the threads of the run
 * ({@link AuxCounters.Type#OPERATIONS}); all are counted over the same iteration time, so ratios of
 * them are ratios of counts:
 * <ul>
 *   <li>{@link #ops}: successful operations, puts + gets + steals (the papers' "total throughput",
 *       BWoS §6.2: "the sum of put, get, and steal operation throughputs");</li>
 *   <li>{@link #taken}: tasks taken out, by their owner or a thief; stolen share = steals / taken;</li>
 *   <li>{@link #steals}: successful steals;</li>
 *   <li>{@link #attempts}: steal attempts, successful or not;</li>
 *   <li>{@link #aborts}: steal attempts that answered ABORT (fence-free deques only); abort rate =
 *       aborts / attempts;</li>
 *   <li>{@link #advances}: the BWoS owners' block advances (put moving to the next block, get taking
 *       over another), read from the deque's own count before and after each invocation.</li>
 * </ul>
 * The benchmark threads add to their own instance only, with plain writes (JMH reads the fields after
 * the iteration).
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.OPERATIONS)
public class StealCounters {
    public long ops;
    public long taken;
    public long steals;
    public long attempts;
    public long aborts;
    public long advances;

    @Setup(Level.Iteration)
    public void reset() {
        ops = 0;
        taken = 0;
        steals = 0;
        attempts = 0;
        aborts = 0;
        advances = 0;
    }
}
