package io.github.taskpools.cafe;

import io.github.taskpools.api.TaskPool;
import io.github.taskpools.internal.ThreadBinding;
import io.github.taskpools.internal.Waiters;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.random.RandomGenerator;

/**
 * A wait-free, unbounded producer/consumer task pool with adjustable fairness: tasks come out
 * roughly in the order they went in, a task being overtaken by at most about one tree's worth
 * ({@code 2^(h+1) - 1} with one consumer). Every operation finishes in a bounded number of its own
 * steps, whatever other threads do.
 * <pre>{@code
 * CafePool<Runnable> pool = CafePool.builder().height(12).k(3).build(); // the defaults
 * CafePool<Runnable>.Handle me = pool.producer();   // this thread's handle (consumer(): the same)
 * me.put(() -> System.out.println("ran"));          // always true: unbounded
 * for (Runnable t; (t = me.get()) != null; ) {      // oldest tree first, any task within it
 *     t.run();
 * }
 * }</pre>
 * <p><b>Guarantees.</b> Every task put is returned by exactly one get; a get returns {@code null}
 * only if every task whose put completed before it started had been taken. <b>Threads.</b> A handle
 * belongs to the thread that obtained it until {@link #release()} or the thread's end; unlike
 * SALSA's, CAFÉ's handles hold no tasks, and there is no limit on their number. <b>When to pick
 * it.</b> When a bound on overtaking or wait-freedom matters more than raw throughput (SALSA is
 * faster for plain producer/consumer work).
 *
 * <h2>Implementation notes</h2>
 * CAFÉ, Contention And Fairness Explorer (Basin et al., DISC'11, §3.2, Algorithm 2): a wait-free
 * unbounded task pool made of a FIFO linked list of {@link TreeContainer}s of height {@code h}.
 * Producers fill the tree at the list's producer pointer PT and append a new tree when a put
 * fails there; consumers drain the trees from the consumer pointer GT onwards. Tasks come out in
 * FIFO order of their trees and in any order within a tree, so a task is overtaken (a task put
 * after it is got before it) by at most about one tree's worth: {@code 2^(h+1) - 2} tasks of its
 * own tree, plus one task per get that was already in progress when the task's put returned (such
 * a get does not re-read GT unless its CAS on GT fails, so it may take one task of a later tree
 * while GT was moved back to the task's tree); with one consumer that is {@code 2^(h+1) - 1}.
 * {@code h} sets the trade-off between fairness (small trees, FIFO-like, contended list pointers)
 * and contention (large trees). With {@code h = 0} and one consumer CAFÉ is a linked-list FIFO
 * queue.
 *
 * <h3>Algorithm</h3>
 * <ul>
 *   <li>The list (lines 1-10): nodes {@code (id, tree, next)}, ids consecutive from 0;
 *       {@code PT}, the producers' node; {@code GT = (prev, cur)}, the consumers' pair of
 *       consecutive nodes ({@code prev} may be ⊥), an immutable object swapped by CAS (a fresh
 *       object per CAS, so there is no ABA); {@code oldProducers}, producers inside
 *       {@code moveGTBack}.</li>
 *   <li>{@code put} (lines 12-21): put into {@code PT.tree}; on failure append a tree if there is
 *       none after PT ({@code insertNewTree}, lines 23-29: one CAS on the last node's
 *       {@code next}; a loser drops its tree) and CAS PT one node on. A put that succeeded in a
 *       tree before {@code GT.cur} (its PT read went stale while consumers moved on) moves GT back
 *       to {@code (⊥, that tree)} ({@code moveGTBack}, lines 31-38), so its task is not skipped.</li>
 *   <li>{@code get} (lines 40-55): read PT first, then GT; try {@code prev}, then {@code cur}; if
 *       both are empty and {@code cur} is PT's node or later, return null (the get is bounded by
 *       the PT it read first, which makes it wait-free, Lemma 9); otherwise move on to
 *       {@code (cur, cur.next)}, by CAS on GT when {@code oldProducers = 0}, else only locally,
 *       so producers moving GT back are never undone by consumers and their loop ends.</li>
 * </ul>
 * Why two trees in GT (§3.2): a put that checked {@code GT.cur ≤ T} may be followed by a
 * consumer's CAS that was decided before the put's task was visible; that CAS moves
 * {@code GT.cur} by one only, to {@code T.next}, and {@code GT.prev = T} keeps T in reach
 * (Lemma 2: {@code GT.cur.id ≤ T.id + 1} while the task is in T).
 *
 * <h3>Invariants</h3>
 * (1) {@code GT.cur.id ≤ PT.id} whenever a consumer CASes GT forward (it does so only to
 * {@code cur.next} with {@code cur.id < ptVal.id}); (2) a completed put's task stays reachable
 * (Theorem 1); (3) trees before {@code min(PT, GT.prev, GT.cur)} are unreachable and become
 * garbage: the list links forward only.
 *
 * <h3>What a null get means</h3>
 * Theorem 1: when a get returns null, every task whose put completed before the get started has
 * been taken. With one consumer at a time this makes the pool linearizable (a null get is
 * linearized at its start). With several concurrent consumers it is weaker than linearizability:
 * a get bounded by its first PT read can return null while a task put into a newer tree after
 * that read is present, if meanwhile another consumer took the last task of the older trees
 * (Lincheck finds such a history with two consuming threads). The paper accepts this (Lemma 9's
 * wait-freedom rests on the bound); a consumer that must not stop early re-checks after a null.
 *
 * <h3>Memory orderings</h3>
 * <pre>
 * field          writes                              reads
 * PT             CAS (volatile)                      volatile (put line 14, get line 41)
 * GT             CAS (volatile)                      volatile (put line 16, moveGTBack, get)
 * oldProducers   getAndAdd (volatile)                volatile (get line 50)
 * Node.next      CAS (volatile)                      volatile
 * </pre>
 * Why GT stays in T's reach of a put into T (§3.2, Lemma 2) rests on a synchronization-order
 * chain: P's last tree write &lt;so P's read of GT (seeing {@code cur ≤ T}) &lt;so C1's CAS of GT (+1)
 * &lt;so C2's read of GT &lt;so C2's volatile tree reads ({@code rootIsEmpty}). It needs the producer's
 * store-load to be volatile (its read of GT after its tree writes: its last metadata CAS, or, when
 * it found the bits already set or was eliminated and did no CAS, its task store and earlier
 * CASes, which come earlier in the order still), a second consumer's tree reads to be volatile
 * (which is why {@code rootIsEmpty} cannot be weakened to acquire), and every read and CAS of GT
 * to be in the synchronization order; see {@link TreeContainer}. PT, GT and oldProducers each sit on their own cache lines
 * (128 bytes of padding either side, as JCTools pads). The padding is made of bytes: all three
 * fields are 4 bytes wide (compressed references, an int), and since JDK 15 HotSpot puts such
 * fields into the alignment holes that long padding leaves in superclasses (PT into the hole after
 * the header, oldProducers next to GT); PaddingLayoutTest checks the layout on the running JVM.
 *
 * <h3>Threads and counters</h3>
 * Each thread uses the pool through its handle ({@link #producer()} and {@link #consumer()}
 * return the same object for a thread), bound as every family's handles are (the internal
 * {@code ThreadBinding}, growing: any number of threads may hold one at once). A handle keeps a
 * random generator and counters (puts, gets, CAS failures, trees appended), summed by
 * {@link #stats()}. A thread gives its handle back with {@link #release()} or by terminating, and
 * the next thread without one takes it over, counters and generator included: the pool holds about
 * as many handles as threads ever used it at once. A handle checks that it is used by its
 * own thread.
 *
 * @param <E> the task type; {@code null} is never a task
 */
public final class CafePool<E> extends CafePoolOldProducersField<E> implements TaskPool<E> {
    /** The paper's default height (§5.1): trees of 8191 nodes. */
    public static final int DEFAULT_HEIGHT = 12;
    /**
     * Last-level tries of a put, our default (the paper names none): Lemma 4 then promises at
     * least {@code 2^((5/6)·h)} tasks in a tree before a put fails, 1024 of 8191 for h = 12.
     */
    public static final int DEFAULT_K = 3;

    private final int height;
    private final int k;
    private final Supplier<? extends RandomGenerator> randoms;
    /** Consumers blocked in take/poll; every put signals it (a fence and a read). */
    final Waiters waiters = new Waiters(false);
    /**
     * The handles, one per thread at a time. The pool holds the map from threads to handles (no
     * thread-local), so a pool nobody references is collectable while threads that used it live.
     */
    private final ThreadBinding<Handle> binding;

    private CafePool(Builder b) {
        this.height = b.height;
        this.k = b.k;
        if (b.randoms != null) {
            this.randoms = b.randoms;
        } else {
            SplittableRandom seeds = new SplittableRandom(b.seed);
            this.randoms = () -> {
                synchronized (seeds) {
                    return seeds.split();
                }
            };
        }
        this.binding = ThreadBinding.growing(() -> new Handle(randoms.get()));
        Node<E> first = new Node<>(0, new TreeContainer<>(height, k));
        // the pool must be published safely, as every java.util.concurrent class requires: pt and gt
        // are not final, so a racily published pool may show them null
        PT.setRelease(this, first);
        GT.setRelease(this, new Gt<>(null, first));
    }

    /** A pool with trees of the default height 12 and k = {@value #DEFAULT_K}. */
    public CafePool() {
        this(builder());
    }

    /**
     * A pool with trees of height {@code height}, holding {@code 2^(height+1) - 1} tasks each.
     *
     * @throws IllegalArgumentException if height is not in [0, {@value TreeContainer#MAX_HEIGHT}]
     *     or {@code k < 1}
     */
    public CafePool(int height, int k) {
        this(builder().height(height).k(k));
    }

    /** A builder; defaults: height 12, k = {@value #DEFAULT_K}, a random seed. */
    public static Builder builder() {
        return new Builder();
    }

    /** The trees' height h. */
    public int height() {
        return height;
    }

    /** The last-level tries of a put. */
    public int k() {
        return k;
    }

    /**
     * The capacity of one tree, {@code 2^(h+1) - 1}. It bounds overtakings with one consumer; with
     * several, a task is overtaken by at most {@code 2^(h+1) - 2} tasks plus the number of gets in
     * progress when its put returned (see the class comment).
     */
    public int treeCapacity() {
        return (1 << (height + 1)) - 1;
    }

    @Override
    public Handle producer() {
        return binding.mine();
    }

    @Override
    public Handle consumer() {
        return producer();
    }

    /**
     * Gives back the calling thread's handle: it throws on its next use by this thread, and the
     * next thread that needs a handle (this one included) takes it over with its counters. CAFÉ's
     * handles hold no tasks (only a random generator and counters), so nothing moves; a terminated
     * thread's handle is taken over the same way.
     */
    @Override
    public boolean release() {
        return binding.release();
    }

    /** The handles made so far (tests): about as many as threads ever held one at once. */
    int handleCount() {
        return binding.size();
    }

    /**
     * Sums of the counters of every handle so far. Each counter is read opaque: a sum taken while
     * threads run is a snapshot of no single instant.
     */
    public Stats stats() {
        long[] sums = new long[7];
        binding.forEach(h -> h.tally.addTo(sums));
        return new Stats(sums[0], sums[1], sums[2], sums[3], sums[4], sums[5], sums[6]);
    }

    // ---------------------------------------------------------------- Algorithm 2

    /** Lines 12-21. */
    private void put(E task, RandomGenerator random, Tally tally) {
        while (true) {
            Node<E> latest = pt(); // line 14
            if (putIn(latest, task, random, tally)) {
                waiters.signal(); // blocked take/poll: a full fence, a volatile read (Waiters)
                return;
            }
            if (latest.next() == null) { // line 20
                insertNewTree(tally);
            }
            // latest.next is set now: insertNewTree appended after latest, or someone had before
            if (!PT.compareAndSet(this, latest, latest.next())) { // line 21
                Tally.casFailed(tally);
            }
        }
    }

    /**
     * Lines 15-18: put into {@code latest}'s tree and, if GT has moved past it, move GT back.
     * Package-private so that the jcstress tests can play a producer whose PT read went stale.
     */
    boolean putIn(Node<E> latest, E task, RandomGenerator random, Tally tally) {
        if (!latest.tree.put(task, random, tally)) {
            return false;
        }
        if (gt().cur.id > latest.id) { // line 16
            moveGTBack(latest, tally);
        }
        return true;
    }

    /** Lines 23-29: append a tree after the last node, unless another producer did. */
    private void insertNewTree(Tally tally) {
        Node<E> cur = pt();
        for (Node<E> n; (n = cur.next()) != null; ) { // line 26
            cur = n;
        }
        Node<E> appended = new Node<>(cur.id + 1, new TreeContainer<>(height, k));
        if (Node.NEXT.compareAndSet(cur, null, appended)) { // line 28; return even if it fails
            Tally.treeAppended(tally);
        } else {
            Tally.casFailed(tally);
        }
    }

    /** Lines 31-38. */
    private void moveGTBack(Node<E> prodTree, Tally tally) {
        OLD_PRODUCERS.getAndAdd(this, 1); // line 32
        while (true) {
            Gt<E> gtVal = gt(); // line 34
            if (gtVal.cur.id <= prodTree.id) { // line 35
                break;
            }
            if (GT.compareAndSet(this, gtVal, new Gt<>(null, prodTree))) { // lines 36-37
                Tally.gtMovedBack(tally);
                break;
            }
            Tally.casFailed(tally);
        }
        OLD_PRODUCERS.getAndAdd(this, -1); // line 38
    }

    /** Lines 40-55. */
    private E get(RandomGenerator random, Tally tally) {
        Node<E> ptVal = pt(); // line 41: bounds the get
        Gt<E> gtVal = gt(); // line 42
        while (true) {
            if (gtVal.prev != null) {
                E task = gtVal.prev.tree.get(random, tally); // line 44
                if (task != null) {
                    return task;
                }
            }
            E task = gtVal.cur.tree.get(random, tally); // line 46
            if (task != null) {
                return task;
            }
            if (ptVal.id <= gtVal.cur.id) { // line 49
                return null;
            }
            // cur is before ptVal, so cur.next is set (ids are consecutive along the list)
            Gt<E> newGT = new Gt<>(gtVal.cur, gtVal.cur.next());
            // line 50; only bounds the producers' retries (liveness), the CAS on GT decides safety,
            // so acquire or opaque would do; left volatile for a measured change
            if ((int) OLD_PRODUCERS.getVolatile(this) == 0) {
                if (!GT.compareAndSet(this, gtVal, newGT)) { // line 52
                    Tally.casFailed(tally);
                }
                gtVal = gt(); // line 53
            } else {
                gtVal = newGT; // line 55: move on, but leave GT to the old producers
            }
        }
    }

    // ---------------------------------------------------------------- package-private views (tests)

    /** The producers' node PT. */
    Node<E> producerNode() {
        return pt();
    }

    /** The consumers' pair GT. */
    Gt<E> consumerPair() {
        return gt();
    }

    /** A list node (Algorithm 2, lines 2-5). */
    static final class Node<E> {
        static final VarHandle NEXT;

        static {
            try {
                NEXT = MethodHandles.lookup().findVarHandle(Node.class, "next", Node.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        final long id;
        final TreeContainer<E> tree;
        /**
         * The next tree; CAS from null once (line 28), volatile reads: the CAS publishes the
         * appended node and its tree to readers of next, and to readers of PT through PT's CAS.
         */
        Node<E> next;

        Node(long id, TreeContainer<E> tree) {
            this.id = id;
            this.tree = tree;
        }

        @SuppressWarnings("unchecked")
        Node<E> next() {
            return (Node<E>) NEXT.getVolatile(this);
        }
    }

    /** GT's value (line 9): an immutable pair; prev may be null. */
    static final class Gt<E> {
        final Node<E> prev;
        final Node<E> cur;

        Gt(Node<E> prev, Node<E> cur) {
            this.prev = prev;
            this.cur = cur;
        }
    }

    /**
     * A thread's handle: its random generator and its counters. Obtained with
     * {@link CafePool#producer()} or {@link CafePool#consumer()}; usable only by that thread.
     */
    public final class Handle extends ThreadBinding.Slot implements Producer<E>, Consumer<E> {
        private final RandomGenerator random;
        private final Tally tally = new Tally();

        private Handle(RandomGenerator random) {
            this.random = Objects.requireNonNull(random, "the random source returned null");
        }

        /**
         * Adds a task; CAFÉ is unbounded, so this always returns {@code true}.
         *
         * @throws NullPointerException if {@code task} is null
         * @throws IllegalStateException if called from another thread than the handle's
         */
        @Override
        public boolean put(E task) {
            if (task == null) {
                throw new NullPointerException("null is not a task");
            }
            checkOwner();
            tally.beginPut();
            CafePool.this.put(task, random, tally);
            tally.endPut();
            return true;
        }

        /**
         * Removes a task: the oldest tree with tasks first, any task within it.
         *
         * @return a task, or {@code null}: then every task whose put completed before this get
         *     started had been taken (Theorem 1; see "What a null get means" in the class comment)
         * @throws IllegalStateException if called from another thread than the handle's
         */
        @Override
        public E get() {
            checkOwner();
            E task = CafePool.this.get(random, tally);
            tally.gotTask(task != null);
            return task;
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

        /** Lines 15-18 of Algorithm 2 on a given list node, for the jcstress tests. */
        boolean putIn(Node<E> node, E task, RandomGenerator random) {
            checkOwner();
            tally.beginPut();
            boolean ok = CafePool.this.putIn(node, task, random, tally);
            tally.endPut();
            return ok;
        }

        private void checkOwner() {
            ThreadBinding.checkThread(this); // a plain read of the owner (see ThreadBinding)
        }
    }

    /**
     * Counters summed over all handles.
     *
     * @param puts completed puts
     * @param gets gets that returned a task
     * @param emptyGets gets that returned null
     * @param putCasFailures failed CASes inside puts (node reservation, tree metadata, PT, the
     *     list's next pointer, GT in moveGTBack)
     * @param getCasFailures failed CASes inside gets (task, tree metadata, GT)
     * @param treesAppended trees appended to the list (the first tree is not counted)
     * @param gtMovedBack successful CASes of moveGTBack: puts that landed in a tree the consumers
     *     had already moved past
     */
    public record Stats(long puts, long gets, long emptyGets, long putCasFailures, long getCasFailures,
            long treesAppended, long gtMovedBack) {
        /**
         * CAS failures per insertion or removal (the paper's Fig. 4a): all failed CASes over
         * {@code puts + gets}; gets that found nothing are left out of the denominator, so a
         * consumer spinning on an empty pool does not dilute the figure. 0 when nothing ran.
         */
        public double casFailuresPerOperation() {
            long ops = puts + gets;
            return ops == 0 ? 0 : (double) (putCasFailures + getCasFailures) / ops;
        }
    }

    /** Builder of a {@link CafePool}. */
    public static final class Builder {
        private int height = DEFAULT_HEIGHT;
        private int k = DEFAULT_K;
        private long seed = System.nanoTime() ^ 0x9E3779B97F4A7C15L;
        private Supplier<? extends RandomGenerator> randoms;

        private Builder() {
        }

        /**
         * The trees' height, in [0, {@value TreeContainer#MAX_HEIGHT}] (default 12).
         *
         * @throws IllegalArgumentException if out of range
         */
        public Builder height(int height) {
            TreeContainer.checkShape(height, 1);
            this.height = height;
            return this;
        }

        /**
         * The last-level tries of a put, at least 1 (default {@value #DEFAULT_K}).
         *
         * @throws IllegalArgumentException if {@code k < 1}
         */
        public Builder k(int k) {
            TreeContainer.checkShape(0, k);
            this.k = k;
            return this;
        }

        /** Seed of the handles' generators (each handle gets a split {@link SplittableRandom}). */
        public Builder seed(long seed) {
            this.seed = seed;
            return this;
        }

        /**
         * Where each new handle gets its random generator (called once per handle, from the
         * handle's thread); replaces the seed. For tests that need to steer node choices.
         */
        public Builder randomSource(Supplier<? extends RandomGenerator> randoms) {
            this.randoms = Objects.requireNonNull(randoms, "randoms");
            return this;
        }

        /** The pool. */
        public <E> CafePool<E> build() {
            return new CafePool<>(this);
        }
    }
}

/** Padding before PT: 128 bytes (two lines, against adjacent-line prefetch), bytes (see the class comment). */
abstract class CafePoolPad0 {
    byte p000, p001, p002, p003, p004, p005, p006, p007, p008, p009, p010, p011, p012, p013, p014, p015;
    byte p016, p017, p018, p019, p020, p021, p022, p023, p024, p025, p026, p027, p028, p029, p030, p031;
    byte p032, p033, p034, p035, p036, p037, p038, p039, p040, p041, p042, p043, p044, p045, p046, p047;
    byte p048, p049, p050, p051, p052, p053, p054, p055, p056, p057, p058, p059, p060, p061, p062, p063;
    byte p064, p065, p066, p067, p068, p069, p070, p071, p072, p073, p074, p075, p076, p077, p078, p079;
    byte p080, p081, p082, p083, p084, p085, p086, p087, p088, p089, p090, p091, p092, p093, p094, p095;
    byte p096, p097, p098, p099, p100, p101, p102, p103, p104, p105, p106, p107, p108, p109, p110, p111;
    byte p112, p113, p114, p115, p116, p117, p118, p119, p120, p121, p122, p123, p124, p125, p126, p127;
}

/** PT, the producers' node, on its own lines. */
abstract class CafePoolPtField<E> extends CafePoolPad0 {
    static final VarHandle PT;

    static {
        try {
            PT = MethodHandles.lookup().findVarHandle(CafePoolPtField.class, "pt", CafePool.Node.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * PT; CAS, volatile reads: a producer's CAS publishes the node it moves to (and, through
     * {@code Node.next}, its tree) to every later read of PT.
     */
    private CafePool.Node<E> pt;

    @SuppressWarnings("unchecked")
    final CafePool.Node<E> pt() {
        return (CafePool.Node<E>) PT.getVolatile(this);
    }
}

abstract class CafePoolPad1<E> extends CafePoolPtField<E> {
    byte q000, q001, q002, q003, q004, q005, q006, q007, q008, q009, q010, q011, q012, q013, q014, q015;
    byte q016, q017, q018, q019, q020, q021, q022, q023, q024, q025, q026, q027, q028, q029, q030, q031;
    byte q032, q033, q034, q035, q036, q037, q038, q039, q040, q041, q042, q043, q044, q045, q046, q047;
    byte q048, q049, q050, q051, q052, q053, q054, q055, q056, q057, q058, q059, q060, q061, q062, q063;
    byte q064, q065, q066, q067, q068, q069, q070, q071, q072, q073, q074, q075, q076, q077, q078, q079;
    byte q080, q081, q082, q083, q084, q085, q086, q087, q088, q089, q090, q091, q092, q093, q094, q095;
    byte q096, q097, q098, q099, q100, q101, q102, q103, q104, q105, q106, q107, q108, q109, q110, q111;
    byte q112, q113, q114, q115, q116, q117, q118, q119, q120, q121, q122, q123, q124, q125, q126, q127;
}

/** GT, the consumers' pair, on its own lines. */
abstract class CafePoolGtField<E> extends CafePoolPad1<E> {
    static final VarHandle GT;

    static {
        try {
            GT = MethodHandles.lookup().findVarHandle(CafePoolGtField.class, "gt", CafePool.Gt.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * GT; CAS, volatile reads: in the synchronization order with the tree accesses of producers
     * and consumers (the chain in CafePool's class comment); a fresh {@code Gt} per CAS, no ABA.
     */
    private CafePool.Gt<E> gt;

    @SuppressWarnings("unchecked")
    final CafePool.Gt<E> gt() {
        return (CafePool.Gt<E>) GT.getVolatile(this);
    }
}

abstract class CafePoolPad2<E> extends CafePoolGtField<E> {
    byte r000, r001, r002, r003, r004, r005, r006, r007, r008, r009, r010, r011, r012, r013, r014, r015;
    byte r016, r017, r018, r019, r020, r021, r022, r023, r024, r025, r026, r027, r028, r029, r030, r031;
    byte r032, r033, r034, r035, r036, r037, r038, r039, r040, r041, r042, r043, r044, r045, r046, r047;
    byte r048, r049, r050, r051, r052, r053, r054, r055, r056, r057, r058, r059, r060, r061, r062, r063;
    byte r064, r065, r066, r067, r068, r069, r070, r071, r072, r073, r074, r075, r076, r077, r078, r079;
    byte r080, r081, r082, r083, r084, r085, r086, r087, r088, r089, r090, r091, r092, r093, r094, r095;
    byte r096, r097, r098, r099, r100, r101, r102, r103, r104, r105, r106, r107, r108, r109, r110, r111;
    byte r112, r113, r114, r115, r116, r117, r118, r119, r120, r121, r122, r123, r124, r125, r126, r127;
}

/** oldProducers, on its own lines, padded after too. */
abstract class CafePoolOldProducersField<E> extends CafePoolPad2<E> {
    static final VarHandle OLD_PRODUCERS;

    static {
        try {
            OLD_PRODUCERS = MethodHandles.lookup().findVarHandle(CafePoolOldProducersField.class, "oldProducers",
                    int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * Producers inside moveGTBack; getAndAdd, volatile reads: a consumer that reads a value above 0
     * does not CAS GT forward, so moveGTBack's loop ends (liveness only).
     */
    private int oldProducers;
    byte s000, s001, s002, s003, s004, s005, s006, s007, s008, s009, s010, s011, s012, s013, s014, s015;
    byte s016, s017, s018, s019, s020, s021, s022, s023, s024, s025, s026, s027, s028, s029, s030, s031;
    byte s032, s033, s034, s035, s036, s037, s038, s039, s040, s041, s042, s043, s044, s045, s046, s047;
    byte s048, s049, s050, s051, s052, s053, s054, s055, s056, s057, s058, s059, s060, s061, s062, s063;
    byte s064, s065, s066, s067, s068, s069, s070, s071, s072, s073, s074, s075, s076, s077, s078, s079;
    byte s080, s081, s082, s083, s084, s085, s086, s087, s088, s089, s090, s091, s092, s093, s094, s095;
    byte s096, s097, s098, s099, s100, s101, s102, s103, s104, s105, s106, s107, s108, s109, s110, s111;
    byte s112, s113, s114, s115, s116, s117, s118, s119, s120, s121, s122, s123, s124, s125, s126, s127;
}
