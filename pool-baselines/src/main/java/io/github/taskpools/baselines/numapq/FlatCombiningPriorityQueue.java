package io.github.taskpools.baselines.numapq;

import io.github.taskpools.numapq.ConcurrentPriorityQueue;
import io.github.taskpools.numapq.Event;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Comparator;
import java.util.OptionalLong;
import java.util.PriorityQueue;

/**
 * Flat combining (Hendler, Incze, Shavit and Tzafrir, SPAA'10), the thesis' first comparison
 * point (§3.7): a sequential binary heap behind one lock. Each thread owns a publication record
 * in a list; it writes its request there and, if the lock is free, becomes the combiner and
 * serves every pending request in the list; otherwise it spins on its record (yielding now and
 * then, as the thesis' FC does in time-sharing) until a combiner has served it.
 *
 * <p>Records are added to the list once per thread and never removed: a thread that stops
 * using the queue leaves an idle record behind.
 */
public final class FlatCombiningPriorityQueue<E> implements ConcurrentPriorityQueue<E> {
    private static final int NONE = 0;
    private static final int OFFER = 1;
    private static final int POLL = 2;
    private static final int SPINS_BEFORE_YIELD = 64;

    private static final VarHandle LOCK;
    private static final VarHandle HEAD;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            LOCK = l.findVarHandle(FlatCombiningPriorityQueue.class, "lock", int.class);
            HEAD = l.findVarHandle(FlatCombiningPriorityQueue.class, "head", Record.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** A publication record. */
    private static final class Record<E> {
        /** Immutable after the record is pushed (CAS on head publishes it). */
        Record<E> next;
        /** The request, written by the owner before the volatile store of {@link #op}. */
        Event<E> arg;
        /** The answer, written by the combiner before the volatile store of op = NONE. */
        Event<E> result;
        /** NONE when idle or served; volatile: the owner's request, the combiner's answer. */
        volatile int op;
    }

    /** The heap: touched only by the lock holder. */
    private final PriorityQueue<Event<E>> heap = new PriorityQueue<>(Comparator.comparingLong(Event::key));
    /** 0 free, 1 held: CAS to acquire, volatile store to release (publishes the heap). */
    private volatile int lock;
    /** The publication list: CAS push; volatile reads. */
    private volatile Record<E> head;
    /** Written by the combiner after each pass (volatile): the size it left. */
    private volatile long size;
    /** Written by the combiner after each pass (volatile): the minimum it left, or null. */
    private volatile Event<E> min;
    private final ThreadLocal<Record<E>> mine = ThreadLocal.withInitial(this::newRecord);

    private Record<E> newRecord() {
        Record<E> r = new Record<>();
        Record<E> h;
        do {
            h = head;
            r.next = h;
        } while (!HEAD.compareAndSet(this, h, r));
        return r;
    }

    @Override
    public void offer(long key, E value) {
        Record<E> r = mine.get();
        r.arg = new Event<>(key, value);
        await(r, OFFER);
    }

    @Override
    public Event<E> poll() {
        Record<E> r = mine.get();
        await(r, POLL);
        Event<E> e = r.result;
        r.result = null;
        return e;
    }

    private void await(Record<E> r, int op) {
        r.op = op;
        for (int spins = 0; r.op != NONE; spins++) {
            if (lock == 0 && LOCK.compareAndSet(this, 0, 1)) {
                try {
                    combine();
                } finally {
                    lock = 0;
                }
            } else if (spins % SPINS_BEFORE_YIELD == SPINS_BEFORE_YIELD - 1) {
                Thread.yield();
            } else {
                Thread.onSpinWait();
            }
        }
    }

    private void combine() {
        for (Record<E> r = head; r != null; r = r.next) {
            int op = r.op;
            if (op == OFFER) {
                heap.add(r.arg);
                r.arg = null;
                r.op = NONE;
            } else if (op == POLL) {
                r.result = heap.poll();
                r.op = NONE;
            }
        }
        min = heap.peek();
        size = heap.size();
    }

    /** The minimum the last combiner left: a hint (see the interface). */
    @Override
    public OptionalLong peekKey() {
        Event<E> m = min;
        return m == null ? OptionalLong.empty() : OptionalLong.of(m.key());
    }

    @Override
    public long size() {
        return size;
    }
}
