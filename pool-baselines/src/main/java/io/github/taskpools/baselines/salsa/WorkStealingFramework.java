package io.github.taskpools.baselines.salsa;

import io.github.taskpools.api.TaskPool;
import io.github.taskpools.api.Topology;
import io.github.taskpools.internal.AccessLists;
import io.github.taskpools.internal.ThreadBinding;
import io.github.taskpools.internal.Waiters;
import io.github.taskpools.salsa.SalsaPool;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * The §4 work-stealing framework over one unbounded single-consumer pool ({@link ScQueue}) per
 * consumer: the base of the comparison pools WS-MSQ ({@link WsMsqPool}) and WS-LIFO
 * ({@link WsLifoPool}) of §6.2, "our work-stealing framework with SCPools implemented by" a
 * Michael-Scott queue or a LIFO stack.
 *
 * <h2>Framework (§4, Algorithm 2)</h2>
 * Placement and access lists are {@link SalsaPool}'s ({@link AccessLists}). put offers the task
 * to the pools in access-list order and the first one accepts: these pools are unbounded, so
 * produce never fails and every task of a producer goes to the first consumer of its access list
 * (there is no producer-based balancing, as in the paper, where only SALSA's chunk pools provide
 * it). get takes from the consumer's own pool, then steals from the others in access-list order;
 * a steal is the same dequeue (pop) as a consume (§6.2: "Both consume() and steal() operations
 * invoke the dequeue() function").
 *
 * <h2>Emptiness</h2>
 * Like the paper's evaluation framework (§6.2: it "does not include the linearizability mechanism
 * described in 5.5"), get returns null when one traversal found every pool empty, each at some
 * moment during the call, which is not necessarily one moment: a null is not linearizable under
 * concurrent puts and takes. A null from a pool with no concurrent operation means it is empty.
 *
 * <h2>Threads and counting</h2>
 * Handles are bound as {@code internal.ThreadBinding} describes: a thread claims one on first use
 * and gives it back with {@link #release()} or by terminating. Each consumer counts its CAS attempts in a
 * plain field of its own ({@link #casCount}); nothing is shared and nothing allocated for it.
 *
 * @param <E> the task type
 */
abstract class WorkStealingFramework<E> implements TaskPool<E> {
    private final ScQueue[] pools;
    private final ThreadBinding<ProducerHandle> producers;
    private final ThreadBinding<ConsumerHandle> consumers;
    /** Consumers blocked in take/poll; every put signals it (a fence and a read). */
    private final Waiters waiters = new Waiters(false);

    @SuppressWarnings("unchecked")
    WorkStealingFramework(int consumers, int producers, Topology topology, Supplier<ScQueue> queue) {
        if (consumers < 1 || producers < 1) {
            throw new IllegalArgumentException("a pool needs at least one consumer and one producer, got "
                    + consumers + " consumers and " + producers + " producers");
        }
        Objects.requireNonNull(topology, "topology");
        this.pools = new ScQueue[consumers];
        ConsumerHandle[] cs = (ConsumerHandle[]) new WorkStealingFramework<?>.ConsumerHandle[consumers];
        for (int i = 0; i < consumers; i++) {
            pools[i] = queue.get();
        }
        for (int i = 0; i < consumers; i++) {
            cs[i] = new ConsumerHandle(i, AccessLists.ofConsumer(topology, consumers, i));
        }
        ProducerHandle[] ps = (ProducerHandle[]) new WorkStealingFramework<?>.ProducerHandle[producers];
        for (int j = 0; j < producers; j++) {
            ps[j] = new ProducerHandle(j, AccessLists.ofProducer(topology, consumers, j)[0]);
        }
        this.consumers = new ThreadBinding<>(cs);
        this.producers = new ThreadBinding<>(ps);
    }

    @Override
    public final TaskPool.Producer<E> producer() {
        return producers.mine();
    }

    @Override
    public final TaskPool.Consumer<E> consumer() {
        return consumers.mine();
    }

    /** Gives back the calling thread's producer and consumer handles (see {@link TaskPool#release()}). */
    @Override
    public final boolean release() {
        boolean p = producers.release();
        boolean c = consumers.release();
        return p | c;
    }

    /** Producer {@code index}, not bound to a thread, for callers that arrange exclusive use themselves. */
    public final TaskPool.Producer<E> producer(int index) {
        return producers.get(index);
    }

    /** Consumer {@code index}, not bound to a thread, for callers that arrange exclusive use themselves. */
    public final TaskPool.Consumer<E> consumer(int index) {
        return consumers.get(index);
    }

    /** The number of consumers. */
    public final int consumers() {
        return consumers.size();
    }

    /** The number of producers. */
    public final int producers() {
        return producers.size();
    }

    /**
     * CAS attempts consumer {@code index} made to take tasks, own and stolen (the paper's Fig. 5(b));
     * exact when called from that consumer's thread or after it stopped, an estimate otherwise.
     */
    public final long casCount(int index) {
        return consumers.get(index).tally.count;
    }

    /** A producer: put into the first pool of its access list. */
    final class ProducerHandle extends ThreadBinding.Slot implements TaskPool.Producer<E> {
        private final int index;
        private final ScQueue target;

        ProducerHandle(int index, int closest) {
            this.index = index;
            this.target = pools[closest];
        }

        /**
         * Adds the task to the closest consumer's pool; never fails.
         *
         * @return true
         * @throws NullPointerException if {@code task} is null
         */
        @Override
        public boolean put(E task) {
            Objects.requireNonNull(task, "task");
            ThreadBinding.checkThread(this);
            target.put(task);
            waiters.signal();
            return true;
        }

        @Override
        public String toString() {
            return "producer " + index + " of " + WorkStealingFramework.this;
        }
    }

    /** A consumer: its own pool first, then the others in access-list order. */
    final class ConsumerHandle extends ThreadBinding.Slot implements TaskPool.Consumer<E> {
        private final int index;
        private final ScQueue own;
        private final int[] accessList;
        private final ScQueue.CasTally tally = new ScQueue.CasTally();

        ConsumerHandle(int index, int[] accessList) {
            this.index = index;
            this.own = pools[index];
            this.accessList = accessList;
        }

        /** A task of its own pool, else one stolen; null if every pool was seen empty. */
        @Override
        @SuppressWarnings("unchecked")
        public E get() {
            ThreadBinding.checkThread(this);
            Object t = own.take(tally);
            if (t != null) {
                return (E) t;
            }
            for (int v : accessList) {
                t = pools[v].take(tally);
                if (t != null) {
                    return (E) t;
                }
            }
            return null;
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

        @Override
        public String toString() {
            return "consumer " + index + " of " + WorkStealingFramework.this;
        }
    }
}
