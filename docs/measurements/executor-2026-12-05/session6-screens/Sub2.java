// Stand-alone reproducer (2026-12-05, sixth session): two submitter threads feed batches of 10 000
// empty tasks to a 2-worker pool, printing tasks/s, parks, unparks and steals per second.
// Run: java -cp pool-core/target/classes:<jctools-core jar>:. Sub2 bwos|fjp SECONDS [SUBMITTERS]
import io.github.taskpools.executor.BwosExecutor;
import java.util.concurrent.*;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

public class Sub2 {
    static final int BATCH = 10_000;
    public static void main(String[] a) throws Exception {
        String kind = a[0]; int secs = Integer.parseInt(a[1]); int nsub = a.length > 2 ? Integer.parseInt(a[2]) : 2;
        ExecutorService ex = kind.equals("bwos") ? BwosExecutor.builder().parallelism(2).build() : new ForkJoinPool(2);
        AtomicInteger remaining = new AtomicInteger();
        Thread main = Thread.currentThread();
        Runnable task = () -> { if (remaining.decrementAndGet() == 0) LockSupport.unpark(main); };
        CyclicBarrier start = new CyclicBarrier(nsub + 1);
        Thread[] subs = new Thread[nsub];
        for (int s = 0; s < nsub; s++) {
            subs[s] = new Thread(() -> { try { for (;;) { start.await(); for (int i = 0; i < BATCH / nsub; i++) ex.execute(task); } } catch (Exception e) { } }, "submitter-" + s);
            subs[s].setDaemon(true); subs[s].start();
        }
        for (int sec = 0; sec < secs; sec++) {
            long t0 = System.nanoTime(), n = 0;
            long p0 = 0, u0 = 0, s0 = 0;
            if (ex instanceof BwosExecutor) { BwosExecutor e = (BwosExecutor) ex; p0 = e.getParkCount(); u0 = e.getUnparkCount(); s0 = e.getStealCount(); }
            while (System.nanoTime() - t0 < 1_000_000_000L) {
                remaining.set(BATCH);
                start.await();
                while (remaining.get() != 0) LockSupport.parkNanos(100_000_000L);
                n += BATCH;
            }
            double rate = n / ((System.nanoTime() - t0) / 1e9) / 1e6;
            String extra = "";
            if (ex instanceof BwosExecutor) { BwosExecutor e = (BwosExecutor) ex; extra = String.format(" parks/batch %.2f unparks/batch %.2f steals/task %.3f", (e.getParkCount() - p0) * (double) BATCH / n, (e.getUnparkCount() - u0) * (double) BATCH / n, (e.getStealCount() - s0) / (double) n); }
            System.out.printf("%s %d: %.1f M/s%s%n", kind, sec, rate, extra);
        }
        System.exit(0);
    }
}
