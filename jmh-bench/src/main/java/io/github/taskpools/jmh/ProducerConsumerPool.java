package io.github.taskpools.jmh;

import io.github.taskpools.api.TaskPool;
import io.github.taskpools.baselines.salsa.ConcBagPool;
import io.github.taskpools.baselines.salsa.WsLifoPool;
import io.github.taskpools.baselines.salsa.WsMsqPool;
import io.github.taskpools.cafe.CafePool;
import io.github.taskpools.salsa.FenceMode;
import io.github.taskpools.salsa.SalsaPool;
import java.util.Arrays;
import java.util.Queue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntFunction;
import java.util.function.IntToLongFunction;
import org.jctools.queues.MpmcArrayQueue;
import org.jctools.queues.MpmcUnboundedXaddArrayQueue;

/**
 * A contender of the producer/consumer experiments (SALSA §6.2, CAFÉ §5.1) seen through per-thread
 * producer and consumer handles: the pools of {@code io.github.taskpools.salsa} through their own
 * handles (unbound, by index: each benchmark thread uses one index only), CAFÉ through the handle of
 * the calling thread ({@link CafePool#producer()} binds a handle to the thread that asks for it, so
 * {@link #producer(int)} and {@link #consumer(int)} ask on every call, from the benchmark thread that
 * uses the index), the shared queues through handles that all call the one queue.
 *
 * <p>Each JMH fork runs one contender, so the handles' call sites are monomorphic.
 */
public final class ProducerConsumerPool {

    /** The contender names, as used by the benchmarks' {@code pool} parameter and the report. */
    public static final String SALSA = "salsa";
    public static final String SALSA_CAS = "salsa-cas";
    public static final String WS_MSQ = "ws-msq";
    public static final String WS_LIFO = "ws-lifo";
    public static final String CONC_BAG = "concbag";
    public static final String CLQ = "clq";
    public static final String LBQ = "lbq";
    public static final String JCTOOLS_MPMC = "jctools-mpmc";
    public static final String JCTOOLS_MPMC_XADD = "jctools-mpmc-xadd";
    public static final String CAFE = "cafe";

    /** ConcBag's block size when the experiment does not sweep it (the paper's optimum, §6.2). */
    public static final int CONC_BAG_BLOCK = 128;
    /** Chunk size of JCTools' {@code MpmcUnboundedXaddArrayQueue}. */
    public static final int XADD_CHUNK = 1024;
    /** Seed of CAFÉ's random generators: fixed, so that a configuration's node choices are reproducible. */
    public static final long CAFE_SEED = 0x5EED_CAFEL;

    private final TaskPool.Producer<Object>[] producers;
    private final TaskPool.Consumer<Object>[] consumers;
    private final IntToLongFunction casCount;
    private final String fenceNote;
    private final boolean asymmetricFence;
    /** CAFÉ, whose handles belong to threads; null for the other contenders (their handles are above). */
    private final CafePool<Object> cafe;

    private ProducerConsumerPool(TaskPool.Producer<Object>[] producers, TaskPool.Consumer<Object>[] consumers,
            IntToLongFunction casCount, String fenceNote, boolean asymmetricFence, CafePool<Object> cafe) {
        this.producers = producers;
        this.consumers = consumers;
        this.casCount = casCount;
        this.fenceNote = fenceNote;
        this.asymmetricFence = asymmetricFence;
        this.cafe = cafe;
    }

    /**
     * A contender.
     *
     * @param chunkSize SALSA's chunk size or ConcBag's block size; the others ignore it
     * @param fence SALSA's fence mode (asked; see {@link #fenceNote()} for the one in use)
     * @param balancing SALSA's producer-based balancing (§6.4)
     * @param capacity the bound of JCTools' MPMC array queue, which must exceed the tasks in flight
     * @param cafeHeight CAFÉ's tree height h
     * @param cafeK CAFÉ's last-level tries of a put
     */
    @SuppressWarnings("unchecked")
    public static ProducerConsumerPool create(String name, int producers, int consumers, int chunkSize,
            FenceMode fence, boolean balancing, int capacity, int cafeHeight, int cafeK) {
        TaskPool.Producer<Object>[] ps = new TaskPool.Producer[producers];
        TaskPool.Consumer<Object>[] cs = new TaskPool.Consumer[consumers];
        switch (name) {
            case SALSA, SALSA_CAS -> {
                SalsaPool<Object> p = SalsaPool.builder(consumers, producers).chunkSize(chunkSize).fence(fence)
                        .producerBalancing(balancing).consumeByCas(name.equals(SALSA_CAS)).build();
                for (int j = 0; j < producers; j++) {
                    ps[j] = p.producer(j);
                }
                for (int i = 0; i < consumers; i++) {
                    cs[i] = p.consumer(i);
                }
                String note = p.consumesByCas() ? "SALSA+CAS (no fence on the consume path)"
                        : p.fenceMode() + (p.fenceFallbackReason() == null ? ""
                                : " (asked " + fence + "; fallback: " + p.fenceFallbackReason() + ")");
                boolean asymmetric = !p.consumesByCas() && p.fenceMode() == FenceMode.ASYMMETRIC;
                return new ProducerConsumerPool(ps, cs, i -> p.consumer(i).casCount(), note, asymmetric, null);
            }
            case WS_MSQ -> {
                WsMsqPool<Object> p = new WsMsqPool<>(consumers, producers);
                fill(ps, p::producer, cs, p::consumer);
                return new ProducerConsumerPool(ps, cs, p::casCount, null, false, null);
            }
            case WS_LIFO -> {
                WsLifoPool<Object> p = new WsLifoPool<>(consumers, producers);
                fill(ps, p::producer, cs, p::consumer);
                return new ProducerConsumerPool(ps, cs, p::casCount, null, false, null);
            }
            case CONC_BAG -> {
                ConcBagPool<Object> p = new ConcBagPool<>(consumers, producers, chunkSize);
                fill(ps, p::producer, cs, p::consumer);
                return new ProducerConsumerPool(ps, cs, p::casCount, null, false, null);
            }
            case CLQ -> {
                return shared(new ConcurrentLinkedQueue<>(), ps, cs);
            }
            case LBQ -> {
                return shared(new LinkedBlockingQueue<>(), ps, cs);
            }
            case JCTOOLS_MPMC -> {
                return shared(new MpmcArrayQueue<>(capacity), ps, cs);
            }
            case JCTOOLS_MPMC_XADD -> {
                return shared(new MpmcUnboundedXaddArrayQueue<>(XADD_CHUNK), ps, cs);
            }
            case CAFE -> {
                CafePool<Object> p = CafePool.builder().height(cafeHeight).k(cafeK).seed(CAFE_SEED).build();
                return new ProducerConsumerPool(ps, cs, null, null, false, p);
            }
            default -> throw new IllegalArgumentException("unknown pool " + name);
        }
    }

    private static void fill(TaskPool.Producer<Object>[] ps, IntFunction<TaskPool.Producer<Object>> p,
            TaskPool.Consumer<Object>[] cs, IntFunction<TaskPool.Consumer<Object>> c) {
        for (int j = 0; j < ps.length; j++) {
            ps[j] = p.apply(j);
        }
        for (int i = 0; i < cs.length; i++) {
            cs[i] = c.apply(i);
        }
    }

    /** One queue for everyone; a refused offer (a full bounded queue) is retried, never dropped. */
    private static ProducerConsumerPool shared(Queue<Object> q, TaskPool.Producer<Object>[] ps,
            TaskPool.Consumer<Object>[] cs) {
        TaskPool.Producer<Object> put = task -> {
            while (!q.offer(task)) {
                Thread.onSpinWait();
            }
            return true;
        };
        TaskPool.Consumer<Object> get = new QueueConsumer(q);
        Arrays.fill(ps, put);
        Arrays.fill(cs, get);
        return new ProducerConsumerPool(ps, cs, null, null, false, null);
    }

    /**
     * A JDK queue as a consumer handle: {@code get} is {@code poll}; the waits delegate to a
     * {@link BlockingQueue}, and poll with a parking back-off on the others (the harness itself
     * only calls {@code get}).
     */
    private static final class QueueConsumer implements TaskPool.Consumer<Object> {
        private final Queue<Object> q;

        QueueConsumer(Queue<Object> q) {
            this.q = q;
        }

        @Override
        public Object get() {
            return q.poll();
        }

        @Override
        public Object take() throws InterruptedException {
            if (q instanceof BlockingQueue) {
                return ((BlockingQueue<Object>) q).take();
            }
            Object t;
            while ((t = poll(1, TimeUnit.SECONDS)) == null) {
                // poll again
            }
            return t;
        }

        @Override
        public Object poll(long timeout, TimeUnit unit) throws InterruptedException {
            if (q instanceof BlockingQueue) {
                return ((BlockingQueue<Object>) q).poll(timeout, unit);
            }
            long deadline = System.nanoTime() + unit.toNanos(timeout);
            for (long backoff = 1_000; ; backoff = Math.min(backoff * 2, 1_000_000)) {
                Object t = q.poll();
                if (t != null) {
                    return t;
                }
                if (Thread.interrupted()) {
                    throw new InterruptedException();
                }
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return null;
                }
                LockSupport.parkNanos(Math.min(backoff, left));
            }
        }
    }

    /** Producer {@code index}'s handle; for CAFÉ the calling thread's handle, whatever the index. */
    public TaskPool.Producer<Object> producer(int index) {
        return cafe != null ? cafe.producer() : producers[index];
    }

    /**
     * Consumer {@code index}'s handle; for CAFÉ the calling thread's handle, whatever the index (so a
     * tear-down thread that drains after every consumer stopped gets one of its own).
     */
    public TaskPool.Consumer<Object> consumer(int index) {
        return cafe != null ? cafe.consumer() : consumers[index];
    }

    /** Whether the contender counts its consumers' CASes (the pools of this library do). */
    public boolean countsCas() {
        return casCount != null;
    }

    /**
     * CAS attempts consumer {@code index} made so far; call from that consumer's thread (the counts
     * are plain fields of that thread), or after it stopped.
     */
    public long casCount(int index) {
        return casCount.applyAsLong(index);
    }

    /** Whether this is SALSA running the asymmetric fence (asked for and available). */
    public boolean asymmetricFence() {
        return asymmetricFence;
    }

    /**
     * CAFÉ's counters summed over its handles ({@link CafePool#stats()}: it takes a lock, so read it
     * outside the measured loop), or null for the other contenders.
     */
    public CafePool.Stats cafeStats() {
        return cafe == null ? null : cafe.stats();
    }

    /** For SALSA: the fence mode in use and why, if it is not the one asked for; null for the others. */
    public String fenceNote() {
        return fenceNote;
    }
}
