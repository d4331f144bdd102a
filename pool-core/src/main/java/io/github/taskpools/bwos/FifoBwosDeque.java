package io.github.taskpools.bwos;

import static io.github.taskpools.arraydeque.DequeChecks.checkNotNull;
import static io.github.taskpools.arraydeque.DequeChecks.checkOwner;
import static io.github.taskpools.arraydeque.DequeChecks.checkStealInto;

import io.github.taskpools.api.WorkStealingDeque;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.concurrent.ThreadLocalRandom;
import java.util.random.RandomGenerator;

/**
 * A bounded FIFO work-stealing deque of blocks: the thread that owns it pushes at the back and pops
 * the oldest task; other threads steal from the blocks in between, in order or, with randomized
 * stealing, from a sampled block. Use it as a worker's queue of submitted tasks, where the order of
 * arrival should be kept and thieves should not contend with the owner.
 * <pre>{@code
 * FifoBwosDeque<Runnable> queue = new FifoBwosDeque<>(8, 1024, true); // randomized stealing
 * Runnable job = () -> System.out.println("ran");
 * if (!queue.push(job)) {
 *     job.run();                        // refused (full): the task stays with the caller
 * }
 * Runnable oldest = queue.pop();        // owner: oldest first
 * Runnable stolen = queue.steal();      // any thread, or null
 * }</pre>
 * <p><b>Guarantees.</b> Every task pushed is taken exactly once; a refused push returns
 * {@code false} and drops nothing. Thieves never take from the owner's consumer block, so a steal
 * may return {@code null} while the owner still has tasks there.
 * <p><b>Threads.</b> {@code push}, {@code pop} and {@code remainingCapacity} are the owner's (the
 * constructing thread, or the caller of {@link #bindOwner()}); the steals any thread's.
 * <p><b>When to pick it.</b> Over {@link LifoBwosDeque} when the oldest task should run first
 * (fairness to submitters); over a JCTools SPMC queue when other threads should take work in
 * batches without touching the owner's end.
 *
 * <h2>Implementation notes</h2>
 * FIFO block-based work stealing (BWoS, Wang et al., OSDI'23, §3-§4): the owner puts at the back
 * block and gets from the front block; thieves steal from the blocks in between, from the middle of
 * the queue, either in order or, with randomized stealing (§3.4), from a randomly sampled block.
 *
 * <h3>Algorithm</h3>
 * Blocks, words F/B/S/C and sequence numbers are described in {@link BwosBlocks}. The owner keeps
 * two private sequences: {@code prod}, the block it puts into, and {@code cons}, the block it gets
 * from ({@code cons <= prod}).
 * <ul>
 *   <li><b>Fast path</b> (§4.1). {@code push} writes entry B and publishes it with a release store
 *       of B (thieves may steal in the producer's block); {@code pop} takes entry F while it is
 *       below B. A thief claims entry S by CAS while it is below B, copies it out and counts the
 *       steal in C.</li>
 *   <li><b>Grant</b> happens at reset: when the producer enters a block it resets it and stores
 *       {@code S = (round, 0)} with release, granting it to thieves at once (Fig. 7, FIFO).</li>
 *   <li><b>Takeover</b> (§4.2.1). When the consumer finishes its block it moves to {@code cons + 1}
 *       and takes it from the thieves: exchange S with NE, {@code F = old S}, and add
 *       {@code NE - F} to C, so C reaches NE exactly when the consumer's share is counted and every
 *       thief that claimed an entry there has finished.</li>
 *   <li><b>Round control and reset</b> (§4.2.2, Fig. 8). The producer reuses a block for round r
 *       only if {@code F == C == (r-1, NE)}: the consumer and the thieves have finished round r-1
 *       there. Before that it makes sure the thieves' pointer has left the block, moving it on
 *       itself if need be (it only passes blocks the consumer has taken over). If the only block
 *       in the way is the consumer's, finished but not yet left, the producer moves the consumer
 *       on first (a takeover of the next block, as the next get would do). A push therefore fails
 *       only when the next block still holds tasks of its previous round (the consumer's, or one
 *       thieves have not finished), which can be while the deque holds far fewer than
 *       {@code capacity()} tasks; {@code remainingCapacity()} is a lower bound on the pushes that
 *       will succeed.</li>
 *   <li><b>Grant on request</b> (this library's answer to BWoS §8: "if the number of outstanding
 *       work items is smaller than the block size, BWoS can prevent stealing"). While the consumer
 *       is in the producer's block ({@code cons == prod}) it has taken that block over (S == NE),
 *       so every task is hidden from thieves. A thief that found nothing calls
 *       {@link #requestGrant()}, which lowers the owner's push limit ({@code prodEnd}) to 0; the
 *       owner's next push then takes the slow path and answers: it moves the newer half of the
 *       consumer's tasks, counting the one it pushes (so at least that one), to the start of block
 *       {@code prod + 1} and advances there as at a full block (§4.2.2: round control, reset, and
 *       the grant of S, whose release publishes the moved tasks), and cuts the consumer's block
 *       where the moved tasks began. The
 *       consumer, on reaching the cut, takes the next block over (§4.2.1) as if it had finished
 *       its block: it set F to NE on leaving, and its takeover counted NE - front in C, so round
 *       control ({@code F == C == (r-1, NE)}) stays exact. S only ever grows within a round, so a
 *       thief that saw a block exhausted is never wrong to move past it.</li>
 *   <li><b>Stealing.</b> In order, thieves follow the shared {@code stealBlock} pointer. With
 *       randomized stealing {@link #steal()} starts at a random block and tries each block once,
 *       so it returns {@code null} only if no block had work; {@link #stealSampled} is the paper's
 *       form, one sampled block and nothing else (§3.4).</li>
 * </ul>
 *
 * <h3>Invariants</h3>
 * As in the paper (§3.1): put never overwrites unconsumed data; steal and get never read the same
 * entry, nor one read before; a steal in progress never stops get (takeover is an exchange).
 *
 * <h3>Memory orderings</h3>
 * Beside the paper's Table 2 (FIFO: 0 SEQ, 3 ACQ, 3 REL, 16 RLX):
 * <pre>
 * variable       writer: mode                         reader: mode
 * entries        producer: plain                      consumer: plain; thief: plain after its CAS
 * B  put         producer: release (REL #1, fast path) thief: acquire (ACQ #1)
 * B  reset       producer: opaque (ordered by S's release; on a grant on request it counts the
 *                moved entries, which S's release publishes with it)
 * B  cut         producer: opaque (S == NE: no thief  sizeEstimate: opaque (racy)
 *                claims there; for estimates only)
 * F              consumer: plain (owner-private; the  producer reuse check: plain (same thread)
 *                current block's in an owner field)
 * S  reset+grant producer: release (REL #2; also      thief: acquire (ACQ #2), then CAS
 *                publishes a grant on request's entries)
 * S  takeover    consumer: getAndSet (volatile RMW)
 * S  claim       thief: CAS (volatile)
 * C  steal done  thief: getAndAdd (volatile; REL #3)  producer reuse check: acquire (ACQ #3)
 * C  takeover    consumer: getAndAdd (volatile RMW)
 * C  reset       producer: plain (ordered by S's release)
 * stealBlock     thief/producer: CAS (volatile)       thief: acquire
 * prodEnd        producer: opaque (its block's end,   producer push: opaque (fast path);
 *  (push limit)  at reset; clears a request);         thief: opaque, before it stores
 *                thief: opaque 0 (a request)          (a hint: publishes nothing)
 * prod, cons,    owner: plain                         requestGrant, sizeEstimate: opaque
 * putSlot,                                            (racy: hints and estimates only)
 * getSlot
 * </pre>
 * Volatile RMWs stand where the paper has relaxed or release RMWs; see {@link LifoBwosDeque} for
 * why. The owner's fast path has one release store (on x86-64 a plain store), one opaque load of
 * its own push limit (a plain load) and no RMW; a request costs the owner one slow push.
 *
 * <h3>Requests and the owner's clear</h3>
 * The owner clears a request (stores its block's end back into {@code prodEnd}) at two places
 * only, and never after it has decided not to grant: at every reset and grant of a block (the
 * grant answers any request: the new block is the thieves' and holds the task just put), and on
 * the request's slow push <em>before</em> it looks at its own state. A request stored after that
 * clear stays for the next push; one stored before it is answered by the decision that follows.
 * A thief that sees a pending request and does not store its own thus always has the owner's
 * answer still to come. The owner drops a request it cannot answer (the consumer has left the
 * producer's block, whose tasks are then stealable; or round control refuses the next block,
 * a thief still copying out of it); the thief that still finds nothing asks again.
 *
 * @param <E> the task type
 */
public final class FifoBwosDeque<E> extends FifoBwosStealField<E> {
    /** The push limit a request stores: below every slot, so the owner's next push is slow. */
    private static final int REQUESTED = 0;

    private final boolean randomizedStealing;
    /**
     * Grants on request. Plain: owner only, written on that slow path only, hence kept out of the
     * owner's padded lines (whose field set PaddingLayoutTest pins).
     */
    private long grantsOnRequest;

    /**
     * A queue of {@code blockCount} blocks of {@code blockSize} entries, owned by the calling
     * thread, whose {@link #steal()} walks the blocks in order.
     *
     * @throws IllegalArgumentException if {@code blockCount} is not in [2, 65536],
     *     {@code blockSize < 1}, or the capacity exceeds 2^28
     */
    public FifoBwosDeque(int blockCount, int blockSize) {
        this(blockCount, blockSize, false);
    }

    /**
     * As {@link #FifoBwosDeque(int, int)}; with {@code randomizedStealing} {@link #steal()} starts
     * at a random block instead of following the thieves' shared block pointer (§3.4), so thieves
     * spread over the granted blocks and never contend on the pointer.
     */
    public FifoBwosDeque(int blockCount, int blockSize, boolean randomizedStealing) {
        super(blockCount, blockSize);
        this.randomizedStealing = randomizedStealing;
        for (int k = 1; k < blockCount; k++) {
            long done = word(0, blockSize); // sequence k of round 0, finished
            meta[off(k, F)] = done;
            meta[off(k, B)] = done;
            meta[off(k, S)] = done;
            meta[off(k, C)] = done;
        }
        long first = blockCount; // sequence of block 0 in round 1, held by the consumer
        long r = roundOf(first);
        meta[off(0, F)] = word(r, 0);
        meta[off(0, B)] = word(r, 0);
        meta[off(0, S)] = word(r, blockSize);
        meta[off(0, C)] = word(r, blockSize); // the consumer's share, NE - F, counted up front
        setProd(first);
        setCons(first, 0);
        STEAL_BLOCK.setRelease(this, first);
    }

    /** A queue of at least {@code capacity} entries: 8 blocks of at least 64 entries. */
    public static <E> FifoBwosDeque<E> withCapacity(int capacity) {
        return new FifoBwosDeque<>(8, defaultBlockSize(capacity, 8));
    }

    /** Whether {@link #steal()} uses randomized stealing. */
    public boolean randomizedStealing() {
        return randomizedStealing;
    }

    /**
     * How many times the owner moved to another block so far: its put side to the next block
     * (§4.2.2) or its get side by a takeover (§4.2.1). A plain owner-private count kept on the slow
     * paths only: exact when read by the owner, or by another thread after a happens-before edge
     * with the owner (after joining it, say); otherwise an estimate.
     */
    public long blockAdvances() {
        return blockAdvances;
    }

    /**
     * How many blocks the producer granted to thieves so far, at resets of full blocks (Fig. 7,
     * FIFO) and on request. Counted by the producer's own sequence, which starts at
     * {@code blockCount} and moves by one at each reset and grant: owner-private and plain, so
     * exact when read by the owner, or by another thread after a happens-before edge with the
     * owner; otherwise an estimate.
     */
    @Override
    public long grantCount() {
        return prod - blockCount;
    }

    /**
     * How many of the {@link #grantCount() grants} answered a {@link #requestGrant() request}. A
     * plain owner-private count kept on the slow path only: exact when read by the owner, or by
     * another thread after a happens-before edge with the owner (after joining it, say); otherwise
     * an estimate.
     */
    public long grantsOnRequest() {
        return grantsOnRequest;
    }

    // ------------------------------------------------------------------ owner: producer

    @Override
    public boolean push(E task) {
        checkNotNull(task);
        int slot = putSlot;
        // Opaque: a plain load may be hoisted out of the owner's loop and miss requests for good.
        if (slot < (int) PROD_END.getOpaque(this)) {
            entries[slot] = task;
            putSlot = slot + 1;
            // Release: thieves in this block read B with acquire before copying the entry out.
            META.setRelease(meta, prodB, prodBWord + slot + 1);
            return true;
        }
        return pushSlow(task);
    }

    private boolean pushSlow(E task) {
        checkOwner(owner);
        int end = prodBase + blockSize;
        if (putSlot < end) {
            // Room in the block: only a request lowered the limit. Clear it before looking at our
            // state (see the class comment): a request stored after this stays for the next push.
            PROD_END.setOpaque(this, end);
            if (!grantOnRequest(task)) {
                put(task);
            }
            return true;
        }
        // A full block. A pending request is answered by the grant at reset, which clears it.
        if (!advancePut()) {
            return false;
        }
        put(task);
        return true;
    }

    private void put(E task) {
        int slot = putSlot++;
        entries[slot] = task;
        META.setRelease(meta, prodB, prodBWord + slot + 1);
    }

    /** Producer block advancement (§4.2.2, Fig. 8): round check, reset and grant of the next block. */
    private boolean advancePut() {
        long n = prod + 1;
        // The consumer's block must not be reused; a consumer that finished its block moves on.
        while (n - cons >= blockCount) {
            if (getSlot < consEnd || !advanceConsumer()) {
                return false;
            }
        }
        if (!finishedPreviousRound(n)) {
            return false;
        }
        resetAndGrant(n, 0);
        return true;
    }

    /**
     * Round control (§4.2.2): whether the block of sequence {@code n} finished the previous round,
     * {@code F == C == (r-1, NE)}, so the producer may reuse it.
     */
    private boolean finishedPreviousRound(long n) {
        int kn = blockOf(n);
        long done = word(previousRound(roundOf(n)), blockSize);
        // Acquire: every thief's copy-out here happens-before our reuse of the entries; a thief
        // still copying out of round r-1 keeps C below NE.
        return meta[off(kn, F)] == done && (long) META.getAcquire(meta, off(kn, C)) == done;
    }

    /**
     * Reset and grant of block {@code n}, which passed round control, holding the {@code filled}
     * entries the caller wrote at its start; the producer moves there.
     */
    private void resetAndGrant(long n, int filled) {
        int kn = blockOf(n);
        long rn = roundOf(n);
        moveStealBlockPast(n - blockCount);
        long zero = word(rn, 0);
        meta[off(kn, F)] = zero;
        META.setOpaque(meta, off(kn, B), word(rn, filled)); // thieves with stale pointers may read it
        meta[off(kn, C)] = zero;
        // Reset + grant: release publishes the resets above, and the filled entries, to thieves
        // (pairs with their acquire of S).
        META.setRelease(meta, off(kn, S), zero);
        setProd(n); // clears any request: this grant answers it
        putSlot += filled;
        consInProd = false;
        blockAdvances++;
    }

    /**
     * Grant on request (BWoS §8, see the class comment), by the slow push of {@code task} that
     * takes the request up. Only when the consumer is in the producer's block: it holds
     * {@code [getSlot, putSlot)} there, and {@code task} is the newest of its tasks. The newer half
     * of them, rounded up (so at least {@code task}), moves to the start of block
     * {@code prod + 1}, reset and granted as at a full block (§4.2.2); the consumer keeps the
     * older half, its block cut at {@code cut}. {@code task} goes straight into the new block, so
     * no thief ever sees it hidden in the consumer's block between the put and the grant.
     *
     * <p>Otherwise the request is dropped and the caller puts {@code task} as usual: with the
     * consumer in an older block, the producer's block is granted and the put publishes the task
     * to thieves; and a next block that fails round control still has a thief copying out of it
     * (the ring itself has room, since {@code prod + 1 - cons == 1}). A thief that still finds
     * nothing asks again.
     *
     * @return whether the request was answered ({@code task} is then in the new block)
     */
    private boolean grantOnRequest(E task) {
        long n = prod + 1;
        if (!consInProd || !finishedPreviousRound(n)) {
            return false;
        }
        int end = putSlot;
        int moved = (end - getSlot) >>> 1; // k / 2 of the block's k, and task: ceil((k + 1) / 2)
        int cut = end - moved;
        int cutB = off(consBlock, B);
        long cutRound = roundOf(cons);
        // Fill block n before its grant, whose release publishes the entries with it. No thief
        // reads them before: S of block n still says round r-1, exhausted.
        int to = blockOf(n) * blockSize;
        System.arraycopy(entries, cut, entries, to, moved);
        entries[to + moved] = task;
        resetAndGrant(n, moved + 1);
        // The moved-from entries are past the cut: no thief claims there (S == NE since the
        // takeover), and the consumer stops at the cut. Null them, as a get or a steal would.
        Arrays.fill(entries, cut, end, null);
        consEnd = cut; // the consumer takes block n over on reaching the cut (§4.2.1)
        // Opaque, for sizeEstimate only: no thief reads B of a block whose S is NE in its round.
        META.setOpaque(meta, cutB, word(cutRound, cut - consBase));
        grantsOnRequest++;
        return true;
    }

    /**
     * Makes sure the thieves' pointer is beyond sequence {@code old} before its block is reused.
     * Every block up to {@code old} has been taken over by the consumer (S == NE), so passing them
     * skips nothing.
     */
    private void moveStealBlockPast(long old) {
        long sb;
        while ((sb = (long) STEAL_BLOCK.getAcquire(this)) <= old) {
            STEAL_BLOCK.compareAndSet(this, sb, sb + 1);
        }
    }

    // ------------------------------------------------------------------ owner: consumer

    @Override
    public E pop() {
        int slot = getSlot;
        if (slot < (consInProd ? putSlot : consEnd)) {
            @SuppressWarnings("unchecked")
            E task = (E) entries[slot];
            entries[slot] = null;
            getSlot = slot + 1; // plain: F is owner-private in FIFO BWoS
            return task;
        }
        return popSlow();
    }

    private E popSlow() {
        checkOwner(owner);
        while (getSlot == consEnd) {
            if (!advanceConsumer()) {
                return null;
            }
            if (getSlot < (consInProd ? putSlot : consEnd)) {
                return pop();
            }
        }
        return null; // the consumer is in the producer's block and has caught up with it
    }

    /** Consumer block advancement: takeover of block {@code cons + 1} (§4.2.1, FIFO). */
    private boolean advanceConsumer() {
        long n = cons + 1;
        if (n > prod) {
            return false;
        }
        int kn = blockOf(n);
        long rn = roundOf(n);
        meta[off(consBlock, F)] = word(roundOf(cons), blockSize); // the consumer finished its block
        // Takeover: volatile exchange; thieves own [.., old S), the consumer [old S, B).
        long old = (long) META.getAndSet(meta, off(kn, S), word(rn, blockSize));
        int front = idx(old);
        meta[off(kn, F)] = word(rn, front);
        META.getAndAdd(meta, off(kn, C), (long) (blockSize - front)); // volatile RMW: races thieves' counts
        setCons(n, front);
        blockAdvances++;
        return true;
    }

    @Override
    public int remainingCapacity() {
        checkOwner(owner);
        int free = prodBase + blockSize - putSlot;
        for (long n = prod + 1; n - cons < blockCount && finishedPreviousRound(n); n++) {
            free += blockSize;
        }
        return free;
    }

    // ------------------------------------------------------------------ thieves

    @Override
    public E steal() {
        if (randomizedStealing) {
            return stealScan(ThreadLocalRandom.current().nextInt(blockCount));
        }
        for (;;) {
            long sb = (long) STEAL_BLOCK.getAcquire(this);
            int k = blockOf(sb);
            long s = (long) META.getAcquire(meta, off(k, S));
            if (round(s) != roundOf(sb)) {
                if ((long) STEAL_BLOCK.getAcquire(this) != sb) {
                    continue; // stale pointer
                }
                return null;
            }
            if (idx(s) < blockSize) {
                int r = tryStealFrom(k, s);
                if (r >= 0) {
                    return copyOut(k, r);
                }
                if (r == EMPTY) {
                    return null;
                }
                continue; // conflict
            }
            // Exhausted (or taken over): move on to the next block if the producer reached it.
            long n = sb + 1;
            if (round((long) META.getAcquire(meta, off(blockOf(n), S))) == roundOf(n)) {
                STEAL_BLOCK.compareAndSet(this, sb, n);
                continue;
            }
            if ((long) STEAL_BLOCK.getAcquire(this) == sb) {
                return null;
            }
        }
    }

    private static final int EMPTY = -1;
    private static final int CONFLICT = -2;

    /**
     * One steal attempt in block {@code k} whose S was read as {@code s} (acquire).
     *
     * @return the claimed index, {@link #EMPTY} if the block has nothing to steal, or
     *     {@link #CONFLICT} if the CAS lost
     */
    private int tryStealFrom(int k, long s) {
        int i = idx(s);
        if (i >= blockSize) {
            return EMPTY;
        }
        // Acquire: pairs with the producer's release store of B; entry i is then visible.
        long b = (long) META.getAcquire(meta, off(k, B));
        if (round(b) != round(s)) {
            return CONFLICT; // the block was reset between our reads: read S again
        }
        if (idx(b) <= i) {
            return EMPTY;
        }
        return META.compareAndSet(meta, off(k, S), s, s + 1) ? i : CONFLICT;
    }

    private E copyOut(int k, int i) {
        int slot = k * blockSize + i;
        @SuppressWarnings("unchecked")
        E task = (E) entries[slot];
        entries[slot] = null; // plain: the slot is rewritten only after the producer sees our count
        META.getAndAdd(meta, off(k, C), 1L); // volatile RMW, release side of the reuse check
        if (task == null) {
            throw new IllegalStateException("BWoS invariant broken: claimed an empty entry");
        }
        return task;
    }

    /** Randomized stealing: tries every block once, starting at {@code start}. */
    private E stealScan(int start) {
        for (int j = 0; j < blockCount; j++) {
            int k = (start + j) % blockCount;
            for (;;) {
                long s = (long) META.getAcquire(meta, off(k, S));
                int r = tryStealFrom(k, s);
                if (r >= 0) {
                    return copyOut(k, r);
                }
                if (r == EMPTY) {
                    break;
                }
            }
        }
        return null;
    }

    /**
     * Randomized stealing (§3.4): samples one random block and, if it has entries available for
     * stealing, steals from that very block, so probabilistic acceptance costs no extra access.
     */
    @Override
    public E stealSampled(RandomGenerator random) {
        int k = random.nextInt(blockCount);
        for (;;) {
            long s = (long) META.getAcquire(meta, off(k, S));
            int r = tryStealFrom(k, s);
            if (r >= 0) {
                return copyOut(k, r);
            }
            if (r == EMPTY) {
                return null;
            }
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public int stealInto(WorkStealingDeque<E> destination, int maxTasks) {
        checkStealInto(this, destination, maxTasks);
        int start = ThreadLocalRandom.current().nextInt(blockCount);
        for (int j = 0; j < blockCount; j++) {
            int k = (start + j) % blockCount;
            for (;;) {
                int room = Math.min(maxTasks, destination.remainingCapacity());
                if (room == 0) {
                    return 0;
                }
                long s = (long) META.getAcquire(meta, off(k, S));
                int i = idx(s);
                if (i >= blockSize) {
                    break;
                }
                long b = (long) META.getAcquire(meta, off(k, B));
                if (round(b) != round(s) || idx(b) <= i) {
                    break;
                }
                int end = (int) Math.min(idx(b), (long) i + room);
                if (META.compareAndSet(meta, off(k, S), s, s + (end - i))) {
                    E[] batch = (E[]) new Object[end - i];
                    int base = k * blockSize;
                    for (int x = i; x < end; x++) {
                        batch[x - i] = (E) entries[base + x];
                        entries[base + x] = null;
                    }
                    META.getAndAdd(meta, off(k, C), (long) (end - i));
                    pushAll(destination, batch, end - i);
                    return end - i;
                }
            }
        }
        return 0;
    }

    // ------------------------------------------------------------------ any thread

    /**
     * Grant on request (see the class comment). Asks only while the consumer is in the producer's
     * block and holds tasks there, the one case where the owner hides every task it has; the owner
     * answers at its next push. Racy opaque reads of the owner's plain fields, as in
     * {@link #sizeEstimate()}: a stale view costs at most a request the owner drops, or one not
     * made that the next thief makes.
     *
     * <p>The reads go {@code cons}, {@code getSlot}, {@code putSlot}, {@code prod}, against the
     * owner's order of stores: {@code getSlot} before {@code cons} when the consumer moves,
     * {@code prod} before {@code putSlot} when the producer moves, and a push that answers a
     * request puts its task straight into the granted block. Both sequences only grow and
     * {@code cons <= prod}, so {@code cons == prod} across the reads means neither side changed
     * blocks in between; within a block both slots only grow and a get needs
     * {@code getSlot < putSlot}, so {@code putSlot > getSlot} read in this order means the block
     * held a task at some moment between the reads, and {@code <=} that it was empty at the last.
     * Under sequential consistency the answer is thus linearizable (BwosLincheckTest checks it); on
     * weaker hardware, where neither these loads nor the owner's plain stores are ordered, it is
     * the hint the API promises.
     */
    @Override
    public boolean requestGrant() {
        long c = (long) CONS.getOpaque(this);
        int get = (int) GET_SLOT.getOpaque(this);
        int put = (int) PUT_SLOT.getOpaque(this);
        if (put <= get || (long) PROD.getOpaque(this) != c) {
            return false;
        }
        // Read before write: repeated requests leave the owner's line shared, not taken from it.
        if ((int) PROD_END.getOpaque(this) != REQUESTED) {
            PROD_END.setOpaque(this, REQUESTED);
        }
        return true;
    }

    @Override
    public int sizeEstimate() {
        long size = 0;
        for (int k = 0; k < blockCount; k++) {
            long s = (long) META.getOpaque(meta, off(k, S));
            long b = (long) META.getOpaque(meta, off(k, B));
            if (idx(s) < blockSize && round(s) == round(b)) {
                size += Math.max(0, idx(b) - idx(s));
            }
        }
        // The consumer's block: opaque reads of owner fields, racy, hence an estimate.
        int k = (int) CONS_BLOCK.getOpaque(this);
        size += Math.max(0, idx((long) META.getOpaque(meta, off(k, B)))
                - ((int) GET_SLOT.getOpaque(this) - k * blockSize));
        return (int) Math.min(size, capacity());
    }

    @Override
    public boolean probeStealable(RandomGenerator random) {
        int k = random.nextInt(blockCount);
        long s = (long) META.getOpaque(meta, off(k, S));
        long b = (long) META.getOpaque(meta, off(k, B));
        return idx(s) < blockSize && round(s) == round(b) && idx(b) > idx(s);
    }

    /** Moves the producer to sequence {@code seq}, empty; {@code prod} first, for requestGrant's reads. */
    private void setProd(long seq) {
        prod = seq;
        int k = blockOf(seq);
        prodBase = k * blockSize;
        PROD_END.setOpaque(this, prodBase + blockSize); // clears any request (see the class comment)
        putSlot = prodBase;
        prodB = off(k, B);
        prodBWord = word(roundOf(seq), 0) - prodBase;
    }

    /** Moves the consumer to sequence {@code seq}; {@code cons} last, for requestGrant's reads. */
    private void setCons(long seq, int front) {
        consBlock = blockOf(seq);
        consBase = consBlock * blockSize;
        consEnd = consBase + blockSize;
        getSlot = consBase + front;
        cons = seq;
        consInProd = seq == prod;
    }

    @Override
    public String toString() {
        return "FifoBwosDeque[" + blockCount + " x " + blockSize + ", ~" + sizeEstimate() + " tasks]";
    }
}

/** Padding before the owner's fields (JCTools style). */
abstract class FifoBwosPad0<E> extends BwosBlocks<E> {
    long p00, p01, p02, p03, p04, p05, p06, p07;
    long p08, p09, p10, p11, p12, p13, p14, p15;

    FifoBwosPad0(int blockCount, int blockSize) {
        super(blockCount, blockSize);
    }
}

/**
 * The owner-private state of producer and consumer: plain fields, written only by the owner, but
 * for the push limit {@code prodEnd}, which thieves lower to ask for a grant. The producer's B is
 * mirrored in {@code putSlot} (its word is also stored, with release, for thieves); the consumer's
 * F lives in {@code getSlot} and is stored into its block's word when the consumer leaves the
 * block. Both are absolute indexes into {@code entries}.
 */
abstract class FifoBwosOwnerFields<E> extends FifoBwosPad0<E> {
    static final VarHandle PROD;
    static final VarHandle CONS;
    static final VarHandle PROD_END;
    static final VarHandle PUT_SLOT;
    static final VarHandle GET_SLOT;
    static final VarHandle CONS_BLOCK;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            PROD = l.findVarHandle(FifoBwosOwnerFields.class, "prod", long.class);
            CONS = l.findVarHandle(FifoBwosOwnerFields.class, "cons", long.class);
            PROD_END = l.findVarHandle(FifoBwosOwnerFields.class, "prodEnd", int.class);
            PUT_SLOT = l.findVarHandle(FifoBwosOwnerFields.class, "putSlot", int.class);
            GET_SLOT = l.findVarHandle(FifoBwosOwnerFields.class, "getSlot", int.class);
            CONS_BLOCK = l.findVarHandle(FifoBwosOwnerFields.class, "consBlock", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The producer's block sequence. Plain: owner only; requestGrant reads it opaque (racy). */
    long prod;
    /** The consumer's block sequence. Plain: owner only; requestGrant reads it opaque (racy). */
    long cons;
    /** B's word minus the slot it stands for: {@code B = prodBWord + putSlot}. */
    long prodBWord;
    int prodBase;
    /**
     * The push limit: {@code prodBase + NE}, or 0 once a thief requested a grant. Opaque on every
     * access: the owner stores it at reset and when it takes up a request, thieves store 0; the
     * owner's push and thieves' requests load it. A hint, publishing nothing, so it pairs with
     * nothing; on the owner's line, which a request takes from it once.
     */
    int prodEnd;
    /** The producer's B as a slot. Plain: owner only; requestGrant reads it opaque (racy). */
    int putSlot;
    int prodB;
    int consBlock;
    int consBase;
    /** Where the consumer's gets stop: its block's end, or the cut of a grant on request. */
    int consEnd;
    /** The consumer's F as a slot. Plain: owner only; estimates and requests read it opaque (racy). */
    int getSlot;
    /** Whether the consumer is in the producer's block (then B, not NE, bounds its gets). */
    boolean consInProd;
    /** Blocks the producer or the consumer side moved to. Plain: owner only. */
    long blockAdvances;

    FifoBwosOwnerFields(int blockCount, int blockSize) {
        super(blockCount, blockSize);
    }
}

/**
 * Padding after the owner's fields, in two parts. The owner's fields end with narrow ones, and since
 * JDK 15 HotSpot puts a subclass's narrow fields (the deque's {@code randomizedStealing}, read by
 * thieves) into alignment holes of its superclasses: long padding would leave one right after
 * {@code consInProd}, bytes alone one right before {@code stealBlock}. Bytes, then longs, leave any
 * hole between the two, at least 128 bytes from both; PaddingLayoutTest checks the layout.
 */
abstract class FifoBwosPad1<E> extends FifoBwosOwnerFields<E> {
    byte q000, q001, q002, q003, q004, q005, q006, q007, q008, q009, q010, q011, q012, q013, q014, q015;
    byte q016, q017, q018, q019, q020, q021, q022, q023, q024, q025, q026, q027, q028, q029, q030, q031;
    byte q032, q033, q034, q035, q036, q037, q038, q039, q040, q041, q042, q043, q044, q045, q046, q047;
    byte q048, q049, q050, q051, q052, q053, q054, q055, q056, q057, q058, q059, q060, q061, q062, q063;
    byte q064, q065, q066, q067, q068, q069, q070, q071, q072, q073, q074, q075, q076, q077, q078, q079;
    byte q080, q081, q082, q083, q084, q085, q086, q087, q088, q089, q090, q091, q092, q093, q094, q095;
    byte q096, q097, q098, q099, q100, q101, q102, q103, q104, q105, q106, q107, q108, q109, q110, q111;
    byte q112, q113, q114, q115, q116, q117, q118, q119, q120, q121, q122, q123, q124, q125, q126, q127;

    FifoBwosPad1(int blockCount, int blockSize) {
        super(blockCount, blockSize);
    }
}

abstract class FifoBwosPad2<E> extends FifoBwosPad1<E> {
    long t00, t01, t02, t03, t04, t05, t06, t07;
    long t08, t09, t10, t11, t12, t13, t14, t15;

    FifoBwosPad2(int blockCount, int blockSize) {
        super(blockCount, blockSize);
    }
}

/** The thieves' block pointer (used when stealing in order), on its own cache lines. */
abstract class FifoBwosStealField<E> extends FifoBwosPad2<E> {
    static final VarHandle STEAL_BLOCK;

    static {
        try {
            STEAL_BLOCK = MethodHandles.lookup().findVarHandle(FifoBwosStealField.class, "stealBlock", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    long stealBlock;
    long r00, r01, r02, r03, r04, r05, r06, r07;
    long r08, r09, r10, r11, r12, r13, r14, r15;

    FifoBwosStealField(int blockCount, int blockSize) {
        super(blockCount, blockSize);
    }
}
