package io.github.taskpools.bwos;

import io.github.taskpools.api.StealPolicies;
import io.github.taskpools.api.StealPolicy;
import io.github.taskpools.api.Topology;
import io.github.taskpools.api.WorkStealingDeque;
import io.github.taskpools.api.WorkStealingPool;
import java.util.Map;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.random.RandomGenerator;

/**
 * A pool of BWoS deques, one per worker, with the steal policies of the BWoS paper's §6.2.3 and
 * optional probabilistic stealing (§3.4).
 *
 * <h2>Stealing</h2>
 * A worker whose own deque is empty makes up to {@code 2 * workers} attempts. Each attempt asks
 * the {@link StealPolicy} for a victim (P_select). Without probabilistic stealing it then steals
 * from the victim; with it, it first samples one random block of the victim and steals only if
 * that block has work (P_accept): the chance of stealing from a queue is then proportional to its
 * size, and the only metadata read is that one block's (for FIFO BWoS the sampled block is the one
 * stolen from, the randomized stealing of §3.4). After the attempts, one plain steal from every other
 * worker in turn makes sure {@code get} returns {@code null} only when no worker had stealable
 * work during the sweep.
 *
 * <h2>Threads</h2>
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
    private final Map<Thread, BwosWorker> byThread = new ConcurrentHashMap<>();
    private final AtomicInteger unclaimed = new AtomicInteger();

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
            deques[i] = b.order == Order.LIFO
                    ? new LifoBwosDeque<>(b.blockCount, b.blockSize)
                    : new FifoBwosDeque<>(b.blockCount, b.blockSize, b.randomizedStealing);
            workers[i] = new BwosWorker(i, seeds.split());
        }
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
        return byThread.computeIfAbsent(Thread.currentThread(), t -> claim());
    }

    @Override
    public Worker<E> consumer() {
        return producer();
    }

    private BwosWorker claim() {
        int i = unclaimed.getAndIncrement();
        if (i >= workers.length) {
            unclaimed.decrementAndGet();
            throw new IllegalStateException("all " + workers.length + " workers are taken by other threads");
        }
        BwosWorker w = workers[i];
        w.bind();
        return w;
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

    private final class BwosWorker implements Worker<E>, StealPolicy.Thief {
        private final int index;
        private final SplittableRandom random;
        private int lastVictim = -1;
        private int cursor;
        private long stolen;

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
            deques[index].bindOwner();
        }

        @Override
        public boolean put(E task) {
            return deques[index].push(task);
        }

        @Override
        public E get() {
            E task = deques[index].pop();
            return task != null ? task : steal();
        }

        @Override
        public E steal() {
            int n = deques.length;
            if (n == 1) {
                return null;
            }
            for (int attempt = 0; attempt < 2 * n; attempt++) {
                int v = policy.selectVictim(this, victims);
                if (v == index) {
                    continue;
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
                E task = deques[v].steal();
                if (task != null) {
                    lastVictim = v;
                    stolen++;
                    return task;
                }
            }
            return null;
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

        private Builder(int workers) {
            if (workers < 1) {
                throw new IllegalArgumentException("a pool needs at least one worker, got " + workers);
            }
            this.workers = workers;
        }

        /** LIFO or FIFO BWoS deques. */
        public Builder order(Order value) {
            this.order = Objects.requireNonNull(value, "order");
            return this;
        }

        /** Blocks per deque (validated by the deque: 2 to 65536). */
        public Builder blockCount(int value) {
            this.blockCount = value;
            return this;
        }

        /** Entries per block (validated by the deque: at least 1). */
        public Builder blockSize(int value) {
            this.blockSize = value;
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

        /** Builds the pool; the deques are validated here. */
        public <E> BwosPool<E> build() {
            return new BwosPool<>(this);
        }
    }
}
