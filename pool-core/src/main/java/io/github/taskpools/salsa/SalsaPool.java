package io.github.taskpools.salsa;

import io.github.taskpools.api.TaskPool;
import io.github.taskpools.api.Topology;
import io.github.taskpools.internal.AccessLists;
import io.github.taskpools.internal.KnownJit;
import io.github.taskpools.internal.LinuxNative;
import io.github.taskpools.internal.ThreadBinding;
import io.github.taskpools.internal.Waiters;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * A producer/consumer task pool for many producers and consumers: each consumer takes from its own
 * chunks without a CAS in the common case and steals whole chunks from the others when it runs
 * out; producers put near their NUMA node. Use it where threads hand tasks to a fixed set of
 * consumer threads at high rates.
 * <pre>{@code
 * SalsaPool<Runnable> pool = SalsaPool.builder(4, 2).build();   // 4 consumer, 2 producer handles
 * pool.producer().put(() -> System.out.println("ran"));         // binds a producer handle
 * Runnable t = pool.consumer().poll(10, TimeUnit.MILLISECONDS); // parks until a put, or null
 * pool.release();                                               // gives this thread's handles back
 * }</pre>
 * <p><b>Guarantees.</b> Every task put is returned by exactly one get, take or poll; {@code get}
 * never blocks and returns {@code null} only if the pool was empty at some moment during the call.
 * <b>Threads.</b> {@link #producer()} and {@link #consumer()} bind a handle to the calling thread
 * until {@link #release()} or the thread's end; once all are bound to live threads, the next caller
 * waits a second and fails. From a thread pool, take the handle in the task and release it in
 * {@code finally} (the README's {@code HandlesExample}). <b>When to pick it.</b> Over a
 * {@code ConcurrentLinkedQueue} or {@code LinkedBlockingQueue} when many threads produce and
 * consume at once; over {@link io.github.taskpools.cafe.CafePool} when throughput matters more than
 * order. The default fence mode is {@link FenceMode#FULL}; see "Fence mode" below.
 *
 * <h2>Implementation notes</h2>
 * SALSA (Gidron, Keidar, Perelman, Perez: "SALSA: Scalable and Low Synchronization NUMA-aware
 * Algorithm for Producer-Consumer Pools", IPDPS 2012): the work-stealing framework of §4 over one
 * SALSA single-consumer pool ({@link ScPool}, §5) per consumer.
 *
 * <h3>Framework (§4, Algorithm 2)</h3>
 * Every producer and consumer has an <em>access list</em>: the consumers sorted by the distance
 * from its NUMA node to theirs (ties: consumers after the caller's own index first, so producers
 * of one node spread over that node's consumers). {@code put} offers the task to the pools in that
 * order, each of which accepts it only if it has a spare chunk in its chunk pool (or the producer
 * is still filling a chunk), and if none does, forces it into the closest pool with a new chunk
 * ({@code produceForce}): producer-based balancing (§5.4), since a consumer's chunk pool fills at
 * the rate it consumes. {@code get} consumes from the consumer's own pool, then steals from the
 * others in access-list order, and returns null only when {@code checkEmpty} (§5.5) finds every
 * pool empty in {@code consumers} consecutive traversals with its indicator bits intact, so a null
 * is linearizable: the pool was empty at some point during the call.
 *
 * <h3>Placement</h3>
 * Consumer {@code i} is placed on worker {@code i mod workers} of the {@link Topology} (for
 * {@link Topology#system()}, CPU {@code i mod cpus}), producer {@code j} on worker
 * {@code (consumers + j) mod workers}; a handle's node is its worker's node. With
 * {@linkplain Builder#pinning(boolean) pinning} a thread claiming a handle is pinned to that CPU.
 * Without it, {@link #producer()} and {@link #consumer()} give the calling thread a free handle
 * on the node of the CPU it runs on ({@code sched_getcpu}) when there is one.
 *
 * <h3>Threads</h3>
 * A handle serves one thread at a time. {@link #producer()} and {@link #consumer()} bind a handle
 * to the calling thread, and a bound handle throws {@link IllegalStateException} when another
 * thread uses it. The thread gives it back with {@link #release()} or by terminating (the next
 * claimer takes it over; see {@code internal.ThreadBinding}), and the handle keeps its pool. {@link #producer(int)} and {@link #consumer(int)} return unbound handles for
 * callers that arrange exclusive use themselves (with happens-before between successive users).
 *
 * <h3>Variants of the evaluation (§6.2, §6.4)</h3>
 * {@linkplain Builder#consumeByCas(boolean) consumeByCas} gives the paper's SALSA+CAS: the same
 * framework and chunk lists, but every consume and steal takes a single task by CAS and chunks
 * never change owner (see {@link ScPool}). {@linkplain Builder#producerBalancing(boolean)
 * producerBalancing(false)} turns off producer-based balancing as in §6.4: a producer always
 * inserts into the first consumer of its access list, with a chunk from that consumer's chunk
 * pool or a new one. {@link ConsumerHandle#casCount()} counts a consumer's CAS attempts (Fig. 5(b)).
 *
 * <h3>Fence mode</h3>
 * See {@link FenceMode}. The default is {@link FenceMode#FULL}, correct by the Java memory model
 * alone: its consume/steal handshake and the rule that a victim takes only tasks present before a
 * steal (line 88) use volatile accesses only (see {@code ScPool}). {@link FenceMode#ASYMMETRIC}, the paper's choice (§6.1) and faster on the
 * consumer's path, is an explicit opt-in: its proof also rests on how HotSpot's C2 compiles opaque
 * and acquire accesses. When asked for, it first checks that the VM is HotSpot with
 * JVMCI off (its proof rests on C2's ordering of opaque and acquire accesses, see
 * {@link FenceMode#ASYMMETRIC}), then registers the process for
 * {@code membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED)} once; if either fails the pool uses
 * {@link FenceMode#FULL}, logs the reason (System.Logger, WARNING) and reports it in
 * {@link #fenceMode()} and {@link #fenceFallbackReason()}.
 *
 * @param <E> the task type
 */
public final class SalsaPool<E> implements TaskPool<E> {
    private static final System.Logger LOG = System.getLogger(SalsaPool.class.getName());

    private final ScPool[] pools;
    private final ConsumerHandle[] consumers;
    private final ProducerHandle[] producers;
    private final Topology topology;
    private final FenceMode fenceMode;
    private final String fenceFallbackReason;
    private final boolean pinning;
    private final int chunkSize;
    private final boolean consumeByCas;
    private final boolean producerBalancing;
    private final ThreadBinding<ProducerHandle> producerOf;
    private final ThreadBinding<ConsumerHandle> consumerOf;
    /** Claims prefer handles on the node of the calling thread's CPU (asked only when claiming). */
    private final Predicate<Handle> onThisNode = this::onThisNode;
    /** Consumers blocked in take/poll; asymmetric (no fence on put) when the pool is. */
    final Waiters waiters;
    /**
     * Whether producers store tasks with volatile stores (every mode but ASYMMETRIC; the consumers'
     * slot loads are volatile then too, see ScPool), which also stand for the put's fence.
     */
    private final boolean volatileSlots;

    private SalsaPool(Builder b) {
        this.topology = b.topology != null ? b.topology : Topology.system();
        this.pinning = b.pinning;
        this.chunkSize = b.chunkSize;
        this.consumeByCas = b.consumeByCas;
        this.producerBalancing = b.producerBalancing;
        // SALSA+CAS has no store-load window (no ownership), so it never needs the membarrier.
        String reason = null;
        if (b.fence == FenceMode.ASYMMETRIC && !b.consumeByCas) {
            reason = KnownJit.unknownJitReason() != null ? KnownJit.unknownJitReason() : Membarrier.REASON;
        }
        if (reason != null) {
            LOG.log(System.Logger.Level.WARNING,
                    "SALSA: asymmetric fence unavailable, using a full fence on the consume path: " + reason);
        }
        this.fenceFallbackReason = reason;
        this.fenceMode = reason == null ? b.fence : FenceMode.FULL;
        boolean asymmetric = fenceMode == FenceMode.ASYMMETRIC;
        // Asymmetric waiters need the membarrier registration, which SALSA+CAS never makes.
        this.waiters = new Waiters(asymmetric && !b.consumeByCas);
        this.volatileSlots = !(asymmetric && !b.consumeByCas);
        int nc = b.consumers;
        int np = b.producers;
        this.pools = new ScPool[nc];
        for (int i = 0; i < nc; i++) {
            pools[i] = new ScPool(i, np, nc, b.chunkSize, b.chunkPoolCapacity, asymmetric, b.consumeByCas);
        }
        int cpus = topology.workers();
        this.consumers = new SalsaPool.ConsumerHandle[nc];
        for (int i = 0; i < nc; i++) {
            consumers[i] = new ConsumerHandle(i, i % cpus, AccessLists.ofConsumer(topology, nc, i));
        }
        this.producers = new SalsaPool.ProducerHandle[np];
        for (int j = 0; j < np; j++) {
            producers[j] = new ProducerHandle(j, AccessLists.producerCpu(topology, nc, j),
                    AccessLists.ofProducer(topology, nc, j));
        }
        this.producerOf = new ThreadBinding<>(producers, this::bound);
        this.consumerOf = new ThreadBinding<>(consumers, this::bound);
    }

    /** A builder for a pool of {@code consumers} consumers and {@code producers} producers. */
    public static Builder builder(int consumers, int producers) {
        return new Builder(consumers, producers);
    }

    @Override
    public ProducerHandle producer() {
        return producerOf.mine(onThisNode);
    }

    @Override
    public ConsumerHandle consumer() {
        return consumerOf.mine(onThisNode);
    }

    /**
     * Gives back the calling thread's producer and consumer handles. A consumer handle keeps its
     * chunk pool: the tasks in it are stolen by the other consumers (SALSA's steal, §4) and consumed
     * by the next thread that claims the handle; none is lost. Producers keep putting into every
     * consumer's pool, released ones included, which then only the others' steals drain.
     */
    @Override
    public boolean release() {
        boolean p = producerOf.release();
        boolean c = consumerOf.release();
        return p | c;
    }

    /** Producer {@code index}, not bound to a thread (see the class comment). */
    public ProducerHandle producer(int index) {
        Objects.checkIndex(index, producers.length);
        return producers[index];
    }

    /** Consumer {@code index}, not bound to a thread (see the class comment). */
    public ConsumerHandle consumer(int index) {
        Objects.checkIndex(index, consumers.length);
        return consumers[index];
    }

    /** Run by a thread that claimed {@code h}: pins it to the handle's CPU when the pool pins. */
    private void bound(Handle h) {
        if (pinning && !LinuxNative.pinCurrentThread(h.cpu)) {
            throw new IllegalStateException("cannot pin " + Thread.currentThread() + " to CPU " + h.cpu
                    + (LinuxNative.available() ? "" : ": " + LinuxNative.unavailableReason()));
        }
    }

    /** Whether handle {@code h} is on the NUMA node of the CPU the calling thread runs on. */
    private boolean onThisNode(Handle h) {
        int cpu = LinuxNative.currentCpu();
        return cpu >= 0 && cpu < topology.workers() && topology.nodeOf(h.cpu) == topology.nodeOf(cpu);
    }

    /** The number of consumers. */
    public int consumers() {
        return consumers.length;
    }

    /** The number of producers. */
    public int producers() {
        return producers.length;
    }

    /** Tasks per chunk. */
    public int chunkSize() {
        return chunkSize;
    }

    /** The topology the access lists were computed from. */
    public Topology topology() {
        return topology;
    }

    /**
     * The fence mode in use: the one asked for, or {@link FenceMode#FULL} after a fallback. A
     * SALSA+CAS pool ({@link #consumesByCas()}) has no ownership and so no store-load window: it
     * uses neither mode, and this returns the mode asked for, unchecked (no membarrier
     * registration, no fallback, {@link #fenceFallbackReason()} null).
     */
    public FenceMode fenceMode() {
        return fenceMode;
    }

    /** Why {@link FenceMode#ASYMMETRIC} was asked for but not used, or null. */
    public String fenceFallbackReason() {
        return fenceFallbackReason;
    }

    /** Whether this is SALSA+CAS (§6.2): every task taken by CAS, no chunk stealing. */
    public boolean consumesByCas() {
        return consumeByCas;
    }

    /** Whether producers balance the load through the chunk pools (§5.4); see the class comment. */
    public boolean producerBalancing() {
        return producerBalancing;
    }

    /** Spare chunks in consumer {@code index}'s chunk pool (an estimate under concurrency). */
    public int spareChunks(int index) {
        return pools[index].spareChunks();
    }

    /** Dead list cells still holding a chunk in consumer {@code index}'s pool (a test diagnostic). */
    int deadCells(int index) {
        return pools[index].deadCells();
    }

    /** What producers and consumers share: placement and thread binding. */
    abstract class Handle extends ThreadBinding.Slot {
        final int index;
        final int cpu;
        final int[] accessList;

        Handle(int index, int cpu, int[] accessList) {
            this.index = index;
            this.cpu = cpu;
            this.accessList = accessList;
        }

        /** This handle's index among its kind. */
        public int index() {
            return index;
        }

        /** The NUMA node this handle is placed on. */
        public int node() {
            return topology.nodeOf(cpu);
        }

        /** The consumers in the order this handle visits them (a consumer's own excluded). */
        public int[] accessList() {
            return accessList.clone();
        }
    }

    /** A producer: Algorithm 4 plus the put of Algorithm 2. */
    public final class ProducerHandle extends Handle implements TaskPool.Producer<E> {
        /** Plain, this producer only: the chunk being filled (line 51) and its next free slot (line 52). */
        private Chunk chunk;
        private int prodIdx;

        ProducerHandle(int index, int cpu, int[] accessList) {
            super(index, cpu, accessList);
        }

        /**
         * put (lines 22-29): into the chunk being filled, else into the first pool in access-list
         * order that has a spare chunk, else into a new chunk of the closest pool. Always succeeds.
         *
         * @return true
         * @throws NullPointerException if {@code task} is null
         */
        @Override
        public boolean put(E task) {
            Objects.requireNonNull(task, "task");
            ThreadBinding.checkThread(this);
            if (chunk == null && !producerBalancing) {
                take(accessList[0], true); // §6.4 without balancing: always the closest pool
            }
            if (chunk == null) {
                for (int c : accessList) {
                    if (take(c, false)) {
                        break;
                    }
                }
                if (chunk == null) {
                    take(accessList[0], true); // produceForce on the closest pool
                }
            }
            insert(task);
            return true;
        }

        /**
         * produce (line 53) on consumer {@code consumer}'s pool alone: into the chunk being filled
         * (whatever pool it belongs to, as in Algorithm 4) or into a spare chunk of that pool.
         *
         * @return false if there is no chunk being filled and the pool has no spare chunk
         * @throws NullPointerException if {@code task} is null
         * @throws IndexOutOfBoundsException if there is no such consumer
         */
        public boolean produce(int consumer, E task) {
            Objects.requireNonNull(task, "task");
            Objects.checkIndex(consumer, pools.length);
            ThreadBinding.checkThread(this);
            if (chunk == null && !take(consumer, false)) {
                return false;
            }
            insert(task);
            return true;
        }

        /**
         * produceForce (line 62) on consumer {@code consumer}'s pool: like {@link #produce} but
         * allocates a chunk when the pool has no spare one.
         *
         * @throws NullPointerException if {@code task} is null
         * @throws IndexOutOfBoundsException if there is no such consumer
         */
        public void produceForce(int consumer, E task) {
            Objects.requireNonNull(task, "task");
            Objects.checkIndex(consumer, pools.length);
            ThreadBinding.checkThread(this);
            if (chunk == null) {
                take(consumer, true);
            }
            insert(task);
        }

        private boolean take(int consumer, boolean force) {
            Chunk c = pools[consumer].produceChunk(index, force);
            if (c == null) {
                return false;
            }
            chunk = c;
            prodIdx = 0;
            return true;
        }

        private void insert(E task) {
            if (volatileSlots) {
                // line 58, volatile in FULL mode: part of line 88's volatile pattern (see ScPool), and
                // it orders the read of the waiting count after it, as the signal's fence would.
                Chunk.SLOT.setVolatile(chunk.tasks, prodIdx, task);
                waiters.signalAfterVolatileStore(); // consumers blocked in take/poll: a volatile read
            } else {
                Chunk.SLOT.setRelease(chunk.tasks, prodIdx, task); // line 58: publishes the task's fields
                waiters.signal(); // a fence and a read, or (ASYMMETRIC) a read
            }
            if (++prodIdx == chunkSize) {
                chunk = null; // lines 59-60: full
            }
        }

        @Override
        public String toString() {
            return "producer " + index + " of " + SalsaPool.this;
        }
    }

    /** A consumer: the get of Algorithm 2 over its own pool and the others. */
    public final class ConsumerHandle extends Handle implements TaskPool.Consumer<E> {
        private final ScPool pool;

        ConsumerHandle(int index, int cpu, int[] accessList) {
            super(index, cpu, accessList);
            this.pool = pools[index];
        }

        /**
         * get (lines 11-21): a task of this consumer's pool, else one stolen from the others in
         * access-list order; null only if the whole pool was empty at some point during the call.
         */
        @Override
        @SuppressWarnings("unchecked")
        public E get() {
            ThreadBinding.checkThread(this);
            while (true) {
                Object t = pool.consume();
                if (t != null) {
                    return (E) t;
                }
                for (int v : accessList) {
                    t = pool.steal(pools[v]);
                    if (t != null) {
                        return (E) t;
                    }
                }
                if (checkEmpty()) {
                    return null;
                }
            }
        }

        /** {@inheritDoc} Parks on the pool's {@code Waiters} (an event count); a put wakes it. */
        @Override
        public E take() throws InterruptedException {
            return waiters.take(this);
        }

        /** {@inheritDoc} Parks on the pool's {@code Waiters} (an event count); a put wakes it. */
        @Override
        public E poll(long timeout, TimeUnit unit) throws InterruptedException {
            return waiters.poll(this, timeout, unit);
        }

        /**
         * CAS attempts this consumer made to take tasks, own and stolen (the count of the paper's
         * Fig. 5(b)). A plain counter of this consumer's thread: exact when read by that thread or
         * after it stopped, an estimate otherwise. SALSA's common-case consume makes none.
         */
        public long casCount() {
            return pool.casCount();
        }

        /** consume (line 74): a task of this consumer's own pool, or null if none was found. */
        @SuppressWarnings("unchecked")
        public E consume() {
            ThreadBinding.checkThread(this);
            return (E) pool.consume();
        }

        /**
         * One steal (line 108) from consumer {@code victim}'s pool: moves one of its chunks to this
         * consumer's pool and returns a task from it, or null. SALSA+CAS takes a single task of the
         * victim's pool by CAS instead (§6.2).
         *
         * @throws IllegalArgumentException if {@code victim} is this consumer
         * @throws IndexOutOfBoundsException if there is no such consumer
         */
        @SuppressWarnings("unchecked")
        public E steal(int victim) {
            Objects.checkIndex(victim, pools.length);
            if (victim == index) {
                throw new IllegalArgumentException("consumer " + index + " cannot steal from itself");
            }
            ThreadBinding.checkThread(this);
            return (E) pool.steal(pools[victim]);
        }

        /**
         * checkEmpty (lines 30-36): true only if there was a moment during the call when no pool
         * held a task.
         */
        public boolean checkEmpty() {
            ThreadBinding.checkThread(this);
            int n = pools.length;
            for (int pass = 0; pass < n; pass++) {
                for (ScPool p : pools) {
                    if (pass == 0) {
                        p.setIndicator(index);
                    }
                    if (p.hasTasks() || !p.checkIndicator(index)) {
                        return false;
                    }
                }
            }
            return true;
        }

        @Override
        public String toString() {
            return "consumer " + index + " of " + SalsaPool.this;
        }
    }

    /** The process-wide membarrier registration, done once on first use of the asymmetric mode. */
    private static final class Membarrier {
        static final String REASON = LinuxNative.registerPrivateExpeditedMembarrier();
    }

    @Override
    public String toString() {
        return "SalsaPool[" + consumers.length + " consumers, " + producers.length + " producers, chunk "
                + chunkSize + ", " + (consumeByCas ? "SALSA+CAS" : fenceMode.toString())
                + (producerBalancing ? "" : ", no balancing") + "]";
    }

    /**
     * Builds a {@link SalsaPool}. Defaults: chunks of 1000 tasks (§6.2), chunk pools of 64 chunks,
     * {@link FenceMode#FULL} (correct by the Java memory model alone; {@link FenceMode#ASYMMETRIC}
     * is an opt-in, see there for what it relies on), the system topology, no pinning, SALSA (not
     * SALSA+CAS), producer-based balancing on.
     */
    public static final class Builder {
        private final int consumers;
        private final int producers;
        private int chunkSize = 1000;
        private int chunkPoolCapacity = 64;
        private FenceMode fence = FenceMode.FULL;
        private Topology topology;
        private boolean pinning;
        private boolean consumeByCas;
        private boolean producerBalancing = true;

        private Builder(int consumers, int producers) {
            if (consumers < 1 || producers < 1) {
                throw new IllegalArgumentException("a pool needs at least one consumer and one producer, got "
                        + consumers + " consumers and " + producers + " producers");
            }
            this.consumers = consumers;
            this.producers = producers;
        }

        /** Tasks per chunk, at least 1. */
        public Builder chunkSize(int value) {
            if (value < 1) {
                throw new IllegalArgumentException("chunkSize must be positive, got " + value);
            }
            this.chunkSize = value;
            return this;
        }

        /** Spare chunks each consumer's chunk pool keeps for reuse, at least 1. */
        public Builder chunkPoolCapacity(int value) {
            if (value < 1) {
                throw new IllegalArgumentException("chunkPoolCapacity must be positive, got " + value);
            }
            this.chunkPoolCapacity = value;
            return this;
        }

        /**
         * SALSA+CAS (§6.2) when true: every consume and steal takes one task by CAS, no chunk
         * stealing; the fence mode does not apply then.
         */
        public Builder consumeByCas(boolean value) {
            this.consumeByCas = value;
            return this;
        }

        /**
         * Producer-based balancing (§5.4, on by default); when false a producer always inserts into
         * the first consumer of its access list (§6.4's "no balancing").
         */
        public Builder producerBalancing(boolean value) {
            this.producerBalancing = value;
            return this;
        }

        /** How the §6.1 reordering is handled. */
        public Builder fence(FenceMode value) {
            this.fence = Objects.requireNonNull(value, "fence");
            return this;
        }

        /** The machine the access lists are computed for (for example {@link Topology#evenlySplit}). */
        public Builder topology(Topology value) {
            this.topology = Objects.requireNonNull(value, "topology");
            return this;
        }

        /** Whether a thread claiming a handle is pinned to the handle's CPU. */
        public Builder pinning(boolean value) {
            this.pinning = value;
            return this;
        }

        /** Builds the pool. */
        public <E> SalsaPool<E> build() {
            return new SalsaPool<>(this);
        }
    }
}
