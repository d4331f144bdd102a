package io.github.taskpools.cafe;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;
import java.util.random.RandomGenerator;

/**
 * A bounded, wait-free, unordered pool of tasks in a binary tree of height {@code h}: the building
 * block of {@link CafePool}, usable alone as a fixed-size pool that any thread may put into and get
 * from.
 * <pre>{@code
 * TreeContainer<Runnable> tree = new TreeContainer<>(8, 3);   // 511 nodes, k = 3
 * boolean added = tree.put(() -> System.out.println("ran"));  // false when it found no free node
 * Runnable t = tree.get();                                    // any task, or null when empty
 * }</pre>
 * Every task put is got exactly once; each node holds a task at most once in the tree's life, so a
 * tree is filled once and then drained (a {@code put} returns {@code false} on a tree that is full
 * or nearly so). Any thread may call any method.
 *
 * <h2>Implementation notes</h2>
 * CAFÉ's TreeContainer (Basin et al., "CAFÉ: Scalable Task Pools with Adjustable Fairness and
 * Contention", DISC'11, §3.1, Algorithm 1): a bounded, wait-free, unordered task pool stored in a
 * complete binary tree of height {@code h} whose nodes each hold at most one task, ever.
 *
 * <h3>Structure</h3>
 * Level {@code i} of the tree (the paper's array {@code tree[i]}, line 8) holds {@code 2^i} nodes;
 * node {@code j} of level {@code i} has the children {@code 2j} and {@code 2j+1} of level
 * {@code i+1}. The nodes are numbered in heap order, node {@code j} of level {@code i} being
 * {@code x = 2^i + j}: the root is 1, the children of {@code x} are {@code 2x} and {@code 2x+1},
 * its father (line 6) is {@code x / 2} and its side is {@code x % 2} (0 left, 1 right). Each node
 * has (lines 2-5):
 * <ul>
 *   <li>{@code meta[0]}, {@code meta[1]}: for each child subtree a presence bit {@code p} and a
 *       version {@code ver}, packed into one int as {@code ver << 1 | p} and only ever changed by
 *       CAS (the versions defeat ABA, §3.1 item 1);</li>
 *   <li>{@code pending}: how many threads are between lines 56 and 60 of {@code updateFather} for
 *       this node, i.e. about to CAS the father's metadata on this node's side;</li>
 *   <li>{@code isDirty}: set by the CAS that reserves the node; a node is used at most once;</li>
 *   <li>{@code task}: the task, {@code null} (⊥) before the put writes it and after a get takes it
 *       by CAS.</li>
 * </ul>
 * The fields are stored column-wise, one array per field indexed by node number ({@code meta[s]}
 * of node {@code x} at {@code 2x + s}), not as one object per node: a put probes a random node
 * per level and its father, and with a byte per {@code isDirty} the probes of a height-12 tree
 * stay within 8 KiB instead of spreading over 8191 objects (some 320 KiB), and a new tree is five
 * arrays instead of 8191 allocations.
 * {@code hasTasks(x)} (lines 9-12) is {@code x.meta[0].p ∨ x.meta[1].p ∨ x.task ≠ ⊥}.
 *
 * <h3>Operations</h3>
 * <ul>
 *   <li>{@code put} (lines 13-31): for each level from the root down, one random node (k random
 *       nodes on the last level) is tried; {@code putInNode} climbs from it to the highest free
 *       ancestor and reserves that one by CAS on {@code isDirty}, then writes the task and calls
 *       {@code updateNodeMetadata(node, 1)}. After {@code h + k} failed reservations the put
 *       fails: the tree counts as full (Lemma 4 says it then holds at least
 *       {@code 2^((k+2)/(k+3)·h)} tasks whp).</li>
 *   <li>{@code get} (lines 32-45): while the root says the tree has tasks, walk down from the root
 *       following presence bits, choosing randomly when both are set, to the first node that holds
 *       a task or has no presence bit; take its task by CAS (a failed CAS retries at once); then
 *       {@code updateNodeMetadata(node, 0)}, also when the node was found empty (line 38: a get
 *       that fixes a stale trail never walks it again, which is what makes gets wait-free).</li>
 *   <li>{@code updateNodeMetadata(node, myVal)} (lines 46-54) walks to the root. At each node it
 *       stops if {@code hasTasks(node) ≠ myVal}: a put whose task is already gone, or a get whose
 *       subtree refilled, has been eliminated and the other thread owns the trail (line 49, §3.1
 *       item 3). Otherwise, if the father's bit on this side is wrong or another thread is pending
 *       on this node (line 51), it calls {@code updateFather}, at most twice (line 53, §3.1 item 2:
 *       after two failed CASes another thread has written a correct value).</li>
 *   <li>{@code updateFather} (lines 55-61) raises {@code pending}, recomputes
 *       {@code hasTasks(node)} and CASes {@code (ver+1, hasTasks)} into the father's metadata.</li>
 * </ul>
 *
 * <h3>Invariant (Lemma 3) and the race of §3.1 item 1</h3>
 * After a put that wrote into {@code x0} returns, and until a get takes that task, every node on
 * the path from {@code x0} to the root has {@code hasTasks = 1}. The naive update (read the
 * father's bit, compute, CAS) breaks this: a consumer emptying {@code y} reads {@code x.meta.p = 1},
 * decides on 0 and stalls before its CAS; a producer fills {@code z} below {@code y}, sets
 * {@code y.meta.p = 1}, finds {@code x.meta.p = 1} already and stops; the consumer's CAS then
 * clears {@code x.meta.p}. The {@code pending} counter closes the window: the consumer raised
 * {@code y.pending} before reading, so the producer sees {@code pending > 0}, rewrites
 * {@code x.meta} itself (bumping its version), and the stalled CAS fails. This is a store-load
 * (Dekker) pattern: each side writes ({@code pending} resp. {@code meta}/{@code task}) and then
 * reads the other's variable, which is correct only if these accesses are in one total order.
 *
 * <h3>Memory orderings</h3>
 * <pre>
 * field        writes                               reads
 * meta[s]      CAS (volatile)                       volatile (hasTasks, line 50, line 57)
 * pending      getAndAdd (volatile)                 volatile (line 51)
 * task         put: setVolatile; get: CAS (volatile) volatile (hasTasks, lines 36 and 43)
 * isDirty      CAS (volatile)                       opaque (the climb of line 27 and the test
 *                                                   before line 29: hints, the CAS decides)
 * (the arrays: final fields, published with the tree)
 * </pre>
 * Versions are 31 bits and wrap: a stalled {@code updateFather} CAS could be fooled only by
 * a multiple of 2^31 updates of the same side while it stalls.
 * Everything that takes part in the Dekker pattern above is volatile because the JMM puts only
 * volatile accesses into the synchronization order; acquire/release would allow a producer's read
 * of {@code pending} to pass its write of {@code meta} (on x86-64 the RMWs are locked instructions
 * and the volatile loads plain loads, so their cost over acquire/release is nil there). The one
 * volatile store that is not an RMW, the put's {@code TASK.setVolatile} (line 30), does cost a
 * StoreLoad fence on x86-64 and must stay volatile: its {@code W task(x)} followed by the
 * {@code R pending(x)} of line 51 is the put's half of a Dekker pair whose other half is a
 * consumer's {@code W pending(x)++} followed by {@code R x.task} in {@code updateFather(x)} (the
 * consumer arrives from x's child, whose task it took); with release/acquire both reads can miss
 * and the consumer clears {@code father.meta} over x's new task. The task's own
 * fields are published by the volatile write of {@code task} and read after the volatile read (or
 * CAS) that returned it.
 *
 * <h3>Deviations</h3>
 * Line 29 CASes {@code isDirty} even when the node is visibly used; this class reads it first and
 * CASes only a node it saw free (test and test-and-set). A failed CAS still takes the cache line
 * exclusive, and in a filling tree most tries hit used nodes near the root, whose line every get
 * reads; it would also count as a CAS failure a try that met no other thread at all.
 *
 * <p>Lines 50-51 read the father's bit, then {@code pending}. In that order the pending counter
 * misses an updater whose whole window falls between the two reads: a consumer computes
 * {@code hasTasks(y) = 0} before a producer's bit reaches y, the producer reads
 * {@code x.meta.p = 1} (line 50), the consumer CASes {@code x.meta.p = 0} and decrements
 * {@code pending}, and the producer reads {@code pending = 0} (line 51) and moves on: x now says
 * y's subtree is empty while the producer's task is in it, and at x the producer's line-49 check
 * even reports it eliminated. The jcstress test {@code PresenceBitRace} covers this order as well as the missing
 * {@code pending}: with lines 50-51 in the literal order, its consumer's {@code hasTasks(y) = 0}
 * before the producer's CAS of {@code y.meta[1]}, the producer's read of {@code x.meta[1] = 1}, the
 * consumer's CAS and decrement, then the producer's read of {@code pending(y) = 0} end in its
 * FORBIDDEN lost-task outcome. This class reads {@code pending} first: an updater that decided
 * on a stale value is then either still pending at that read, or its CAS happened before it and
 * the father's bit read next shows it.
 *
 * <p>Line 34 reads {@code hasTasks(root)}, three words, one after the other. A get that reads
 * both presence bits as 0, stalls while a put fills a child and another get takes the root's own
 * task, and then reads the root's task as ⊥, returns ⊥ although the tree was never empty during
 * the call (Lincheck's model checker found this history). The emptiness test here is a snapshot,
 * see {@code rootIsEmpty}; the walk of {@code findNodeForGet} needs none, a stale read there only
 * costs a retry.
 *
 * <p>Line 27 climbs while the father's {@code task} is ⊥; this class climbs while the father's
 * {@code isDirty} is unset. The two agree while a tree is only filled (the setting of Lemma 4),
 * but with concurrent gets the literal test climbs onto nodes whose task was already taken, or
 * reserved and not yet written, where the reservation CAS must fail and the try is wasted. The
 * paper's prose (§3.1: "the highest free node on the path from x to the root", a node being used
 * at most once as indicated by isDirty) is what the climb here does. Both climbs reserve a node
 * only when it is the root or its father is already dirty, so the set of dirty nodes is always
 * closed upwards: the top of the contiguous run of free nodes above x, which the climb here finds,
 * is exactly the highest free node on the path, and the literal climb, when it passes a node whose
 * task was taken, always stops on a dirty node, where its try fails.
 *
 * <p>Nodes are not padded: a tree of height 12 has 8191 of them, and with random placement
 * threads rarely meet on one line away from the top levels. The top levels' metadata share a line
 * (levels 0-2 in 56 bytes), which every operation reads anyway; the root's words are written
 * only when the whole tree's occupancy on one side changes.
 *
 * @param <E> the task type; {@code null} is never a task
 */
public final class TreeContainer<E> {
    /** Largest height accepted: 2^21 - 1 nodes, tens of megabytes per tree. */
    public static final int MAX_HEIGHT = 20;

    private static final VarHandle INTS = MethodHandles.arrayElementVarHandle(int[].class);
    private static final VarHandle BOOLEANS = MethodHandles.arrayElementVarHandle(boolean[].class);
    private static final VarHandle OBJECTS = MethodHandles.arrayElementVarHandle(Object[].class);

    /** The root's node number. */
    private static final int ROOT = 1;

    private final int height;
    private final int k;
    /**
     * {@code meta[2x + s]}: meta[s] of node x, {@code ver << 1 | p}; CAS, volatile reads; in the
     * synchronization order with the child's {@code pending} and {@code task} (the Dekker pair of
     * the class comment).
     */
    private final int[] meta;
    /**
     * Threads inside updateFather on node x; getAndAdd, volatile reads; Dekker pair with the
     * father's {@code meta} and this node's {@code task} (class comment).
     */
    private final int[] pending;
    /**
     * Reserved (line 29); CAS, opaque hint reads: monotone false to true, so a read of true is final
     * and a stale false costs only a failed CAS, which decides.
     */
    private final boolean[] isDirty;
    /**
     * {@code tasks[x]}: the paper's x.task, the task or null; setVolatile by the put (publishes
     * the task's fields to the volatile read or CAS that returns it; Dekker pair with
     * {@code pending}), CAS by gets, volatile reads.
     */
    private final Object[] tasks;

    /**
     * An empty tree.
     *
     * @param height the tree's height h, in [0, {@value #MAX_HEIGHT}]: it holds up to
     *     {@code 2^(h+1) - 1} tasks
     * @param k the number of random nodes a put tries on the last level, at least 1
     * @throws IllegalArgumentException if {@code height} or {@code k} is out of range
     */
    public TreeContainer(int height, int k) {
        checkShape(height, k);
        this.height = height;
        this.k = k;
        int slots = 1 << (height + 1); // nodes 1 .. 2^(h+1) - 1; slot 0 unused
        this.meta = new int[2 * slots];
        this.pending = new int[slots];
        this.isDirty = new boolean[slots];
        this.tasks = new Object[slots];
    }

    static void checkShape(int height, int k) {
        if (height < 0 || height > MAX_HEIGHT) {
            throw new IllegalArgumentException("height must be in [0, " + MAX_HEIGHT + "], got " + height);
        }
        if (k < 1) {
            throw new IllegalArgumentException("k must be at least 1, got " + k);
        }
    }

    /** The height h. */
    public int height() {
        return height;
    }

    /** The number of last-level tries of a put. */
    public int k() {
        return k;
    }

    /** The number of nodes, {@code 2^(h+1) - 1}: the most tasks the tree can ever hold. */
    public int capacity() {
        return (1 << (height + 1)) - 1;
    }

    /**
     * Puts a task, choosing nodes with the calling thread's {@link ThreadLocalRandom}.
     *
     * @return {@code false} if no free node was found (h + k reservations failed): the tree is
     *     full or nearly so, and the task is not kept
     * @throws NullPointerException if {@code task} is null
     */
    public boolean put(E task) {
        return put(task, ThreadLocalRandom.current(), null);
    }

    /**
     * Puts a task, choosing nodes with {@code random} ({@code random.nextInt(bound)} picks a node
     * of a level); a generator must not be shared between threads unless it is thread-safe.
     *
     * @return {@code false} if no free node was found, see {@link #put(Object)}
     * @throws NullPointerException if {@code task} or {@code random} is null
     */
    public boolean put(E task, RandomGenerator random) {
        return put(task, Objects.requireNonNull(random, "random"), null);
    }

    /** Takes a task, choosing among non-empty subtrees with {@link ThreadLocalRandom}. */
    public E get() {
        return get(ThreadLocalRandom.current(), null);
    }

    /**
     * Takes a task, choosing among non-empty subtrees with {@code random.nextInt(2)}.
     *
     * @return a task, or {@code null} if, at some point during the call, no task was present whose
     *     put had completed (the tree was empty at a linearization point; a put that has written
     *     its task but not yet propagated its presence bits is linearized later)
     */
    public E get(RandomGenerator random) {
        return get(Objects.requireNonNull(random, "random"), null);
    }

    /** Whether the root says the tree holds no task ({@code hasTasks(root) = 0}, line 34). */
    public boolean isEmpty() {
        return rootIsEmpty();
    }

    /**
     * Line 34's {@code hasTasks(root) = 0}, read as a snapshot: both metadata words, the task,
     * then the words again. Every metadata CAS bumps a version, so words that read the same twice
     * did not change in between (short of a multiple of 2^31 updates of one word, see "Memory
     * orderings"), and at the moment the task was read all three said empty. The
     * snapshot is retried only when a word changed; a tree's root changes finitely often.
     */
    private boolean rootIsEmpty() {
        while (true) {
            int m0 = metaVolatile(ROOT, 0);
            int m1 = metaVolatile(ROOT, 1);
            if (((m0 | m1) & 1) != 0 || taskVolatile(ROOT) != null) {
                return false;
            }
            if (metaVolatile(ROOT, 0) == m0 && metaVolatile(ROOT, 1) == m1) {
                return true;
            }
        }
    }

    // ---------------------------------------------------------------- put, lines 13-31

    /** Line 13; {@code tally} (may be null) counts failed CASes. */
    boolean put(E task, RandomGenerator random, Tally tally) {
        if (task == null) {
            throw new NullPointerException("null is not a task");
        }
        int node = findNodeForPut(task, random, tally);
        if (node == 0) {
            return false; // line 15
        }
        updateNodeMetadata(node, true, tally); // line 16
        return true;
    }

    /** Lines 18-25: one random node per level, k on the last one; 0 if none was reserved. */
    private int findNodeForPut(Object task, RandomGenerator random, Tally tally) {
        for (int level = 0; level <= height; level++) {
            int first = 1 << level; // node 0 of this level
            int trials = level < height ? 1 : k; // line 20
            for (int i = 0; i < trials; i++) {
                int node = level == 0 ? ROOT : first + random.nextInt(first); // line 22
                int reserved = putInNode(node, task, tally);
                if (reserved != 0) {
                    return reserved;
                }
            }
        }
        return 0; // line 25: did not succeed in this tree
    }

    /**
     * Lines 26-31, the recursion unrolled: climb to the highest free ancestor (see "Deviations" in
     * the class comment for the test used), reserve it by CAS on isDirty, write the task.
     *
     * @return the reserved node, or 0
     */
    private int putInNode(int node, Object t, Tally tally) {
        for (int f; (f = node >>> 1) != 0 && !dirtyHint(f); ) {
            node = f; // line 28
        }
        if (dirtyHint(node)) {
            return 0; // used already: no CAS (see "Deviations")
        }
        if (BOOLEANS.compareAndSet(isDirty, node, false, true)) { // line 29
            OBJECTS.setVolatile(tasks, node, t); // line 30
            return node;
        }
        Tally.casFailed(tally);
        return 0;
    }

    // ---------------------------------------------------------------- get, lines 32-45

    /** Lines 32-39. */
    @SuppressWarnings("unchecked")
    E get(RandomGenerator random, Tally tally) {
        while (true) {
            if (rootIsEmpty()) { // line 34, as a snapshot (see "Deviations")
                return null;
            }
            int node = findNodeForGet(random); // line 35
            // line 36; acquire would do (it only publishes the task, and a null re-reads through
            // hasTasks), left volatile for a measured change
            Object t = taskVolatile(node);
            if (t != null && !OBJECTS.compareAndSet(tasks, node, t, null)) { // lines 37-38
                Tally.casFailed(tally);
                continue;
            }
            updateNodeMetadata(node, false, tally); // line 39
            if (t != null) {
                return (E) t;
            }
        }
    }

    /**
     * Lines 40-45: walk down presence bits, choosing randomly when both are set. The walk's reads
     * are hints (the chosen node's task is re-read at line 36, a wrong turn costs a retry), so
     * acquire would do; they stay volatile until a measured change weakens them.
     */
    private int findNodeForGet(RandomGenerator random) {
        int node = ROOT;
        while (true) {
            if (taskVolatile(node) != null) { // line 43
                return node;
            }
            boolean left = presence(node, 0);
            boolean right = presence(node, 1);
            if (!left && !right) { // line 44
                return node;
            }
            int side = left && right ? random.nextInt(2) : (left ? 0 : 1);
            node = 2 * node + side; // a leaf has no presence bit, so the child exists
        }
    }

    // ---------------------------------------------------------------- metadata, lines 46-61

    /** Lines 9-12. */
    private boolean hasTasks(int node) {
        return presence(node, 0) || presence(node, 1) || taskVolatile(node) != null;
    }

    /** The presence bit of {@code node}'s subtree on {@code side} (0 left, 1 right). */
    private boolean presence(int node, int side) {
        return (metaVolatile(node, side) & 1) != 0;
    }

    private int metaVolatile(int node, int side) {
        return (int) INTS.getVolatile(meta, 2 * node + side);
    }

    private Object taskVolatile(int node) {
        return OBJECTS.getVolatile(tasks, node);
    }

    private boolean dirtyHint(int node) {
        return (boolean) BOOLEANS.getOpaque(isDirty, node);
    }

    /** Lines 46-54. */
    private void updateNodeMetadata(int node, boolean myVal, Tally tally) {
        int trials = 0; // line 47
        for (int father; (father = node >>> 1) != 0; ) { // line 48
            if (myVal != hasTasks(node)) { // line 49: my operation has been eliminated
                return;
            }
            // Lines 50-51, with pending read first (see "Deviations"): a pending updater either
            // is still pending now, or its CAS is already visible in fk.
            boolean isPending = (int) INTS.getVolatile(pending, node) > 0;
            boolean fk = presence(father, node & 1); // line 50
            if (isPending || fk != hasTasks(node)) { // line 51
                trials++;
                if (!updateFather(node, father, tally) && trials < 2) { // lines 53-54
                    continue; // try again
                }
            }
            node = father;
            trials = 0;
        }
    }

    /** Lines 55-61. */
    private boolean updateFather(int node, int father, Tally tally) {
        INTS.getAndAdd(pending, node, 1); // line 56
        int word = 2 * father + (node & 1);
        int old = (int) INTS.getVolatile(meta, word); // line 57
        int updated = (((old >>> 1) + 1) << 1) | (hasTasks(node) ? 1 : 0); // line 58: ver + 1, p
        boolean success = INTS.compareAndSet(meta, word, old, updated); // line 59
        // line 60; getAndAddRelease would do (a reader of the decremented value then sees the CAS
        // in fk); left volatile for a measured change. The increment must stay volatile (Dekker).
        INTS.getAndAdd(pending, node, -1);
        if (!success) {
            Tally.casFailed(tally);
        }
        return success;
    }

    // ---------------------------------------------------------------- inspection (tests)

    /** The number of reserved nodes (occupied at some time); O(capacity), for tests. */
    int reservedCount() {
        int n = 0;
        for (int x = ROOT; x < isDirty.length; x++) {
            if ((boolean) BOOLEANS.getVolatile(isDirty, x)) {
                n++;
            }
        }
        return n;
    }
}
