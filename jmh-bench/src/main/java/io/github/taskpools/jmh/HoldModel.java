package io.github.taskpools.jmh;

import io.github.taskpools.api.Topology;
import io.github.taskpools.baselines.numapq.BlockingHeapPriorityQueue;
import io.github.taskpools.baselines.numapq.FlatCombiningPriorityQueue;
import io.github.taskpools.baselines.numapq.HierarchicalCalendarQueue;
import io.github.taskpools.baselines.numapq.SkipListPriorityQueue;
import io.github.taskpools.numapq.CalendarQueue;
import io.github.taskpools.numapq.ConcurrentPriorityQueue;
import io.github.taskpools.numapq.Event;
import io.github.taskpools.numapq.NumaCalendarQueue;
import java.util.BitSet;
import java.util.SplittableRandom;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The hold model of the NUMA priority-queue thesis (§3.2, after its reference [34]): a queue
 * pre-filled to size S, then every operation a <em>hold</em>, a dequeue followed by an enqueue of
 * the dequeued event with key = dequeued key + a random increment. The size stays S (minus the
 * events the threads hold between their two halves), so every operation works on "the top of the
 * queue" of a queue of that size.
 *
 * <p>Increments are uniform in [0, 2^33) (the thesis does not name its distribution); the pre-fill
 * draws its keys from the same distribution, as the classic hold model does. The range is that wide
 * because keys are integers: it keeps them far apart even at 1M events. With a narrow one (2048)
 * every key was shared by hundreds of events, which pile up in one calendar bucket's list, and
 * pre-filling a CRCQ to 1M events took about 29 s instead of 1.5 s. Values are the integers
 * 0..S-1, each in the queue exactly once at the start.
 *
 * <p>A hold keeps at most one event out of the queue per thread, so with S above the thread count
 * the queue is never empty: a dequeue that finds it empty fails the run.
 *
 * <p>One instance per trial. Each benchmark thread claims a worker index (and, for the queues with a
 * {@link Topology}, registers that index with the queue) on its first operation and keeps a
 * {@link Tally} of its own; {@link #checkConservation()} runs after the trial, when the threads are
 * quiet.
 *
 * <p>Queue names follow the thesis' nomenclature (§3.3): {@code CRCQ}; {@code NUMA-Q},
 * {@code NUMA-2Q}, {@code NUMA-P} (blocking, no repost, per-node channels), with the prefix
 * {@code NB-} for the non-blocking versions; {@code FC} (flat combining); {@code ACRCQH}; {@code PBQ}
 * ({@code PriorityBlockingQueue}); {@code SkipList} ({@code ConcurrentSkipListMap}). NUMA-* and
 * ACRCQH run on a synthetic topology of {@value #SYNTHETIC_NODES} nodes (the workers split evenly,
 * at least one per node, so operations on the other node's buckets really go through the channel),
 * or with the suffix {@value #ONE_NODE} on one node, where every operation runs directly and only
 * the channel layer's own cost remains.
 */
final class HoldModel {
    /** Keys grow by a uniform increment in [0, INCREMENT_BOUND). */
    static final long INCREMENT_BOUND = 1L << 33;
    /** Nodes of the synthetic topology of the NUMA-* and ACRCQH queues. */
    static final int SYNTHETIC_NODES = 2;
    /** The suffix of a queue name that puts it on a one-node topology. */
    static final String ONE_NODE = "-1node";
    /**
     * ACRCQH: spins a thread waits for its cluster's turn. The thesis gives no value; this is the
     * one of the repository's comparison tests.
     */
    static final int PATIENCE = 64;
    /** Seed of the pre-fill's keys, so every implementation starts from the same queue. */
    private static final long SEED = 0x5EEDL;

    final ConcurrentPriorityQueue<Integer> queue;
    private final String name;
    private final int size;
    private final Tally[] tallies;
    private final AtomicInteger nextWorker = new AtomicInteger();

    /** One thread's counts: plain fields, written by that thread only, read after the trial. */
    static final class Tally {
        long polls;
        long offers;
    }

    /**
     * A queue named {@code name} for {@code threads} benchmark threads, pre-filled with {@code size}
     * events by a short-lived thread (so it holds no worker index once the benchmark starts).
     */
    HoldModel(String name, int threads, int size) {
        if (size <= threads) {
            throw new IllegalArgumentException("size must exceed the " + threads + " threads, got " + size);
        }
        this.name = name;
        this.size = size;
        this.queue = create(name, threads);
        this.tallies = new Tally[threads];
        Integer[] values = new Integer[size];
        for (int i = 0; i < size; i++) {
            values[i] = i;
        }
        Thread filler = new Thread(() -> {
            SplittableRandom rnd = new SplittableRandom(SEED);
            for (Integer v : values) {
                queue.offer(rnd.nextLong(INCREMENT_BOUND), v);
            }
        }, "pq-prefill");
        filler.start();
        try {
            filler.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while pre-filling " + name, e);
        }
        if (queue.size() != size) {
            throw new IllegalStateException(name + ": size " + queue.size() + " after pre-filling " + size);
        }
    }

    /** The queue named {@code name} (see the class comment) for {@code threads} workers. */
    static ConcurrentPriorityQueue<Integer> create(String name, int threads) {
        boolean oneNode = name.endsWith(ONE_NODE);
        String base = oneNode ? name.substring(0, name.length() - ONE_NODE.length()) : name;
        boolean nonBlocking = base.startsWith("NB-");
        if (nonBlocking) {
            base = base.substring("NB-".length());
        }
        boolean numa = base.startsWith("NUMA-");
        if ((nonBlocking && !numa) || (oneNode && !numa && !base.equals("ACRCQH"))) {
            throw new IllegalArgumentException("unknown priority queue " + name);
        }
        Topology topology = oneNode
                ? Topology.singleNode(threads)
                : Topology.evenlySplit(Math.max(threads, SYNTHETIC_NODES), SYNTHETIC_NODES);
        switch (base) {
            case "CRCQ":
                return new CalendarQueue<>();
            case "FC":
                return new FlatCombiningPriorityQueue<>();
            case "PBQ":
                return new BlockingHeapPriorityQueue<>();
            case "SkipList":
                return new SkipListPriorityQueue<>();
            case "ACRCQH":
                return new HierarchicalCalendarQueue<>(topology, PATIENCE);
            case "NUMA-Q":
                return numa(topology, NumaCalendarQueue.Channel.Q, nonBlocking);
            case "NUMA-2Q":
                return numa(topology, NumaCalendarQueue.Channel.TWO_Q, nonBlocking);
            case "NUMA-P":
                return numa(topology, NumaCalendarQueue.Channel.P, nonBlocking);
            default:
                throw new IllegalArgumentException("unknown priority queue " + name);
        }
    }

    private static ConcurrentPriorityQueue<Integer> numa(Topology topology, NumaCalendarQueue.Channel channel,
            boolean nonBlocking) {
        return NumaCalendarQueue.builder(topology).channel(channel).nonBlocking(nonBlocking).build();
    }

    /**
     * Claims the calling thread's worker index, registers it with the queue's topology and returns
     * the thread's tally.
     */
    Tally claim() {
        int index = nextWorker.getAndIncrement();
        if (index >= tallies.length) {
            throw new IllegalStateException("more benchmark threads than the " + tallies.length + " workers");
        }
        if (queue instanceof NumaCalendarQueue<Integer> n) {
            n.register(index);
        } else if (queue instanceof HierarchicalCalendarQueue<Integer> h) {
            h.register(index);
        }
        Tally t = new Tally();
        tallies[index] = t;
        return t;
    }

    /**
     * The dequeue half of a hold.
     *
     * @throws IllegalStateException if the queue reports empty: with more events than threads, at
     *         least one event is in the queue at every moment
     */
    Event<Integer> poll(Tally t) {
        Event<Integer> e = queue.poll();
        if (e == null) {
            throw new IllegalStateException(name + " reported empty holding " + size + " events for "
                    + tallies.length + " threads");
        }
        t.polls++;
        return e;
    }

    /** The enqueue half of a hold: {@code e} again, later by a random increment. */
    void offerLater(Event<Integer> e, Tally t) {
        queue.offer(e.key() + ThreadLocalRandom.current().nextLong(INCREMENT_BOUND), e.value());
        t.offers++;
    }

    /**
     * After the trial: every event offered was polled or is still there (count in = count out +
     * size), the queue drains in key order, and it holds every value 0..S-1 exactly once.
     */
    void checkConservation() {
        long polls = 0;
        long offers = size;
        for (Tally t : tallies) {
            if (t != null) {
                polls += t.polls;
                offers += t.offers;
            }
        }
        long reported = queue.size();
        BitSet seen = new BitSet(size);
        long drained = 0;
        long lastKey = Long.MIN_VALUE;
        Event<Integer> e;
        while ((e = queue.poll()) != null) {
            int v = e.value();
            if (v < 0 || v >= size || seen.get(v)) {
                throw new IllegalStateException(name + ": value " + v + " drained twice or never offered");
            }
            if (e.key() < lastKey) {
                throw new IllegalStateException(name + ": drained key " + e.key() + " after " + lastKey);
            }
            lastKey = e.key();
            seen.set(v);
            drained++;
        }
        if (offers != polls + drained || drained != reported || drained != size) {
            throw new IllegalStateException(name + ": events not conserved: offered " + offers + " (pre-fill "
                    + size + "), polled " + polls + ", drained " + drained + ", size() said " + reported);
        }
    }
}
