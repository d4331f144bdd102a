package io.github.taskpools.salsa;

import io.github.taskpools.internal.LinuxNative;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.jctools.queues.SpmcArrayQueue;

/**
 * The SALSA single-consumer pool of one consumer (§5, Algorithms 3-6).
 *
 * <h2>Structure (§5.1)</h2>
 * One {@link ChunkList} per producer, written by that producer only, plus the steal list, written
 * by this pool's consumer only. Tasks live in {@link Chunk}s; a chunk is owned by one consumer at a
 * time and only its owner takes tasks from it without a CAS.
 *
 * <h2>Consume (§5.2.2)</h2>
 * {@link #takeTask} reads the next slot, checks ownership, publishes the index of the task it is
 * about to take, checks ownership again and, if still the owner, overwrites the slot with TAKEN by a
 * plain (opaque) store: the common case has no CAS. If the chunk was stolen between the two checks
 * the consumer may take at most that one task, and only by CAS, racing the stealer (lines 95-98).
 * The consumer keeps its current node's chunk, slots, owner word and index in plain fields of this
 * pool, so a take reaches the slot through one reference: the chain handle, pool, node, chunk,
 * slots (C2 reloads it after every acquire load) was the critical path of the take in a profile.
 * SALSA+CAS takes through the same cached references.
 *
 * <h2>Steal (§5.3)</h2>
 * {@link #steal} appends the victim's node to this pool's steal list, CASes the chunk's owner word
 * (see {@link Chunk} for the ABA tag), re-reads the victim's index, and replaces the victim's node
 * by a copy whose index is the victim's, plus one if the next task is present (Lemma 8: indices
 * never decrease); it then takes that task by CAS. A node is stealable only while its word is the
 * chunk's owner word, so a chunk whose steal is in progress (owner changed, new node not yet
 * published) is stolen from nobody else; that is why the check of Algorithm 5 line 127 (owner no
 * longer the stealer and index moved) cannot fire here and is not coded, and it makes the chunk
 * unavailable to other stealers for the few instructions (and, in asymmetric mode, the
 * membarrier) between a stealer's CAS and its publication of the new node. Nothing in that window
 * may throw, or the chunk would be owned through no node and its tasks stranded: the new node is
 * allocated before the CAS (its index set after it, by a plain store that the cell's release
 * publishes), and a failed membarrier, which the kernel's contract rules out once the process is
 * registered, is reported as an {@link Error} ("pool corrupted"). Only a VirtualMachineError (a
 * StackOverflowError entering the native call, say) can still strike there, as anywhere.
 *
 * <h2>The reordering of §6.1</h2>
 * The consumer's index store and its second ownership load (lines 90-91) against the stealer's
 * CAS and index load (lines 118-121) are a Dekker pattern. {@link FenceMode#FULL}: the store and
 * the load are volatile (the JMM orders them; on x86-64 a locked instruction). Asymmetric: the
 * consumer stores opaque and loads acquire, which HotSpot's C2 emits in program order (see
 * {@code fencefree.BoundedTso} for why: C2 brackets every non-plain VarHandle access with
 * compiler-only barriers; C1 and the interpreter emit accesses in bytecode order). The JMM does not order
 * them and Graal (JVMCI) is not covered, so {@link SalsaPool} uses FULL where JVMCI is enabled or
 * the VM is not HotSpot. The stealer calls {@code membarrier(PRIVATE_EXPEDITED)} after its
 * CAS, so any consumer whose load missed the CAS has had its store drained before the stealer
 * loads the index.
 *
 * <p>Both modes also rely on the line-88 rule "the victim takes only tasks present before the
 * steal" (§5.3), which is not a Dekker pattern but read-to-write causality over three threads: the
 * producer stores slot i (release); the victim reads the task (acquire), then the owner word (its
 * first check); the stealer CASes the owner, reads the index and then slot i. If the victim saw the
 * task and the old owner while the stealer saw slot i empty, the stealer would start at slot i with
 * a plain-take node while the victim CASes slot i too, and both could return it. x86-64 and ARMv8
 * (multi-copy atomic, as the paper assumes in §6.1) forbid that outcome with the acquire loads; the
 * JMM and POWER do not. In {@link FenceMode#FULL}, the default, every access of that pattern is
 * volatile: the producer's store of the task, the victim's load of slot i and its first ownership
 * check, and the stealer's load of slot i after its CAS. Volatile accesses are sequentially
 * consistent under the JMM, which forbids the outcome with no appeal to the hardware. The cost is
 * the producer's: a locked instruction per put on x86-64, which the put pays anyway for the
 * blocked consumers' handshake ({@code Waiters}), since the volatile store orders its read of the
 * waiting count as the fence did; the loads are the acquire loads' instructions on x86-64
 * ({@code mov}) and AArch64 ({@code ldar}). {@link FenceMode#ASYMMETRIC} keeps the acquire loads
 * and the release store, and runs only on multi-copy-atomic hardware.
 *
 * <h2>Chunk pool (§5.4)</h2>
 * A JCTools {@link SpmcArrayQueue}: the only thread that returns chunks to this pool is its
 * consumer (a chunk goes back to the pool of the consumer that took its last task) and any producer
 * takes from it, which is exactly single-producer multi-consumer; a bounded array queue allocates
 * nothing per operation and its bound caps the memory kept for reuse (a chunk that does not fit is
 * left to the collector). The paper's Michael-Scott queue ({@code ConcurrentLinkedQueue}) would
 * allocate a node per returned chunk and keep every chunk ever allocated.
 *
 * <h2>Emptiness (§5.5, Algorithm 6)</h2>
 * {@code indicator} has one bit per consumer, set by a consumer's {@code checkEmpty} and cleared
 * whenever this pool may have become empty: a chunk was stolen from it, or a task was taken whose
 * next slot was empty. A stealer also clears its own pool's indicator after publishing the stolen
 * chunk's node, which the paper does not (it clears only the victim's, before line 119, which is
 * enough for §5.5's second reason, a chunk moving between pools during a check): harmless and
 * conservative, it tells a checker that already examined this pool that a chunk arrived. Clearing is skipped when no bit is set, so a
 * consumer that keeps up with its producers pays a load, not a store, per task.
 *
 * <h2>SALSA+CAS (§6.2)</h2>
 * With {@code takeByCas} the pool is the paper's comparison variant: "every consume() and steal()
 * operation tries to take a single task using CAS", which "annuls the idea of chunk ownership".
 * {@link #consume} and {@link #steal} then both run {@link #casTakeFrom}: walk the chunk lists,
 * scan each chunk from its node's index (a hint here, see there; the current node's cached copy
 * for the consumer's own current chunk) and CAS the first task found to TAKEN. Chunks stay in the lists they were produced into; no chunk moves and ownership words are
 * never checked, so there is no store-load window and the fence mode does not apply. A finished
 * chunk is not reused: the consumer that took its last task offers a fresh chunk to its own chunk
 * pool instead (one allocation per chunk), which keeps producer-based balancing (§5.4) as in SALSA
 * while every slot goes EMPTY → task → TAKEN only once, so a bare CAS cannot suffer ABA and needs
 * none of {@link Chunk}'s reuse bracket.
 *
 * <h2>CAS count</h2>
 * {@link #casCount} counts the CAS attempts this pool's consumer made to take tasks (slot CASes
 * and, in SALSA, ownership CASes of steals), as in the paper's Fig. 5(b). It is a plain field
 * written by the consumer only: no shared write and no allocation on any path, and the common-case
 * SALSA consume does not touch it at all. Slow-path takes in SALSA also bracket their CAS with two
 * atomic adds and a chunk's retirement does one (see {@link Chunk}); those are not CASes and are
 * not counted.
 *
 * <h2>Threads</h2>
 * {@link #consume}, {@link #steal} and {@link #produceChunk}'s list append are confined: consume
 * and steal to this pool's consumer, appends to list j to producer j. {@link #hasTasks} and the
 * indicator methods are for any thread; {@link #casCount} is exact for the consumer's own thread
 * (or after it stopped) and an estimate for others.
 */
final class ScPool {
    /** TAKEN of §5.1: null (see {@link Chunk}, "Slot encoding"). */
    static final Object TAKEN = Chunk.TAKEN;
    /** ⊥ of §5.1. */
    private static final Object EMPTY = Chunk.EMPTY;

    private static final VarHandle INDICATOR = MethodHandles.arrayElementVarHandle(long[].class);
    /** Longs of padding around the indicator words (two cache lines, as in BwosBlocks). */
    private static final int PAD = 16;

    final int consumerId;
    private final int chunkSize;
    private final boolean asymmetric;
    /** SALSA+CAS (see the class comment): every take by CAS, no chunk stealing. */
    private final boolean takeByCas;
    private final ChunkList[] lists;
    private final ChunkList stealList;
    private final SpmcArrayQueue<Chunk> chunkPool;
    /** The empty indicators, words {@code PAD .. PAD + words - 1}; volatile. */
    private final long[] indicator;
    private final int indicatorWords;
    /** Consumer only, plain: the node it consumes from (line 48), or null. */
    private Node currentNode;
    /*
     * Consumer only, plain: copies of the current node's chunk, the chunk's slots, its owner word and
     * its index (which this consumer alone writes in SALSA; a hint in SALSA+CAS), so that a take loads the slot through one
     * reference instead of the chain node -> chunk -> slots (see "Consume"). Set with currentNode
     * by setCurrent, cleared with it by clearCurrent; curTasks is null exactly when currentNode is.
     */
    private Chunk curChunk;
    private Object[] curTasks;
    private long curWord;
    private int curIdx;
    /** Consumer only, plain: the list its traversal starts at (the "fair traversal" of line 78). */
    private int consumeCursor;
    /** Consumer only, plain: the list its next search of a victim starts at. */
    private int stealCursor;
    /** Consumer only, plain (read by others as an estimate): CAS attempts made to take tasks. */
    private long casCount;

    ScPool(int consumerId, int producers, int consumers, int chunkSize, int chunkPoolCapacity, boolean asymmetric,
            boolean takeByCas) {
        this.consumerId = consumerId;
        this.chunkSize = chunkSize;
        this.asymmetric = asymmetric && !takeByCas;
        this.takeByCas = takeByCas;
        this.lists = new ChunkList[producers + 1];
        for (int i = 0; i < lists.length; i++) {
            lists[i] = new ChunkList();
        }
        this.stealList = lists[producers];
        this.chunkPool = new SpmcArrayQueue<>(chunkPoolCapacity);
        this.indicatorWords = (consumers + 63) / 64;
        this.indicator = new long[indicatorWords + 2 * PAD];
    }

    // ---- producer side (Algorithm 4) ----

    /**
     * getChunk (lines 64-73): a chunk from this pool's chunk pool, or with {@code force} a new one,
     * owned by this pool's consumer and appended to producer {@code producerId}'s list.
     *
     * @return the chunk, or null if the chunk pool is empty and {@code force} is false
     */
    Chunk produceChunk(int producerId, boolean force) {
        Chunk c = chunkPool.poll();
        long word;
        if (c != null) {
            word = c.reassign(consumerId);
        } else if (force) {
            c = new Chunk(chunkSize, consumerId);
            word = c.ownerAcquire();
        } else {
            return null;
        }
        lists[producerId].append(new Node(c, -1, word, c.generation()));
        return c;
    }

    // ---- consumer side (Algorithm 5) ----

    /** consume (lines 74-82): a task of this pool, or null if none is found. Consumer only. */
    Object consume() {
        if (takeByCas) {
            return casTakeFrom(this);
        }
        Object t = takeTask();
        if (t != null) {
            return t;
        }
        int count = lists.length;
        int start = consumeCursor;
        consumeCursor = start + 1 == count ? 0 : start + 1;
        for (int k = 0; k < count; k++) {
            int li = start + k < count ? start + k : start + k - count;
            for (ChunkList.Cell cell = lists[li].first(); cell != null; cell = cell.next()) {
                Node m = cell.node();
                Chunk c = m.chunk();
                if (c == null) {
                    continue;
                }
                if (c.ownerAcquire() == m.word) {
                    setCurrent(m, c);
                    t = takeTask();
                    if (t != null) {
                        return t;
                    }
                }
                if (c.generation() != m.gen) {
                    m.clearChunk(); // dead (see ChunkList): skipped by every reader from now on
                }
            }
        }
        clearCurrent();
        return null;
    }

    /** Makes {@code n}, whose chunk is {@code c}, the node this consumer takes from. Consumer only. */
    private void setCurrent(Node n, Chunk c) {
        currentNode = n;
        curChunk = c;
        curTasks = c.tasks;
        curWord = n.word;
        curIdx = (int) Node.IDX.getOpaque(n); // this consumer's own store, or published with the node
    }

    private void clearCurrent() {
        currentNode = null;
        curChunk = null;
        curTasks = null;
    }

    /**
     * takeTask (lines 83-100) on the current node, or null if there is none. Consumer only.
     *
     * <p>Line 85 (the node's chunk is gone) is not read: a chunk finished through this node clears
     * the current node, and one stolen from it fails the ownership check of line 88 once its next
     * slot holds a task (the owner word never comes back: its tag only grows), where the current
     * node is dropped; until then the slot reads ⊥ and the take returns null, as line 87 would.
     */
    private Object takeTask() {
        Object[] ts = curTasks;
        if (ts == null) {
            return null;
        }
        int i = curIdx + 1;
        // i < chunkSize: the last take clears the node. Volatile in FULL mode, acquire in
        // ASYMMETRIC mode: the first of line 88's reads (see "The reordering of §6.1").
        Object task = asymmetric ? Chunk.SLOT.getAcquire(ts, i) : Chunk.SLOT.getVolatile(ts, i);
        if (task == EMPTY) {
            return null; // line 87: nothing inserted yet
        }
        Chunk c = curChunk;
        long word = curWord;
        // line 88: only tasks present before a steal may be taken (§5.3). Read-to-write causality
        // (see "The reordering of §6.1"): volatile in FULL mode, acquire in ASYMMETRIC mode, which
        // runs on multi-copy-atomic hardware only.
        if ((asymmetric ? c.ownerAcquire() : c.ownerVolatile()) != word) {
            clearCurrent();
            return null;
        }
        // Algorithm 6: read the next slot before this one becomes TAKEN.
        Object next = i + 1 < ts.length ? Chunk.SLOT.getAcquire(ts, i + 1) : EMPTY;
        Node n = currentNode;
        curIdx = i;
        boolean owner;
        if (asymmetric) {
            Node.IDX.setOpaque(n, i); // line 90; kept before the load below by C2, drained by the stealer's membarrier
            owner = c.ownerAcquire() == word; // line 91
        } else {
            Node.IDX.setVolatile(n, i); // line 90, volatile: the JMM orders it before the volatile load
            owner = c.ownerVolatile() == word; // line 91
        }
        if (owner && task != TAKEN) {
            // line 92: no CAS, the stealer will start after i; TAKEN is null, so no G1 barrier fence (see Chunk)
            Chunk.SLOT.setOpaque(ts, i, TAKEN);
            checkLast(n, c, i, next, true);
            return task;
        }
        clearCurrent(); // lines 95-99: stolen between the checks; take at most slot i, by CAS
        casCount++;
        boolean took = c.casTake(n.gen, i, task);
        if (took) {
            checkLast(n, c, i, next, true);
        }
        return took ? task : null;
    }

    /**
     * checkLast of Algorithm 6 (lines 141-147), after slot {@code i} of {@code c} was taken through
     * {@code n} ({@code took}) or lost to a racing CAS.
     */
    private void checkLast(Node n, Chunk c, int i, Object next, boolean took) {
        if (i + 1 == chunkSize) {
            n.clearChunk();
            if (currentNode == n) {
                clearCurrent();
            }
            clearIndicator();
            if (took && c.retire()) {
                chunkPool.offer(c); // false if the chunk pool is full: the collector takes the chunk
            }
        } else if (next == EMPTY) {
            clearIndicator();
        }
    }

    /**
     * steal (lines 108-142): moves a chunk of {@code p} to this pool's steal list and returns a task
     * from it, or null. Consumer of this pool only.
     */
    Object steal(ScPool p) {
        if (takeByCas) {
            return casTakeFrom(p);
        }
        // line 109: a node holding tasks whose chunk p owns
        Node prev = null;
        Chunk c = null;
        long word = 0;
        int prevIdx = 0;
        int count = p.lists.length;
        int start = stealCursor % count;
        stealCursor = start + 1;
        search:
        for (int k = 0; k < count; k++) {
            int li = start + k < count ? start + k : start + k - count;
            for (ChunkList.Cell cell = p.lists[li].first(); cell != null; cell = cell.next()) {
                Node m = cell.node();
                Chunk mc = m.chunk();
                if (mc == null) {
                    continue;
                }
                long w = mc.ownerAcquire();
                if (w != m.word) {
                    continue; // not p's, or p's through another node
                }
                int mi = m.idxVolatile();
                if (mi + 1 < chunkSize) {
                    Object t = mc.slot(mi + 1);
                    if (t != EMPTY && t != TAKEN) {
                        prev = m;
                        c = mc;
                        word = w;
                        prevIdx = mi;
                        break search;
                    }
                }
            }
        }
        if (prev == null) {
            return null; // line 111
        }
        ChunkList.Cell cell = stealList.append(prev); // line 116: reachable from our list before we own it
        long mine = Chunk.nextWord(word, consumerId);
        // Allocated before the CAS: from the CAS to cell.set(fresh) nothing may throw (class comment).
        Node fresh = new Node(c, prevIdx, mine, prev.gen);
        casCount++;
        if (!c.casOwner(word, mine)) { // line 118, with the ABA tag
            stealList.remove(cell);
            return null;
        }
        p.clearIndicator(); // §5.5: p may have become empty
        if (asymmetric) {
            membarrierAfterCas(); // §6.1: the victim's index store is now visible
        }
        int idx = prev.idxVolatile(); // line 121
        if (idx + 1 == chunkSize) { // line 122: the victim took the last task
            stealList.remove(cell);
            prev.clearChunk();
            return null;
        }
        Object task = asymmetric ? c.slot(idx + 1) : c.slotVolatile(idx + 1); // line 125 (see "The reordering of §6.1")
        if (task != EMPTY) {
            idx++; // line 130: the victim may still take slot idx (one task, by CAS), never idx + 1
        }
        fresh.idx = idx; // lines 131-132: a plain store, published by the release of cell.set
        cell.set(fresh); // line 133
        prev.clearChunk(); // line 134
        clearIndicator(); // not in the paper: a chunk moved into this pool (see the class comment)
        if (task == EMPTY) {
            return null; // line 136: the producer has not filled slot idx + 1 yet
        }
        Object next = idx + 1 < chunkSize ? c.slot(idx + 1) : EMPTY;
        casCount++;
        boolean took = c.casTake(prev.gen, idx, task); // lines 137-139: the victim may race for this slot
        checkLast(fresh, c, idx, next, took); // line 140
        if (fresh.chunk() != null && c.ownerAcquire() == mine) {
            setCurrent(fresh, c); // line 141
        }
        assert prevIdx <= idx : "Lemma 8: index moved back from " + prevIdx + " to " + idx;
        return took ? task : null;
    }

    /**
     * The stealer's membarrier, between its ownership CAS and the publication of its new node. A
     * failure there cannot be undone: the chunk's owner word is already this consumer's while no
     * node carries it, so nobody can take the chunk's remaining tasks and {@link #hasTasks} still
     * counts them. The kernel fails {@code MEMBARRIER_CMD_PRIVATE_EXPEDITED} only for a process that
     * is not registered (the pool registers before it uses this mode), so this is a broken contract,
     * reported as an {@link Error}: the pool is corrupted.
     */
    private static void membarrierAfterCas() {
        try {
            LinuxNative.privateExpeditedMembarrier();
        } catch (IllegalStateException e) {
            throw new Error("SALSA pool corrupted: membarrier failed after a steal's ownership CAS", e);
        }
    }

    // ---- SALSA+CAS (§6.2) ----

    /**
     * One task of pool {@code p} (this pool or a victim), taken by CAS, or null if a walk of p's
     * lists found none. Consumer of this pool only.
     *
     * <p>A node's {@code idx} is a hint here, written by any taker with an opaque store and read
     * opaque: a taker CASes slot i only after it saw every slot from the hint up to i - 1 TAKEN,
     * and TAKEN is final (chunks are not reused in this mode), so every value ever stored has all
     * slots up to it TAKEN. A stale (smaller) hint only makes a scan longer. The task's fields are
     * published by the producer's release store, read by the acquire load before the CAS.
     */
    private Object casTakeFrom(ScPool p) {
        if (p == this) {
            Object[] ts = curTasks; // the same cached reference as SALSA's take (like with like)
            if (ts != null) {
                Object t = casTakeNode(p, currentNode, ts, curIdx + 1);
                if (t != null) {
                    return t;
                }
                clearCurrent();
            }
        }
        int count = p.lists.length;
        int start;
        if (p == this) {
            start = consumeCursor;
            consumeCursor = start + 1 == count ? 0 : start + 1;
        } else {
            start = stealCursor % count;
            stealCursor = start + 1;
        }
        for (int k = 0; k < count; k++) {
            int li = start + k < count ? start + k : start + k - count;
            for (ChunkList.Cell cell = p.lists[li].first(); cell != null; cell = cell.next()) {
                Node m = cell.node();
                Chunk c = m.chunk();
                if (c == null) {
                    continue;
                }
                Object t = casTakeNode(p, m, c.tasks, (int) Node.IDX.getOpaque(m) + 1);
                if (t != null) {
                    if (p == this && m.chunk() != null) {
                        setCurrent(m, c);
                    }
                    return t;
                }
            }
        }
        return null;
    }

    /**
     * The first task at or after slot {@code from} of the slots {@code ts} of {@code n}'s chunk (of
     * pool {@code p}), taken by CAS, or null.
     */
    private Object casTakeNode(ScPool p, Node n, Object[] ts, int from) {
        for (int i = from; i < ts.length; i++) {
            Object task = Chunk.SLOT.getAcquire(ts, i);
            if (task == EMPTY) {
                return null; // not produced yet
            }
            if (task == TAKEN) {
                continue;
            }
            // Algorithm 6: read the next slot before slot i is TAKEN
            Object next = i + 1 < ts.length ? Chunk.SLOT.getAcquire(ts, i + 1) : EMPTY;
            casCount++;
            if (!Chunk.SLOT.compareAndSet(ts, i, task, TAKEN)) {
                continue; // another consumer took slot i; it is TAKEN for good
            }
            Node.IDX.setOpaque(n, i);
            if (n == currentNode) {
                curIdx = i;
            }
            if (i + 1 == ts.length) {
                n.clearChunk();
                if (n == currentNode) {
                    clearCurrent();
                }
                p.clearIndicator();
                chunkPool.offer(new Chunk(chunkSize, consumerId)); // the finished chunk is not reused
            } else if (next == EMPTY) {
                p.clearIndicator(); // §5.5: p may have become empty
            }
            return task;
        }
        return null;
    }

    /** CAS attempts this pool's consumer made to take tasks (see the class comment). */
    long casCount() {
        return casCount;
    }

    // ---- emptiness (§5.5) ----

    /**
     * Whether a task may be present: some chunk has a slot after its node's index that holds a task.
     * False only if, while the lists were walked, every chunk was seen without untaken tasks.
     */
    boolean hasTasks() {
        for (ChunkList list : lists) {
            for (ChunkList.Cell cell = list.first(); cell != null; cell = cell.next()) {
                Node m = cell.node();
                Chunk c = m.chunk();
                if (c == null) {
                    continue;
                }
                for (int k = m.idxVolatile() + 1; k < chunkSize; k++) {
                    Object t = c.slot(k);
                    if (t == EMPTY) {
                        break;
                    }
                    if (t != TAKEN) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /** setIndicator (line 151): sets consumer {@code id}'s bit (volatile read-modify-write). */
    void setIndicator(int id) {
        INDICATOR.getAndBitwiseOr(indicator, PAD + (id >>> 6), 1L << (id & 63));
    }

    /** checkIndicator (line 153): consumer {@code id}'s bit (volatile load). */
    boolean checkIndicator(int id) {
        return ((long) INDICATOR.getVolatile(indicator, PAD + (id >>> 6)) & (1L << (id & 63))) != 0;
    }

    /** clearIndicator (line 148): clears every bit; a word already 0 costs a load only. */
    void clearIndicator() {
        for (int w = 0; w < indicatorWords; w++) {
            if ((long) INDICATOR.getVolatile(indicator, PAD + w) != 0) {
                INDICATOR.setVolatile(indicator, PAD + w, 0L);
            }
        }
    }

    /** Dead cells still holding a chunk, over this pool's lists (a test diagnostic; see ChunkList). */
    int deadCells() {
        int n = 0;
        for (ChunkList list : lists) {
            n += list.deadCells();
        }
        return n;
    }

    /** Chunks waiting in the chunk pool (an estimate under concurrency). */
    int spareChunks() {
        return chunkPool.size();
    }
}
