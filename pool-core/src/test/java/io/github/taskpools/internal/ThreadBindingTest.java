package io.github.taskpools.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
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
        protected void bound() {
            boundCalls++;
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
        return new ThreadBinding<>(hs);
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
        h.checkThread();
        assertTrue(b.release());
        assertFalse(b.release(), "nothing left to release");
        IllegalStateException e = assertThrows(IllegalStateException.class, h::checkThread);
        assertTrue(e.getMessage().contains("released"), e.getMessage());
        H again = b.mine();
        again.checkThread();
        assertEquals(1, b.boundCount());
    }

    @Test
    void anotherThreadCannotUseABoundHandle() throws Exception {
        ThreadBinding<H> b = binding(2);
        H h = b.mine();
        Exception e = assertThrows(Exception.class, () -> inThread(() -> {
            h.checkThread();
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
        mine.checkThread();
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
        b.mine().checkThread(); // taken over now that its thread has terminated
    }

    @Test
    void aFailingBoundLeavesTheHandleFree() {
        AtomicReference<Boolean> fail = new AtomicReference<>(true);
        H[] hs = {new H(0) {
            @Override
            protected void bound() {
                if (fail.get()) {
                    throw new IllegalStateException("cannot pin");
                }
            }
        }};
        ThreadBinding<H> b = new ThreadBinding<>(hs);
        assertThrows(IllegalStateException.class, b::mine);
        assertEquals(0, b.boundCount());
        fail.set(false);
        assertSame(hs[0], b.mine());
    }

    @Test
    void unboundHandlesByIndexAreNotChecked() throws Exception {
        ThreadBinding<H> b = binding(2);
        H h = b.get(1);
        h.checkThread();
        inThread(() -> {
            h.checkThread();
            return null;
        });
        assertThrows(IndexOutOfBoundsException.class, () -> b.get(2));
    }
}
