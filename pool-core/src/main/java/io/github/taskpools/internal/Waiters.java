package io.github.taskpools.internal;

import io.github.taskpools.api.TaskPool;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The consumers of one task pool that wait for a put: an event count (Vyukov's eventcount, as in
 * Folly's {@code EventCount}), so that {@link TaskPool.Consumer#take()} and
 * {@link TaskPool.Consumer#poll(long, TimeUnit)} park instead of spinning and a put wakes them.
 *
 * <h2>Protocol</h2>
 * A consumer that found nothing announces itself ({@code waiting + 1}, a volatile RMW, then a full
 * fence), reads the {@code epoch}, looks once more, and parks until the epoch moves. A producer
 * publishes its task, then {@link #signal()}s: a full fence and a read of {@code waiting}; only
 * when some consumer waits does it move the epoch (volatile RMW) and unpark one parked consumer.
 * Dekker on the task and {@code waiting}, each side's write, fence, read: either the consumer's
 * look finds the task, or the producer sees the consumer waiting and moves the epoch, which the
 * consumer reads before it parks (it queues itself first, so the producer's unpark finds it, or its
 * read of the epoch comes after the move). With nobody waiting, a put costs the fence and one read
 * of a line that stays shared in every producer's cache.
 *
 * <p>Asymmetric waiters drop the producer's fence: the waiting consumer issues Linux
 * {@code membarrier} instead, which makes every running thread of the process execute a full
 * barrier, so it stands for each producer's fence at that moment. For pools that opted into that
 * order already (SALSA's {@code FenceMode.ASYMMETRIC}): it rests on the same compiled program order
 * of the producer's release store and its later load (see {@code FenceMode.ASYMMETRIC}).
 *
 * <h2>Memory orderings</h2>
 * <pre>
 * field     writer: mode                               reader: mode
 * waiting   consumer: getAndAdd (volatile), +1 / -1   producer: volatile (signal, after its fence;
 *                                                      signalAfterVolatileStore, after a volatile
 *                                                      store of the task) or opaque (asymmetric)
 * epoch     producer: getAndAdd (volatile)             consumer: volatile, before each park
 * parked    ConcurrentLinkedQueue (CAS)                producer: poll, then the node's woken
 *                                                      flag (volatile) before its unpark
 * </pre>
 * A woken consumer may find the task taken by another consumer that did not wait; it waits again.
 * A consumer that stops waiting (a task, a timeout, an interrupt) leaves the queue itself; one that
 * a producer had already taken off the queue to wake, and that leaves by a timeout or an
 * interrupt, hands the wake to the next parked consumer. A woken consumer that got a task wakes
 * the next waiting one (a put may have published several tasks: a BWoS grant), so wakes propagate
 * while consumers find tasks.
 */
public final class Waiters extends WaitersPad1 {
    private static final int FOREVER = -1;

    final ConcurrentLinkedQueue<Parked> parked = new ConcurrentLinkedQueue<>();

    /**
     * A consumer's place in {@link #parked} for one wait. {@code woken} is set (volatile) by the
     * producer that takes it off the queue, before its unpark: the consumer leaves its wait when it
     * sees the flag, whatever the epoch says. The epoch alone is not enough: a producer moves it,
     * then takes the queue's head, and a consumer that read the moved epoch as its key and queued
     * itself in between would be taken off, unparked, find the epoch still equal to its key, and
     * park again off the queue, where no later producer finds it, parked for good ({@code
     * BlockingTakeTest.blockedTakersGetEveryTaskAndTheirStopTask}).
     */
    static final class Parked {
        final Thread thread = Thread.currentThread();
        volatile boolean woken;
    }
    private final boolean asymmetric;

    /**
     * Waiters whose producers {@link #signal()} with a fence, or, with {@code asymmetric}, without
     * one, relying on the consumers' membarrier (the process must be registered for private
     * expedited membarrier).
     */
    public Waiters(boolean asymmetric) {
        this.asymmetric = asymmetric;
    }

    /**
     * Producer, after publishing a task: wakes a waiting consumer, if any. A full fence, then a
     * volatile read; for asymmetric waiters the read alone (opaque): the consumers' membarrier
     * orders our publication before it, or it after their announcement.
     */
    public void signal() {
        long waiting;
        if (asymmetric) {
            waiting = (long) WAITING.getOpaque(this);
        } else {
            VarHandle.fullFence(); // the producer's half of the Dekker pattern of the class comment
            waiting = (long) WAITING.getVolatile(this);
        }
        if (waiting != 0) {
            wake();
        }
    }

    /**
     * Producer, after publishing a task with a volatile store: wakes a waiting consumer, if any. A
     * volatile read and no fence: the JMM orders the volatile store before it (synchronization
     * order), which is the producer's half of the class comment's Dekker pattern. Not for
     * asymmetric waiters.
     */
    public void signalAfterVolatileStore() {
        if ((long) WAITING.getVolatile(this) != 0) {
            wake();
        }
    }

    private void wake() {
        EPOCH.getAndAdd(this, 1L); // volatile RMW: a consumer that reads the new epoch sees our task
        wakeParked();
    }

    /** {@link TaskPool.Consumer#take()} on {@code consumer}'s {@code get()}. */
    public <E> E take(TaskPool.Consumer<E> consumer) throws InterruptedException {
        return await(consumer, FOREVER);
    }

    /** {@link TaskPool.Consumer#poll(long, TimeUnit)} on {@code consumer}'s {@code get()}. */
    public <E> E poll(TaskPool.Consumer<E> consumer, long timeout, TimeUnit unit) throws InterruptedException {
        return await(consumer, Math.max(0L, unit.toNanos(timeout)));
    }

    private <E> E await(TaskPool.Consumer<E> consumer, long nanos) throws InterruptedException {
        if (Thread.interrupted()) {
            throw new InterruptedException();
        }
        long deadline = nanos == FOREVER ? 0L : System.nanoTime() + nanos;
        boolean woken = false; // parked in this call and woken by a producer's epoch move
        for (;;) {
            E task;
            try {
                task = consumer.get();
            } catch (RuntimeException | Error e) {
                handOn(woken);
                throw e;
            }
            if (task != null) {
                return passedOn(task, woken);
            }
            long left = nanos == FOREVER ? FOREVER : deadline - System.nanoTime();
            if (nanos != FOREVER && left <= 0) {
                return null;
            }
            Parked me = null;
            boolean moved = false;
            WAITING.getAndAdd(this, 1L); // inside the try's reach at once: every path leaves
            try {
                long key = announce();
                try {
                    task = consumer.get();
                } catch (RuntimeException | Error e) {
                    handOn(woken);
                    throw e;
                }
                if (task != null) {
                    return passedOn(task, woken);
                }
                me = new Parked();
                parked.add(me); // before the epoch read of parkWhile: a producer that moves it later finds us
                moved = parkWhile(me, key, left);
                woken |= moved;
            } finally {
                leave();
                if (me != null && !parked.remove(me) && !moved) {
                    // A producer took us off the queue to wake us, but we leave by a timeout or an
                    // interrupt, not for its task: hand its wake to the next parked consumer.
                    wakeParked();
                }
            }
        }
    }

    /**
     * A consumer whose get() threw after it used up a wake hands the wake on: the task it was for
     * may be left for another consumer to take.
     */
    private void handOn(boolean woken) {
        if (woken) {
            wake();
        }
    }

    /**
     * A woken consumer that got a task wakes the next waiting one, if any: a put wakes one
     * consumer, but may have published more than one task (a BWoS grant hands thieves a block).
     */
    private <E> E passedOn(E task, boolean woken) {
        if (woken && (long) WAITING.getVolatile(this) != 0) {
            wake();
        }
        return task;
    }

    private void wakeParked() {
        Parked p = parked.poll();
        if (p != null) {
            p.woken = true; // volatile, before the unpark: the consumer leaves its wait on it
            LockSupport.unpark(p.thread);
        }
    }

    /** The consumer's half of the Dekker pattern, after its increment of {@code waiting}. */
    long announce() {
        if (asymmetric) {
            LinuxNative.privateExpeditedMembarrier(); // every producer's fence, see the class comment
        } else {
            // The RMW does not order get()'s later plain, opaque or acquire reads of the task in
            // the JMM's synchronization order; the fence does.
            VarHandle.fullFence();
        }
        return (long) EPOCH.getVolatile(this);
    }

    /** A consumer announced as waiting (its increment of {@code waiting}) stops waiting. */
    public void leave() {
        WAITING.getAndAdd(this, -1L);
    }

    /**
     * Parks until the epoch moves from {@code key} or a producer takes {@code me} off the queue
     * (returns true), {@code nanos} pass ({@code -1}: never; returns false), or an interrupt
     * (throws). The caller has queued {@code me} in {@link #parked}.
     */
    private boolean parkWhile(Parked me, long key, long nanos) throws InterruptedException {
        long deadline = System.nanoTime() + nanos;
        while (mustWait(me, key)) {
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
            if (nanos == FOREVER) {
                LockSupport.park(this);
            } else {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                LockSupport.parkNanos(this, left);
            }
        }
        return true;
    }

    /** A queued consumer parks (again) only while nobody took it off the queue and the epoch stays. */
    boolean mustWait(Parked me, long key) {
        return !me.woken && (long) EPOCH.getVolatile(this) == key;
    }

    /** Whether producers signal without a fence, relying on the consumers' membarrier. */
    public boolean isAsymmetric() {
        return asymmetric;
    }

    /** Consumers announced as waiting (a racy read, for monitoring and tests). */
    public long waitingCount() {
        return (long) WAITING.getVolatile(this);
    }

    /** How many times a producer saw a waiting consumer (a racy read, for monitoring and tests). */
    public long signalCount() {
        return (long) EPOCH.getVolatile(this);
    }
}

/** Padding before the hot fields (JCTools style): the owner pool's fields stay off their line. */
abstract class WaitersPad0 {
    long p00, p01, p02, p03, p04, p05, p06, p07;
    long p08, p09, p10, p11, p12, p13, p14, p15;
}

/** The two words every put reads and every waiting consumer writes. */
abstract class WaitersFields extends WaitersPad0 {
    static final VarHandle WAITING;
    static final VarHandle EPOCH;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            WAITING = l.findVarHandle(WaitersFields.class, "waiting", long.class);
            EPOCH = l.findVarHandle(WaitersFields.class, "epoch", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * Consumers between their announcement and their leaving; through {@link #WAITING} only. Longs,
     * not ints: the JVM may put a 4-byte field into the gap after the header, before the padding.
     */
    @SuppressWarnings("unused")
    private volatile long waiting;
    /** Moved by each signal that sees a waiting consumer; through {@link #EPOCH} only. */
    @SuppressWarnings("unused")
    private volatile long epoch;
}

abstract class WaitersPad1 extends WaitersFields {
    long q00, q01, q02, q03, q04, q05, q06, q07;
    long q08, q09, q10, q11, q12, q13, q14, q15;
}
