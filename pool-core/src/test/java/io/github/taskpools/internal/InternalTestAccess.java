package io.github.taskpools.internal;

/**
 * The test-access point of the {@code internal} package: the steps of a consumer's wait in
 * {@link Waiters} that the jcstress tests play one at a time (those of {@code
 * io.github.taskpools.jcstress.internal}, and the pools' put against a consumer's last look). Test
 * sources only (pool-core's tests jar, on the jcstress tests' class path): never part of the
 * library.
 */
public final class InternalTestAccess {
    private InternalTestAccess() {
    }

    /**
     * Announces a waiting consumer on {@code waiters} as {@code take} does before its last look
     * (the increment of {@code waiting}, then the fence and the epoch read), and returns the epoch
     * it would wait on. The consumer stays announced: these tests end with it.
     */
    public static long prepare(Waiters waiters) {
        WaitersFields.WAITING.getAndAdd(waiters, 1L);
        try {
            return waiters.announce();
        } catch (RuntimeException e) {
            waiters.leave();
            throw e;
        }
    }

    /**
     * Queues the caller on {@code waiters} as a consumer does before it parks (after
     * {@link #prepare}), and returns its place on the queue.
     */
    public static Object enqueue(Waiters waiters) {
        Waiters.Parked me = new Waiters.Parked();
        waiters.parked.add(me);
        return me;
    }

    /** Whether the consumer queued as {@code place} with key {@code key} would park now. */
    public static boolean mustWait(Waiters waiters, Object place, long key) {
        return waiters.mustWait((Waiters.Parked) place, key);
    }

    /** Whether {@code place} is still on the queue, where a producer's wake finds it. */
    public static boolean isQueued(Waiters waiters, Object place) {
        return waiters.parked.contains(place);
    }
}
