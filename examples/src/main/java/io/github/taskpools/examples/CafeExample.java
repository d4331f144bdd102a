package io.github.taskpools.examples;

import io.github.taskpools.cafe.CafePool;
import io.github.taskpools.cafe.TreeContainer;
import java.util.concurrent.atomic.AtomicInteger;

/** docs/usage.md's CAFÉ example: a wait-free unbounded pool of trees, and one bounded tree. */
public final class CafeExample {
    private CafeExample() {
    }

    public static void main(String[] args) throws Exception {
        CafePool<Runnable> pool = CafePool.builder().height(12).k(3).build(); // trees of 8191 nodes (defaults)
        AtomicInteger ran = new AtomicInteger();
        Thread producer = new Thread(() -> {
            CafePool<Runnable>.Handle me = pool.producer();  // per thread; consumer() is the same handle
            for (int i = 0; i < 20_000; i++) {
                me.put(ran::incrementAndGet);                // always true: CAFÉ is unbounded
            }
        });
        producer.start();
        producer.join();
        CafePool<Runnable>.Handle me = pool.consumer();
        for (Runnable t; (t = me.get()) != null; ) {         // oldest tree first, any task within it; null if empty
            t.run();
        }
        CafePool.Stats s = pool.stats();                     // puts, gets, CAS failures per operation, trees appended
        Check.that(ran.get() == 20_000, "CAFÉ: every task ran once, " + ran.get());
        Check.that(s.puts() == 20_000 && s.gets() == 20_000, "CAFÉ's stats count the puts and gets: " + s);

        // One bounded tree: put returns false when it finds no free node (full or nearly so).
        TreeContainer<Runnable> tree = new TreeContainer<>(8, 3);
        int put = 0;
        while (tree.put(ran::incrementAndGet)) {
            put++;
        }
        int got = 0;
        for (Runnable t; (t = tree.get()) != null; ) {
            got++;
        }
        Check.that(put > 0 && put <= tree.capacity() && got == put,
                "a tree of height 8 gives back what it took: put " + put + ", got " + got);
        System.out.println("CAFÉ: 20000 tasks; a tree of height 8 (511 nodes) took " + put + " before a put failed");
    }
}
