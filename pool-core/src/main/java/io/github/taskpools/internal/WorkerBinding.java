package io.github.taskpools.internal;

import io.github.taskpools.api.Topology;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Binds threads to the worker indices of a {@link Topology}: one live thread per index, given
 * explicitly ({@link #register(int)}) or the lowest free one on first use. An index held by a
 * thread that has terminated is free again.
 */
public final class WorkerBinding {
    private final Topology topology;
    /** The thread holding each index: CAS to claim; a dead holder may be replaced. */
    private final AtomicReferenceArray<Thread> claims;
    private final ThreadLocal<int[]> self = new ThreadLocal<>();

    /** A binding of the workers of {@code topology}, all free. */
    public WorkerBinding(Topology topology) {
        this.topology = topology;
        this.claims = new AtomicReferenceArray<>(topology.workers());
    }

    /**
     * @throws IllegalArgumentException if {@code worker} is not a worker index
     * @throws IllegalStateException if another live thread holds it
     */
    public void register(int worker) {
        if (worker < 0 || worker >= claims.length()) {
            throw new IllegalArgumentException("worker " + worker + " not in [0, " + claims.length() + ")");
        }
        Thread me = Thread.currentThread();
        int[] old = self.get();
        if (old != null && old[0] == worker) {
            return;
        }
        if (!claim(worker, me)) {
            throw new IllegalStateException("worker " + worker + " is held by " + claims.get(worker));
        }
        if (old != null) {
            claims.compareAndSet(old[0], me, null);
        }
        self.set(new int[] {worker});
    }

    /** The calling thread's worker index, claiming the lowest free one if it has none. */
    public int current() {
        int[] w = self.get();
        if (w != null) {
            return w[0];
        }
        Thread me = Thread.currentThread();
        for (int i = 0; i < claims.length(); i++) {
            if (claim(i, me)) {
                self.set(new int[] {i});
                return i;
            }
        }
        throw new IllegalStateException("all " + claims.length() + " workers of " + topology
                + " are held by live threads; the topology needs a worker per thread");
    }

    private boolean claim(int worker, Thread me) {
        for (;;) {
            Thread t = claims.get(worker);
            if (t == me) {
                return true;
            }
            if (t != null && t.isAlive()) {
                return false;
            }
            if (claims.compareAndSet(worker, t, me)) {
                return true;
            }
        }
    }
}
