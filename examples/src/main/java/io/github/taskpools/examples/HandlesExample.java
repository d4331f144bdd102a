package io.github.taskpools.examples;

import io.github.taskpools.api.TaskPool;
import io.github.taskpools.salsa.SalsaPool;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/** A SalsaPool used from the threads of an ExecutorService: take a handle, give it back. */
public final class HandlesExample {
    public static void main(String[] args) throws Exception {
        SalsaPool<Integer> pool = SalsaPool.builder(2, 2).build(); // 2 consumer, 2 producer handles
        ExecutorService threads = Executors.newFixedThreadPool(8); // more threads than handles
        for (int i = 1; i <= 1000; i++) {
            int task = i;
            threads.execute(() -> {
                try {
                    pool.producer().put(task);      // binds a producer handle to this thread
                } finally {
                    pool.release();                 // gives it back before the thread runs other work
                }
            });
        }
        threads.shutdown();
        if (!threads.awaitTermination(1, TimeUnit.MINUTES)) {
            throw new IllegalStateException("the producers did not finish");
        }
        TaskPool.Consumer<Integer> me = pool.consumer(); // this thread keeps it until it ends
        long sum = 0;
        for (Integer t; (t = me.get()) != null; ) {      // own chunks first, then steals
            sum += t;
        }
        System.out.println("1000 tasks through 2 producer handles from 8 threads, sum " + sum);
    }
}
