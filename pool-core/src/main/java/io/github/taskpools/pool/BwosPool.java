package io.github.taskpools.pool;

import io.github.taskpools.api.StealPolicies;
import io.github.taskpools.api.StealPolicy;
import io.github.taskpools.api.StealResult;
import io.github.taskpools.api.Topology;
import io.github.taskpools.api.WorkStealingDeque;
import io.github.taskpools.api.WorkStealingPool;
import io.github.taskpools.bwos.FifoBwosDeque;
import io.github.taskpools.bwos.LifoBwosDeque;
import io.github.taskpools.internal.ThreadBinding;
import io.github.taskpools.internal.Waiters;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntFunction;
import java.util.random.RandomGenerator;

/**
 * A work-stealing pool of N workers, each with its own BWoS deque (or any
 * {@link WorkStealingDeque}): a worker puts and gets its own tasks and steals from the others when
 * it runs out, with a choice of steal policies (random, NUMA-aware, best-of-two...) and of
 * probabilistic stealing. A building block for schedulers; for an {@code ExecutorService} use
 * {@code io.github.taskpools.executor.BwosExecutor}.
 * <pre>{@code
 * BwosPool<Runnable> pool = BwosPool.builder(4).policy(StealPolicies.NUMA).build();
 * // in each of up to 4 worker threads:
 * WorkStealingPool.Worker<Runnable> me = pool.consumer();  // binds a worker to this thread
 * Runnable job = () -> System.out.println("ran");
 * if (!me.put(job)) {
 *     job.run();                                           // refused (full): still the caller's
 * }
 * for (Runnable t; (t = me.get()) != null; ) {             // own tasks first, then steals
 *     t.run();
 * }
 * pool.release();                                          // gives the worker back
 * }</pre>
 * <p><b>Guarantees.</b> Every task put is got exactly once; {@code get} returns {@code null} only
 * when no worker had stealable work during its last sweep. <b>Threads.</b> {@link #consumer()} and
 * {@link #producer()} bind one of the N workers to the calling thread until {@link #release()} or
 * the thread's end; with all N bound to live threads the next caller fails after a second (use the
 * handles from a thread pool as the README shows: take, use, release).
 *
 * <h2>Implementation notes</h2>
 * A pool of BWoS deques, one per worker, with the steal policies of the BWoS paper's §6.2.3 and
 * optional probabilistic stealing (§3.4). {@link Builder#deques} puts any other
 * {@link WorkStealingDeque} in their place (Chase-Lev, THE, the fence-free deques), with the same
 * policies and stealing loop.
 *
 * <h3>Stealing</h3>
 * A worker whose own deque is empty makes up to {@code 2 * workers} attempts. Each attempt asks
 * the {@link StealPolicy} for a victim (P_select). Without probabilistic stealing it then steals
 * from the victim; with it, it first samples one random block of the victim and steals only if
 * that block has work (P_accept): the chance of stealing from a queue is then proportional to its
 * size, and the only metadata read is that one block's (for FIFO BWoS the sampled block is the one
 * stolen from, the randomized stealing of §3.4). After the attempts, one plain steal from every other
 * worker in turn makes sure {@code get} returns {@code null} only when no worker had stealable
 * work during the sweep.
 *
 * <p>Deques whose steals abort (FF-THE and FF-CL, Morrison and Afek §4) answer a steal with
 * {@code null} also when they abort: the thief could not rule out that the owner had already taken
 * the task it was after, so the deque may still hold up to δ tasks, which its owner will take. The
 * attempts treat an abort as a failed attempt and move on to another victim, as the paper's thieves
 * do; the final sweep asks each victim with {@link WorkStealingDeque#trySteal()}, and
 * {@link Worker#trySteal()} answers {@code ABORT} instead of {@code EMPTY} when some victim aborted
 * and none had a task to give: {@code EMPTY} means that every other worker's deque answered empty
 * when the sweep reached it (BWoS deques answer empty while their tasks sit in the owner's block;
 * the sweep then asks each such owner for a grant, {@link WorkStealingDeque#requestGrant()}, which
 * it answers at its next put, so those tasks are not hidden for ever),
 * {@code ABORT} that some deque may hold tasks its owner will take.
 *
 * <h3>Threads</h3>
 * See {@link WorkStealingPool}: a worker's thread must {@link Worker#bind()} it, or obtain it
 * through {@link #producer()}/{@link #consumer()}, which bind it.
 *
 * @param <E> the task type
 */
public final class BwosPool<E> implements WorkStealingPool<E> {
    /** Which BWoS variant the workers use. */
    public enum Order {
        /** {@link LifoBwosDeque}: the owner takes its newest task, thieves the oldest. */
        LIFO,
        /** {@link FifoBwosDeque}: the owner takes its oldest task, thieves from the middle. */
        FIFO
    }

    private final BwosWorker[] workers;
    private final WorkStealingDeque<E>[] deques;
    private final StealPolicy policy;
    private final boolean probabilistic;
    private final Topology topology;
    private final StealPolicy.Victims victims;
    private final ThreadBinding<BwosWorker> binding;
    /** Workers blocked in take/poll (package-private for the jcstress test of a grant against one). */
    final Waiters waiters = new Waiters(false);
    /**
     * Whether the deques publish tasks to thieves in grants (LIFO BWoS: a put signals blocked
     * takers only when it granted, keeping the owner's fast path free of fences) rather than at
     * every put (FIFO BWoS, whose thieves may take from the producer's block, and the other deques:
     * every put signals, a fence and a read).
     */
    private final boolean publishesByGrants;
    /**
     * Releases that left tasks behind, since a stealer last found no worker to adopt: a failed
     * steal sweeps the workers for one to adopt only while this is non-zero, or once every
     * {@value #ADOPTION_PERIOD} failed steals of a worker (a thread that terminates holding tasks
     * leaves no trace but its terminated state). getAndAdd by release(); volatile read and CAS
     * back to 0 by stealers.
     */
    private final AtomicLong releasedWithTasks = new AtomicLong();
    /** Failed steals of a worker between two sweeps for a terminated owner's worker. */
    static final int ADOPTION_PERIOD = 1024;

    @SuppressWarnings("unchecked")
    private BwosPool(Builder b) {
        int n = b.workers;
        this.policy = b.policy;
        this.probabilistic = b.probabilistic;
        this.topology = b.topology != null ? b.topology : Topology.singleNode(n);
        if (topology.workers() != n) {
            throw new IllegalArgumentException("topology has " + topology.workers() + " workers, pool has " + n);
        }
        this.deques = (WorkStealingDeque<E>[]) new WorkStealingDeque<?>[n];
        this.workers = (BwosWorker[]) new BwosPool<?>.BwosWorker[n];
        SplittableRandom seeds = new SplittableRandom(b.seed);
        for (int i = 0; i < n; i++) {
            deques[i] = b.factory != null
                    ? fromFactory(b.factory, i)
                    : b.order == Order.LIFO
                            ? new LifoBwosDeque<>(b.blockCount, b.blockSize)
                            : new FifoBwosDeque<>(b.blockCount, b.blockSize, b.randomizedStealing);
            workers[i] = new BwosWorker(i, seeds.split());
        }
        // A worker bound to a thread makes that thread its deque's owner.
        this.binding = new ThreadBinding<>(workers, w -> deques[w.index].bindOwner());
        boolean grants = true;
        for (WorkStealingDeque<E> d : deques) {
            grants &= d instanceof LifoBwosDeque;
        }
        this.publishesByGrants = grants;
        this.victims = new StealPolicy.Victims() {
            @Override
            public int count() {
                return deques.length;
            }

            @Override
            public int sizeEstimate(int index) {
                return deques[index].sizeEstimate();
            }
        };
    }

    @SuppressWarnings("unchecked")
    private WorkStealingDeque<E> fromFactory(IntFunction<? extends WorkStealingDeque<?>> factory, int i) {
        WorkStealingDeque<?> d = factory.apply(i);
        if (d == null) {
            throw new NullPointerException("the deque factory returned null for worker " + i);
        }
        for (int j = 0; j < i; j++) {
            if (deques[j] == d) {
                throw new IllegalArgumentException("the deque factory returned the same deque for workers " + j
                        + " and " + i);
            }
        }
        if (d.stealWaitsForOwner()) {
            // THEP's steal waits for the owner's echo while the deque holds δ tasks or fewer (§5); two
            // workers stealing from each other's deque would each wait for an echo the other gives only
            // by taking from its own (see WorkStealingDeque#steal).
            throw new IllegalArgumentException("deques whose steals wait for the owner (THEP's) cannot form a"
                    + " pool: a steal waits for the victim's owner, who may be stealing itself; use FfTheDeque or"
                    + " FfClDeque, whose steals abort instead");
        }
        if (d.sizeEstimate() != 0) {
            throw new IllegalArgumentException("the deque factory returned a deque holding tasks for worker " + i);
        }
        // Unchecked: the factory's deques hold the pool's task type by the caller's word, as with any
        // factory of a raw type; they are empty here, so no task of another type is in them yet.
        return (WorkStealingDeque<E>) d;
    }

    /** A builder for a pool of {@code workers} workers. */
    public static Builder builder(int workers) {
        return new Builder(workers);
    }

    @Override
    public int workers() {
        return workers.length;
    }

    @Override
    public Worker<E> worker(int index) {
        Objects.checkIndex(index, workers.length);
        return workers[index];
    }

    @Override
    public Worker<E> producer() {
        return binding.mine();
    }

    @Override
    public Worker<E> consumer() {
        return producer();
    }

    /**
     * Gives back the calling thread's worker; its next {@link #producer()} gets a worker again. The
     * released worker's deque keeps its tasks: the other workers steal what thieves can reach, and
     * a worker whose steals all fail adopts a released worker that still holds tasks, pops one as
     * its owner and gives it back: tasks a LIFO BWoS owner never granted (BWoS §8's limit: a grant
     * is answered by the owner's next put) and an aborting deque's last δ tasks are not stranded.
     * A release that leaves tasks behind wakes a blocked taker. A thread that terminates holding
     * its worker leaves no such mark: its tasks are adopted by a worker's periodic sweep (once in
     * {@value #ADOPTION_PERIOD} failed steals), or taken by the next thread that gets the worker;
     * it wakes nobody.
     */
    @Override
    public boolean release() {
        BwosWorker w = binding.held();
        boolean released = binding.release();
        if (w != null && deques[w.index].sizeEstimate() != 0) {
            releasedWithTasks.getAndIncrement(); // after the release: a stealer that reads it can adopt
            waiters.signal();
        }
        return released;
    }

    /** The deque of worker {@code index}, for inspection (sizes, counters). */
    public WorkStealingDeque<E> deque(int index) {
        return deques[index];
    }

    /** The pool's policy. */
    public StealPolicy policy() {
        return policy;
    }

    /** Whether the pool uses probabilistic stealing. */
    public boolean probabilistic() {
        return probabilistic;
    }

    private final class BwosWorker extends ThreadBinding.Slot implements Worker<E>, StealPolicy.Thief {
        private final int index;
        private final SplittableRandom random;
        private int lastVictim = -1;
        private int cursor;
        private long stolen;
        /** Failed steals, counting towards the next periodic adoption sweep. Plain: this worker's thread. */
        private int failedSteals;
        /** Whether the last steal's final sweep met an aborted attempt. Plain: this worker's thread. */
        private boolean sweepAborted;

        BwosWorker(int index, SplittableRandom random) {
            this.index = index;
            this.random = random;
            this.cursor = index;
        }

        @Override
        public int index() {
            return index;
        }

        @Override
        public void bind() {
            binding.bind(this); // its deque's owner (see the binding); producer() now answers this worker
        }

        @Override
        public boolean put(E task) {
            ThreadBinding.checkThread(this); // a plain read: the deque checks its owner only at block boundaries
            WorkStealingDeque<E> d = deques[index];
            if (!publishesByGrants) {
                boolean ok = d.push(task);
                waiters.signal();
                return ok;
            }
            long grants = d.grantCount(); // owner-private plain count: a load, no fence
            boolean ok = d.push(task);
            if (d.grantCount() != grants) {
                waiters.signal(); // the push granted tasks to thieves: a blocked taker may steal them
            }
            return ok;
        }

        /**
         * {@inheritDoc} Parks on the pool's event count; a put that publishes tasks to thieves (with
         * LIFO BWoS deques: a grant, which a blocked taker's failed steal has asked for; over the
         * others: every put) wakes it. Tasks the worker's own deque holds are its own: it takes them
         * before it waits. Tasks another owner hides in its block (BWoS §8) reach a blocked taker
         * only when that owner puts again, answering the request, or pops them itself.
         */
        @Override
        public E take() throws InterruptedException {
            return waiters.take(this);
        }

        /** {@inheritDoc} As {@link #take()}, up to {@code timeout}. */
        @Override
        public E poll(long timeout, TimeUnit unit) throws InterruptedException {
            return waiters.poll(this, timeout, unit);
        }

        @Override
        public E get() {
            ThreadBinding.checkThread(this); // a plain read: the deque checks its owner only at block boundaries
            E task = deques[index].pop();
            return task != null ? task : steal();
        }

        @Override
        public E steal() {
            sweepAborted = false;
            int n = deques.length;
            if (n == 1) {
                return null;
            }
            for (int attempt = 0; attempt < 2 * n; attempt++) {
                int v = policy.selectVictim(this, victims);
                if (v == index) {
                    continue;
                }
                if (v < 0 || v >= n) {
                    throw new IllegalStateException("steal policy " + policy + " selected victim " + v
                            + ", not a queue index in [0, " + n + ")");
                }
                E task = probabilistic ? deques[v].stealSampled(random) : deques[v].steal();
                if (task != null) {
                    lastVictim = v;
                    stolen++;
                    return task;
                }
                lastVictim = -1;
            }
            for (int i = 1; i < n; i++) {
                int v = (index + i) % n;
                StealResult<E> r = deques[v].trySteal();
                if (r.status() == StealResult.Status.STOLEN) {
                    lastVictim = v;
                    stolen++;
                    return r.task();
                }
                if (r.status() == StealResult.Status.ABORT) {
                    sweepAborted = true; // the victim may hold up to δ tasks: not an empty answer
                }
            }
            // A worker nobody holds (released, or its thread terminated) answers no grant request,
            // and an aborting deque's last δ tasks wait for an owner: adopt it for one pop.
            long released = releasedWithTasks.get();
            if (released != 0 || ++failedSteals % ADOPTION_PERIOD == 0) {
                E task = adoptOne();
                if (task != null) {
                    return task;
                }
                if (released != 0) {
                    releasedWithTasks.compareAndSet(released, 0); // unless another release came since
                }
            }
            // Nothing granted anywhere: ask the owners that hold tasks in their blocks for a grant
            // (BWoS §8's limit), answered at their next put, so that a later steal finds them.
            for (int i = 1; i < n; i++) {
                deques[(index + i) % n].requestGrant();
            }
            return null;
        }

        /** Pops a task of an abandoned worker that still holds some, as its owner for the moment. */
        private E adoptOne() {
            int n = deques.length;
            for (int i = 1; i < n; i++) {
                int v = (index + i) % n;
                if (deques[v].sizeEstimate() != 0) {
                    E task = binding.adopt(workers[v], w -> deques[w.index].pop());
                    if (task != null) {
                        lastVictim = v;
                        stolen++;
                        return task;
                    }
                }
            }
            return null;
        }

        @Override
        public StealResult<E> trySteal() {
            E task = steal();
            if (task != null) {
                return StealResult.stolen(task);
            }
            return sweepAborted ? StealResult.abort() : StealResult.empty();
        }

        @Override
        public long stolen() {
            return stolen;
        }

        @Override
        public RandomGenerator random() {
            return random;
        }

        @Override
        public int node() {
            return topology.nodeOf(index);
        }

        @Override
        public Topology topology() {
            return topology;
        }

        @Override
        public int lastVictim() {
            return lastVictim;
        }

        @Override
        public int cursor() {
            return cursor;
        }

        @Override
        public void cursor(int value) {
            cursor = value;
        }

        @Override
        public String toString() {
            return "worker " + index + " of " + BwosPool.this;
        }
    }

    @Override
    public String toString() {
        return "BwosPool[" + workers.length + " workers, " + deques[0] + ", probabilistic=" + probabilistic + "]";
    }

    /** Builds a {@link BwosPool}. Defaults: LIFO, 8 blocks of 64, random policy, no P_accept. */
    public static final class Builder {
        private final int workers;
        private Order order = Order.LIFO;
        private int blockCount = 8;
        private int blockSize = 64;
        private StealPolicy policy = StealPolicies.RANDOM;
        private boolean probabilistic;
        private boolean randomizedStealing;
        private Topology topology;
        private long seed = 0x5EED;
        private IntFunction<? extends WorkStealingDeque<?>> factory;
        /** Which BWoS-only setting was made, if any (they conflict with {@link #deques}). */
        private String bwosSetting;

        private Builder(int workers) {
            if (workers < 1) {
                throw new IllegalArgumentException("a pool needs at least one worker, got " + workers);
            }
            this.workers = workers;
        }

        /** LIFO or FIFO BWoS deques. */
        public Builder order(Order value) {
            this.order = Objects.requireNonNull(value, "order");
            bwosSetting = "order";
            return this;
        }

        /** Blocks per deque (validated by the deque: 2 to 65536). */
        public Builder blockCount(int value) {
            this.blockCount = value;
            bwosSetting = "blockCount";
            return this;
        }

        /** Entries per block (validated by the deque: at least 1). */
        public Builder blockSize(int value) {
            this.blockSize = value;
            bwosSetting = "blockSize";
            return this;
        }

        /** The victim selection (P_select). */
        public Builder policy(StealPolicy value) {
            this.policy = Objects.requireNonNull(value, "policy");
            return this;
        }

        /** Adds probabilistic acceptance (P_accept, §3.4) to the policy. */
        public Builder probabilistic(boolean value) {
            this.probabilistic = value;
            return this;
        }

        /** For FIFO: randomized stealing (§3.4) in each deque's {@code steal}. */
        public Builder randomizedStealing(boolean value) {
            this.randomizedStealing = value;
            bwosSetting = "randomizedStealing";
            return this;
        }

        /** The workers' NUMA nodes, used by {@link StealPolicies#NUMA}. Default: one node. */
        public Builder topology(Topology value) {
            this.topology = Objects.requireNonNull(value, "topology");
            return this;
        }

        /** Seed of the workers' random sources (victim choice, block sampling). */
        public Builder seed(long value) {
            this.seed = value;
            return this;
        }

        /**
         * Workers' deques of another kind: {@code factory} is called once per worker index, on the
         * thread that calls {@link #build()}, and must return a new, empty deque each time (for
         * example {@code i -> new FfClDeque<>(8192)}; not THEP, whose steals wait for the victim's
         * owner: {@link WorkStealingDeque#stealWaitsForOwner()}). The BWoS settings ({@link #order},
         * {@link #blockCount}, {@link #blockSize}, {@link #randomizedStealing}) then do not apply,
         * and {@link #build()} refuses a builder that has both, even a setting equal to its default.
         */
        public Builder deques(IntFunction<? extends WorkStealingDeque<?>> factory) {
            this.factory = Objects.requireNonNull(factory, "factory");
            return this;
        }

        /**
         * Builds the pool; the deques are validated here.
         *
         * @throws IllegalStateException if both {@link #deques} and a BWoS setting were given
         */
        public <E> BwosPool<E> build() {
            if (factory != null && bwosSetting != null) {
                throw new IllegalStateException("BWoS setting " + bwosSetting
                        + " does not apply to deques from a factory (deques(...))");
            }
            return new BwosPool<>(this);
        }
    }
}
