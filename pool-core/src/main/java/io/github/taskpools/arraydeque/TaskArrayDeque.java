package io.github.taskpools.arraydeque;

import static io.github.taskpools.arraydeque.DequeChecks.checkOwner;
import static io.github.taskpools.arraydeque.DequeChecks.checkStealInto;
import static io.github.taskpools.arraydeque.DequeChecks.refusedWithinRoom;

import io.github.taskpools.api.WorkStealingDeque;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * The state shared by the array-based work-stealing deques of the library (Chase-Lev in
 * {@code io.github.taskpools.chaselev}; THE, FF-THE, FF-CL and THEP in
 * {@code io.github.taskpools.fencefree}): a fixed circular array of tasks and two indices into it.
 * Every deque that extends it has its algorithm in this package (the exported classes declare only
 * their constructors), so the fields, the VarHandles and the hooks are package-private, out of the
 * exported API; the class is public so that the exported deques inherit its public methods, and the
 * package is exported only to the baselines module.
 *
 * <ul>
 *   <li>{@code top} (H in THE terms): the index of the oldest task, the thieves' end. Only ever
 *       grows, by one at a time.</li>
 *   <li>{@code bottom} (T in THE terms): one past the newest task, the owner's end. Written only by
 *       the owner.</li>
 *   <li>Task {@code i} lives in slot {@code i & mask}; the deque holds {@code [top, bottom)} and
 *       {@code bottom - top <= capacity} whenever the owner is between operations.</li>
 * </ul>
 * The indices are 64-bit and never wrap in practice (2^63 operations); THEP keeps only the low 32
 * bits of {@code top} as the index and compares them with {@code bottom} modulo 2^32. Each index has two cache
 * lines of padding on either side (JCTools style), so thieves CASing {@code top} do not invalidate
 * the line the owner writes {@code bottom} to, and neither shares a line with the read-mostly
 * fields.
 *
 * <p>This class fixes no algorithm and no memory ordering: subclasses do. What it implements
 * reads {@code top} (through {@link #headEstimate}) and {@code bottom} in opaque mode only, as
 * estimates: {@link #sizeEstimate}, {@link #probeStealable}, and {@link #remainingCapacity} (a
 * lower bound because {@code top} only grows, and because opaque reads of {@code top} by the owner
 * are coherent with its later reads; the THE family, whose thieves may raise {@code top} by one and
 * put it back, overrides it).
 *
 * <p>Owner-only methods check the calling thread only on paths where the check costs nothing on the
 * fast path (push to a full deque, pop on an empty one) and always in {@link #remainingCapacity},
 * which {@link #stealInto} calls on its destination before it steals anything, so that a thief that
 * does not own the destination is stopped before a task leaves the victim; see {@link
 * WorkStealingDeque}. The checks themselves are {@link DequeChecks}', shared with BWoS.
 *
 * @param <E> the task type
 */
public abstract class TaskArrayDeque<E> extends TaskArrayBottomField<E> {
    /** The slots, for subclasses that access them in a stronger mode than plain. */
    static final VarHandle SLOTS = MethodHandles.arrayElementVarHandle(Object[].class);

    /** Largest capacity accepted. */
    static final int MAX_CAPACITY = 1 << 30;

    // Padding after bottom, before the fields of the subclasses.
    long r00, r01, r02, r03, r04, r05, r06, r07;
    long r08, r09, r10, r11, r12, r13, r14, r15;

    /**
     * An empty deque of {@code capacity} slots, owned by the calling thread.
     *
     * @throws IllegalArgumentException if {@code capacity} is not a power of two in
     *     [2, {@value #MAX_CAPACITY}]
     */
    TaskArrayDeque(int capacity) {
        super(checkCapacity(capacity));
    }

    private static int checkCapacity(int capacity) {
        if (capacity < 2 || capacity > MAX_CAPACITY || (capacity & (capacity - 1)) != 0) {
            throw new IllegalArgumentException(
                    "capacity must be a power of two in [2, " + MAX_CAPACITY + "], got " + capacity);
        }
        return capacity;
    }

    @Override
    public final void bindOwner() {
        owner = Thread.currentThread();
    }

    @Override
    public final int capacity() {
        return tasks.length;
    }

    /**
     * {@inheritDoc} Overridden by the THE family, where a thief's transient increment of H can
     * make {@code top} look one higher than the head.
     */
    @Override
    public int remainingCapacity() {
        checkOwner(owner); // one comparison, off the push and pop paths: keeps stealInto's promise
        // Owner only: bottom is ours (plain); a stale top only makes the bound smaller.
        return tasks.length - (int) (bottom - headEstimate());
    }

    @Override
    public final int sizeEstimate() {
        long t = headEstimate();
        long b = (long) BOTTOM.getOpaque(this);
        return (int) Math.max(0, Math.min(b - t, tasks.length));
    }

    /**
     * The head index ({@code top}, H), read opaque, for the estimates above. Here {@code top} is
     * the index itself; THEP, which packs an echo counter into the high bits of H, overrides this.
     */
    long headEstimate() {
        return (long) TOP.getOpaque(this);
    }

    /**
     * The one-task steal that {@link #stealInto} repeats: {@link #steal()} here. THEP overrides it
     * with a steal that gives up instead of waiting for its owner.
     */
    E stealForBatch() {
        return steal();
    }

    /** P_accept of BWoS §3.4: true with probability {@code size / capacity}. */
    @Override
    public final boolean probeStealable(RandomGenerator random) {
        return random.nextInt(tasks.length) < sizeEstimate();
    }

    /**
     * Steals one task at a time with {@link #stealForBatch()}: these deques have no batch claim (a thief
     * claims by one CAS per task). Never claims more than {@code destination.remainingCapacity()},
     * so every claimed task finds room.
     */
    @Override
    public final int stealInto(WorkStealingDeque<E> destination, int maxTasks) {
        checkStealInto(this, destination, maxTasks);
        int room = Math.min(maxTasks, destination.remainingCapacity());
        int moved = 0;
        while (moved < room) {
            E task = stealForBatch();
            if (task == null) {
                break;
            }
            if (!destination.push(task)) {
                throw refusedWithinRoom(List.of(task));
            }
            moved++;
        }
        return moved;
    }
}

/** The read-mostly fields: written at construction, and {@code owner} by {@code bindOwner()}. */
abstract class TaskArrayColdFields<E> implements WorkStealingDeque<E> {
    /**
     * The slots; task {@code i} is in slot {@code i & mask}. Plain accesses (volatile in the
     * baseline's orderings): written before the push's release of {@code bottom}, read by a thief
     * after its acquire of {@code bottom}.
     */
    final Object[] tasks;
    final int mask;
    /** The owner; plain, written only by {@code bindOwner()} whose contract gives happens-before. */
    Thread owner;

    TaskArrayColdFields(int capacity) {
        this.tasks = new Object[capacity];
        this.mask = capacity - 1;
        this.owner = Thread.currentThread();
    }
}

abstract class TaskArrayPad0<E> extends TaskArrayColdFields<E> {
    long p00, p01, p02, p03, p04, p05, p06, p07;
    long p08, p09, p10, p11, p12, p13, p14, p15;

    TaskArrayPad0(int capacity) {
        super(capacity);
    }
}

/** The thieves' index, on its own cache lines. */
abstract class TaskArrayTopField<E> extends TaskArrayPad0<E> {
    static final VarHandle TOP;

    static {
        try {
            TOP = MethodHandles.lookup().findVarHandle(TaskArrayTopField.class, "top", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * Index of the oldest task (H); through {@link #TOP} only. Moved by CAS (Chase-Lev, FF-CL) or
     * by release stores under the lock (the THE family); read with acquire where a claim or a
     * slot's reuse depends on it (pairing with that CAS or release), opaque elsewhere: see the
     * package overview's table.
     */
    long top;

    TaskArrayTopField(int capacity) {
        super(capacity);
    }
}

abstract class TaskArrayPad1<E> extends TaskArrayTopField<E> {
    long q00, q01, q02, q03, q04, q05, q06, q07;
    long q08, q09, q10, q11, q12, q13, q14, q15;

    TaskArrayPad1(int capacity) {
        super(capacity);
    }
}

/** The owner's index, on its own cache lines. */
abstract class TaskArrayBottomField<E> extends TaskArrayPad1<E> {
    static final VarHandle BOTTOM;

    static {
        try {
            BOTTOM = MethodHandles.lookup().findVarHandle(TaskArrayBottomField.class, "bottom", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * One past the newest task (T). Only the owner writes it, so the owner may read it plain; other
     * threads read it through {@link #BOTTOM}. Push publishes with a release fence and an opaque
     * store, which a thief's acquire read pairs with; takes lower and restore it opaque.
     */
    long bottom;

    TaskArrayBottomField(int capacity) {
        super(capacity);
    }
}
