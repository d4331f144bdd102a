package io.github.taskpools.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Binds threads to handles, one handle per thread at a time: the one thread binding of every
 * family (SALSA's producers and consumers, {@code BwosPool}'s workers, CAFÉ's handles, the NUMA
 * calendar queue's workers, and the comparison pools'). A thread gets a free handle on its first
 * call of {@link #mine} (or the one it names, {@link #claim}), gives it back with
 * {@link #release()}, and gives it back by dying: when no handle is free, a claiming thread takes
 * over a handle whose thread has terminated. A handle keeps its state (its queue, its chunks, its
 * counters) from one thread to the next, so nothing it holds is lost; the single-owner algorithms
 * it serves see one thread at a time.
 *
 * <p>The handles are a fixed set ({@link #ThreadBinding(Slot[], Consumer)}: the pools whose handles
 * are places in the algorithm) or grow on demand ({@link #growing(Supplier)}: CAFÉ, whose handles
 * are only a random generator and counters, so any number of threads may hold one at once). A
 * growing binding makes a handle only when its scan found none free and no holder terminated, so
 * it holds about as many handles as threads ever held one at once (a handle released during the
 * scan may be missed), and never fewer later: its handles are not dropped.
 *
 * <h2>Handing a handle on</h2>
 * A claim is a CAS of the handle's {@code owner} from free (never bound, or released) or from a
 * terminated thread to the claimer. A release is a CAS of it from the owner to the free marker,
 * after all its operations on the handle; the next claimer's CAS reads it, so everything the
 * previous owner did happens-before what the next one does. A terminated owner's actions
 * happen-before another thread's {@code isAlive()} that returns false (JLS 17.4.4), and the
 * claimer reads it before its CAS. A thread that dies in the middle of an operation (an
 * {@code Error} thrown inside the pool) leaves the handle as the operation left it: the shared
 * state stays consistent (the pools' operations are lock-free), but the owner-private fields of
 * a multi-step operation cut short may not be, and the next owner starts from them.
 *
 * <h2>Cost</h2>
 * {@link #mine} is a {@code ConcurrentHashMap} lookup by thread and a volatile read of the handle's
 * owner (paid per operation by the pools that look the caller's handle up in every operation, such
 * as the NUMA calendar queue; the others hand the handle out once). Claims, releases and
 * take-overs touch the map, scan the handles and CAS one owner; a claim that finds every handle of
 * a fixed binding held by a live thread polls every 100 µs, up to a second. {@link #checkThread(Slot)}
 * on every operation is a plain read of {@code owner}: a stale value can only let a misuse through
 * unchecked (the contract does not promise to catch every one), never refuse the owner, whose own
 * write it reads.
 *
 * <h2>Memory orderings</h2>
 * <pre>
 * field        writer: mode                               reader: mode
 * Slot.owner   claimers, claim(), bind(), adopt(): CAS     claimers, mine(), adopt(): volatile;
 *              (volatile); owner: CAS to FREE on release;  checks: plain
 *              finishClaim's and adopt()'s undo: CAS
 * slots        grow(): volatile, under the binding's      claimers, release(), forEach: volatile
 *              monitor (a copy with the new handle, already claimed, appended)
 * byThread     ConcurrentHashMap                          ConcurrentHashMap
 * </pre>
 *
 * @param <H> the handle type
 */
public final class ThreadBinding<H extends ThreadBinding.Slot> {
    /** The owner of a released handle: never started, so never alive, and no caller's thread. */
    static final Thread FREE = new Thread("released handle");
    /**
     * The owner of a handle a thread has adopted ({@link #adopt}) for a moment: never started, so it
     * must be told apart from a terminated owner; claims and binds wait until it is free again.
     */
    static final Thread ADOPTED = new Thread("adopted handle");

    static {
        // Hold no class loader: tools that walk a pool's object graph (Lincheck's model checker)
        // would otherwise reach the application loader's caches through them.
        FREE.setContextClassLoader(null);
        ADOPTED.setContextClassLoader(null);
    }

    /** What a handle needs to be bound. */
    public abstract static class Slot {
        private static final VarHandle OWNER;

        static {
            try {
                OWNER = MethodHandles.lookup().findVarHandle(Slot.class, "owner", Thread.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        /**
         * Null (never bound: usable unbound, by index), {@link #FREE}, {@link #ADOPTED}, or the
         * bound thread.
         */
        @SuppressWarnings("unused") // through OWNER
        private volatile Thread owner;

        /** For subclasses. */
        protected Slot() {
        }

        final boolean tryClaim(Thread expected, Thread claimer) {
            return OWNER.compareAndSet(this, expected, claimer);
        }

        final Thread owner() {
            return (Thread) OWNER.getVolatile(this);
        }
    }

    /**
     * Throws if handle {@code h} is bound to a thread other than the caller (or was released): the
     * check of every operation of a handle. A static method rather than a member of {@link Slot}, so
     * that the handle types the pools export do not offer it.
     */
    public static void checkThread(Slot h) {
        Thread t = (Thread) Slot.OWNER.get(h); // plain: see the class comment
        if (t != null && t != Thread.currentThread()) {
            throw new IllegalStateException(h + (t == FREE ? " was released" : " is bound to " + t)
                    + "; it cannot be used by " + Thread.currentThread());
        }
    }

    /**
     * How long a claim waits for a handle to come free when every one is bound to a live thread: a
     * thread pool starts the thread that replaces a dying one before the dying one has terminated
     * (ThreadPoolExecutor does, from the dying thread's own exit path), and the replacement would
     * otherwise find no handle.
     */
    static final long CLAIM_WAIT_NANOS = TimeUnit.SECONDS.toNanos(1);
    private static final long CLAIM_POLL_NANOS = TimeUnit.MICROSECONDS.toNanos(100);

    /** The handles; replaced by a longer copy when a growing binding makes one. */
    private volatile H[] slots;
    private final Consumer<? super H> onBound;
    /** Makes a handle when none is free (in the claiming thread); null: the handles are fixed. */
    private final Supplier<? extends H> newSlot;
    private final Map<Thread, H> byThread = new ConcurrentHashMap<>();

    /** A binding over {@code slots}, all free. */
    public ThreadBinding(H[] slots) {
        this(slots, h -> { });
    }

    /**
     * A binding over {@code slots}, all free, that runs {@code onBound} in the claiming thread once
     * it owns a handle, before the handle is handed out (for example to pin the thread to the
     * handle's CPU). If {@code onBound} throws, the handle is free again.
     */
    public ThreadBinding(H[] slots, Consumer<? super H> onBound) {
        this(Objects.requireNonNull(slots, "slots").clone(), onBound, null);
    }

    private ThreadBinding(H[] slots, Consumer<? super H> onBound, Supplier<? extends H> newSlot) {
        this.slots = slots;
        this.onBound = Objects.requireNonNull(onBound, "onBound");
        this.newSlot = newSlot;
    }

    /**
     * A binding with no handles yet, that makes one with {@code newSlot} (called in the claiming
     * thread) whenever a thread claims and no handle is free or held by a terminated thread.
     */
    @SuppressWarnings("unchecked")
    public static <H extends Slot> ThreadBinding<H> growing(Supplier<? extends H> newSlot) {
        return new ThreadBinding<>((H[]) new Slot[0], h -> { }, Objects.requireNonNull(newSlot, "newSlot"));
    }

    /** The handle {@link #mine} would answer the calling thread without claiming, or null. */
    public H held() {
        Thread me = Thread.currentThread();
        H h = byThread.get(me);
        return h != null && h.owner() == me ? h : null;
    }

    /** The calling thread's handle, claiming one on first call (see {@link #mine(Predicate)}). */
    public H mine() {
        return mine(h -> true);
    }

    /**
     * The calling thread's handle. On its first call (or its first since a release) the thread
     * claims a free handle, {@code preferred} ones first, else takes over the handle of a terminated
     * thread; when every handle is bound to a live thread, a growing binding makes one, and a fixed
     * one waits up to a second for one to be released or its thread to terminate.
     *
     * @throws IllegalStateException if every handle of a fixed binding stayed bound to a live
     *     thread for a second
     */
    public H mine(Predicate<? super H> preferred) {
        Thread me = Thread.currentThread();
        H h = byThread.get(me);
        if (h != null && h.owner() == me) {
            return h;
        }
        if (h != null) {
            byThread.remove(me, h); // another thread bind()-took it: stale
        }
        return claimAny(me, preferred);
    }

    private H claimAny(Thread me, Predicate<? super H> preferred) {
        long deadline = System.nanoTime() + CLAIM_WAIT_NANOS;
        boolean interrupted = false;
        try {
            for (;;) {
                H h = tryClaim(me, preferred);
                if (h != null) {
                    return h;
                }
                if (newSlot != null) {
                    return grow(me);
                }
                if (System.nanoTime() - deadline > 0) {
                    throw new IllegalStateException("all " + slots.length + " handles of this kind are bound to"
                            + " live threads; a thread gives its handle back with release() or by terminating");
                }
                LockSupport.parkNanos(this, CLAIM_POLL_NANOS);
                interrupted |= Thread.interrupted(); // an interrupt would end every park at once
            }
        } finally {
            if (interrupted) {
                me.interrupt();
            }
        }
    }

    private H tryClaim(Thread me, Predicate<? super H> preferred) {
        H[] slots = this.slots;
        for (int pass = 0; pass < 2; pass++) {
            for (H h : slots) {
                if (pass == 1 || preferred.test(h)) {
                    Thread o = h.owner();
                    if ((o == null || o == FREE) && h.tryClaim(o, me)) {
                        return finishClaim(me, h, o);
                    }
                }
            }
        }
        for (H h : slots) {
            Thread o = h.owner();
            if (o != null && o != FREE && o != ADOPTED && terminated(o) && h.tryClaim(o, me)) {
                byThread.remove(o, h);
                return finishClaim(me, h, FREE);
            }
        }
        return null;
    }

    /**
     * Makes a handle, claimed by {@code me} before anyone else can see it, and appends it. The
     * handle is made outside the monitor (its factory may be user code); appends are serialised so
     * that none is lost.
     */
    private H grow(Thread me) {
        H h = Objects.requireNonNull(newSlot.get(), "the handle factory returned null");
        if (!h.tryClaim(null, me)) {
            throw new IllegalStateException("the handle factory returned a handle already bound: " + h);
        }
        synchronized (this) {
            H[] old = slots;
            H[] grown = Arrays.copyOf(old, old.length + 1);
            grown[old.length] = h;
            slots = grown; // volatile: publishes the handle to later scans
        }
        return finishClaim(me, h, null);
    }

    /** The claim of {@code h} by {@code me} succeeded; if {@code onBound} fails, {@code h} goes back to {@code before}. */
    private H finishClaim(Thread me, H h, Thread before) {
        try {
            onBound.accept(h);
        } catch (RuntimeException | Error e) {
            h.tryClaim(me, before);
            throw e;
        }
        byThread.put(me, h);
        return h;
    }

    /**
     * Binds {@code h} to the calling thread whoever held it, for callers that hand handles out
     * themselves (a worker's {@code bind()}): the caller must know that its previous thread no
     * longer uses it (it terminated, with a happens-before such as a join, or it hands over by a
     * synchronizing action). A thread may hold several handles this way (one thread driving
     * several workers in turn); {@link #mine} answers the last one bound, and {@link #release()}
     * gives them all back.
     */
    public void bind(H h) {
        Thread me = Thread.currentThread();
        for (Thread previous; (previous = h.owner()) != me; ) {
            if (previous == ADOPTED) {
                Thread.onSpinWait(); // an adopter runs one short action on it (see adopt)
                continue;
            }
            if (takeOver(h, previous, me)) { // a CAS, so that a concurrent claim is not overwritten
                return;
            }
        }
        byThread.put(me, h);
    }

    /**
     * Binds handle {@code h} to the calling thread if it is free or its thread has terminated, in
     * place of the handle {@link #mine} answered so far, which goes back (a thread that names its
     * handle, such as a worker index of a topology). Handles the thread took with {@link #bind}
     * other than that one stay bound to it: the pools use one of the two, never both.
     *
     * @throws IllegalStateException if a live thread other than the caller holds {@code h}
     */
    public void claim(H h) {
        Thread me = Thread.currentThread();
        H previous = byThread.get(me);
        for (Thread o; (o = h.owner()) != me; ) {
            if (o == ADOPTED) {
                Thread.onSpinWait(); // an adopter runs one short action on it (see adopt)
                continue;
            }
            if (o != null && o != FREE && !terminated(o)) {
                throw new IllegalStateException(h + " is bound to " + o + "; " + me + " cannot claim it");
            }
            takeOver(h, o, me);
        }
        byThread.put(me, h);
        if (previous != null && previous != h) {
            previous.tryClaim(me, FREE);
        }
    }

    /**
     * The CAS of {@code h}'s owner from {@code from} to {@code me}; if it succeeds, {@code from}'s
     * entry goes and the claim is finished ({@code onBound}, the map).
     */
    private boolean takeOver(H h, Thread from, Thread me) {
        if (!h.tryClaim(from, me)) {
            return false;
        }
        if (from != null && from != FREE) {
            byThread.remove(from, h);
        }
        finishClaim(me, h, from);
        return true;
    }

    /**
     * Runs {@code action} on handle {@code h} as its owner, if nobody holds it (released, or its
     * thread terminated), then frees it: for a thread that takes what an abandoned handle holds
     * and nothing else can reach (tasks in the owner's part of a deque). Meanwhile {@code h} is
     * bound to nobody: claims and binds of it wait, and {@link #checkThread} refuses every thread,
     * the adopter included, which works on what {@code h} guards directly (the binding's
     * {@code onBound} runs in the adopter first, making it the deque's owner); the adopter keeps
     * its own handles. A handle never bound (used by index) or bound to a live thread is left
     * alone.
     *
     * @return what {@code action} returned, or {@code null} if {@code h} was not abandoned
     */
    public <R> R adopt(H h, Function<? super H, ? extends R> action) {
        Thread o = h.owner();
        if (!abandoned(o) || !h.tryClaim(o, ADOPTED)) {
            return null;
        }
        if (o != FREE) {
            byThread.remove(o, h);
        }
        try {
            onBound.accept(h);
            return action.apply(h);
        } finally {
            // A CAS for symmetry; nobody else writes an adopted handle's owner (claims and binds
            // wait). Its volatile write publishes the action's effects to the next claimer.
            h.tryClaim(ADOPTED, FREE);
        }
    }

    private static boolean abandoned(Thread o) {
        return o == FREE || (o != null && o != ADOPTED && terminated(o));
    }

    /**
     * Whether {@code t} has terminated. {@code getState()}, a read of a field, filters: a pool
     * that adopts on every failed steal would otherwise pay {@code isAlive()}, a native call on JDK
     * 17, per live owner. {@code isAlive()} decides, because its {@code false} follows the thread's
     * last action (JLS 17.4.4); a thread that the first calls terminated and the second alive is
     * taken for alive, this time.
     */
    static boolean terminated(Thread t) {
        return t.getState() == Thread.State.TERMINATED && !t.isAlive();
    }

    /**
     * Gives the calling thread's handles back, if it has any: its next {@link #mine} claims again,
     * possibly another handle, and the handles it held throw on their next use by this thread.
     *
     * @return whether the thread had a handle
     */
    public boolean release() {
        Thread me = Thread.currentThread();
        boolean released = byThread.remove(me) != null;
        for (H h : slots) { // all of them: bind() may have given this thread several
            // A CAS, not a store: another thread's bind() may take the handle meanwhile.
            released |= h.owner() == me && h.tryClaim(me, FREE);
        }
        return released;
    }

    /**
     * Handle {@code index}, unbound: for callers that arrange exclusive use themselves. A handle that
     * was bound and then released refuses every thread until one claims it again.
     */
    public H get(int index) {
        return slots[Objects.checkIndex(index, slots.length)];
    }

    /** The number of handles (of a growing binding: made so far). */
    public int size() {
        return slots.length;
    }

    /** Runs {@code action} on every handle made so far, bound or not (for counters). */
    public void forEach(Consumer<? super H> action) {
        for (H h : slots) {
            action.accept(h);
        }
    }

    /** Handles bound to a thread, live or terminated (a racy count, for tests and monitoring). */
    public int boundCount() {
        int n = 0;
        for (H h : slots) {
            Thread o = h.owner();
            if (o != null && o != FREE) {
                n++;
            }
        }
        return n;
    }
}
