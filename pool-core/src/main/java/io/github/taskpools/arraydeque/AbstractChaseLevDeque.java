package io.github.taskpools.arraydeque;

import static io.github.taskpools.arraydeque.DequeChecks.checkNotNull;
import static io.github.taskpools.arraydeque.DequeChecks.checkOwner;

import java.lang.invoke.VarHandle;

/**
 * The Chase-Lev work-stealing deque (Chase and Lev, SPAA'05), bounded, in the form of Lê et al.
 * (PPoPP'13, "Correct and Efficient Work-Stealing for Weak Memory Models", Fig. 1), written once
 * against access-mode hooks. {@link ChaseLevLeOrderings} implements the hooks with the orderings of
 * Lê et al. (for {@code chaselev.ChaseLevDeque}), {@link ChaseLevSeqCstOrderings} with volatile
 * accesses only (for the baseline {@code baselines.chaselev.SeqCstChaseLevDeque} of the
 * pool-baselines module); each hook is named after the weakest mode the algorithm needs there. The
 * two full fences (FENCE below, Lê et al.'s seq_cst fences) are part of the algorithm and are
 * executed by both classes.
 *
 * <h2>Algorithm</h2>
 * <pre>
 * push(x):  b = bottom; t = top (acquire)
 *           if b - t >= capacity: return false             (full; no resizing)
 *           slot[b] = x; bottom = b + 1 (release)
 * pop():    b = bottom - 1; bottom = b; FENCE; t = top
 *           if t > b:  bottom = b + 1; return null           (empty)
 *           x = slot[b]
 *           if t == b:                                      (last task: race the thieves)
 *               if !CAS(top, t, t + 1): x = null
 *               bottom = b + 1
 *           return x
 * steal():  t = top (acquire); FENCE; b = bottom (acquire)
 *           if t >= b: return null                          (empty)
 *           x = slot[t]
 *           if CAS(top, t, t + 1): return x
 *           retry                                           (lost to a thief or to the owner)
 * </pre>
 * The owner announces a pop by lowering {@code bottom} to {@code b} before it reads {@code top}; a
 * thief reads {@code top} before {@code bottom}, with the two fences in between. The fences are
 * totally ordered, which makes this a Dekker-style handshake: either the thief's read of
 * {@code bottom} sees the decrement (so it does not claim index {@code b}), or the owner's read of
 * {@code top} sees at least the value the thief started from (so if the thief claims {@code b},
 * the owner sees {@code top >= b} and goes through the CAS or finds the deque empty). A pop that
 * saw {@code top < b} therefore owns index {@code b} without a CAS; only the last task is raced
 * for, and the CAS on {@code top} decides it.
 *
 * <p>A thief reads its task <em>before</em> its CAS, as in the paper: after the CAS the owner may
 * already reuse the slot. If the CAS fails the value it read (perhaps stale, perhaps a later task,
 * perhaps null) is discarded. A thief that loses retries: it fails only because another thread's
 * CAS succeeded, so steal is lock-free and returns {@code null} only when it saw the deque empty
 * (Lê et al. return ABORT instead; the contract of {@code steal} has no ABORT).
 *
 * <h2>Why the fences are not hooks</h2>
 * With every access volatile the fences are redundant in the JMM, but they stay in both classes: a
 * C11 Chase-Lev with every memory_order set to seq_cst keeps them too (they are seq_cst fences
 * already), and they guard against a C2 miscompilation seen with JDK 17.0.15 (Debian build) on
 * x86-64. When both classes run in one JVM, C2 inlines the hooks bimorphically; in a method with
 * {@code pop} inlined it merged the two stores of {@code bottom} (opaque and volatile) into one
 * and dropped the volatile store's StoreLoad barrier on the volatile path (the disassembly shows
 * no locked instruction between that store and the load of {@code top}), so a pop could read
 * {@code top} before its decrement of {@code bottom} was visible, and thieves took tasks the owner
 * also took. The conservation stress test found such duplicates (and steals of cleared slots)
 * when the fence was a hook that the volatile variant left empty; with the fence outside the
 * hooks every path has it, and repeated runs found none. JDK 25 did not reproduce the failure.
 *
 * <h2>Invariants</h2>
 * (1) {@code top} only grows, by CAS, one task at a time; (2) between owner operations
 * {@code top <= bottom <= top + capacity}, so push never overwrites a task that may still be
 * taken; (3) each index is taken once: thieves and the last-task pop claim it by the CAS on
 * {@code top}, a non-last pop by the fence handshake above; (4) a thief whose CAS for index
 * {@code i} succeeds read slot {@code i & mask} after it was written for index {@code i} and before
 * the owner can write it again (the owner writes it next only after seeing {@code top > i}).
 *
 * <h2>Clearing slots</h2>
 * A taken slot keeps its reference until someone clears it, which matters for garbage only. The
 * owner clears every slot its pop leaves behind: a non-last pop owns its slot outright; the
 * last-task pop clears whether it won or lost the CAS, because if it lost, the winning thief read
 * the slot before its CAS, and the owner's failed CAS read the winner's value of {@code top}
 * (volatile), so the winner's read happens-before the clear. A thief never clears: once its CAS
 * succeeds, the owner may push into the same slot (index {@code i + capacity}) at any moment, and
 * a late null store would erase that task; a CAS from the task to null would not be enough either
 * if the same task object is pushed again. So up to {@code capacity} stolen tasks stay reachable
 * from the array until the owner's pushes overwrite them.
 *
 * @param <E> the task type
 */
public abstract class AbstractChaseLevDeque<E> extends TaskArrayDeque<E> {

    AbstractChaseLevDeque(int capacity) {
        super(capacity);
    }

    // ------------------------------------------------------------------ access-mode hooks

    /** The owner's read of {@code bottom}, which only it writes. */
    abstract long loadBottomOwner();

    /** push: is the slot at {@code bottom} free yet? steal: the claim's start. */
    abstract long loadTopAcquire();

    /** pop: {@code top}, after the fence. */
    abstract long loadTopRelaxed();

    /** steal: {@code bottom}, after the fence. */
    abstract long loadBottomAcquire();

    /** pop: the announcing decrement of {@code bottom}, and its restores. */
    abstract void storeBottomRelaxed(long b);

    /** push: publishes the task stored just before. */
    abstract void storeBottomRelease(long b);

    /** pop: the owner's own task; steal: the task it is about to claim. */
    abstract Object loadTask(int slot);

    /** push: the new task, published by {@link #storeBottomRelease}; pop: clearing a slot. */
    abstract void storeTask(int slot, Object task);

    // ------------------------------------------------------------------ owner

    @Override
    public final boolean push(E task) {
        checkNotNull(task);
        long b = loadBottomOwner();
        long t = loadTopAcquire();
        if (b - t >= tasks.length) {
            checkOwner(owner);
            return false;
        }
        storeTask((int) b & mask, task);
        storeBottomRelease(b + 1);
        return true;
    }

    @Override
    public final E pop() {
        long b = loadBottomOwner() - 1;
        storeBottomRelaxed(b);
        VarHandle.fullFence();
        long t = loadTopRelaxed();
        if (t > b) {
            storeBottomRelaxed(b + 1);
            checkOwner(owner);
            return null;
        }
        if (t == b) {
            return popLast(b);
        }
        int slot = (int) b & mask;
        @SuppressWarnings("unchecked")
        E task = (E) loadTask(slot);
        storeTask(slot, null);
        return task;
    }

    /**
     * The last task, index {@code b == top}: thieves may claim it too; the CAS on top decides. A
     * separate method so that the CAS stays out of the loop a caller's pops are compiled into.
     */
    private E popLast(long b) {
        int slot = (int) b & mask;
        @SuppressWarnings("unchecked")
        E task = (E) loadTask(slot);
        if (!TOP.compareAndSet(this, b, b + 1)) {
            task = null;
        }
        storeTask(slot, null);
        storeBottomRelaxed(b + 1);
        return task;
    }

    // ------------------------------------------------------------------ thieves

    @Override
    public final E steal() {
        for (;;) {
            long t = loadTopAcquire();
            VarHandle.fullFence();
            long b = loadBottomAcquire();
            if (t >= b) {
                return null;
            }
            // Read before the CAS: once top moves past t, the owner may overwrite the slot.
            @SuppressWarnings("unchecked")
            E task = (E) loadTask((int) t & mask);
            if (TOP.compareAndSet(this, t, t + 1)) {
                if (task == null) {
                    throw new IllegalStateException("Chase-Lev invariant broken: claimed an empty slot");
                }
                return task;
            }
        }
    }
}
