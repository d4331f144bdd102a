package io.github.taskpools.jmh;

import io.github.taskpools.bwos.FifoBwosDeque;
import io.github.taskpools.bwos.LifoBwosDeque;
import io.github.taskpools.chaselev.ChaseLevDeque;
import io.github.taskpools.chaselev.SeqCstChaseLevDeque;
import io.github.taskpools.fencefree.FfClDeque;
import io.github.taskpools.fencefree.FfTheDeque;
import io.github.taskpools.fencefree.TheDeque;
import io.github.taskpools.fencefree.ThepDeque;
import io.github.taskpools.jmh.baseline.LockedArrayDeque;
import io.github.taskpools.jmh.baseline.SeqRing;
import io.github.taskpools.jmh.baseline.SeqStack;
import org.jctools.queues.SpmcArrayQueue;

/**
 * The owner's view of a contender in the single-owner benchmarks: put at the owner's end, get at
 * the owner's end (LIFO or FIFO as the contender's policy says).
 *
 * <p>Every contender, the sequential baselines included, is one small final subclass holding its
 * queue in a final field of the queue's concrete class, so every contender pays the same
 * indirection and every call into the queue is a direct, inlinable call. Each JMH fork instantiates
 * one subclass only, so the benchmark's {@code put}/{@code get} call sites are monomorphic (C2
 * devirtualises them by class hierarchy analysis).
 */
public abstract class OwnerQueue {

    /** The contender names, as used by the benchmarks' {@code queue} parameter and the report. */
    public static final String BWOS_LIFO = "bwos-lifo";
    public static final String BWOS_FIFO = "bwos-fifo";
    public static final String SEQ_STACK = "seq-stack";
    public static final String SEQ_RING = "seq-ring";
    public static final String CHASE_LEV_OPT = "chase-lev-opt";
    public static final String CHASE_LEV_SC = "chase-lev-sc";
    public static final String JCTOOLS_SPMC = "jctools-spmc";
    public static final String ARRAYDEQUE_LOCKED = "arraydeque-locked";
    public static final String THE = "the";
    public static final String FF_THE = "ff-the";
    public static final String FF_CL = "ff-cl";
    public static final String THEP = "thep";

    /** Owner only. Adds a task; {@code false} if the queue is full. */
    public abstract boolean put(Object task);

    /** Owner only. Removes a task from the owner's end, or returns {@code null} if none. */
    public abstract Object get();

    /**
     * Any thread. Removes a task from the thieves' end, or returns {@code null} if the steal found
     * none (or gave up). Only the contenders with a thieves' end have one: the BWoS deques, Chase-Lev,
     * THE and its fence-free variants, and JCTools' SPMC ring (whose consumers' poll is its steal).
     *
     * @throws UnsupportedOperationException for the sequential and locked baselines
     */
    public Object steal() {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " has no thieves' end");
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
    public static OwnerQueue create(String name, int capacity, int blockCount) {
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

    static final class BwosLifo extends OwnerQueue {
        private final LifoBwosDeque<Object> q;

        BwosLifo(LifoBwosDeque<Object> q) {
            this.q = q;
        }

        @Override
        public boolean put(Object task) {
            return q.push(task);
        }

        @Override
        public Object get() {
            return q.pop();
        }

        @Override
        public Object steal() {
            return q.steal();
        }

        @Override
        public void bindOwner() {
            q.bindOwner();
        }

        @Override
        public long blockAdvances() {
            return q.blockAdvances();
        }
    }

    static final class BwosFifo extends OwnerQueue {
        private final FifoBwosDeque<Object> q;

        BwosFifo(FifoBwosDeque<Object> q) {
            this.q = q;
        }

        @Override
        public boolean put(Object task) {
            return q.push(task);
        }

        @Override
        public Object get() {
            return q.pop();
        }

        @Override
        public Object steal() {
            return q.steal();
        }

        @Override
        public void bindOwner() {
            q.bindOwner();
        }

        @Override
        public long blockAdvances() {
            return q.blockAdvances();
        }
    }

    static final class ChaseLevOpt extends OwnerQueue {
        private final ChaseLevDeque<Object> q;

        ChaseLevOpt(ChaseLevDeque<Object> q) {
            this.q = q;
        }

        @Override
        public boolean put(Object task) {
            return q.push(task);
        }

        @Override
        public Object get() {
            return q.pop();
        }

        @Override
        public Object steal() {
            return q.steal();
        }

        @Override
        public void bindOwner() {
            q.bindOwner();
        }
    }

    static final class ChaseLevSc extends OwnerQueue {
        private final SeqCstChaseLevDeque<Object> q;

        ChaseLevSc(SeqCstChaseLevDeque<Object> q) {
            this.q = q;
        }

        @Override
        public boolean put(Object task) {
            return q.push(task);
        }

        @Override
        public Object get() {
            return q.pop();
        }

        @Override
        public Object steal() {
            return q.steal();
        }

        @Override
        public void bindOwner() {
            q.bindOwner();
        }
    }

    static final class Stack extends OwnerQueue {
        private final SeqStack q;

        Stack(SeqStack q) {
            this.q = q;
        }

        @Override
        public boolean put(Object task) {
            return q.push(task);
        }

        @Override
        public Object get() {
            return q.pop();
        }
    }

    static final class Ring extends OwnerQueue {
        private final SeqRing q;

        Ring(SeqRing q) {
            this.q = q;
        }

        @Override
        public boolean put(Object task) {
            return q.offer(task);
        }

        @Override
        public Object get() {
            return q.poll();
        }
    }

    /** JCTools' SPMC ring: the owner offers and polls, so its get takes the consumers' CAS path. */
    static final class JctoolsSpmc extends OwnerQueue {
        private final SpmcArrayQueue<Object> q;

        JctoolsSpmc(SpmcArrayQueue<Object> q) {
            this.q = q;
        }

        @Override
        public boolean put(Object task) {
            return q.offer(task);
        }

        @Override
        public Object get() {
            return q.poll();
        }

        @Override
        public Object steal() {
            return q.poll();
        }
    }

    static final class LockedDeque extends OwnerQueue {
        private final LockedArrayDeque q;

        LockedDeque(LockedArrayDeque q) {
            this.q = q;
        }

        @Override
        public boolean put(Object task) {
            return q.push(task);
        }

        @Override
        public Object get() {
            return q.pop();
        }
    }

    static final class The extends OwnerQueue {
        private final TheDeque<Object> q;

        The(TheDeque<Object> q) {
            this.q = q;
        }

        @Override
        public boolean put(Object task) {
            return q.push(task);
        }

        @Override
        public Object get() {
            return q.pop();
        }

        @Override
        public Object steal() {
            return q.steal();
        }

        @Override
        public void bindOwner() {
            q.bindOwner();
        }
    }

    static final class FfThe extends OwnerQueue {
        private final FfTheDeque<Object> q;

        FfThe(FfTheDeque<Object> q) {
            this.q = q;
        }

        @Override
        public boolean put(Object task) {
            return q.push(task);
        }

        @Override
        public Object get() {
            return q.pop();
        }

        @Override
        public Object steal() {
            return q.steal();
        }

        @Override
        public void bindOwner() {
            q.bindOwner();
        }
    }

    static final class FfCl extends OwnerQueue {
        private final FfClDeque<Object> q;

        FfCl(FfClDeque<Object> q) {
            this.q = q;
        }

        @Override
        public boolean put(Object task) {
            return q.push(task);
        }

        @Override
        public Object get() {
            return q.pop();
        }

        @Override
        public Object steal() {
            return q.steal();
        }

        @Override
        public void bindOwner() {
            q.bindOwner();
        }
    }

    static final class Thep extends OwnerQueue {
        private final ThepDeque<Object> q;

        Thep(ThepDeque<Object> q) {
            this.q = q;
        }

        @Override
        public boolean put(Object task) {
            return q.push(task);
        }

        @Override
        public Object get() {
            return q.pop();
        }

        @Override
        public Object steal() {
            return q.steal();
        }

        @Override
        public void bindOwner() {
            q.bindOwner();
        }
    }
}
