package io.github.taskpools.baselines.numapq;

import io.github.taskpools.api.Topology;
import io.github.taskpools.internal.ThreadBinding;
import io.github.taskpools.numapq.CalendarQueue;
import io.github.taskpools.numapq.ConcurrentPriorityQueue;
import io.github.taskpools.numapq.Event;
import io.github.taskpools.numapq.NumaCalendarQueue;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * ACRCQH, the thesis' hierarchical comparison point (§3.7): the calendar queue with the
 * cluster-turn scheme Morrison and Afek used for LCRQ after Fatourou and Kallimanis. A shared
 * word names the cluster (NUMA node) currently enabled; a thread of another cluster waits up to
 * {@code patience} spins for its turn, then CASes the word to its own cluster and runs its
 * operation anyway, so no operation is ever blocked (no lock is introduced).
 */
public final class HierarchicalCalendarQueue<E> implements ConcurrentPriorityQueue<E> {
    private static final VarHandle TURN;

    static {
        try {
            TURN = MethodHandles.lookup().findVarHandle(HierarchicalCalendarQueue.class, "turn", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final CalendarQueue<E> crcq = new CalendarQueue<>();
    /** The workers of the topology, one thread each at a time. */
    private final ThreadBinding<Worker> binding;
    private final int patience;
    /** The enabled cluster: volatile reads, CAS by a thread whose patience ran out. */
    private volatile int turn;

    /**
     * @param patience spins a thread waits for its cluster's turn before taking it
     * @throws IllegalArgumentException if {@code patience < 0}
     */
    public HierarchicalCalendarQueue(Topology topology, int patience) {
        Objects.requireNonNull(topology, "topology");
        if (patience < 0) {
            throw new IllegalArgumentException("patience must not be negative, got " + patience);
        }
        this.patience = patience;
        Worker[] workers = new Worker[topology.workers()];
        for (int w = 0; w < workers.length; w++) {
            workers[w] = new Worker(topology.nodeOf(w));
        }
        this.binding = new ThreadBinding<>(workers);
    }

    /** A worker index's node. */
    private static final class Worker extends ThreadBinding.Slot {
        final int node;

        Worker(int node) {
            this.node = node;
        }
    }

    /** See {@link NumaCalendarQueue#register(int)}. */
    public void register(int worker) {
        if (worker < 0 || worker >= binding.size()) {
            throw new IllegalArgumentException("worker " + worker + " not in [0, " + binding.size() + ")");
        }
        binding.claim(binding.get(worker));
    }

    /** See {@link NumaCalendarQueue#release()}. */
    @Override
    public boolean release() {
        return binding.release();
    }

    private void awaitTurn() {
        int mine = binding.mine().node;
        for (int i = 0; i < patience; i++) {
            if (turn == mine) {
                return;
            }
            Thread.onSpinWait();
        }
        int t = turn;
        if (t != mine) {
            TURN.compareAndSet(this, t, mine);
        }
    }

    @Override
    public void offer(long key, E value) {
        Objects.requireNonNull(value, "value");
        awaitTurn();
        crcq.offer(key, value);
    }

    @Override
    public Event<E> poll() {
        awaitTurn();
        return crcq.poll();
    }

    @Override
    public OptionalLong peekKey() {
        return crcq.peekKey();
    }

    @Override
    public long size() {
        return crcq.size();
    }
}
