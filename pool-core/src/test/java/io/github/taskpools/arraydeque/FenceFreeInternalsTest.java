package io.github.taskpools.arraydeque;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.taskpools.api.StealResult;
import io.github.taskpools.fencefree.BoundedTso;
import io.github.taskpools.fencefree.TheDeque;
import io.github.taskpools.fencefree.ThepDeque;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The cases of {@code fencefree.FenceFreeContractTest} that need the package access of the
 * fence-free deques' implementations, here since those moved to this package: the checks of
 * {@link BoundedTsoChecks} (the processor, the JIT, the thieves' δ test) and THEP's waiting thief,
 * which the tests recognise by the lock it holds ({@link AbstractTheDeque#LOCK}).
 */
class FenceFreeInternalsTest {

    @Test
    void fenceFreeDequesRefuseProcessorsWithoutBoundedTso() {
        assertTrue(BoundedTso.isBoundedTso(), "these tests run on x86-64");
        for (String arch : new String[] {"aarch64", "ppc64le", "riscv64", "s390x", "x86", "i386", null}) {
            assertFalse(BoundedTsoChecks.isBoundedTso(arch), arch);
            UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class,
                    () -> BoundedTsoChecks.requireBoundedTso("FF-CL", arch));
            assertTrue(e.getMessage().contains("io.github.taskpools.chaselev.ChaseLevDeque"), e.getMessage());
            assertTrue(e.getMessage().contains("os.arch is " + arch), e.getMessage());
        }
        BoundedTsoChecks.requireBoundedTso("FF-CL", "amd64");
        BoundedTsoChecks.requireBoundedTso("FF-CL", "x86_64");
    }

    @Test
    void fenceFreeDequesRefuseJitsOtherThanC2() {
        UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class,
                () -> BoundedTsoChecks.requireKnownJit("FF-THE", "JVMCI is enabled"));
        assertTrue(e.getMessage().startsWith("FF-THE relies on the JIT"), e.getMessage());
        assertTrue(e.getMessage().contains("JVMCI is enabled"), e.getMessage());
        assertTrue(e.getMessage().contains("io.github.taskpools.chaselev.ChaseLevDeque"), e.getMessage());
        BoundedTsoChecks.requireKnownJit("FF-THE", null);
    }

    /**
     * The thieves' test of §4 (T - δ > h), which every call site in FF-THE, FF-CL and THEP goes
     * through: exactly at δ from the tail is not certain, one beyond is; across the 2^32 wrap of
     * THEP's head too. An off-by-one here fails this test.
     */
    @Test
    void theDeltaTestIsStrict() {
        for (int delta : new int[] {0, 1, 2, 33, 64}) {
            for (long h : new long[] {0, 5, (1L << 32) - 1, 1L << 40}) {
                assertFalse(BoundedTsoChecks.beyondDelta(h + delta, h, delta), "δ " + delta + ", h " + h);
                assertTrue(BoundedTsoChecks.beyondDelta(h + delta + 1, h, delta), "δ " + delta + ", h " + h);
                assertFalse(BoundedTsoChecks.beyondDelta(h, h, delta));
                assertFalse(BoundedTsoChecks.beyondDelta(h - 1, h, delta));
            }
        }
        assertTrue(BoundedTsoChecks.beyondDelta(3, (1L << 32) - 1, 2), "THEP: h wrapped, T did not");
    }

    /**
     * A thief waits for the echo holding the lock. The owner's steal must not queue behind it (only
     * the owner's take ends the wait), nor may a batch steal (ThepDeque's class comment says it
     * never waits); the owner's pop then ends the wait and gets the task.
     */
    @Test
    void thepStealsThatMustNotWaitGiveUpBehindAWaitingThief() {
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
            ThepDeque<Long> q = new ThepDeque<>(8, 2);
            q.push(1L);
            CompletableFuture<StealResult<Long>> thief = async(q::trySteal);
            awaitWaitingThief(q, thief);
            assertSame(StealResult.abort(), q.trySteal(), "the owner gave up at the held lock");
            Integer batch = async(() -> q.stealInto(new TheDeque<>(8), 4))
                    .get(10, TimeUnit.SECONDS);
            assertEquals(0, batch, "the batch steal gave up at the held lock");
            assertFalse(thief.isDone(), "the thief still waits for the echo");
            assertEquals(1L, q.pop(), "the owner's take went through the lock and echoed");
            assertSame(StealResult.empty(), thief.get(10, TimeUnit.SECONDS));
        });
    }

    /** A thief waiting for the echo steals once the owner pushes the deque beyond δ tasks. */
    @Test
    void thepWaitingThiefStealsOnceTheDequeGrowsBeyondDelta() {
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
            ThepDeque<Long> q = new ThepDeque<>(8, 2);
            q.push(1L);
            CompletableFuture<StealResult<Long>> thief = async(q::trySteal);
            awaitWaitingThief(q, thief);
            q.push(2L);
            assertFalse(thief.isDone() && thief.get().status() == StealResult.Status.STOLEN,
                    "2 tasks, δ 2: not yet certain");
            q.push(3L);
            assertEquals("STOLEN 1", thief.get(10, TimeUnit.SECONDS).toString(),
                    "3 tasks, δ 2: T - δ > h ends the wait without an echo");
            assertEquals(3L, q.pop());
            assertEquals(2L, q.pop());
            assertNull(q.pop());
        });
    }

    /** On a thread of its own: the common pool may have a single thread on this machine. */
    private static <T> CompletableFuture<T> async(java.util.function.Supplier<T> body) {
        CompletableFuture<T> f = new CompletableFuture<>();
        Thread t = new Thread(() -> {
            try {
                f.complete(body.get());
            } catch (Throwable e) {
                f.completeExceptionally(e);
            }
        });
        t.setDaemon(true);
        t.start();
        return f;
    }

    /** Until the thief holds the lock with H raised past the only task (it is waiting for the echo). */
    private static void awaitWaitingThief(ThepDeque<Long> q, CompletableFuture<?> thief) throws InterruptedException {
        while ((int) AbstractTheDeque.LOCK.getVolatile(q) == 0 || q.sizeEstimate() != 0) {
            assertFalse(thief.isDone(), "the thief did not wait");
            Thread.sleep(1);
        }
        Thread.sleep(20);
        assertFalse(thief.isDone(), "the thief did not wait");
    }
}
