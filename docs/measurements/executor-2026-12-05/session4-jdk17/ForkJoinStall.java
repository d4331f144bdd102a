import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Reproducer (2026-12-05): a ForkJoinPool of 2 workers, one of them parked inside a task
 * (LockSupport.park, not managed), is given a second task from outside; how long until that task
 * starts? Rounds as UnparkProbe's in jmh-bench: P parks until released, U spins until P's thread
 * waits, 1 ms more, then releases P. A round whose U has not started after 2 s is a stall; the
 * program then waits up to 30 s more and prints the pool. Runs for the given seconds (default 120).
 *
 *   java ForkJoinStall.java [seconds]          (JDK 11+: single-file source launch)
 *
 * On JDK 17.0.15, 2 vCPUs under KVM: 1 stall in 2139 rounds (20 s), U still queued after 32 s with
 * the other worker idle ("active = 1, running = 0, submissions = 1"); the same in 1 of 1848 rounds
 * of an earlier version. Temurin 25.0.3: 0 stalls in 16957 rounds (40 s).
 */
public class ForkJoinStall {
    static final class Parked implements Runnable {
        final CountDownLatch started = new CountDownLatch(1);
        final CountDownLatch done = new CountDownLatch(1);
        volatile Thread thread;
        volatile boolean released;

        @Override
        public void run() {
            thread = Thread.currentThread();
            started.countDown();
            while (!released) {
                LockSupport.park(this);
            }
            done.countDown();
        }

        void release() {
            released = true;
            LockSupport.unpark(thread);
        }
    }

    public static void main(String[] args) throws InterruptedException {
        long seconds = args.length > 0 ? Long.parseLong(args[0]) : 120;
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        long rounds = 0;
        int stalls = 0;
        while (System.nanoTime() < end) {
            ForkJoinPool pool = new ForkJoinPool(2);
            for (int r = 0; r < 31; r++, rounds++) {
                Parked p = new Parked();
                CountDownLatch uStarted = new CountDownLatch(1);
                pool.execute(p);
                p.started.await();
                pool.execute(() -> {
                    uStarted.countDown();
                    while (p.thread.getState() != Thread.State.WAITING && !p.released) {
                        Thread.onSpinWait();
                    }
                    long settle = System.nanoTime() + 1_000_000;
                    while (System.nanoTime() - settle < 0) {
                        Thread.onSpinWait();
                    }
                    p.release();
                });
                if (!uStarted.await(2, TimeUnit.SECONDS)) {
                    stalls++;
                    boolean late = uStarted.await(30, TimeUnit.SECONDS);
                    System.out.println("round " + rounds + ": the second task " + (late ? "started within 32 s"
                            : "had not started after 32 s") + ": " + pool);
                    p.release();
                }
                p.done.await();
                uStarted.await();
            }
            pool.shutdownNow();
        }
        System.out.println(stalls + " stalls in " + rounds + " rounds, " + Runtime.version());
    }
}
