// Stand-alone burst timeline (2026-12-05, sixth session): bursts of 16 one-microsecond tasks from one
// thread into an idle 2-worker pool, 5-10 ms apart, as executor-idle does; prints per task index the
// median time (us from the first execute) at which execute returned and the task started, the
// histogram of the submitter's span (S15-S0), and the last 6 bursts event by event (S = execute
// returned, T = task started @worker, W = a worker woken, in a diagnostic build only).
// Run: java -cp pool-core/target/classes:<jctools-core jar>:. Timeline bwos|fjp BURSTS
import io.github.taskpools.executor.BwosExecutor;
import java.util.*;
import java.util.concurrent.*;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

public class Timeline {
    static void spin(long nanos) { long e = System.nanoTime() + nanos; while (System.nanoTime() < e) { } }
    public static void main(String[] a) throws Exception {
        String kind = a[0]; int bursts = Integer.parseInt(a[1]);
        ExecutorService ex = kind.equals("bwos") ? BwosExecutor.builder().parallelism(2).build() : new ForkJoinPool(2);
        AtomicInteger remaining = new AtomicInteger();
        long[][] sub = new long[16][bursts], st = new long[16][bursts]; long[] tot = new long[bursts];
        String[][] who = new String[16][bursts];
        Thread waiter = Thread.currentThread();
        long[] startT = new long[16]; String[] startW = new String[16];
        Runnable[] tasks = new Runnable[16];
        for (int i = 0; i < 16; i++) { int k = i; tasks[i] = () -> { startT[k] = System.nanoTime(); startW[k] = Thread.currentThread().getName(); spin(1000); if (remaining.decrementAndGet() == 0) LockSupport.unpark(waiter); }; }
        Random r = new Random(42); java.util.List<String[]> lastEvents = new java.util.ArrayList<>();
        for (int b = -200; b < bursts; b++) {
            Thread.sleep(5 + r.nextInt(6));
            remaining.set(16);
            long t0 = System.nanoTime();
            long[] sd = new long[16];
            for (int i = 0; i < 16; i++) { ex.execute(tasks[i]); sd[i] = System.nanoTime(); }
            while (remaining.get() != 0) LockSupport.parkNanos(100_000_000L);
            long t1 = System.nanoTime();
            if (b >= bursts - 6) {
                long[] et = new long[0]; String[] ew = new String[0];
                try { // the wake events exist only in a diagnostic build (IdleStack.EVT/EVW: time and waker>wakee of each pop)
                    var c = Class.forName("io.github.taskpools.executor.IdleStack"); var fT = c.getField("EVT"); fT.setAccessible(true); var fW = c.getField("EVW"); fW.setAccessible(true);
                    et = (long[]) fT.get(null); ew = (String[]) fW.get(null);
                } catch (ReflectiveOperationException e) { }
                java.util.List<String> out = new java.util.ArrayList<>();
                for (int i = 0; i < 16; i++) { out.add(String.format("%06.1f T%d@%s", (startT[i]-t0)/1e3, i, startW[i].substring(startW[i].length()-1))); out.add(String.format("%06.1f S%d", (sd[i]-t0)/1e3, i)); }
                for (int k = 0; k < et.length; k++) if (et[k] >= t0 && et[k] <= t1) out.add(String.format("%06.1f W(%s)", (et[k]-t0)/1e3, ew[k].replaceAll("bwos-1-worker-", "w").replace("main", "sub")));
                java.util.Collections.sort(out); out.add(0, "burst:"); out.add(String.format("end %.1f", (t1-t0)/1e3)); lastEvents.add(out.toArray(new String[0]));
            }
            if (b >= 0) { tot[b] = t1 - t0; for (int i = 0; i < 16; i++) { sub[i][b] = sd[i] - t0; st[i][b] = startT[i] - t0; who[i][b] = startW[i]; } }
        }
        Arrays.sort(tot);
        System.out.printf("%s burst median %.1f us%n idx  submitted  started  (medians, us)  distinct-workers%n", kind, tot[bursts/2]/1e3);
        for (int i = 0; i < 16; i++) { long[] s1 = sub[i].clone(), s2 = st[i].clone(); Arrays.sort(s1); Arrays.sort(s2); System.out.printf("%3d %9.1f %9.1f%n", i, s1[bursts/2]/1e3, s2[bursts/2]/1e3); }
        int[] hist = new int[8]; for (int b = 0; b < bursts; b++) { long d = (sub[15][b] - sub[0][b]) / 1000; hist[(int) Math.min(7, d / 10)]++; }
        System.out.println("submit span (S15-S0) histogram, 10us bins: " + Arrays.toString(hist));
        for (String[] ev : lastEvents) System.out.println(String.join(" ", ev));
        ex.shutdown();
    }
}
