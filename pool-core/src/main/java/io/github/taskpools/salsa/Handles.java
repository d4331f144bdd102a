package io.github.taskpools.salsa;

import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Thread binding of the comparison pools' handles (the same contract as {@link SalsaPool}'s, without
 * NUMA placement or pinning): {@code producer()}/{@code consumer()} bind a free handle to the calling
 * thread for good, and a bound handle used by another thread throws {@link IllegalStateException};
 * handles got by index are unbound, for callers that arrange exclusive use themselves.
 *
 * @param <H> the handle type
 */
final class Handles<H extends Handles.Bound> {
    /** What a handle needs for binding. */
    abstract static class Bound {
        /** CAS once by the claiming thread. */
        final AtomicBoolean claimed = new AtomicBoolean();
        /**
         * The bound thread or null: written once by the claiming thread before the handle is handed
         * out (through the map's happens-before); read plain by the checks of the same thread, and by
         * another thread only to throw (a stale null there lets a misuse through unchecked, which
         * the contract does not promise to catch).
         */
        Thread thread;

        /** Throws if the handle is bound to a thread other than the caller. */
        final void checkThread() {
            Thread t = thread;
            if (t != null && t != Thread.currentThread()) {
                throw new IllegalStateException(this + " is bound to " + t + ", not " + Thread.currentThread());
            }
        }
    }

    private final H[] handles;
    private final Map<Thread, H> byThread = new ConcurrentHashMap<>();

    Handles(H[] handles) {
        this.handles = handles;
    }

    /** The calling thread's handle, claiming the first free one on first call. */
    H mine() {
        return byThread.computeIfAbsent(Thread.currentThread(), t -> {
            for (H h : handles) {
                if (h.claimed.compareAndSet(false, true)) {
                    h.thread = t;
                    return h;
                }
            }
            throw new IllegalStateException("all " + handles.length + " handles of this kind are taken by other threads");
        });
    }

    /** Handle {@code index}, unbound. */
    H get(int index) {
        return handles[Objects.checkIndex(index, handles.length)];
    }

    int size() {
        return handles.length;
    }
}
