package io.github.taskpools.examples;

import io.github.taskpools.api.TaskPool;
import io.github.taskpools.api.Topology;
import io.github.taskpools.salsa.FenceMode;
import io.github.taskpools.salsa.SalsaPool;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/** docs/usage.md's SALSA example: producers put, consumers get, take or poll. */
public final class SalsaExample {
    private SalsaExample() {
    }

    public static void main(String[] args) throws Exception {
        SalsaPool<Runnable> pool = SalsaPool.builder(4, 2)       // 4 consumers, 2 producers
                .chunkSize(1000)                                 // tasks per chunk (§6.2 default)
                .fence(FenceMode.FULL)                           // the default; ASYMMETRIC: see docs/usage.md
                .topology(Topology.evenlySplit(4, 1))            // or Topology.system()
                .pinning(false)
                .build();
        AtomicInteger ran = new AtomicInteger();
        int perProducer = 10_000;
        Thread[] producers = new Thread[2];
        for (int p = 0; p < 2; p++) {
            producers[p] = new Thread(() -> {
                for (int i = 0; i < perProducer; i++) {
                    pool.producer().put(ran::incrementAndGet);   // binds a producer handle to this thread
                }
                pool.release(); // gives the handle back now (a thread that ends does so by itself)
            });
        }
        // A pool of 4 consumers serves 4 consumer threads at a time: each keeps its handle until it
        // releases it or ends, and each checks at the end that its part of the pool is empty.
        Thread[] consumers = new Thread[4];
        AtomicInteger taken = new AtomicInteger();
        AtomicInteger leftAtEnd = new AtomicInteger();
        for (int c = 0; c < 4; c++) {
            consumers[c] = new Thread(() -> {
                TaskPool.Consumer<Runnable> me = pool.consumer();
                try {
                    while (taken.get() < 2 * perProducer) {
                        Runnable t = me.poll(10, TimeUnit.MILLISECONDS); // parks until a put, or null
                        if (t != null) {
                            taken.incrementAndGet();
                            t.run();
                        }
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                if (me.get() != null) {                      // get() never blocks: null on an empty pool
                    leftAtEnd.incrementAndGet();
                }
            });
        }
        for (Thread t : consumers) {
            t.start();
        }
        for (Thread t : producers) {
            t.start();
        }
        for (Thread t : producers) {
            t.join();
        }
        for (Thread t : consumers) {
            t.join();
        }
        Check.that(ran.get() == 2 * perProducer, "SALSA: every task ran once, " + ran.get());
        Check.that(leftAtEnd.get() == 0, "nothing left in the pool");
        System.out.println("SALSA: 20000 tasks from 2 producers through 4 consumers");
    }
}
