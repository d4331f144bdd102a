package io.github.taskpools.salsa;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A SALSA chunk (Algorithm 3, lines 37-39): {@code tasks} slots filled by one producer from index 0
 * up and an owner, the only consumer that may take tasks from it without a CAS.
 *
 * <h2>The owner word and its ABA tag (§5.3)</h2>
 * {@code owner} holds a tag in its high 32 bits and the owner's consumer id in its low 32 bits.
 * Every change (a steal's CAS, a producer re-attaching a reused chunk) increments the tag, so a
 * word names one <em>ownership epoch</em> of the chunk. Each {@link Node} records the word of its
 * epoch; "the chunk is owned through this node" is {@code owner == node.word}. A stealer that read
 * an old word fails its CAS however often the chunk changed hands since (the ABA case of §5.3),
 * and a consumer holding a node of an old epoch fails its ownership checks even if the chunk was
 * reused for it. The tag wraps after 2^32 changes, which a stalled thread would have to sleep
 * through to be fooled.
 *
 * <h2>Reuse (§5.4) without hazard pointers</h2>
 * The paper reclaims chunks with hazard pointers; here the garbage collector reclaims memory and
 * only reuse needs care, because three kinds of thread may still act on a finished chunk: a victim
 * between its index increment and the CAS of a task it committed to (Algorithm 5, lines 95-97), a
 * stealer between its ownership CAS and its CAS of the first task (line 137), and a stealer between
 * its ownership CAS and the publication of its new node (line 133), which reads the victim's index
 * and a slot of a chunk the victim may have finished, retired and handed to a producer meanwhile.
 * The third takes nothing (it reads an EMPTY or TAKEN slot, or it becomes the second kind, whose
 * generation check fails), but it publishes a node for an epoch that is over: such a node is dead
 * by its generation and is cleared by a consume scan or unlinked by the list's next append (see
 * {@link ChunkList}). The first two are in the slow path and bracket their slot CAS with
 * {@code pending} and a check of {@code gen}; the thread
 * that retires a chunk first checks that every slot is TAKEN, then increments {@code gen}, then
 * reads {@code pending}, and reuses the chunk only if it is 0 (otherwise the collector gets it).
 * The two volatile pairs form a Dekker handshake: either the retirer sees the pending thread and
 * does not reuse, or the pending thread sees the new generation and knows that its slot was
 * already TAKEN (the retirer saw it so), so its CAS would have failed. The common-case consume
 * needs no bracket: it writes TAKEN only into a slot it alone can take, so the chunk cannot be
 * retired before that write.
 *
 * <h2>Slot encoding: TAKEN is null</h2>
 * The paper's slots hold ⊥, a task or TAKEN. Here ⊥ is {@link #EMPTY}, a sentinel of this package, and
 * TAKEN is {@code null}, so the consumer's common-case write (line 92) stores null. Under G1 (the
 * default collector) a reference store into an old-generation array that does not store null runs
 * the post-write barrier's StoreLoad fence ({@code lock add} on x86-64, JDK 17 to 25) whenever
 * the card is not young, and reused chunks live in the old generation: with a TAKEN object the
 * "fence-free" consume carried a full fence per task inside the barrier, as many as SALSA+CAS's
 * CAS. A null store needs only the pre-write barrier's test of the marking flag. The cost moves
 * to reuse, where {@link #retire} refills a chunk with EMPTY by doubling array copies (G1 dirties
 * the copied range's cards in bulk per copy, not with a fence per slot).
 */
final class Chunk {
    static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(Object[].class);
    static final VarHandle OWNER;
    static final VarHandle GEN;
    static final VarHandle PENDING;
    /** ⊥ of §5.1: a slot no task was stored into in this epoch. Never handed out of the package. */
    static final Object EMPTY = new Object() {
        @Override
        public String toString() {
            return "EMPTY";
        }
    };
    /** TAKEN of §5.1: the slot's task was taken (see "Slot encoding"). */
    static final Object TAKEN = null;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            OWNER = l.findVarHandle(Chunk.class, "owner", long.class);
            GEN = l.findVarHandle(Chunk.class, "gen", int.class);
            PENDING = l.findVarHandle(Chunk.class, "pending", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * The slots: {@link #EMPTY} (⊥) until the producer stores a task (release; consumers read with
     * acquire), then TAKEN, which is {@code null} (the owner's opaque store, or a CAS in the slow
     * paths; see "Slot encoding"). Refilled with EMPTY on reuse by {@link #retire}, published to the
     * next producer by the chunk pool's queue (release/acquire). Stale readers (a stealer's search,
     * {@code hasTasks}, a victim through a stolen node, a stealer between its ownership CAS and its
     * slot read) may race with that refill; that is benign: EMPTY or TAKEN makes them stop, any
     * task of the new epoch they read was stored after {@link #reassign} and fails their ownership
     * check (or the generation check of {@link #casTake}), and {@code hasTasks} may only err
     * towards "not empty".
     */
    final Object[] tasks;
    /** Tag and owner id; read with acquire (volatile for the consumer's checks in FULL mode), changed by CAS only. */
    private long owner;
    /** Reuse generation; volatile, incremented by the retirer (see the class comment). */
    private int gen;
    /** Slow-path threads about to CAS a slot; volatile increments and decrements. */
    private int pending;

    Chunk(int size, int consumerId) {
        this.tasks = new Object[size];
        fillEmpty(tasks);
        this.owner = word(0, consumerId);
    }

    static long word(long tag, int consumerId) {
        return (tag << 32) | (consumerId & 0xFFFF_FFFFL);
    }

    /** The word of the next epoch, owned by {@code consumerId}. */
    static long nextWord(long word, int consumerId) {
        return word((word >>> 32) + 1, consumerId);
    }

    long ownerAcquire() {
        return (long) OWNER.getAcquire(this);
    }

    long ownerVolatile() {
        return (long) OWNER.getVolatile(this);
    }

    boolean casOwner(long expected, long value) {
        return OWNER.compareAndSet(this, expected, value);
    }

    /** Moves the chunk to a new epoch owned by {@code consumerId}; called by the producer reusing it. */
    long reassign(int consumerId) {
        long w;
        long next;
        do {
            w = (long) OWNER.getVolatile(this);
            next = nextWord(w, consumerId);
        } while (!OWNER.compareAndSet(this, w, next));
        return next;
    }

    int generation() {
        return (int) GEN.getVolatile(this);
    }

    Object slot(int i) {
        return SLOT.getAcquire(tasks, i);
    }

    /** Slot {@code i}, volatile: the stealer's read of line 125 in FULL mode (see ScPool). */
    Object slotVolatile(int i) {
        return SLOT.getVolatile(tasks, i);
    }

    /**
     * The slow-path take of slot {@code i} (lines 96-97 and 137-138), safe against reuse.
     *
     * @param generation the generation of the node through which the caller committed to slot i
     * @return whether the caller took {@code task}
     */
    boolean casTake(int generation, int i, Object task) {
        PENDING.getAndAdd(this, 1);
        try {
            if ((int) GEN.getVolatile(this) != generation) {
                return false; // retired since: slot i was TAKEN by someone else
            }
            return task != TAKEN && SLOT.compareAndSet(tasks, i, task, TAKEN);
        } finally {
            PENDING.getAndAdd(this, -1);
        }
    }

    /**
     * Prepares the chunk for reuse if nothing can act on it any more.
     *
     * @return whether the chunk may be handed to a producer
     */
    boolean retire() {
        for (int i = 0; i < tasks.length; i++) {
            if (SLOT.getAcquire(tasks, i) != TAKEN) {
                return false; // a slow-path taker still owes this slot its CAS
            }
        }
        GEN.getAndAdd(this, 1);
        if ((int) PENDING.getVolatile(this) != 0) {
            return false;
        }
        fillEmpty(tasks);
        return true;
    }

    /**
     * Sets every slot to {@link #EMPTY}: one store, then copies of the filled prefix onto the rest,
     * doubling, so G1's barriers run once per copy instead of once (with a fence) per slot. Plain
     * stores, published to the next producer by the chunk pool's queue (release/acquire).
     */
    private static void fillEmpty(Object[] a) {
        if (a.length == 0) {
            return;
        }
        a[0] = EMPTY;
        for (int filled = 1; filled < a.length; ) {
            int n = Math.min(filled, a.length - filled); // no overflow: filled < a.length
            System.arraycopy(a, 0, a, filled, n);
            filled += n;
        }
    }
}
