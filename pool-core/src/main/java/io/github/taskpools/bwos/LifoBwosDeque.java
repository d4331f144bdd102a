package io.github.taskpools.bwos;

import static io.github.taskpools.arraydeque.DequeChecks.checkNotNull;
import static io.github.taskpools.arraydeque.DequeChecks.checkOwner;
import static io.github.taskpools.arraydeque.DequeChecks.checkStealInto;

import io.github.taskpools.api.WorkStealingDeque;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.random.RandomGenerator;

/**
 * A bounded LIFO work-stealing deque of blocks: the thread that owns it pushes and pops its newest
 * task without a CAS or a fence; any other thread steals the oldest tasks, a block's worth at a time.
 * Use it as a worker's own task stack where the owner's path must stay cheap (fork/join workers,
 * schedulers). For a ready-made executor use {@code io.github.taskpools.executor.BwosExecutor}; for
 * N workers with steal policies, {@code io.github.taskpools.pool.BwosPool}.
 * <pre>{@code
 * LifoBwosDeque<Runnable> tasks = new LifoBwosDeque<>(8, 1024); // owned by the calling thread
 * Runnable job = () -> System.out.println("ran");
 * if (!tasks.push(job)) {
 *     job.run();                        // refused (full): the task stays with the caller
 * }
 * Runnable mine = tasks.pop();          // owner: newest first
 * Runnable stolen = tasks.steal();      // any thread: oldest first, or null
 * }</pre>
 * <p><b>Guarantees.</b> Every task pushed is taken exactly once, by {@code pop} or a steal; a push
 * that cannot take a task returns {@code false} and drops nothing. A steal returns {@code null}
 * while the tasks left are all in the owner's current block: that block becomes stealable when the
 * owner fills it or, after a thief's {@link #requestGrant()}, at the owner's next push.
 * <p><b>Threads.</b> {@code push}, {@code pop} and {@code remainingCapacity} are the owner's (the
 * constructing thread, or the caller of {@link #bindOwner()}); {@code steal}, {@code stealInto} and
 * {@code requestGrant} any thread's. At least three blocks.
 * <p><b>When to pick it.</b> Over {@link io.github.taskpools.chaselev.ChaseLevDeque} when owner
 * operations dominate (the owner's fast path has no fence); over a FIFO deque when the newest task
 * should run first (forks).
 *
 * <h2>Implementation notes</h2>
 * LIFO block-based work stealing (BWoS, Wang et al., OSDI'23, §3-§4): the owner pushes and pops at
 * the top block, thieves steal from the bottom block, and the two never work in the same block.
 *
 * <h3>Algorithm</h3>
 * The queue is {@code blockCount} blocks of {@code blockSize} (NE) entries (see {@link BwosBlocks}
 * for the metadata words F, B, S, C and sequence numbers). The owner keeps {@code top}, the
 * sequence of its block, in a private field; thieves share {@code stealBlock}, the sequence of the
 * block they steal from, which only ever grows by one (by CAS).
 * <ul>
 *   <li><b>Fast path</b> (§4.1). {@code push} writes entry {@code B} and bumps B; {@code pop}
 *       takes entry {@code B-1} while it is above F. Both touch only owner-private data: no CAS, no
 *       fence. A thief claims entry {@code S} of its block by CAS on S, copies it out, then counts
 *       the steal in C.</li>
 *   <li><b>Grant</b> (§4.2.1). When a push finds its block full, the owner hands the block to the
 *       thieves by a release store of {@code S = F}, and moves to {@code top + 1}. A granted block
 *       is therefore always full ({@code B == NE}).</li>
 *   <li><b>Grant on request</b> (the answer to §8: "if the number of outstanding work items is
 *       smaller than the block size, BWoS can prevent stealing"). A thief that found nothing calls
 *       {@link #requestGrant()}, which lowers the owner's push limit to 0. The owner's next push
 *       then takes its slow path: it stores the task, moves the older half of its block's tasks to
 *       the block's end and the newer half to block {@code top + 1}, and grants the block as if it
 *       had filled it (the positions in between count as claimed in C). The fast path pays only a
 *       comparison with a field instead of a constant.</li>
 *   <li><b>Takeover</b> (§4.2.1). When a pop finds its block empty, the owner moves back to
 *       {@code top - 1} and takes it from the thieves by an atomic exchange of S with
 *       {@code HELD}. The old value splits the block: thieves own {@code [.., old S)}, some perhaps
 *       still copying out, the owner owns {@code [old S, NE)} and sets {@code F = old S}. If the
 *       thieves had emptied the block meanwhile (old S == NE), the owner stores NE back and pop
 *       reports empty: every block below is exhausted too. <b>Take-back</b> (this implementation's):
 *       when {@code top - 1} is the thieves' block and the owner's block is empty from its first
 *       entry, the owner copies {@code [old S, NE)} down into its own block and marks
 *       {@code top - 1} exhausted instead of moving down, so that a boundary left by a grant does
 *       not cost a grant and a takeover per fork (see {@code takeBack}).</li>
 *   <li><b>Round control and reset</b> (§3.3, §4.2.2). Before the owner puts into a block again it
 *       checks that every thief that claimed an entry there has finished: in the same round
 *       {@code C == F} (all of {@code [0, F)} were claimed by thieves), from the previous round
 *       {@code S == C == (round-1, NE)}. Only then does it reset F, B and C. Thieves never reset
 *       anything: the reset of S is the owner's (the fix of §5.2), so takeover and reset never race.
 *   </li>
 *   <li><b>Thieves' block advance.</b> When S of the thieves' block reaches NE, a thief moves
 *       {@code stealBlock} on by CAS, but only onto a block granted in its round with entries left.
 *       The owner may help the same way when its ring is full.</li>
 * </ul>
 * An owner-held block has {@code S = HELD = (round, NE + 1)}, not NE as in the paper's
 * presentation: NE then means "exhausted by thieves" only, so a thief never mistakes the owner's
 * block for an exhausted one and moves past it (it would miss the block once the owner granted
 * it again). Blocks below {@code stealBlock} are therefore always exhausted, blocks between it and
 * {@code top} are granted and untouched by thieves, and a get that finds {@code top - 1} exhausted
 * knows the deque holds nothing outside the owner's block.
 *
 * <p>LIFO BWoS needs at least three blocks: with two, a full owner block waiting for the thieves'
 * exhausted block could never be granted, because the thieves may move on only onto a granted
 * block.
 *
 * <h3>Invariants</h3>
 * (1) put never overwrites an unconsumed entry; (2) steal and pop never take the same entry;
 * (3) no entry is taken twice; (4) a steal in progress never stops the owner (§3.1). (2) and (3)
 * follow from the CAS on S and the exchange in takeover; (1) from the reset check; (4) because
 * takeover is an exchange, never a wait.
 *
 * <h3>Memory orderings</h3>
 * Beside the paper's Table 2 (LIFO: 0 SEQ, 2 ACQ, 2 REL, 14 RLX, as verified by GenMC on IMM/RC11):
 * <pre>
 * variable       writer: mode                       reader: mode
 * entries        owner push: plain                  owner pop: plain; thief: plain after its CAS
 *                                                   on S (ordered by the grant's release)
 * B, F           owner: plain (owner-private; the   owner: plain; sizeEstimate: opaque
 *                current block's in owner fields)
 * S  grant       owner: release      (REL #1)       thief: acquire (ACQ #1), then CAS
 * S  takeover    owner: getAndSet (volatile RMW)    -
 * S  take-back   owner: opaque NE after the exchange thief: acquire (moves on)
 * S  give back   owner: opaque (takeover found NE)  thief: acquire
 * S  grant on     owner: release (as a grant)        thief: acquire
 *    request
 * S  reset       owner: opaque (nothing published)  -
 * S  claim       thief: CAS (volatile)              owner get-advance probe, reset check: opaque
 * C  steal done  thief: getAndAdd (volatile; REL #2) owner reset check: acquire (ACQ #2)
 * C  reset       owner: plain (no thief can reach the block until the next grant's release)
 * C  on request, owner: getAndAdd (volatile RMW; races counts of thieves that claimed before a
 *    take-back   takeover or the exchange)
 * pushLimit      thief request: opaque store of 0;  owner fast path: plain (a hint: a late
 *                owner: plain store on answer, CAS  sight only delays the answer); thief:
 *                in setTop                          opaque
 * stealBlock     thief/owner: CAS (volatile)        thief: acquire; owner: opaque (monotonic)
 * </pre>
 * The RMWs are volatile (the JMM's strongest mode) rather than the acquire or release RMW modes:
 * the JMM does not spell out release sequences for weaker RMWs, and on x86-64 ({@code lock
 * cmpxchg}/{@code xchg}/{@code xadd}) and AArch64 LSE ({@code casal}, {@code swpal},
 * {@code ldaddal}) the volatile form is the same or nearly the same instruction. The owner's fast
 * path has no RMW and no fence, as in the paper.
 *
 * <p>Owner-only methods check the calling thread on their slow paths (at block boundaries), where
 * it costs nothing measurable; see {@link WorkStealingDeque}.
 *
 * @param <E> the task type
 */
public final class LifoBwosDeque<E> extends LifoBwosStealField<E> {

    /**
     * A queue of {@code blockCount} blocks of {@code blockSize} entries, owned by the calling
     * thread.
     *
     * @throws IllegalArgumentException if {@code blockCount} is not in [3, 65536],
     *     {@code blockSize < 1}, or the capacity exceeds 2^28
     */
    public LifoBwosDeque(int blockCount, int blockSize) {
        super(requireThreeBlocks(blockCount), blockSize);
        for (int k = 0; k < blockCount; k++) {
            // Block k starts as sequence k of round 0, finished: free for round 1.
            long done = word(0, blockSize);
            meta[off(k, F)] = done;
            meta[off(k, B)] = done;
            meta[off(k, S)] = done;
            meta[off(k, C)] = done;
        }
        long first = blockCount; // sequence of block 0 in round 1
        resetBlock(0, roundOf(first));
        setTop(first, 0, 0);
        pushLimit = blockEnd; // no request yet (setTop keeps a 0 limit as a waiting request)
        STEAL_BLOCK.setRelease(this, first); // published by the safe publication of the queue
    }

    private static int requireThreeBlocks(int blockCount) {
        if (blockCount < 3) {
            throw new IllegalArgumentException("LIFO BWoS needs at least 3 blocks, got " + blockCount);
        }
        return blockCount;
    }

    /**
     * A queue of at least {@code capacity} entries in the paper's default shape: 8 blocks of at
     * least 64 entries.
     */
    public static <E> LifoBwosDeque<E> withCapacity(int capacity) {
        return new LifoBwosDeque<>(8, defaultBlockSize(capacity, 8));
    }

    /**
     * How many times the owner moved to another block so far: forward when put filled its block
     * (§4.2), back when get took over the granted block below (§4.2.1; a take-back, which copies
     * the block's entries into the owner's instead of moving, counts as one too). A plain owner-private count
     * kept on the slow paths only: exact when read by the owner, or by another thread after a
     * happens-before edge with the owner (after joining it, say); otherwise an estimate.
     */
    public long blockAdvances() {
        return blockAdvances;
    }

    // ------------------------------------------------------------------ owner

    @Override
    public boolean push(E task) {
        checkNotNull(task);
        int slot = putSlot;
        // Plain read of pushLimit: blockEnd, or 0 while a thief's request waits (a hint, see
        // requestGrant); the only cost of grant on request on the fast path.
        if (slot < pushLimit) {
            entries[slot] = task;
            putSlot = slot + 1; // plain: B is owner-private in LIFO BWoS
            return true;
        }
        return pushSlow(task);
    }

    private boolean pushSlow(E task) {
        checkOwner(owner);
        int slot = putSlot;
        if (slot < blockEnd) {
            // Only a request brings a push here with room in the block: store the task, then answer.
            entries[slot] = task;
            putSlot = slot + 1;
            grantOnRequest();
            return true;
        }
        if (!advancePut()) {
            return false;
        }
        entries[putSlot++] = task;
        return true;
    }

    @Override
    public E pop() {
        int slot = putSlot;
        if (slot > frontSlot) {
            slot--;
            @SuppressWarnings("unchecked")
            E task = (E) entries[slot];
            entries[slot] = null;
            putSlot = slot;
            return task;
        }
        return popSlow();
    }

    private E popSlow() {
        checkOwner(owner);
        return advanceGet() ? pop() : null;
    }

    /**
     * Block advancement for put (§4.2): reset check on block {@code top + 1}, grant of the current
     * block, reset of the next one.
     */
    private boolean advancePut() {
        long n = top + 1;
        if (!reusable(n)) {
            return false;
        }
        int k = topBlock;
        meta[off(k, B)] = word(topRound, blockSize);
        // Grant: thieves may now steal [F, NE) of the current block. Release: publishes the
        // entries the owner wrote into it (pairs with the thief's acquire load of S).
        META.setRelease(meta, off(k, S), word(topRound, frontSlot - topBase));
        resetBlock(blockOf(n), roundOf(n));
        setTop(n, 0, 0);
        blockAdvances++;
        grants++;
        return true;
    }

    /**
     * Grant on request (the answer to BWoS §8's limit, as in this project's HotSpot patch): a thief
     * found nothing to steal and asked; the owner holds {@code [f, b)} in its top block. The older
     * half {@code [f, f + g)}, rounded up, moves to {@code [NE - g, NE)}, where a granted block keeps
     * its entries (thieves claim from S up to NE), the newer half to the start of block
     * {@code top + 1}, which becomes the top block, as if the push had filled the block. Positions
     * {@code [f, NE - g)} will never be claimed, so the owner counts them in C as if thieves had
     * copied them out; C then reaches NE when the grant is exhausted, as round control expects.
     *
     * <p>The owner answers only when no granted block has entries left (the thieves' block is the
     * top block, or the exhausted block just below it), so the ring keeps the shape of the class
     * comment: granted blocks above the thieves' block are full and untouched, and the granted
     * block becomes the thieves' next one. Otherwise the thieves have work and the request is
     * dropped; so it is when round control forbids {@code top + 1} (the ring is full).
     */
    private void grantOnRequest() {
        // Plain: the request is answered here, or dropped; a request racing this store makes the
        // next push come here again, which is harmless.
        pushLimit = blockEnd;
        long sb = (long) STEAL_BLOCK.getAcquire(this); // acquire: pairs with the thieves' CAS
        if (sb != top) {
            if (sb != top - 1) {
                return; // granted blocks with unclaimed entries lie between
            }
            // Acquire: the thieves' last claim in that block happened-before our reading NE.
            long s = (long) META.getAcquire(meta, off(blockOf(sb), S));
            if (s != word(roundOf(sb), blockSize)) {
                return; // the thieves' block still has entries
            }
        }
        long n = top + 1;
        if (!reusable(n)) {
            return;
        }
        int f = frontSlot - topBase;
        int b = putSlot - topBase;
        int g = (b - f + 1) / 2;
        int keep = b - f - g;
        Object[] e = entries;
        int base = topBase;
        int next = blockOf(n) * blockSize;
        // Plain moves of owner-private entries: the grant's release store below publishes them.
        for (int i = 0; i < keep; i++) {
            e[next + i] = e[base + f + g + i];
        }
        for (int i = g - 1; i >= 0; i--) { // from the end down: the two ranges may overlap
            e[base + blockSize - g + i] = e[base + f + i];
        }
        for (int i = base + f; i < base + blockSize - g; i++) {
            e[i] = null;
        }
        int k = topBlock;
        // Volatile RMW: thieves that claimed below f before a takeover may still be counting.
        META.getAndAdd(meta, off(k, C), (long) (blockSize - g - f));
        meta[off(k, B)] = word(topRound, blockSize);
        // Grant: release publishes the moved entries (pairs with the thief's acquire load of S).
        META.setRelease(meta, off(k, S), word(topRound, blockSize - g));
        resetBlock(blockOf(n), roundOf(n));
        setTop(n, 0, keep);
        blockAdvances++;
        grants++;
        grantsOnRequest++;
    }

    /** Whether the owner may enter sequence {@code n} going forward (round control, §4.2.2). */
    private boolean reusable(long n) {
        long sb = (long) STEAL_BLOCK.getOpaque(this); // opaque: monotonic, a stale value is safe
        if (n - sb >= blockCount) {
            helpStealBlock(sb);
            if (n - (long) STEAL_BLOCK.getOpaque(this) >= blockCount) {
                return false; // the thieves still work in the block we would reuse
            }
        }
        int kn = blockOf(n);
        long rn = roundOf(n);
        long s = (long) META.getOpaque(meta, off(kn, S)); // opaque: C's acquire below orders the reuse
        // Acquire: every thief's copy-out of an entry here happens-before our overwrite of it.
        long c = (long) META.getAcquire(meta, off(kn, C));
        if (round(s) == rn) {
            // Left backwards in this round: the thieves claimed exactly [0, F) of it.
            return c == word(rn, idx(meta[off(kn, F)]));
        }
        long done = word(previousRound(rn), blockSize);
        return s == done && c == done;
    }

    /** Resets block {@code k} for round {@code r}, owner-held (S = HELD) and empty. */
    private void resetBlock(int k, long r) {
        long zero = word(r, 0);
        long[] m = meta;
        // Plain: no thief reaches this block before the grant, whose release store orders these.
        m[off(k, F)] = zero;
        m[off(k, B)] = zero;
        m[off(k, C)] = zero;
        // Opaque: thieves with a stale stealBlock may read S concurrently; it publishes nothing.
        META.setOpaque(m, off(k, S), held(r));
    }

    /** S of a block the owner holds: beyond NE, so thieves never take it for an exhausted one. */
    private long held(long round) {
        return word(round, blockSize + 1);
    }

    /**
     * Block advancement for get (§4.2.1): take over block {@code top - 1} if it has entries left.
     * Blocks below {@code top - 1} need no look: if it is exhausted, so are they.
     */
    private boolean advanceGet() {
        long p = top - 1;
        int kp = blockOf(p);
        long rp = roundOf(p);
        // Opaque probe: the exchange below is what orders the takeover.
        long s = (long) META.getOpaque(meta, off(kp, S));
        if (round(s) != rp || idx(s) >= blockSize) {
            return false; // exhausted, or it holds a newer round (the owner came back down to here)
        }
        meta[off(topBlock, B)] = word(topRound, putSlot - topBase); // B == F: the block is empty
        // Takeover: volatile exchange; the old S splits thieves from owner.
        long old = (long) META.getAndSet(meta, off(kp, S), held(rp));
        int front = idx(old);
        meta[off(kp, F)] = word(rp, front);
        if (front < blockSize) {
            // Acquire: pairs with the thieves' CAS that moved stealBlock onto p.
            if (frontSlot == topBase && (long) STEAL_BLOCK.getAcquire(this) == p) {
                takeBack(kp, rp, front);
                return true;
            }
            setTop(p, front, blockSize); // B of a granted block is NE: the owner owns [old S, NE)
            blockAdvances++;
            return true;
        }
        // The thieves emptied it after our probe: give it back as exhausted (no thief CASes a HELD
        // word, so a plain opaque store cannot lose an update) and stay where we are.
        META.setOpaque(meta, off(kp, S), word(rp, blockSize));
        return false;
    }

    /**
     * Take-back: the owner took over block {@code p = top - 1}, the thieves' block, and its own
     * block is empty from its first entry. Moving down to {@code p} would leave the owner in a full
     * block ({@code [old S, NE)}, a granted block's entries end at NE), so that its next push grants
     * it again and the pop after takes it over again, two RMWs per fork at that boundary; a grant
     * on request leaves such boundaries at any depth. Instead the owner copies its share down to
     * the start of its own block and marks {@code p} exhausted, counting its share in C as if
     * thieves had copied it out (C then reaches NE once the thieves' copies of {@code [0, old S)}
     * finish, as round control expects of an exhausted block). Since {@code p} was the thieves'
     * block, every block below it is exhausted too, so the invariant of the class comment holds.
     */
    private void takeBack(int kp, long rp, int front) {
        int m = blockSize - front;
        int from = kp * blockSize + front;
        // Plain: [old S, NE) of p is the owner's since the exchange, its own block's start unused.
        System.arraycopy(entries, from, entries, topBase, m);
        Arrays.fill(entries, from, from + m, null);
        // Volatile RMW: races the counts of thieves still copying out of [0, old S).
        META.getAndAdd(meta, off(kp, C), (long) m);
        // Opaque: S was HELD since the exchange, which no thief CASes; nothing is published (a
        // thief that reads NE moves on, and only onto a granted block).
        META.setOpaque(meta, off(kp, S), word(rp, blockSize));
        putSlot = topBase + m;
        blockAdvances++; // a takeover of p, though the owner stays where it is
    }

    /** Makes sequence {@code seq} the owner's block, its F and B being {@code front} and {@code back}. */
    private void setTop(long seq, int front, int back) {
        top = seq;
        topBlock = blockOf(seq);
        topRound = roundOf(seq);
        topBase = topBlock * blockSize;
        blockEnd = topBase + blockSize;
        frontSlot = topBase + front;
        putSlot = topBase + back;
        // A request that waits (pushLimit 0) stays: the new block may hold tasks to grant. CAS on
        // this slow path, so that a request arriving between our read and write is not lost.
        int limit = (int) PUSH_LIMIT.getOpaque(this);
        if (limit != 0) {
            PUSH_LIMIT.compareAndSet(this, limit, blockEnd);
        }
    }

    /**
     * Owner only: the tasks in the owner's current block, which no thief can take until the owner
     * grants it (a push that fills the block, or the next push after a {@link #requestGrant()}).
     * They are always the newest tasks: after a push that returned {@code true}, a count above 0
     * means the pushed task is among them. Two plain reads of owner-private fields, no fence.
     */
    public int ownerBlockSize() {
        return putSlot - frontSlot;
    }

    /**
     * {@inheritDoc}
     *
     * <p>Here: the request lowers the owner's push limit to 0 by an opaque store, read first so
     * that repeated requests do not take the owner's cache line each time; the owner's next push
     * then grants the older half of its block (see {@code grantOnRequest}), unless granted blocks
     * still hold tasks for thieves. The request is made whatever the owner's block seems to hold:
     * the answer is read from the owner's two plain slots, which a thief may see torn while the
     * owner moves between blocks, so it is an estimate and never decides whether to ask.
     */
    @Override
    public boolean requestGrant() {
        if ((int) PUSH_LIMIT.getOpaque(this) != 0) {
            PUSH_LIMIT.setOpaque(this, 0); // opaque: a hint; nothing is published through it
        }
        return (int) PUT_SLOT.getOpaque(this) > (int) FRONT_SLOT.getOpaque(this);
    }

    /** {@inheritDoc} Counts grants of full blocks and grants on request. */
    @Override
    public long grantCount() {
        return grants;
    }

    /**
     * How many of {@link #grantCount()} answered a thief's {@link #requestGrant()}. Owner-private,
     * read as {@link #blockAdvances()} is.
     */
    public long grantsOnRequest() {
        return grantsOnRequest;
    }

    /**
     * {@inheritDoc}
     *
     * <p>Here: the room left in the owner's block and in the blocks ahead that round control
     * already lets it reuse, less {@code NE - 1} when there is a block ahead, for a grant on request
     * (a {@link #requestGrant()} is a thief's doing too). A grant on request moves the owner to
     * block {@code top + 1} with up to half of its tasks and gives up the rest of its block:
     * positions {@code [f, NE - g)} of the granted block are free again only after thieves exhaust
     * it. From an owner block holding {@code b} tasks, the first push answering a request can
     * therefore lose {@code NE - b - 1 + (b + 1) / 2 <= NE - 1} positions beyond itself (b = 0 or
     * 1: the whole rest of the block). A further grant needs the thieves to have exhausted the one
     * before, which the owner's help then moves {@code stealBlock} past, freeing a block: so
     * {@code NE - 1} bounds the loss of any number of grants on request. Without a block ahead
     * there is no grant until one becomes reusable, which adds NE. A count that left this loss
     * out would promise pushes a request can then refuse, and a {@code stealInto} into the deque
     * would claim a batch it cannot push.
     */
    @Override
    public int remainingCapacity() {
        checkOwner(owner);
        int free = blockEnd - putSlot;
        int ahead = 0;
        for (long n = top + 1; n < top + blockCount && reusableAhead(n); n++) {
            ahead += blockSize;
        }
        return ahead == 0 ? free : free + ahead - (blockSize - 1);
    }

    /** {@link #reusable} without helping: a read-only check for blocks beyond the next one. */
    private boolean reusableAhead(long n) {
        if (n - (long) STEAL_BLOCK.getOpaque(this) >= blockCount) {
            return false;
        }
        int kn = blockOf(n);
        long rn = roundOf(n);
        long s = (long) META.getOpaque(meta, off(kn, S));
        long c = (long) META.getAcquire(meta, off(kn, C));
        if (round(s) == rn) {
            return c == word(rn, idx(meta[off(kn, F)]));
        }
        long done = word(previousRound(rn), blockSize);
        return s == done && c == done;
    }

    // ------------------------------------------------------------------ thieves

    @Override
    public E steal() {
        for (;;) {
            long sb = (long) STEAL_BLOCK.getAcquire(this);
            int k = blockOf(sb);
            int sOff = off(k, S);
            // Acquire: pairs with the grant's release store (entries visible) and with the
            // takeover's exchange (so the next block's S read below is not older than it).
            long s = (long) META.getAcquire(meta, sOff);
            if (round(s) != roundOf(sb)) {
                if ((long) STEAL_BLOCK.getAcquire(this) != sb) {
                    continue; // our stealBlock was stale
                }
                return null;
            }
            int i = idx(s);
            if (i < blockSize) {
                if (META.compareAndSet(meta, sOff, s, s + 1)) {
                    return copyOut(k, i);
                }
                continue; // conflict with another thief, a takeover or a grant: retry
            }
            if (i > blockSize) { // HELD: the owner took the thieves' block; nothing above it is granted
                if ((long) STEAL_BLOCK.getAcquire(this) != sb) {
                    continue;
                }
                return null;
            }
            if (!advanceStealBlock(sb)) {
                return null;
            }
        }
    }

    /** Copies out entry {@code i} of block {@code k}, claimed by a successful CAS on S. */
    private E copyOut(int k, int i) {
        int slot = k * blockSize + i;
        @SuppressWarnings("unchecked")
        E task = (E) entries[slot];
        entries[slot] = null; // plain: the owner rewrites the slot only after seeing our C count
        // Volatile RMW (release suffices, see the class comment): orders the read above before the
        // owner's reuse of the slot, which reads C with acquire.
        META.getAndAdd(meta, off(k, C), 1L);
        if (task == null) {
            throw new IllegalStateException("BWoS invariant broken: claimed an empty entry");
        }
        return task;
    }

    /**
     * Moves {@code stealBlock} from {@code sb}, whose block is exhausted, to {@code sb + 1} if that
     * block was granted in its round and has entries left.
     *
     * @return whether the caller should retry (the pointer moved, by us or another thread)
     */
    private boolean advanceStealBlock(long sb) {
        long n = sb + 1;
        long s = (long) META.getAcquire(meta, off(blockOf(n), S));
        if (round(s) == roundOf(n) && idx(s) < blockSize) {
            STEAL_BLOCK.compareAndSet(this, sb, n);
            return true;
        }
        return (long) STEAL_BLOCK.getAcquire(this) != sb;
    }

    /** The owner's help when its ring is full: moves stealBlock past an exhausted block. */
    private void helpStealBlock(long sb) {
        long s = (long) META.getAcquire(meta, off(blockOf(sb), S));
        if (s == word(roundOf(sb), blockSize)) {
            advanceStealBlock(sb);
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public int stealInto(WorkStealingDeque<E> destination, int maxTasks) {
        checkStealInto(this, destination, maxTasks);
        for (;;) {
            int room = Math.min(maxTasks, destination.remainingCapacity());
            if (room == 0) {
                return 0;
            }
            long sb = (long) STEAL_BLOCK.getAcquire(this);
            int k = blockOf(sb);
            int sOff = off(k, S);
            long s = (long) META.getAcquire(meta, sOff);
            if (round(s) != roundOf(sb)) {
                if ((long) STEAL_BLOCK.getAcquire(this) != sb) {
                    continue;
                }
                return 0;
            }
            int i = idx(s);
            if (i < blockSize) {
                // Whole-block batch steal: claim [i, j) with one CAS.
                int j = (int) Math.min(blockSize, (long) i + room);
                if (META.compareAndSet(meta, sOff, s, s + (j - i))) {
                    E[] batch = (E[]) new Object[j - i];
                    int base = k * blockSize;
                    for (int x = i; x < j; x++) {
                        batch[x - i] = (E) entries[base + x];
                        entries[base + x] = null;
                    }
                    META.getAndAdd(meta, off(k, C), (long) (j - i));
                    pushAll(destination, batch, j - i);
                    return j - i;
                }
                continue;
            }
            if (i > blockSize) {
                if ((long) STEAL_BLOCK.getAcquire(this) != sb) {
                    continue;
                }
                return 0;
            }
            if (!advanceStealBlock(sb)) {
                return 0;
            }
        }
    }

    // ------------------------------------------------------------------ any thread

    @Override
    public int sizeEstimate() {
        long size = 0;
        for (int k = 0; k < blockCount; k++) {
            int s = idx((long) META.getOpaque(meta, off(k, S)));
            if (s < blockSize) {
                size += blockSize - s; // granted entries not yet claimed
            }
        }
        // The owner's block: opaque reads of owner fields, racy, hence an estimate.
        size += Math.max(0, (int) PUT_SLOT.getOpaque(this) - (int) FRONT_SLOT.getOpaque(this));
        return (int) Math.min(size, capacity());
    }

    @Override
    public boolean probeStealable(RandomGenerator random) {
        int k = random.nextInt(blockCount);
        return idx((long) META.getOpaque(meta, off(k, S))) < blockSize;
    }

    @Override
    public String toString() {
        return "LifoBwosDeque[" + blockCount + " x " + blockSize + ", ~" + sizeEstimate() + " tasks]";
    }
}

/** Padding before the owner's fields (JCTools style). */
abstract class LifoBwosPad0<E> extends BwosBlocks<E> {
    long p00, p01, p02, p03, p04, p05, p06, p07;
    long p08, p09, p10, p11, p12, p13, p14, p15;

    LifoBwosPad0(int blockCount, int blockSize) {
        super(blockCount, blockSize);
    }
}

/**
 * The owner-private state: plain fields, written only by the owner. The owner keeps its block's B
 * and F here, as absolute indexes into {@code entries} ({@code putSlot}, {@code frontSlot}), so the
 * fast path is a bounded array stack; B is stored into the block's word when the owner leaves the
 * block, F whenever the owner changes it.
 */
abstract class LifoBwosOwnerFields<E> extends LifoBwosPad0<E> {
    static final VarHandle PUT_SLOT;
    static final VarHandle FRONT_SLOT;
    static final VarHandle PUSH_LIMIT;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            PUT_SLOT = l.findVarHandle(LifoBwosOwnerFields.class, "putSlot", int.class);
            PUSH_LIMIT = l.findVarHandle(LifoBwosOwnerFields.class, "pushLimit", int.class);
            FRONT_SLOT = l.findVarHandle(LifoBwosOwnerFields.class, "frontSlot", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Sequence of the owner's block. */
    long top;
    long topRound;
    int topBlock;
    int topBase;
    /** {@code topBase + NE}. */
    int blockEnd;
    /** {@code topBase + F} of the owner's block. */
    int frontSlot;
    /** {@code topBase + B} of the owner's block. */
    int putSlot;
    /**
     * The push fast path's bound: {@code blockEnd}, or 0 while a thief's grant request waits.
     * Owner: plain store when it answers, CAS in setTop (slow paths); fast path: plain read (a
     * hint, so a late sight only delays the answer). Thieves: opaque read, then opaque store of 0.
     * On the owner's line: thieves write it at most once per request.
     */
    int pushLimit;
    /** Blocks the owner moved to: forward by put, back by a takeover. Plain: owner only. */
    long blockAdvances;
    /** Grants, at block ends and on request. Plain: owner only. */
    long grants;
    /** Grants on request. Plain: owner only. */
    long grantsOnRequest;

    LifoBwosOwnerFields(int blockCount, int blockSize) {
        super(blockCount, blockSize);
    }
}

abstract class LifoBwosPad1<E> extends LifoBwosOwnerFields<E> {
    long q00, q01, q02, q03, q04, q05, q06, q07;
    long q08, q09, q10, q11, q12, q13, q14, q15;

    LifoBwosPad1(int blockCount, int blockSize) {
        super(blockCount, blockSize);
    }
}

/** The thieves' block pointer, on its own cache lines. */
abstract class LifoBwosStealField<E> extends LifoBwosPad1<E> {
    static final VarHandle STEAL_BLOCK;

    static {
        try {
            STEAL_BLOCK = MethodHandles.lookup().findVarHandle(LifoBwosStealField.class, "stealBlock", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    long stealBlock;
    long r00, r01, r02, r03, r04, r05, r06, r07;
    long r08, r09, r10, r11, r12, r13, r14, r15;

    LifoBwosStealField(int blockCount, int blockSize) {
        super(blockCount, blockSize);
    }
}
