package io.github.taskpools.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** {@link ThreadBinding}: claim, release, take-over of a terminated thread's handle, exhaustion. */
class ThreadBindingTest {
    static class H extends ThreadBinding.Slot {
        final int id;
        int boundCalls;

        H(int id) {
            this.id = id;
        }

        @Override
        public String toString() {
            return "H" + id;
        }
    }

    private static ThreadBinding<H> binding(int n) {
        H[] hs = new H[n];
        for (int i = 0; i < n; i++) {
            hs[i] = new H(i);
        }
        return new ThreadBinding<>(hs, h -> h.boundCalls++);
    }

    private static <T> T inThread(java.util.concurrent.Callable<T> c) throws Exception {
        CompletableFuture<T> f = new CompletableFuture<>();
        Thread t = new Thread(() -> {
            try {
                f.complete(c.call());
            } catch (Throwable e) {
                f.completeExceptionally(e);
            }
        });
        t.start();
        t.join();
        return f.get();
    }

    @Test
    void aThreadKeepsItsHandleUntilItReleasesIt() {
        ThreadBinding<H> b = binding(2);
        H h = b.mine();
        assertSame(h, b.mine());
        assertEquals(1, h.boundCalls);
        ThreadBinding.checkThread(h);
        assertTrue(b.release());
        assertFalse(b.release(), "nothing left to release");
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> ThreadBinding.checkThread(h));
        assertTrue(e.getMessage().contains("released"), e.getMessage());
        H again = b.mine();
        ThreadBinding.checkThread(again);
        assertEquals(1, b.boundCount());
    }

    @Test
    void anotherThreadCannotUseABoundHandle() throws Exception {
        ThreadBinding<H> b = binding(2);
        H h = b.mine();
        Exception e = assertThrows(Exception.class, () -> inThread(() -> {
            ThreadBinding.checkThread(h);
            return null;
        }));
        assertTrue(e.getCause() instanceof IllegalStateException, String.valueOf(e.getCause()));
        H other = inThread(b::mine);
        assertNotSame(h, other, "a live thread's handle is not handed to another");
    }

    @Test
    void aTerminatedThreadsHandleIsTakenOverWhenNoneIsFree() throws Exception {
        ThreadBinding<H> b = binding(2);
        H first = inThread(b::mine);
        H second = inThread(b::mine);
        assertNotSame(first, second);
        // Both owners terminated without releasing: the next claimer takes one over.
        H mine = b.mine();
        assertTrue(mine == first || mine == second);
        ThreadBinding.checkThread(mine);
        assertEquals(2, b.boundCount(), "the other is still bound to its terminated thread");
        H next = inThread(b::mine);
        assertNotSame(mine, next, "the other terminated thread's handle");
    }

    @Test
    void exhaustionNamesTheWayOut() throws Exception {
        ThreadBinding<H> b = binding(1);
        CountDownLatch hold = new CountDownLatch(1);
        CountDownLatch claimed = new CountDownLatch(1);
        Thread owner = new Thread(() -> {
            b.mine();
            claimed.countDown();
            try {
                hold.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        owner.start();
        claimed.await();
        IllegalStateException e = assertThrows(IllegalStateException.class, b::mine);
        assertTrue(e.getMessage().contains("release()"), e.getMessage());
        hold.countDown();
        owner.join();
        ThreadBinding.checkThread(b.mine()); // taken over now that its thread has terminated
    }

    @Test
    void aFailingBoundLeavesTheHandleFree() {
        AtomicReference<Boolean> fail = new AtomicReference<>(true);
        H[] hs = {new H(0)};
        ThreadBinding<H> b = new ThreadBinding<>(hs, h -> {
            if (fail.get()) {
                throw new IllegalStateException("cannot pin");
            }
        });
        assertThrows(IllegalStateException.class, b::mine);
        assertEquals(0, b.boundCount());
        fail.set(false);
        assertSame(hs[0], b.mine());
    }

    @Test
    void unboundHandlesByIndexAreNotChecked() throws Exception {
        ThreadBinding<H> b = binding(2);
        H h = b.get(1);
        ThreadBinding.checkThread(h);
        inThread(() -> {
            ThreadBinding.checkThread(h);
            return null;
        });
        assertThrows(IndexOutOfBoundsException.class, () -> b.get(2));
    }

    /**
     * A thread that bound two handles with {@code bind} and handed one to another thread gives the
     * other back on release (a release that stopped at the map entry another thread's bind had
     * removed left it bound to a live thread for good), and does not free the handed one.
     */
    @Test
    void releaseGivesBackEveryHandleTheThreadStillOwns() throws Exception {
        ThreadBinding<H> b = binding(2);
        H w0 = b.get(0);
        H w1 = b.get(1);
        b.bind(w0);
        b.bind(w1);
        assertSame(w1, b.mine(), "mine() answers the last one bound");
        inThread(() -> {
            b.bind(w1); // handed on: another thread takes w1
            ThreadBinding.checkThread(w1);
            return null;
        });
        assertTrue(b.release(), "w0 was still ours");
        assertThrows(IllegalStateException.class, () -> ThreadBinding.checkThread(w0), "released");
        assertEquals(1, b.boundCount(), "w1 stays with its (terminated) thread; w0 is free");
        assertSame(w0, inThread(b::mine), "the free one goes first");
    }

    /** A handle another thread took with {@code bind} is not answered by {@code mine} any more. */
    @Test
    void mineDoesNotAnswerAHandleTakenByBind() throws Exception {
        ThreadBinding<H> b = binding(2);
        H mine = b.mine();
        CountDownLatch took = new CountDownLatch(1);
        CountDownLatch done = new CountDownLatch(1);
        Thread other = new Thread(() -> {
            b.bind(mine);
            took.countDown();
            try {
                done.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        other.start();
        took.await();
        H now = b.mine();
        assertNotSame(mine, now, "the handle the other thread holds");
        ThreadBinding.checkThread(now);
        assertThrows(IllegalStateException.class, () -> ThreadBinding.checkThread(mine));
        done.countDown();
        other.join();
    }

    /** Claims from many threads at once never give one handle to two live threads. */
    @Test
    void concurrentClaimsAndReleasesNeverShareAHandle() throws Exception {
        ThreadBinding<H> b = binding(3);
        java.util.concurrent.atomic.AtomicIntegerArray holders = new java.util.concurrent.atomic.AtomicIntegerArray(3);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread[] ts = new Thread[3];
        for (int i = 0; i < ts.length; i++) {
            ts[i] = new Thread(() -> {
                try {
                    for (int r = 0; r < 20_000; r++) {
                        H h = b.mine();
                        if (holders.incrementAndGet(h.id) != 1) {
                            throw new AssertionError(h + " held by two threads");
                        }
                        ThreadBinding.checkThread(h);
                        holders.decrementAndGet(h.id);
                        b.release();
                    }
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            });
            ts[i].start();
        }
        for (Thread t : ts) {
            t.join();
        }
        if (failure.get() != null) {
            throw new AssertionError(failure.get());
        }
        assertEquals(0, b.boundCount());
    }

    /** A growing binding makes a handle only when none is free and no holder has terminated. */
    @Test
    void aGrowingBindingMakesHandlesOnlyForThreadsAliveAtOnce() throws Exception {
        java.util.concurrent.atomic.AtomicInteger made = new java.util.concurrent.atomic.AtomicInteger();
        ThreadBinding<H> b = ThreadBinding.growing(() -> new H(made.getAndIncrement()));
        assertEquals(0, b.size());
        H mine = b.mine();
        assertEquals(1, b.size());
        assertSame(mine, b.mine());
        CountDownLatch holding = new CountDownLatch(1);
        CountDownLatch leave = new CountDownLatch(1);
        AtomicReference<H> other = new AtomicReference<>();
        Thread holder = new Thread(() -> {
            other.set(b.mine()); // this thread holds one: a second one is made
            holding.countDown();
            try {
                leave.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        holder.start();
        holding.await();
        assertNotSame(mine, other.get());
        assertEquals(2, b.size());
        leave.countDown();
        holder.join();
        assertSame(other.get(), inThread(b::mine), "the terminated holder's handle is taken over");
        assertTrue(b.release());
        assertSame(mine, inThread(b::mine), "the released handle is claimed again");
        assertEquals(2, b.size());
        assertEquals(2, made.get());
        java.util.List<H> all = new java.util.ArrayList<>();
        b.forEach(all::add);
        assertEquals(java.util.List.of(mine, other.get()), all);
    }

    @Test
    void aGrowingBindingRefusesABadFactory() {
        ThreadBinding<H> nulls = ThreadBinding.growing(() -> null);
        assertThrows(NullPointerException.class, nulls::mine);
        assertEquals(0, nulls.size());
        H taken = new H(0);
        ThreadBinding.growing(() -> taken).mine(); // binds taken to this thread
        ThreadBinding<H> reused = ThreadBinding.growing(() -> taken);
        assertThrows(IllegalStateException.class, reused::mine);
        assertEquals(0, reused.size());
    }

    /** claim(h): a named handle, refused while a live thread holds it, in place of the thread's last. */
    @Test
    void claimTakesTheNamedHandleInPlaceOfTheLast() throws Exception {
        ThreadBinding<H> b = binding(3);
        H h0 = b.get(0);
        H h1 = b.get(1);
        b.claim(h0);
        assertSame(h0, b.mine());
        b.claim(h0); // again: no change
        assertEquals(1, h0.boundCalls);
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> rethrow(() -> b.claim(h0)));
        assertTrue(e.getMessage().contains("H0 is bound to"), e.getMessage());
        b.claim(h1);
        assertSame(h1, b.mine());
        assertThrows(IllegalStateException.class, () -> ThreadBinding.checkThread(h0), "h0 went back");
        assertSame(h0, inThread(() -> {
            b.claim(h0); // free again
            return b.mine();
        }));
        // that thread terminated holding h0: claim takes it over
        b.claim(h0);
        assertSame(h0, b.mine());
        assertEquals(1, b.boundCount());
    }

    private static void rethrow(Runnable r) throws Exception {
        try {
            inThread(() -> {
                r.run();
                return null;
            });
        } catch (java.util.concurrent.ExecutionException e) {
            throw (RuntimeException) e.getCause();
        }
    }

    /** adopt: only an abandoned handle (released or its thread terminated), owned for the action, then free. */
    @Test
    void adoptTakesOnlyAbandonedHandlesAndFreesThem() throws Exception {
        ThreadBinding<H> b = binding(3);
        H mine = b.mine();
        assertNull(b.adopt(b.get(2), h -> "never bound"), "a handle used by index is left alone");
        assertNull(b.adopt(mine, h -> "live"), "a live holder's handle is left alone");
        H dead = inThread(b::mine);
        assertEquals("adopted", b.adopt(dead, h -> {
            // the handle's checked operations refuse every thread meanwhile: the adopter works on
            // what the handle guards (a deque) directly
            assertThrows(IllegalStateException.class, () -> ThreadBinding.checkThread(h));
            assertSame(mine, b.mine(), "the adopter keeps its own handle");
            return "adopted";
        }));
        assertEquals(2, dead.boundCalls, "onBound ran in the adopter");
        assertThrows(IllegalStateException.class, () -> ThreadBinding.checkThread(dead), "free again");
        assertTrue(b.release());
        assertEquals("released", b.adopt(mine, h -> "released"));
        assertEquals(0, b.boundCount());
    }

    /** Adoptions racing claims and releases never give one handle to two threads at once. */
    @Test
    void adoptionsRacingClaimsNeverShareAHandle() throws Exception {
        ThreadBinding<H> b = binding(3);
        java.util.concurrent.atomic.AtomicIntegerArray holders = new java.util.concurrent.atomic.AtomicIntegerArray(3);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        java.util.function.Consumer<H> hold = h -> {
            if (holders.incrementAndGet(h.id) != 1) {
                throw new AssertionError(h + " held by two threads");
            }
            holders.decrementAndGet(h.id);
        };
        Runnable claimer = () -> {
            for (int r = 0; r < 20_000; r++) {
                H h = b.mine();
                ThreadBinding.checkThread(h);
                hold.accept(h);
                b.release();
            }
        };
        Runnable adopter = () -> {
            for (int r = 0; r < 20_000; r++) {
                b.adopt(b.get(r % 3), h -> {
                    hold.accept(h);
                    return null;
                });
            }
        };
        Thread[] ts = {new Thread(claimer), new Thread(claimer), new Thread(adopter)};
        for (Thread t : ts) {
            t.setUncaughtExceptionHandler((th, e) -> failure.compareAndSet(null, e));
            t.start();
        }
        for (Thread t : ts) {
            t.join();
        }
        if (failure.get() != null) {
            throw new AssertionError(failure.get());
        }
        assertEquals(0, b.boundCount());
    }
}
