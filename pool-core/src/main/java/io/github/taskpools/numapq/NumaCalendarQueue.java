package io.github.taskpools.numapq;

import io.github.taskpools.api.Topology;
import io.github.taskpools.internal.ThreadBinding;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.Queue;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.IntStream;
import org.jctools.queues.MpmcUnboundedXaddArrayQueue;

/**
 * A {@link CalendarQueue} for machines with several NUMA nodes: each bucket belongs to a node, and
 * an operation on another node's bucket is delegated to a thread of that node, so buckets stay in
 * their node's caches. Each thread registers once as one worker of the {@link Topology}.
 * <pre>{@code
 * NumaCalendarQueue<String> q = NumaCalendarQueue.<String>builder(Topology.evenlySplit(4, 2))
 *         .channel(NumaCalendarQueue.Channel.P)   // Q, TWO_Q or P
 *         .build();
 * q.register(0);                                  // this thread is worker 0 (node 0)
 * q.offer(5L, "five");
 * Event<String> e = q.poll();                     // smallest key first; null when empty
 * q.release();                                    // gives worker 0 back (or the thread's end)
 * }</pre>
 * <p><b>Guarantees.</b> As {@link CalendarQueue}'s: every event offered is taken once.
 * <b>Threads.</b> A thread must {@link #register(int)} before its first operation; a worker serves
 * one thread at a time until {@link #release()} or that thread's end. <b>When to pick it.</b> Only
 * on a multi-node machine with threads spread over the nodes; on one node {@link CalendarQueue} is
 * simpler and as fast.
 *
 * <h2>Implementation notes</h2>
 * The NUMA-aware calendar queue of thesis chapter 3: a {@link CalendarQueue} whose physical
 * buckets are bound to NUMA nodes in clusters of four adjacent buckets (§3.1: bucket {@code b}
 * belongs to node {@code (b / 4) mod nodes}, over the nodes that have a worker), and whose
 * operations are delegated to a thread of the node that holds their bucket.
 *
 * <p><b>Destination.</b> An enqueue goes to the node of its key's bucket; a dequeue to the node
 * of the bucket of {@code current}. Channels are per node, or per socket ({@code -SKT}) when
 * sockets group {@code nodesPerSocket} consecutive nodes; a <em>domain</em> below is a node or
 * a socket accordingly. An operation whose destination is the caller's domain runs directly.
 *
 * <p><b>Channels</b> (§3.3 nomenclature):
 * <ul>
 *   <li>{@link Channel#Q} (§3.4, Algorithm 7): one MPMC FIFO per domain (JCTools'
 *       {@code MpmcUnboundedXaddArrayQueue}, a fetch-and-add array queue like the thesis'
 *       LCRQ). The requester posts its descriptor to the destination's FIFO, then serves its
 *       own domain's FIFO; when that is empty it runs its own operation itself.</li>
 *   <li>{@link Channel#TWO_Q} (§3.5, Algorithm 8): separate enqueue and dequeue FIFOs per
 *       domain; a waiting thread serves only operations of its own operation's type.</li>
 *   <li>{@link Channel#P} (§3.6, Algorithms 9-13): a matrix of {@link RegisterSlot}s, one per
 *       (destination domain, requester); a thread serves the slots of its twins (the threads
 *       with the same index in the other domains). After {@value #MAX_ATTEMPTS} idle rounds the
 *       requester revokes an unread request and runs it itself (or reposts it).</li>
 * </ul>
 *
 * <p><b>Blocking and non-blocking</b> (§3.1, §3.1.1). Blocking: an operation runs only after
 * its descriptor moves FREE to IN_HANDLING, so a requester whose operation a delegate holds
 * waits for it. Non-blocking ({@code NB-}): descriptors run the CRCQ's Algorithms 4 and 6, so
 * any number of threads, the requester included, may run one operation at once and agree on its
 * single outcome through the candidate field; a requester never waits for a stalled delegate.
 *
 * <p><b>Repost</b> ({@code R-}). With repost on, a delegate that finds an operation's locality
 * changed (its bucket moved to another domain) stops and the operation is posted again to its
 * new destination. An operation run by its own requester (the fallback above) always runs to
 * completion, so an operation bouncing between domains nobody serves cannot livelock.
 *
 * <p><b>Threads.</b> Each thread is a worker of the {@link Topology}: {@link #register(int)}
 * binds the calling thread to a worker index (and its node); a thread that did not register is
 * given the lowest free index on first use. One live thread per worker index at a time: a thread
 * gives its index back with {@link #release()} or by terminating, and the next thread takes it
 * (the internal {@code ThreadBinding}, as every family's handles). A worker holds nothing between
 * operations (each operation completes before it returns), so nothing moves when it changes
 * threads.
 */
public final class NumaCalendarQueue<E> implements ConcurrentPriorityQueue<E> {
    /** The delegation channel (§3.3: -Q, -2Q, -P). */
    public enum Channel {
        Q, TWO_Q, P
    }

    /** Physical buckets per NUMA cluster (§3.1: "the best size is four"). */
    public static final int CLUSTER = 4;
    /** Idle rounds before a P requester revokes its request (§3.6: "This threshold is set to 100"). */
    public static final int MAX_ATTEMPTS = 100;

    private static final Object NOT_TAKEN = new Object();
    private static final Object DONE = new Object();

    private final CalendarQueue<E> crcq;
    private final Topology topology;
    private final Channel channel;
    private final boolean nonBlocking;
    private final boolean repost;
    private final int nodesPerSocket;
    private final int domains;
    /**
     * The nodes that have at least one worker, ascending: the nodes buckets are bound to. A node
     * without workers (a gap in the node numbers, as a cpuset-restricted machine gives) would
     * receive descriptors nobody serves.
     */
    private final int[] populatedNodes;
    /** Q: one FIFO per domain; 2Q: enqueue FIFOs. */
    private final Queue<Operation<E>>[] fifo;
    /** 2Q: dequeue FIFOs; null otherwise. */
    private final Queue<Operation<E>>[] dequeueFifo;
    /** P: registers[domain][requester worker]; null otherwise. */
    private final RegisterSlot[][] registers;
    private final Worker[] workers;
    private final ThreadBinding<Worker> binding;
    private final LongAdder posted = new LongAdder();
    private final LongAdder executedForOthers = new LongAdder();
    private final LongAdder revoked = new LongAdder();
    private final LongAdder reposted = new LongAdder();

    /** A worker: its index, domain and twins (P), bound to one thread at a time. */
    private static final class Worker extends ThreadBinding.Slot {
        final int id;
        final int domain;
        /** P: the workers whose requests to this worker's domain it serves. */
        final int[] twins;

        Worker(int id, int domain, int[] twins) {
            this.id = id;
            this.domain = domain;
            this.twins = twins;
        }
    }

    /** Counters of the delegation layer, for tests and benchmarks. */
    public record ChannelStats(long posted, long executedForOthers, long revoked, long reposted) {
    }

    @SuppressWarnings("unchecked")
    private NumaCalendarQueue(Builder b) {
        this.crcq = new CalendarQueue<>(b.bucketWidth);
        this.topology = b.topology;
        this.channel = b.channel;
        this.nonBlocking = b.nonBlocking;
        this.repost = b.repost;
        this.nodesPerSocket = b.nodesPerSocket;
        this.domains = (topology.nodes() + nodesPerSocket - 1) / nodesPerSocket;
        int n = topology.workers();
        int[] domainOf = new int[n];
        int[] localIndex = new int[n];
        int[] domainSize = new int[domains];
        for (int w = 0; w < n; w++) {
            domainOf[w] = topology.nodeOf(w) / nodesPerSocket;
            localIndex[w] = domainSize[domainOf[w]]++;
        }
        this.populatedNodes = IntStream.range(0, n).map(topology::nodeOf)
                .distinct().sorted().toArray();
        this.workers = new Worker[n];
        for (int w = 0; w < n; w++) {
            List<Integer> twins = new ArrayList<>();
            for (int t = 0; t < n; t++) {
                if (domainOf[t] != domainOf[w] && localIndex[t] % domainSize[domainOf[w]] == localIndex[w]) {
                    twins.add(t);
                }
            }
            workers[w] = new Worker(w, domainOf[w], twins.stream().mapToInt(Integer::intValue).toArray());
        }
        this.binding = new ThreadBinding<>(workers);
        if (channel == Channel.P) {
            registers = new RegisterSlot[domains][n];
            for (RegisterSlot[] row : registers) {
                for (int w = 0; w < n; w++) {
                    row[w] = new RegisterSlot();
                }
            }
            fifo = null;
            dequeueFifo = null;
        } else {
            registers = null;
            fifo = new Queue[domains];
            dequeueFifo = channel == Channel.TWO_Q ? new Queue[domains] : null;
            for (int d = 0; d < domains; d++) {
                fifo[d] = new MpmcUnboundedXaddArrayQueue<>(256);
                if (dequeueFifo != null) {
                    dequeueFifo[d] = new MpmcUnboundedXaddArrayQueue<>(256);
                }
            }
        }
    }

    /** A builder for a queue over {@code topology}. */
    public static Builder builder(Topology topology) {
        return new Builder(topology);
    }

    /** Configuration: channel Q, blocking, no repost, per-node channels by default. */
    public static final class Builder {
        private final Topology topology;
        private Channel channel = Channel.Q;
        private boolean nonBlocking;
        private boolean repost;
        private int nodesPerSocket = 1;
        private long bucketWidth = 1;

        private Builder(Topology topology) {
            this.topology = Objects.requireNonNull(topology, "topology");
        }

        public Builder channel(Channel c) {
            this.channel = Objects.requireNonNull(c, "channel");
            return this;
        }

        /** The NB- variants (§3.1.1). */
        public Builder nonBlocking(boolean on) {
            this.nonBlocking = on;
            return this;
        }

        /** The R- variants: repost an operation whose locality changed. */
        public Builder repost(boolean on) {
            this.repost = on;
            return this;
        }

        /**
         * Channels per socket (-SKT), a socket being {@code nodesPerSocket} consecutive nodes;
         * 1 (the default) gives per-node channels.
         *
         * @throws IllegalArgumentException if {@code nodesPerSocket < 1}
         */
        public Builder nodesPerSocket(int nodesPerSocket) {
            if (nodesPerSocket < 1) {
                throw new IllegalArgumentException("nodesPerSocket must be positive, got " + nodesPerSocket);
            }
            this.nodesPerSocket = nodesPerSocket;
            return this;
        }

        /** The calendar queue's first bucket width (see {@link CalendarQueue#CalendarQueue(long)}). */
        public Builder bucketWidth(long bucketWidth) {
            if (bucketWidth < 1) {
                throw new IllegalArgumentException("bucketWidth must be positive, got " + bucketWidth);
            }
            this.bucketWidth = bucketWidth;
            return this;
        }

        public <E> NumaCalendarQueue<E> build() {
            return new NumaCalendarQueue<>(this);
        }
    }

    // ---------------------------------------------------------------- threads

    /**
     * Binds the calling thread to worker {@code worker} of the topology, giving back the index it
     * held before, if any.
     *
     * @throws IllegalArgumentException if {@code worker} is not a worker index
     * @throws IllegalStateException if another live thread holds that index
     */
    public void register(int worker) {
        if (worker < 0 || worker >= workers.length) {
            throw new IllegalArgumentException("worker " + worker + " not in [0, " + workers.length + ")");
        }
        binding.claim(workers[worker]);
    }

    /**
     * Gives back the calling thread's worker index, if it holds one: another thread may take it,
     * and this thread's next operation claims an index again.
     *
     * @return whether the thread held an index
     */
    @Override
    public boolean release() {
        return binding.release();
    }

    /**
     * The calling thread's worker: the one it registered, else the lowest free one (or one whose
     * thread terminated); when every index is held by a live thread, it waits up to a second for
     * one to come free.
     *
     * @throws IllegalStateException if none came free
     */
    private Worker worker() {
        return binding.mine();
    }

    /** The node of the calling thread's worker (registering it if needed). */
    public int currentNode() {
        return topology.nodeOf(worker().id);
    }

    /** The delegation counters so far. */
    public ChannelStats stats() {
        return new ChannelStats(posted.sum(), executedForOthers.sum(), revoked.sum(), reposted.sum());
    }

    // ---------------------------------------------------------------- API

    @Override
    public void offer(long key, E value) {
        Event<E> e = new Event<>(key, value);
        Worker w = worker();
        delegate(Operation.enqueue(e), w);
    }

    @Override
    public Event<E> poll() {
        Worker w = worker();
        return delegate(Operation.dequeue(), w);
    }

    /** Not delegated: a read of the calendar queue from wherever the caller runs. */
    @Override
    public OptionalLong peekKey() {
        return crcq.peekKey();
    }

    @Override
    public long size() {
        return crcq.size();
    }

    // ---------------------------------------------------------------- NUMA binding (§3.1)

    /**
     * The domain of physical bucket {@code bucket}: clusters go round-robin over the nodes that
     * have workers (§3.1 binds them over every node the program runs on), so every operation
     * has a domain whose threads serve it.
     */
    int domainOfBucket(int bucket) {
        return populatedNodes[(bucket / CLUSTER) % populatedNodes.length] / nodesPerSocket;
    }

    private int destination(Operation<E> op) {
        long p = op.type == Operation.ENQUEUE ? crcq.enqueueBucket(op.event.key()) : crcq.dequeueBucket();
        return domainOfBucket(CalendarQueue.bucketOfPacked(p));
    }

    // ---------------------------------------------------------------- delegation

    private Event<E> delegate(Operation<E> my, Worker w) {
        return channel == Channel.P ? viaRegisters(my, w) : viaFifos(my, w);
    }

    /** Algorithms 7 (Q) and 8 (2Q). */
    private Event<E> viaFifos(Operation<E> my, Worker w) {
        Operation<E> op = my;
        boolean mine = false;
        for (;;) {
            if (op != null && !mine) {
                int dest = destination(op);
                if (dest != w.domain) {
                    fifoFor(dest, op.type).offer(op);
                    posted.increment();
                    op = null;
                }
            }
            if (op == null) {
                if (my.isComplete()) {
                    return my.result;
                }
                op = fifoFor(w.domain, my.type).poll();
                mine = op == null || op == my; // lines 16-18: nothing to serve, run my own
                if (op == null) {
                    op = my;
                }
            }
            Object r = execute(op, w, !mine, op != my);
            if (r == NOT_TAKEN) {
                op = null;
                Thread.onSpinWait();
            } else if (r == CalendarQueue.FAIL) {
                mine = false; // locality changed: recompute the destination and repost
                reposted.increment();
            } else {
                op = null;
            }
        }
    }

    private Queue<Operation<E>> fifoFor(int domain, int type) {
        return dequeueFifo != null && type == Operation.DEQUEUE ? dequeueFifo[domain] : fifo[domain];
    }

    /** Algorithms 12 and 13 (P). */
    private Event<E> viaRegisters(Operation<E> my, Worker w) {
        int dest = destination(my);
        if (dest == w.domain) {
            return runOwn(my, w);
        }
        RegisterSlot slot = registers[dest][w.id];
        slot.write(my);
        posted.increment();
        int attempts = 0;
        for (;;) {
            if (my.isComplete()) {
                return my.result;
            }
            if (my.bounced) { // lines 29-36: a delegate saw its locality change
                my.bounced = false;
                reposted.increment();
                dest = destination(my);
                if (dest == w.domain) {
                    return runOwn(my, w);
                }
                slot = registers[dest][w.id];
                slot.write(my);
                attempts = 0;
                continue;
            }
            attempts = readAndExec(w) ? 0 : attempts + 1;
            if (attempts > MAX_ATTEMPTS) { // lines 12-23
                attempts = 0;
                if (slot.revoke()) {
                    revoked.increment();
                    int nd = destination(my);
                    if (nd != dest && nd != w.domain) {
                        dest = nd;
                        slot = registers[dest][w.id];
                        slot.write(my);
                        reposted.increment();
                        continue;
                    }
                    return runOwn(my, w);
                }
                if (nonBlocking) {
                    return runOwn(my, w); // a delegate has it; run it alongside (§3.1.1)
                }
            }
            Thread.onSpinWait();
        }
    }

    /** Algorithm 13: serves the twins' registers of this worker's domain. */
    private boolean readAndExec(Worker w) {
        boolean served = false;
        for (int t : w.twins) {
            @SuppressWarnings("unchecked")
            Operation<E> op = (Operation<E>) registers[w.domain][t].read();
            if (op != null) {
                served = true;
                if (execute(op, w, true, true) == CalendarQueue.FAIL) {
                    op.bounced = true; // the requester reposts (§3.6)
                }
            }
        }
        return served;
    }

    /** The requester runs its own operation to completion (waiting if a delegate holds it). */
    private Event<E> runOwn(Operation<E> my, Worker w) {
        while (execute(my, w, false, false) == NOT_TAKEN) {
            if (my.isComplete()) {
                break;
            }
            if (channel == Channel.P) {
                readAndExec(w);
            }
            Thread.onSpinWait();
        }
        return my.result;
    }

    /**
     * Runs {@code op} on the calendar queue: {@link #DONE}, {@link #NOT_TAKEN} (blocking: someone
     * else holds it, or it is complete) or {@link CalendarQueue#FAIL} (repost: its bucket is no
     * longer in this worker's domain; only with {@code mayRepost}, never for a requester running
     * its own operation as the fallback).
     */
    private Object execute(Operation<E> op, Worker w, boolean mayRepost, boolean forOther) {
        if (op.isComplete()) {
            return NOT_TAKEN;
        }
        if (!nonBlocking && !op.tryHandle()) {
            return NOT_TAKEN;
        }
        int domain = w.domain;
        CalendarQueue.Locality loc = repost && mayRepost ? (b, len) -> domainOfBucket(b) == domain : null;
        Object r;
        if (nonBlocking) {
            r = op.type == Operation.ENQUEUE ? crcq.enqueue(op, loc) : crcq.dequeue(op, loc);
        } else if (op.type == Operation.ENQUEUE) {
            r = crcq.enqueue(op.event, loc) ? null : CalendarQueue.FAIL;
        } else {
            r = crcq.dequeue(loc);
        }
        if (r == CalendarQueue.FAIL) {
            if (!nonBlocking) {
                op.release();
            }
            return r;
        }
        if (!nonBlocking) {
            op.complete(CalendarQueue.castEvent(r));
        }
        if (forOther) {
            executedForOthers.increment();
        }
        return DONE;
    }

    /** The calendar queue underneath (tests). */
    CalendarQueue<E> calendar() {
        return crcq;
    }

    /** Reads worker {@code requester}'s register to {@code domain} as its twin would (tests). */
    @SuppressWarnings("unchecked")
    Operation<E> readRegister(int domain, int requester) {
        return (Operation<E>) registers[domain][requester].read();
    }

    /** Takes one operation from domain {@code domain}'s FIFO as a waiting thread would (tests). */
    Operation<E> takeFromChannel(int domain, int type) {
        return fifoFor(domain, type).poll();
    }

    /** Runs {@code op} for its requester as a delegate of worker {@code worker} would (tests). */
    void runAsDelegate(Operation<E> op, int worker) {
        execute(op, workers[worker], false, true);
    }
}
