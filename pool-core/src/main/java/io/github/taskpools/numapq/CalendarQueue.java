package io.github.taskpools.numapq;

import static io.github.taskpools.numapq.CalendarNode.DEL;
import static io.github.taskpools.numapq.CalendarNode.MOV;
import static io.github.taskpools.numapq.CalendarNode.MOV_DEAD;
import static io.github.taskpools.numapq.CalendarNode.STATE;
import static io.github.taskpools.numapq.CalendarNode.TEMP;

import io.github.taskpools.api.TaskPool;
import io.github.taskpools.internal.Waiters;
import io.github.taskpools.numapq.CalendarTable.Current;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * A lock-free, unbounded concurrent priority queue of {@code long} keys (timestamps, deadlines,
 * priorities): the smallest key first, with a blocking {@link #take()} and a timed
 * {@link #poll(long, java.util.concurrent.TimeUnit)}. Any thread may call any method.
 * <pre>{@code
 * CalendarQueue<String> timers = new CalendarQueue<>();
 * timers.offer(System.nanoTime() + 1_000_000, "later");
 * timers.offer(System.nanoTime(), "now");
 * Event<String> first = timers.poll();                 // "now"; null when empty
 * Event<String> next = timers.take();                  // parks while empty; an offer wakes it
 * }</pre>
 * <p><b>Guarantees.</b> Every event offered is polled or taken exactly once, in key order among
 * events present together; {@code size()} and {@code peekKey()} are hints under concurrency.
 * <b>When to pick it.</b> Over {@code PriorityBlockingQueue} or a skip list when many threads
 * offer and poll at once; keys close together (a calendar) suit it best. On several NUMA nodes see
 * {@link NumaCalendarQueue}.
 *
 * <h2>Implementation notes</h2>
 * The conflict-resilient lock-free calendar queue, CRCQ (thesis §2.3.2, after Marotta et al.),
 * with the non-blocking descriptor operations of §3.1.1 that the delegation layer uses.
 *
 * <p><b>Structure.</b> A table of {@code length} physical buckets, each a Harris-style ordered
 * list of {@link CalendarNode}s; virtual bucket {@code vb = floor(key / bw)} lives in physical
 * bucket {@code vb mod length}. {@code current} holds the virtual bucket of the minimum and an
 * epoch; {@code size} counts elements by fetch-and-add.
 *
 * <p><b>Enqueue</b> (Algorithm 1): insert in sorted position with the epoch of {@code current}
 * read before the insertion CAS; then, if the key's virtual bucket is at or before
 * {@code current} ("in the past"), CAS {@code current} to that bucket with epoch + 1.
 *
 * <p><b>Dequeue</b> (Algorithm 2): read {@code current} = (cur, E); scan physical bucket
 * {@code cur mod length} for the first valid node. If its epoch is newer than E, an enqueue in
 * the past raced with us: restart. If its virtual bucket is {@code <= cur}, fetch-and-or DEL
 * into its state; the old state says whether we won it. Otherwise virtual bucket cur is empty:
 * CAS {@code current} to (cur + 1, E), which fails if an enqueue in the past bumped the epoch.
 * Invariant: on a table of several buckets, {@code current} only passes a virtual bucket after
 * a scan, under the same epoch, found no valid node in it (it may hold TEMP nodes: their
 * validation lowers {@code current} afterwards), and an enqueue completes only after
 * {@code current} is at or before its virtual bucket (in the non-blocking enqueue, whichever
 * executor returns first has lowered it), so no completed enqueue is left behind
 * {@code current}. The one exception is harmless: the jump of a one-bucket table below can
 * pass a node inserted between {@code cur} and the node it jumps to, but there every scan
 * starts at the head and takes the first valid node whose virtual bucket is {@code <= cur},
 * and a resize recomputes {@code current} from the migrated nodes.
 *
 * <p><b>Emptiness.</b> As in the thesis, a dequeue reports empty only on a one-bucket table
 * whose list holds no valid node (line 21). ReadTable shrinks a table whose {@code size} drops
 * below half its bucket count to the smallest power of two {@code >= size / DEPB}, so an empty
 * queue converges to one bucket. On a one-bucket table the first valid node is the global
 * minimum, so {@code current} may jump straight to its virtual bucket.
 *
 * <p><b>Resize</b> (Algorithm 3, ReadTable): when {@code size} leaves [length/2, 2·DEPB·length]
 * (or a dequeue crossed more than {@code 4·length + 64} empty virtual buckets in one call) a new
 * table is announced in {@code newTable}; every thread that calls ReadTable helps. The buckets
 * are frozen (a marker in each head pointer; the thesis marks head nodes, which this table does
 * not have: a bucket is a slot holding its first node), the new bucket width is computed from the
 * average distance of the smallest keys times DEPB, and each bucket is walked freezing every node
 * before following its {@code next}: a live node is copied into the new table as TEMP, one copy wins
 * {@code replica} (losers are deleted), {@code current} of the new table is lowered to it and the
 * replica validated. The old table is left frozen and dropped (the thesis also marks the old
 * node DEL; nothing reads a dropped table). Only then is the new table installed, so nothing but
 * helpers touches it during the migration. TEMP nodes of non-blocking enqueues are settled
 * through their descriptor (Algorithm 5).
 *
 * <p>DEPB (desired elements per bucket) is fixed at {@value #DEPB}; the thesis' ACRCQ adapts it
 * to the observed concurrency, which this class does not.
 *
 * <p><b>Blocking.</b> Beyond the thesis: {@link #take()} and {@link #poll(long, TimeUnit)} park
 * while the queue is empty, on an event count that {@link #offer} signals (a full fence and a
 * volatile read per offer while nobody waits), so that the queue can back a scheduler of timed
 * events without spinning. The delegation layer ({@link NumaCalendarQueue}) does not block.
 */
public final class CalendarQueue<E> implements ConcurrentPriorityQueue<E> {
    static final int DEPB = 3;
    static final int MAX_LENGTH = 1 << 22;
    /** Keys sampled for the bucket width. */
    private static final int BW_SAMPLE = 64;

    /** Returned by the descriptor operations when the operation changed locality (repost). */
    static final Object FAIL = new Object();

    /** Tells the descriptor operations whether a physical bucket is local (repost policy). */
    interface Locality {
        boolean isLocal(int bucket, int length);
    }

    private static final VarHandle TABLE;

    static {
        try {
            TABLE = MethodHandles.lookup().findVarHandle(CalendarQueue.class, "table", CalendarTable.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The table in use: CAS from an old table to its migrated successor; volatile reads. */
    private volatile CalendarTable<E> table;

    /**
     * Threads blocked in {@link #take()} or {@link #poll(long, TimeUnit)}: an event count (see
     * {@code internal.Waiters}). {@link #offer} signals it after its event is in (a full fence and
     * a volatile read of the waiting count; it moves the epoch and unparks only when someone
     * waits); a waiter announces itself, fences, looks once more, then parks (jcstress
     * {@code numapq.OfferVsWait}).
     */
    final Waiters waiters = new Waiters(false);
    /** This queue's poll as the waiters see it. */
    private final TaskPool.Consumer<Event<E>> waiting = new Waiting();

    /** A queue whose first bucket width is 1 (the first resize measures the keys). */
    public CalendarQueue() {
        this(1);
    }

    /**
     * A queue whose first bucket width is {@code bucketWidth}.
     *
     * @throws IllegalArgumentException if {@code bucketWidth < 1}
     */
    public CalendarQueue(long bucketWidth) {
        if (bucketWidth < 1) {
            throw new IllegalArgumentException("bucketWidth must be positive, got " + bucketWidth);
        }
        table = new CalendarTable<>(1, bucketWidth, new Current(Long.MAX_VALUE, 0));
    }

    // ---------------------------------------------------------------- public API

    /** {@inheritDoc} Wakes a thread blocked in {@link #take()} or {@link #poll(long, TimeUnit)}. */
    @Override
    public void offer(long key, E value) {
        enqueue(new Event<>(key, value), null);
        waiters.signal();
    }

    /**
     * Takes the event with the smallest key, parking (no spinning) while the queue is empty until
     * an {@link #offer} wakes it. It does not wait for the key to come due: a scheduler of timed
     * events takes the earliest, waits until its time, and puts it back with {@link #offer} if an
     * earlier one came in meanwhile.
     *
     * @return the event with the smallest key present when it was taken
     * @throws InterruptedException if the calling thread is interrupted while it waits (or on entry)
     */
    public Event<E> take() throws InterruptedException {
        return waiters.take(waiting);
    }

    /**
     * As {@link #take()}, waiting at most {@code timeout}.
     *
     * @return the event with the smallest key, or {@code null} if the queue stayed empty for
     *     {@code timeout}
     * @throws InterruptedException if the calling thread is interrupted while it waits (or on entry)
     */
    public Event<E> poll(long timeout, TimeUnit unit) throws InterruptedException {
        return waiters.poll(waiting, timeout, unit);
    }

    /** The queue as a consumer of the waiters: {@code get} is a non-blocking {@link #poll()}. */
    private final class Waiting implements TaskPool.Consumer<Event<E>> {
        @Override
        public Event<E> get() {
            return CalendarQueue.this.poll();
        }

        @Override
        public Event<E> take() throws InterruptedException {
            return CalendarQueue.this.take();
        }

        @Override
        public Event<E> poll(long timeout, TimeUnit unit) throws InterruptedException {
            return CalendarQueue.this.poll(timeout, unit);
        }
    }

    @Override
    public Event<E> poll() {
        Object r = dequeue(null);
        return castEvent(r);
    }

    @Override
    public OptionalLong peekKey() {
        for (int advances = 0;;) {
            CalendarTable<E> h = readTable();
            Current oc = h.current;
            CalendarNode<E> n = scan(h, oc);
            if (n == EMPTY_SCAN) {
                return OptionalLong.empty();
            }
            if (n == ADVANCED) {
                noteAdvance(h, ++advances);
            } else if (n != RESTART) {
                return OptionalLong.of(n.key);
            }
        }
    }

    @Override
    public long size() {
        return Math.max(0, table.size);
    }

    /** The number of physical buckets of the table in use (for tests and the NUMA binding). */
    int length() {
        return table.length;
    }

    // ---------------------------------------------------------------- locality (§3.1)

    /** The physical bucket an enqueue of {@code key} goes to now, and the table length. */
    long enqueueBucket(long key) {
        CalendarTable<E> h = readTable();
        return pack(h.bucketOf(Math.floorDiv(key, h.bw)), h.length);
    }

    /** The physical bucket of {@code current} (where a dequeue goes) and the table length. */
    long dequeueBucket() {
        CalendarTable<E> h = readTable();
        return pack(h.bucketOf(h.current.vb), h.length);
    }

    private static long pack(int bucket, int length) {
        return ((long) bucket << 32) | length;
    }

    static int bucketOfPacked(long p) {
        return (int) (p >>> 32);
    }

    static int lengthOfPacked(long p) {
        return (int) p;
    }

    // ---------------------------------------------------------------- ReadTable (Algorithm 3)

    CalendarTable<E> readTable() {
        for (;;) {
            CalendarTable<E> h = table;
            CalendarTable<E> nh = h.newTable;
            if (nh == null) {
                int newLength = resizeTarget(h);
                if (newLength == 0) {
                    return h;
                }
                CalendarTable.NEW_TABLE.compareAndSet(h, null,
                        new CalendarTable<E>(newLength, -1, new Current(Long.MAX_VALUE, 0)));
                nh = h.newTable;
            }
            migrate(h, nh);
            TABLE.compareAndSet(this, h, nh);
        }
    }

    /** 0 if table {@code h} needs no resize, else the new length. */
    private static int resizeTarget(CalendarTable<?> h) {
        long size = Math.max(0, h.size);
        int len = h.length;
        boolean grow = size > 2L * DEPB * len && len < MAX_LENGTH;
        boolean shrink = len > 1 && size < len / 2;
        if (!grow && !shrink && !h.rebalance) {
            return 0;
        }
        long want = (size + DEPB - 1) / DEPB;
        int target = 1;
        while (target < want && target < MAX_LENGTH) {
            target <<= 1;
        }
        return target;
    }

    private void migrate(CalendarTable<E> h, CalendarTable<E> nh) {
        int len = h.length;
        int begin = ThreadLocalRandom.current().nextInt(len);
        if (nh.bw < 0) {
            // Freeze the table (lines 9-14): no insertion at any bucket front from now on.
            for (int j = 0; j < len; j++) {
                h.freezeBucket((begin + j) & (len - 1));
            }
            CalendarTable.BW.compareAndSet(nh, -1L, bucketWidth(h));
        }
        long bw = nh.bw;
        for (int j = 0; j < len; j++) {
            for (CalendarNode<E> n = h.freezeBucket((begin + j) & (len - 1)); n != null; n = n.successor()) {
                long s = n.freezeForMove(); // MOV before reading next: the walk sees a still list
                if (isLiveAtFreeze(n, s)) {
                    migrateNode(n, nh, bw);
                }
            }
        }
    }

    /** Whether a frozen node holds an element that must move (Algorithm 3 and 5). */
    private static <E> boolean isLiveAtFreeze(CalendarNode<E> n, long s) {
        if ((s & MOV_DEAD) != 0) {
            return false;
        }
        if ((s & TEMP) != 0) {
            Operation<E> req = n.requestor;
            if (req == null) {
                return false; // a copy that lost its replica race in an earlier resize
            }
            // Algorithm 5: settle the non-blocking enqueue; a node that is not its candidate dies.
            req.casCandidate(null, n);
            return req.candidate == n;
        }
        return true;
    }

    private void migrateNode(CalendarNode<E> n, CalendarTable<E> nh, long bw) {
        long vb = Math.floorDiv(n.key, bw);
        CalendarNode<E> r = n.replica;
        if (r == null) {
            CalendarNode<E> copy = new CalendarNode<>(n.key, n.event, null, TEMP);
            copy.epoch = 0;
            copy.home = nh;
            insertCopy(nh, vb, copy);
            if (CalendarNode.REPLICA.compareAndSet(n, null, copy)) {
                nh.addSize(1); // line 36
                r = copy;
            } else {
                r = n.replica;
                copy.markDeleted(); // line 38
            }
        }
        if ((r.state & TEMP) != 0) {
            nh.enqueuedAt(vb); // line 39
            STATE.getAndBitwiseAnd(r, ~TEMP); // line 40: validate
        }
    }

    /**
     * Inserts a resize copy into the new table. Only helpers touch it before it is installed; a
     * helper that stalled past the installation may find it frozen by the next resize, and then
     * the replica is long decided: the copy is dropped.
     */
    private static <E> void insertCopy(CalendarTable<E> nh, long vb, CalendarNode<E> copy) {
        int b = nh.bucketOf(vb);
        for (;;) {
            CalendarNode<E>[] lr = search(nh, b, copy.key);
            if (lr == null) {
                return;
            }
            CalendarNode.NEXT.set(copy, lr[1]); // plain: copy is unpublished until the CAS below
            if (nh.casLink(b, lr[0], lr[1], copy)) {
                return;
            }
        }
    }

    /**
     * The new bucket width (Algorithm 3 line 15): DEPB times the average distance between the
     * smallest live keys, found by walking the virtual buckets from {@code current} on (the
     * table's buckets are frozen; the walk only reads). If a whole year of virtual buckets
     * holds fewer than two keys, the keys are sparse: the bucket minima are used instead.
     */
    private static long bucketWidth(CalendarTable<?> h) {
        long[] keys = new long[BW_SAMPLE];
        int count = 0;
        long bw = h.bw;
        long vb = h.current.vb;
        for (int i = 0; i < h.length && count < BW_SAMPLE && vb != Long.MAX_VALUE; i++, vb++) {
            for (CalendarNode<?> n = h.firstThroughMarker(h.bucketOf(vb)); n != null
                    && count < BW_SAMPLE; n = n.successor()) {
                long nvb = Math.floorDiv(n.key, bw);
                if (nvb > vb) {
                    break;
                }
                if (nvb == vb && (n.state & (DEL | MOV_DEAD)) == 0) {
                    keys[count++] = n.key;
                }
            }
        }
        if (count < 2) {
            count = 0;
            for (int b = 0; b < h.length && count < BW_SAMPLE; b++) {
                for (CalendarNode<?> n = h.firstThroughMarker(b); n != null; n = n.successor()) {
                    if ((n.state & (DEL | MOV_DEAD)) == 0) {
                        keys[count++] = n.key;
                        break;
                    }
                }
            }
        }
        if (count < 2) {
            return bw;
        }
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (int i = 0; i < count; i++) {
            min = Math.min(min, keys[i]);
            max = Math.max(max, keys[i]);
        }
        double gap = ((double) max - (double) min) / (count - 1);
        double w = Math.ceil(gap * DEPB);
        return w < 1 ? 1 : w > (double) (Long.MAX_VALUE >> 2) ? Long.MAX_VALUE >> 2 : (long) w;
    }

    // ---------------------------------------------------------------- Harris search

    /**
     * The nodes around where {@code key} goes in bucket {@code b} of {@code h}: {@code [left,
     * right]}, left valid or TEMP (or null: the bucket's head pointer), right the first node with
     * a larger key (inside one table equal keys stay in arrival order; resize helpers copy equal
     * keys in any order, and the interface leaves their order unspecified), unlinking DEL nodes
     * on the way. Null if the bucket is frozen for a resize. Unlike Algorithm 3 lines 29-32,
     * which merge copies by key and would drop one of two distinct events with equal keys, a copy
     * is told apart by the {@code replica} CAS of its original, so equal keys are simply inserted
     * side by side.
     */
    @SuppressWarnings("unchecked")
    private static <E> CalendarNode<E>[] search(CalendarTable<E> h, int b, long key) {
        retry:
        for (;;) {
            CalendarNode<E> left = null;
            for (;;) {
                CalendarNode<E> n = h.after(b, left);
                if (n != null && n.isMarker()) {
                    if (left == null) {
                        return null; // bucket frozen: a resize is on
                    }
                    continue retry; // left got deleted under us
                }
                if (n == null) {
                    return new CalendarNode[] {left, null};
                }
                long s = n.state;
                if ((s & MOV) != 0) {
                    return null;
                }
                if ((s & DEL) != 0) {
                    CalendarNode<E> succ = n.freezeNext();
                    h.casLink(b, left, n, succ); // unlink; re-read either way
                    continue;
                }
                if (n.key > key) {
                    return new CalendarNode[] {left, n};
                }
                left = n;
            }
        }
    }

    // ---------------------------------------------------------------- the dequeue scan

    /** Scan outcomes other than a node to extract. */
    private static final CalendarNode<Object> RESTART = outcome();
    private static final CalendarNode<Object> ADVANCED = outcome();
    private static final CalendarNode<Object> EMPTY_SCAN = outcome();

    /** A distinct node that is never linked, compared by identity only. */
    private static CalendarNode<Object> outcome() {
        return new CalendarNode<>(0, new Event<>(0, new Object()), null, 0);
    }

    /**
     * One pass of Algorithm 2 lines 7-28 over the physical bucket of {@code oc}: the first valid
     * node if it belongs to virtual bucket {@code <= cur} with epoch {@code <= E}; otherwise
     * {@link #RESTART} (resize or newer epoch seen), {@link #EMPTY_SCAN} (one-bucket table with
     * no valid node) or {@link #ADVANCED} (virtual bucket empty, {@code current} CAS attempted).
     * TEMP nodes are skipped, never unlinked; a DEL prefix is frozen and cut off (line 23).
     */
    @SuppressWarnings("unchecked")
    private CalendarNode<E> scan(CalendarTable<E> h, Current oc) {
        long cur = oc.vb;
        int b = h.bucketOf(cur);
        CalendarNode<E> minNext = h.first(b);
        if (minNext != null && minNext.isMarker()) {
            return (CalendarNode<E>) RESTART; // line 10: frozen by a resize
        }
        boolean prefix = true;
        CalendarNode<E> n = minNext;
        for (;;) {
            if (n == null) {
                break;
            }
            long s = n.state;
            if ((s & MOV) != 0) {
                return (CalendarNode<E>) RESTART;
            }
            if ((s & DEL) != 0) {
                CalendarNode<E> succ = prefix ? n.freezeNext() : n.successor();
                n = succ;
                continue;
            }
            if (prefix) {
                prefix = false;
                if (n != minNext) {
                    h.casFirst(b, minNext, n); // line 23
                }
            }
            if ((s & TEMP) != 0) {
                n = n.successor();
                continue;
            }
            if (n.epoch > oc.epoch) {
                return (CalendarNode<E>) RESTART; // an enqueue newer than our view of current
            }
            if (Math.floorDiv(n.key, h.bw) <= cur) {
                return n;
            }
            break;
        }
        if (prefix && n != minNext) {
            h.casFirst(b, minNext, n);
        }
        if (h.length == 1) {
            if (n == null) {
                return (CalendarNode<E>) EMPTY_SCAN; // line 21
            }
            h.casCurrent(oc, new Current(Math.floorDiv(n.key, h.bw), oc.epoch));
        } else if (cur != Long.MAX_VALUE) {
            h.casCurrent(oc, new Current(cur + 1, oc.epoch)); // line 24
        } else {
            h.rebalance = true; // no element was ever migrated here: let ReadTable rebuild
        }
        return (CalendarNode<E>) ADVANCED;
    }

    private static void noteAdvance(CalendarTable<?> h, int advances) {
        if (advances > 4 * h.length + 64 && !h.rebalance) {
            h.rebalance = true;
        }
    }

    // ---------------------------------------------------------------- blocking operations

    /**
     * Algorithm 1. With {@code loc} non-null, returns false without inserting once the key's
     * bucket is not local (repost policy), else true.
     */
    boolean enqueue(Event<E> ev, Locality loc) {
        Objects.requireNonNull(ev, "event");
        CalendarNode<E> tmp = new CalendarNode<>(ev.key(), ev, null, 0);
        CalendarTable<E> h;
        long nc;
        for (;;) {
            h = readTable();
            nc = Math.floorDiv(ev.key(), h.bw);
            int b = h.bucketOf(nc);
            if (loc != null && !loc.isLocal(b, h.length)) {
                return false;
            }
            CalendarNode<E>[] lr = search(h, b, ev.key());
            if (lr == null) {
                continue;
            }
            CalendarNode.NEXT.set(tmp, lr[1]); // plain: tmp is unpublished until the CAS below
            tmp.epoch = h.current.epoch;
            tmp.home = h;
            if (h.casLink(b, lr[0], lr[1], tmp)) {
                break;
            }
        }
        h.enqueuedAt(nc);
        h.addSize(1);
        return true;
    }

    /**
     * Algorithm 2: an event, null if empty, or {@link #FAIL} when {@code loc} is non-null and
     * the bucket of {@code current} is not local (repost policy).
     */
    Object dequeue(Locality loc) {
        for (int advances = 0;;) {
            CalendarTable<E> h = readTable();
            Current oc = h.current;
            if (loc != null && !loc.isLocal(h.bucketOf(oc.vb), h.length)) {
                return FAIL;
            }
            CalendarNode<E> n = scan(h, oc);
            if (n == EMPTY_SCAN) {
                return null;
            }
            if (n == ADVANCED) {
                noteAdvance(h, ++advances);
            } else if (n != RESTART) {
                long old = (long) STATE.getAndBitwiseOr(n, DEL); // line 16: fetch-and-or
                if (CalendarNode.isValid(old)) {
                    h.addSize(-1);
                    return n.event;
                }
                // lost to another dequeue (old had DEL) or to a resize (MOV): scan again
            }
        }
    }

    // ---------------------------------------------------------------- non-blocking operations

    /**
     * Algorithm 4: the enqueue of descriptor {@code op}, safe to run by several threads at once;
     * exactly one node becomes valid. Returns null when done, {@link #FAIL} on a locality change
     * before anything was inserted (repost policy).
     */
    Object enqueue(Operation<E> op, Locality loc) {
        Event<E> ev = op.event;
        CalendarNode<E> tmp = null;
        while (op.candidate == null) {
            CalendarTable<E> h = readTable();
            long nc = Math.floorDiv(ev.key(), h.bw);
            int b = h.bucketOf(nc);
            if (loc != null && !loc.isLocal(b, h.length)) {
                return FAIL;
            }
            CalendarNode<E>[] lr = search(h, b, ev.key());
            if (lr == null) {
                continue;
            }
            if (tmp == null) {
                tmp = new CalendarNode<>(ev.key(), ev, op, TEMP);
            }
            CalendarNode.NEXT.set(tmp, lr[1]); // plain: tmp is unpublished until the CAS below
            tmp.epoch = h.current.epoch;
            tmp.home = h;
            if (h.casLink(b, lr[0], lr[1], tmp)) {
                if (!op.casCandidate(null, tmp) && op.candidate != tmp) {
                    tmp.markDeleted(); // lines 21-25: another executor's node won
                }
                break;
            }
        }
        @SuppressWarnings("unchecked")
        CalendarNode<E> c = (CalendarNode<E>) op.candidate;
        CalendarTable<E> t = c.home;
        long s = c.state;
        // line 27: validate; TEMP to valid happens once, a frozen (MOV) candidate is validated
        // by the resize that moves it (Algorithm 5)
        boolean won = (s & (TEMP | MOV | DEL)) == TEMP && STATE.compareAndSet(c, s, s & ~TEMP);
        // Lines 29-34, run by every executor that sees the candidate valid and not frozen, not
        // only by the validator as in the thesis: the requester may complete as soon as any
        // executor returns, so the executor that returns first must already have lowered
        // current, or a later dequeue by the requester could skip the key. Lowering is
        // idempotent (a spare epoch bump only makes a scan restart); always after validation,
        // never before (a scan that saw the new epoch would skip the TEMP node and advance). A
        // frozen candidate is lowered in the new table by its migration, which the next
        // ReadTable completes before any operation uses that table.
        if (won || (c.state & (TEMP | MOV)) == 0) {
            t.enqueuedAt(Math.floorDiv(ev.key(), t.bw));
            if (won) {
                t.addSize(1); // only the validator counts, in the node's own table (see home)
            }
        }
        op.completeShared(null);
        return null;
    }

    /**
     * Algorithm 6: the dequeue of descriptor {@code op}, safe to run by several threads at once;
     * at most one node is deleted with {@code op.id} and all executors return its event, or all
     * return null (the queue was empty). {@link #FAIL} on a locality change (repost policy).
     *
     * <p>{@code op.candidate} leaves a node only when that node can never be deleted for this
     * operation (deleted by another operation, or frozen by a resize: states never return to
     * valid), so a stale executor's CAS on an old candidate cannot delete a second node.
     */
    Object dequeue(Operation<E> op, Locality loc) {
        long mine = CalendarNode.deletedBy(op.id);
        for (int advances = 0;;) {
            Object c = op.candidate;
            if (c == Operation.EMPTY) {
                op.completeShared(null);
                return null;
            }
            if (c != null) { // lines 10-21: help extract the agreed candidate
                @SuppressWarnings("unchecked")
                CalendarNode<E> cn = (CalendarNode<E>) c;
                Event<E> e = extractFor(op, cn, mine);
                if (e != null) {
                    op.completeShared(e);
                    return e;
                }
                continue;
            }
            CalendarTable<E> h = readTable();
            Current oc = h.current;
            if (loc != null && !loc.isLocal(h.bucketOf(oc.vb), h.length)) {
                return FAIL;
            }
            CalendarNode<E> n = scan(h, oc);
            if (n == EMPTY_SCAN) {
                if (op.casCandidate(null, Operation.EMPTY) || op.candidate == Operation.EMPTY) {
                    op.completeShared(null);
                    return null;
                }
            } else if (n == ADVANCED) {
                noteAdvance(h, ++advances);
            } else if (n != RESTART) {
                op.casCandidate(null, n); // line 29; the loop then helps whichever node won
            }
        }
    }

    /**
     * Tries to delete candidate {@code cn} for {@code op}; returns its event if it is deleted
     * for {@code op} (by us or another executor), else resets the candidate and returns null.
     */
    private Event<E> extractFor(Operation<E> op, CalendarNode<E> cn, long mine) {
        long w = (long) STATE.compareAndExchange(cn, 0L, mine);
        if (w == 0L) {
            // The node's own table: if a resize froze cn after this deletion, cn is MOV_DEAD and
            // not counted in the new table, so the count must not come off the new table either.
            cn.home.addSize(-1);
            return cn.event;
        }
        if ((w & DEL) != 0 && CalendarNode.opOf(w) == op.id) {
            return cn.event; // another executor of op deleted it
        }
        if ((w & (DEL | MOV)) != 0) {
            op.casCandidate(cn, null); // lines 19, 49, 59: cn is lost for good
        }
        return null;
    }

    @SuppressWarnings("unchecked")
    static <E> Event<E> castEvent(Object r) {
        return (Event<E>) r;
    }
}
