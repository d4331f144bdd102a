package io.github.taskpools.jmh;

import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The counters of the {@code executor-*} experiments, one instance per benchmark thread, reported per
 * second and summed over the threads ({@link AuxCounters.Type#OPERATIONS}), all over the same
 * iteration time, so ratios of them are ratios of counts:
 * <ul>
 *   <li>{@link #work}: units of work done: whole computations ({@code executor-fork-join}) or tasks
 *       completed ({@code executor-submit}); the denominator of the per-unit counters;</li>
 *   <li>{@link #invocations}: benchmark invocations (in {@code executor-submit} a batch of tasks, for
 *       counters too rare to show per task);</li>
 *   <li>{@link #steals}: the pool's steal count over the same invocations ({@code
 *       BwosExecutor.getStealCount()} or {@code ForkJoinPool.getStealCount()}); steals per computation =
 *       steals / work;</li>
 *   <li>{@link #parks}, {@link #unparks}, {@link #grantsOnRequest}: BwosExecutor's own counters
 *       ({@code getParkCount()}, {@code getUnparkCount()}, {@code getGrantsOnRequestCount()}), 0 for the
 *       other pools (the report shows them for BwosExecutor only).</li>
 * </ul>
 * The benchmark thread reads the pools' counters before and after each invocation, inside the
 * measured time: a few reads of per-worker counters, the same for every pool, against an invocation
 * that is a whole computation or a batch of thousands of tasks.
 */
@State(Scope.Thread)
@AuxCounters(AuxCounters.Type.OPERATIONS)
public class ExecutorCounters {
    public long work;
    public long invocations;
    public long steals;
    public long parks;
    public long unparks;
    public long grantsOnRequest;

    @Setup(Level.Iteration)
    public void reset() {
        work = 0;
        invocations = 0;
        steals = 0;
        parks = 0;
        unparks = 0;
        grantsOnRequest = 0;
    }
}
