package io.github.taskpools.baselines.salsa;

import io.github.taskpools.api.TaskPool;
import io.github.taskpools.internal.ThreadBinding;
import io.github.taskpools.internal.Waiters;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * ConcBag, a comparison pool of the SALSA evaluation (§6.2): "an algorithm similar to the lock-free
 * Concurrent Bags algorithm" of Sundell, Gidenstam, Papatriantafilou and Tsigas (SPAA'11), with
 * producers and consumers as separate threads, so that "every consume operation steals a task from
 * some producer". Not built on per-consumer pools (§6.3).
 *
 * <h2>Structure</h2>
 * Every producer owns a list of blocks (the bag's per-thread lists; chunks of {@code blockSize}
 * slots, 128 by default as in §6.2). A producer fills the slots of its last block in order and
 * appends a new block when it is full; it never fails. A slot goes null → task → TAKEN once:
 * blocks are never reused, so a consumer's CAS of a slot from the task to TAKEN cannot suffer ABA.
 *
 * <h2>Consume (the bag's steal)</h2>
 * A consumer keeps a position (block, index) in one producer's list, its current victim, and scans
 * linearly from there (the scan §6.6 blames for ConcBag's loss with large blocks): TAKEN slots are
 * skipped, the first task is taken by CAS, a null slot means the producer has written nothing
 * further, and the consumer moves to the next producer, starting at the head of that producer's
 * list. A get that finds nothing in a whole round returns null and resets the consumer to its
 * predefined first victim (producer {@code index mod producers}): §6.3's tuning, "each stealer
 * initiates stealing attempts from the predefined consumer". A consumer that scanned past the last
 * slot of a block with a successor (so every slot of it is TAKEN) CASes the list's head past it,
 * which lets the collector reclaim it.
 *
 * <h2>Emptiness</h2>
 * As in the paper's evaluation framework, a null is not linearizable: every list was seen without a
 * task, each at some moment during the call. A null from a pool with no concurrent operation means
 * it is empty (positions only move past TAKEN slots, and a new victim is scanned from its head).
 *
 * <h2>Orderings</h2>
 * Slots: the producer's release store publishes the task, consumers load with acquire and take by
 * CAS. A block's {@code next}: release store by its producer, acquire loads. A list's {@code head}:
 * acquire loads, CAS by consumers (the producer only initialises it). The producer's last block and
 * index are plain, producer only. Each consumer counts its CAS attempts in a plain field of its own.
 *
 * @param <E> the task type
 */
public final class ConcBagPool<E> implements TaskPool<E> {
    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(Object[].class);
    /** A taken slot's value (null is a slot not written yet). */
    private static final Object TAKEN = new Object() {
        @Override
        public String toString() {
            return "TAKEN";
        }
    };

    private final int blockSize;
    /** Consumers blocked in take/poll; every put signals it (a fence and a read). */
    private final Waiters waiters = new Waiters(false);
    private final BlockList[] lists;
    private final ThreadBinding<ProducerHandle> producers;
    private final ThreadBinding<ConsumerHandle> consumers;

    /**
     * A bag of {@code consumers} consumers and {@code producers} producers with blocks of 128 tasks.
     *
     * @throws IllegalArgumentException if a count is below 1
     */
    public ConcBagPool(int consumers, int producers) {
        this(consumers, producers, 128);
    }

    /**
     * A bag with blocks of {@code blockSize} tasks.
     *
     * @throws IllegalArgumentException if a count or the block size is below 1
     */
    @SuppressWarnings("unchecked")
    public ConcBagPool(int consumers, int producers, int blockSize) {
        if (consumers < 1 || producers < 1) {
            throw new IllegalArgumentException("a pool needs at least one consumer and one producer, got "
                    + consumers + " consumers and " + producers + " producers");
        }
        if (blockSize < 1) {
            throw new IllegalArgumentException("blockSize must be positive, got " + blockSize);
        }
        this.blockSize = blockSize;
        ProducerHandle[] ps = (ProducerHandle[]) new ConcBagPool<?>.ProducerHandle[producers];
        this.lists = new BlockList[producers];
        for (int j = 0; j < producers; j++) {
            ps[j] = new ProducerHandle(j);
            lists[j] = ps[j].list;
        }
        ConsumerHandle[] cs = (ConsumerHandle[]) new ConcBagPool<?>.ConsumerHandle[consumers];
        for (int i = 0; i < consumers; i++) {
            cs[i] = new ConsumerHandle(i);
        }
        this.producers = new ThreadBinding<>(ps);
        this.consumers = new ThreadBinding<>(cs);
    }

    @Override
    public TaskPool.Producer<E> producer() {
        return producers.mine();
    }

    @Override
    public TaskPool.Consumer<E> consumer() {
        return consumers.mine();
    }

    /** Gives back the calling thread's producer and consumer handles (see {@link TaskPool#release()}). */
    @Override
    public boolean release() {
        boolean p = producers.release();
        boolean c = consumers.release();
        return p | c;
    }

    /** Producer {@code index}, not bound to a thread, for callers that arrange exclusive use themselves. */
    public TaskPool.Producer<E> producer(int index) {
        return producers.get(index);
    }

    /** Consumer {@code index}, not bound to a thread, for callers that arrange exclusive use themselves. */
    public TaskPool.Consumer<E> consumer(int index) {
        return consumers.get(index);
    }

    /** The number of consumers. */
    public int consumers() {
        return consumers.size();
    }

    /** The number of producers. */
    public int producers() {
        return producers.size();
    }

    /** Tasks per block. */
    public int blockSize() {
        return blockSize;
    }

    /**
     * CAS attempts consumer {@code index} made (slot takes and head advances), the paper's Fig. 5(b);
     * exact when called from that consumer's thread or after it stopped, an estimate otherwise.
     */
    public long casCount(int index) {
        return consumers.get(index).casCount;
    }

    /** A block of slots. */
    static final class Block {
        static final VarHandle NEXT;

        static {
            try {
                NEXT = MethodHandles.lookup().findVarHandle(Block.class, "next", Block.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        final Object[] slots;
        /** Release store by the list's producer, once; acquire loads. */
        private Block next;

        Block(int size) {
            this.slots = new Object[size];
        }

        Block next() {
            return (Block) NEXT.getAcquire(this);
        }
    }

    /** A producer's list of blocks, as consumers see it. */
    static final class BlockList {
        private static final VarHandle HEAD;

        static {
            try {
                HEAD = MethodHandles.lookup().findVarHandle(BlockList.class, "head", Block.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        /** The first block that may hold a task: acquire loads, CAS by consumers. */
        private Block head;

        BlockList(Block first) {
            this.head = first; // published with the pool (through its final fields)
        }

        Block head() {
            return (Block) HEAD.getAcquire(this);
        }

        /** Moves the head from {@code b}, whose slots are all TAKEN, to its successor. */
        void advance(Block b, Block next) {
            HEAD.compareAndSet(this, b, next);
        }
    }

    /** A producer: fills the last block of its list. */
    final class ProducerHandle extends ThreadBinding.Slot implements TaskPool.Producer<E> {
        private final int index;
        final BlockList list;
        /** Plain, producer only: the block being filled and its next free slot. */
        private Block last;
        private int putIdx;

        ProducerHandle(int index) {
            this.index = index;
            this.last = new Block(blockSize);
            this.list = new BlockList(last);
        }

        /**
         * Adds the task to this producer's list; never fails.
         *
         * @return true
         * @throws NullPointerException if {@code task} is null
         */
        @Override
        public boolean put(E task) {
            Objects.requireNonNull(task, "task");
            ThreadBinding.checkThread(this);
            if (putIdx == blockSize) {
                Block b = new Block(blockSize);
                Block.NEXT.setRelease(last, b);
                last = b;
                putIdx = 0;
            }
            SLOT.setRelease(last.slots, putIdx++, task);
            waiters.signal();
            return true;
        }

        @Override
        public String toString() {
            return "producer " + index + " of " + ConcBagPool.this;
        }
    }

    /** A consumer: steals from the producers' lists. */
    final class ConsumerHandle extends ThreadBinding.Slot implements TaskPool.Consumer<E> {
        private final int index;
        private final int firstVictim;
        /** Plain, this consumer only: its victim and position there. */
        private int victim;
        private Block block;
        private int idx;
        /** Plain, this consumer only: CAS attempts. */
        private long casCount;

        ConsumerHandle(int index) {
            this.index = index;
            this.firstVictim = index % lists.length;
            this.victim = firstVictim;
        }

        /** A task taken from some producer's list, or null if a whole round found none. */
        @Override
        @SuppressWarnings("unchecked")
        public E get() {
            ThreadBinding.checkThread(this);
            int n = lists.length;
            for (int k = 0; k <= n; k++) { // the current victim, then every producer once
                if (block == null) {
                    block = lists[victim].head();
                    idx = 0;
                }
                Object t = scan(lists[victim]);
                if (t != null) {
                    return (E) t;
                }
                victim = victim + 1 == n ? 0 : victim + 1;
                block = null;
            }
            victim = firstVictim;
            return null;
        }

        /** Scans {@code list} from this consumer's position; takes the first task found. */
        private Object scan(BlockList list) {
            Block b = block;
            int i = idx;
            while (true) {
                for (; i < blockSize; i++) {
                    Object t = SLOT.getAcquire(b.slots, i);
                    if (t == null) {
                        block = b;
                        idx = i;
                        return null; // the producer wrote nothing further
                    }
                    if (t != TAKEN) {
                        casCount++;
                        if (SLOT.compareAndSet(b.slots, i, t, TAKEN)) {
                            block = b;
                            idx = i + 1;
                            return t;
                        } // else another consumer took it: TAKEN for good
                    }
                }
                Block next = b.next();
                if (next == null) {
                    block = b;
                    idx = blockSize;
                    return null;
                }
                if (list.head() == b) { // every slot of b is TAKEN: unlink it
                    casCount++;
                    list.advance(b, next);
                }
                b = next;
                i = 0;
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

        @Override
        public String toString() {
            return "consumer " + index + " of " + ConcBagPool.this;
        }
    }

    @Override
    public String toString() {
        return "ConcBagPool[" + consumers() + " consumers, " + producers() + " producers, block " + blockSize + "]";
    }
}
