package io.github.taskpools.jmh;

import io.github.taskpools.baselines.chaselev.SeqCstChaseLevDeque;
import io.github.taskpools.bwos.FifoBwosDeque;
import io.github.taskpools.bwos.LifoBwosDeque;
import io.github.taskpools.chaselev.ChaseLevDeque;
import io.github.taskpools.fencefree.FfClDeque;
import io.github.taskpools.fencefree.FfTheDeque;
import io.github.taskpools.fencefree.TheDeque;
import io.github.taskpools.fencefree.ThepDeque;
import io.github.taskpools.jmh.baseline.LockedArrayDeque;
import io.github.taskpools.jmh.baseline.SeqBlockRing;
import io.github.taskpools.jmh.baseline.SeqBlockStack;
import io.github.taskpools.jmh.baseline.SeqRing;
import io.github.taskpools.jmh.baseline.SeqStack;
import org.jctools.queues.SpmcArrayQueue;

/**
 * The owner's view of a contender in the single-owner benchmarks: put at the owner's end, get at
 * the owner's end (LIFO or FIFO as the contender's policy says), and the thieves' end where the
 * contender has one.
 *
 * <p>Every contender, the sequential baselines included, is one small final subclass. The queue
 * itself is passed to {@link #put(Object, Object)} and {@link #get(Object)}: a benchmark loop takes
 * it from {@link #queue()} once and holds it in a local variable, as a worker holds its own deque.
 * Reading it from a field on every call instead penalises the contenders whose owner path has an
 * out-of-line slow path (BWoS at block boundaries, Chase-Lev and the fence-free deques at the last
 * task): C2 reloads fields after a call, even one on a rare path, so their loops fetched the queue
 * reference afresh before every operation and reached the queue's index through it, while the
 * sequential baselines, whose loops have no call, kept the reference in a register. With the queue
 * in a local, every contender's loop reaches its queue through a register that does not change, as
 * an owner's loop over its own deque does in practice. (docs/measurements/bwos.md, "2026-11-22 (evening)", has the
 * figures before and after.)
 *
 * <p>Each JMH fork instantiates one subclass only, so the calls from the benchmark loops are
 * monomorphic and C2 inlines them.
 *
 * @param <Q> the contender's queue class
 */
public abstract class OwnerQueue<Q> {

    /** The contender names, as used by the benchmarks' {@code queue} parameter and the report. */
    public static final String BWOS_LIFO = "bwos-lifo";
    public static final String BWOS_FIFO = "bwos-fifo";
    public static final String SEQ_STACK = "seq-stack";
    public static final String SEQ_RING = "seq-ring";
    public static final String SEQ_BLOCK_STACK = "seq-block-stack";
    public static final String SEQ_BLOCK_RING = "seq-block-ring";
    public static final String CHASE_LEV_OPT = "chase-lev-opt";
    public static final String CHASE_LEV_SC = "chase-lev-sc";
    public static final String JCTOOLS_SPMC = "jctools-spmc";
    public static final String ARRAYDEQUE_LOCKED = "arraydeque-locked";
    public static final String THE = "the";
    public static final String FF_THE = "ff-the";
    public static final String FF_CL = "ff-cl";
    public static final String THEP = "thep";

    private final Q queue;

    OwnerQueue(Q queue) {
        this.queue = queue;
    }

    /** The contender's queue, for a benchmark loop to keep in a local variable. */
    public final Q queue() {
        return queue;
    }

    /** Owner only. Adds a task to {@code queue} (this contender's); {@code false} if it is full. */
    public abstract boolean put(Q queue, Object task);

    /** Owner only. Removes a task from the owner's end of {@code queue}, or returns {@code null} if none. */
    public abstract Object get(Q queue);

    /**
     * Any thread. Removes a task from the thieves' end of {@code queue}, or returns {@code null} if the
     * steal found none (or gave up). Only the contenders with a thieves' end have one: the BWoS deques,
     * Chase-Lev, THE and its fence-free variants, and JCTools' SPMC ring (whose consumers' poll is its
     * steal).
     *
     * @throws UnsupportedOperationException for the sequential and locked baselines
     */
    public Object steal(Q queue) {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " has no thieves' end");
    }

    /** {@link #put(Object, Object)} on this contender's queue, for code outside a hot loop. */
    public final boolean put(Object task) {
        return put(queue, task);
    }

    /** {@link #get(Object)} on this contender's queue, for code outside a hot loop. */
    public final Object get() {
        return get(queue);
    }

    /** {@link #steal(Object)} on this contender's queue. */
    public final Object steal() {
        return steal(queue);
    }

    /** Makes the calling thread the owner (for queues that record one). */
    public void bindOwner() {
    }

    /** Owner only. The BWoS deques' count of the owner's block advances so far; 0 for the others. */
    public long blockAdvances() {
        return 0;
    }

    /**
     * A new, empty contender.
     *
     * @param name one of the names above
     * @param capacity a power of two
     * @param blockCount the number of BWoS blocks ({@code capacity} is split evenly between them)
     */
    public static OwnerQueue<?> create(String name, int capacity, int blockCount) {
        if (capacity < 1 || Integer.bitCount(capacity) != 1 || capacity % blockCount != 0) {
            throw new IllegalArgumentException("capacity " + capacity + " must be a power of two divisible by "
                    + blockCount);
        }
        switch (name) {
            case BWOS_LIFO:
                return new BwosLifo(new LifoBwosDeque<>(blockCount, capacity / blockCount));
            case BWOS_FIFO:
                return new BwosFifo(new FifoBwosDeque<>(blockCount, capacity / blockCount));
            case SEQ_STACK:
                return new Stack(new SeqStack(capacity));
            case SEQ_RING:
                return new Ring(new SeqRing(capacity));
            case SEQ_BLOCK_STACK:
                return new BlockStack(new SeqBlockStack(capacity, blockCount));
            case SEQ_BLOCK_RING:
                return new BlockRing(new SeqBlockRing(capacity, blockCount));
            case CHASE_LEV_OPT:
                return new ChaseLevOpt(new ChaseLevDeque<>(capacity));
            case CHASE_LEV_SC:
                return new ChaseLevSc(new SeqCstChaseLevDeque<>(capacity));
            case JCTOOLS_SPMC:
                return new JctoolsSpmc(new SpmcArrayQueue<>(capacity));
            case ARRAYDEQUE_LOCKED:
                return new LockedDeque(new LockedArrayDeque(capacity));
            case THE:
                return new The(new TheDeque<>(capacity));
            case FF_THE:
                return new FfThe(new FfTheDeque<>(capacity));
            case FF_CL:
                return new FfCl(new FfClDeque<>(capacity));
            case THEP:
                return new Thep(new ThepDeque<>(capacity));
            default:
                throw new IllegalArgumentException("unknown contender " + name);
        }
    }

    static final class BwosLifo extends OwnerQueue<LifoBwosDeque<Object>> {
        BwosLifo(LifoBwosDeque<Object> q) {
            super(q);
        }

        @Override
        public boolean put(LifoBwosDeque<Object> q, Object task) {
            return q.push(task);
        }

        @Override
        public Object get(LifoBwosDeque<Object> q) {
            return q.pop();
        }

        @Override
        public Object steal(LifoBwosDeque<Object> q) {
            return q.steal();
        }

        @Override
        public void bindOwner() {
            queue().bindOwner();
        }

        @Override
        public long blockAdvances() {
            return queue().blockAdvances();
        }
    }

    static final class BwosFifo extends OwnerQueue<FifoBwosDeque<Object>> {
        BwosFifo(FifoBwosDeque<Object> q) {
            super(q);
        }

        @Override
        public boolean put(FifoBwosDeque<Object> q, Object task) {
            return q.push(task);
        }

        @Override
        public Object get(FifoBwosDeque<Object> q) {
            return q.pop();
        }

        @Override
        public Object steal(FifoBwosDeque<Object> q) {
            return q.steal();
        }

        @Override
        public void bindOwner() {
            queue().bindOwner();
        }

        @Override
        public long blockAdvances() {
            return queue().blockAdvances();
        }
    }

    static final class ChaseLevOpt extends OwnerQueue<ChaseLevDeque<Object>> {
        ChaseLevOpt(ChaseLevDeque<Object> q) {
            super(q);
        }

        @Override
        public boolean put(ChaseLevDeque<Object> q, Object task) {
            return q.push(task);
        }

        @Override
        public Object get(ChaseLevDeque<Object> q) {
            return q.pop();
        }

        @Override
        public Object steal(ChaseLevDeque<Object> q) {
            return q.steal();
        }

        @Override
        public void bindOwner() {
            queue().bindOwner();
        }
    }

    static final class ChaseLevSc extends OwnerQueue<SeqCstChaseLevDeque<Object>> {
        ChaseLevSc(SeqCstChaseLevDeque<Object> q) {
            super(q);
        }

        @Override
        public boolean put(SeqCstChaseLevDeque<Object> q, Object task) {
            return q.push(task);
        }

        @Override
        public Object get(SeqCstChaseLevDeque<Object> q) {
            return q.pop();
        }

        @Override
        public Object steal(SeqCstChaseLevDeque<Object> q) {
            return q.steal();
        }

        @Override
        public void bindOwner() {
            queue().bindOwner();
        }
    }

    static final class Stack extends OwnerQueue<SeqStack> {
        Stack(SeqStack q) {
            super(q);
        }

        @Override
        public boolean put(SeqStack q, Object task) {
            return q.push(task);
        }

        @Override
        public Object get(SeqStack q) {
            return q.pop();
        }
    }

    static final class BlockStack extends OwnerQueue<SeqBlockStack> {
        BlockStack(SeqBlockStack q) {
            super(q);
        }

        @Override
        public boolean put(SeqBlockStack q, Object task) {
            return q.push(task);
        }

        @Override
        public Object get(SeqBlockStack q) {
            return q.pop();
        }
    }

    static final class BlockRing extends OwnerQueue<SeqBlockRing> {
        BlockRing(SeqBlockRing q) {
            super(q);
        }

        @Override
        public boolean put(SeqBlockRing q, Object task) {
            return q.offer(task);
        }

        @Override
        public Object get(SeqBlockRing q) {
            return q.poll();
        }
    }

    static final class Ring extends OwnerQueue<SeqRing> {
        Ring(SeqRing q) {
            super(q);
        }

        @Override
        public boolean put(SeqRing q, Object task) {
            return q.offer(task);
        }

        @Override
        public Object get(SeqRing q) {
            return q.poll();
        }
    }

    /** JCTools' SPMC ring: the owner offers and polls, so its get takes the consumers' CAS path. */
    static final class JctoolsSpmc extends OwnerQueue<SpmcArrayQueue<Object>> {
        JctoolsSpmc(SpmcArrayQueue<Object> q) {
            super(q);
        }

        @Override
        public boolean put(SpmcArrayQueue<Object> q, Object task) {
            return q.offer(task);
        }

        @Override
        public Object get(SpmcArrayQueue<Object> q) {
            return q.poll();
        }

        @Override
        public Object steal(SpmcArrayQueue<Object> q) {
            return q.poll();
        }
    }

    static final class LockedDeque extends OwnerQueue<LockedArrayDeque> {
        LockedDeque(LockedArrayDeque q) {
            super(q);
        }

        @Override
        public boolean put(LockedArrayDeque q, Object task) {
            return q.push(task);
        }

        @Override
        public Object get(LockedArrayDeque q) {
            return q.pop();
        }
    }

    static final class The extends OwnerQueue<TheDeque<Object>> {
        The(TheDeque<Object> q) {
            super(q);
        }

        @Override
        public boolean put(TheDeque<Object> q, Object task) {
            return q.push(task);
        }

        @Override
        public Object get(TheDeque<Object> q) {
            return q.pop();
        }

        @Override
        public Object steal(TheDeque<Object> q) {
            return q.steal();
        }

        @Override
        public void bindOwner() {
            queue().bindOwner();
        }
    }

    static final class FfThe extends OwnerQueue<FfTheDeque<Object>> {
        FfThe(FfTheDeque<Object> q) {
            super(q);
        }

        @Override
        public boolean put(FfTheDeque<Object> q, Object task) {
            return q.push(task);
        }

        @Override
        public Object get(FfTheDeque<Object> q) {
            return q.pop();
        }

        @Override
        public Object steal(FfTheDeque<Object> q) {
            return q.steal();
        }

        @Override
        public void bindOwner() {
            queue().bindOwner();
        }
    }

    static final class FfCl extends OwnerQueue<FfClDeque<Object>> {
        FfCl(FfClDeque<Object> q) {
            super(q);
        }

        @Override
        public boolean put(FfClDeque<Object> q, Object task) {
            return q.push(task);
        }

        @Override
        public Object get(FfClDeque<Object> q) {
            return q.pop();
        }

        @Override
        public Object steal(FfClDeque<Object> q) {
            return q.steal();
        }

        @Override
        public void bindOwner() {
            queue().bindOwner();
        }
    }

    static final class Thep extends OwnerQueue<ThepDeque<Object>> {
        Thep(ThepDeque<Object> q) {
            super(q);
        }

        @Override
        public boolean put(ThepDeque<Object> q, Object task) {
            return q.push(task);
        }

        @Override
        public Object get(ThepDeque<Object> q) {
            return q.pop();
        }

        @Override
        public Object steal(ThepDeque<Object> q) {
            return q.steal();
        }

        @Override
        public void bindOwner() {
            queue().bindOwner();
        }
    }
}
