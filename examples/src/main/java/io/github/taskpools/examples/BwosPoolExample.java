package io.github.taskpools.examples;

import io.github.taskpools.api.StealPolicies;
import io.github.taskpools.api.StealResult;
import io.github.taskpools.api.Topology;
import io.github.taskpools.api.WorkStealingPool;
import io.github.taskpools.fencefree.FfClDeque;
import io.github.taskpools.pool.BwosPool;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

/** docs/usage.md's pool of BWoS deques: workers put, get their own tasks first, then steal. */
public final class BwosPoolExample {
    private BwosPoolExample() {
    }

    public static void main(String[] args) throws Exception {
        int workers = 4;
        BwosPool<Runnable> pool = BwosPool.builder(workers)
                .order(BwosPool.Order.LIFO)
                .policy(StealPolicies.NUMA)
                .topology(Topology.evenlySplit(workers, 2))   // or Topology.of(nodeOfEachWorker...)
                .probabilistic(true)                          // P_accept of §3.4
                .build();
        AtomicInteger ran = new AtomicInteger();
        CountDownLatch allPut = new CountDownLatch(workers);
        Thread[] threads = new Thread[workers];
        for (int w = 0; w < workers; w++) {
            threads[w] = new Thread(() -> {
                WorkStealingPool.Worker<Runnable> me = pool.consumer(); // claims and binds a worker for this thread
                for (int i = 0; i < 1000; i++) {
                    Runnable job = ran::incrementAndGet;
                    if (!me.put(job)) {
                        job.run();
                    }
                }
                allPut.countDown();
                try {
                    allPut.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                for (Runnable t; (t = me.get()) != null; ) {  // own tasks first, then steals
                    t.run();
                }
            });
            threads[w].start();
        }
        for (Thread t : threads) {
            t.join();
        }
        Check.that(ran.get() == 4000, "BwosPool: every task ran once, " + ran.get());

        // Any deque behind the same pool; FF-CL's steals may abort, which trySteal reports.
        BwosPool<Runnable> ff = BwosPool.builder(workers).deques(i -> new FfClDeque<>(8192)).build();
        StealResult<Runnable> r = ff.consumer().trySteal();     // STOLEN; EMPTY (every deque answered empty); ABORT
        Check.that(r.status() == StealResult.Status.EMPTY, "a pool with nothing in it answers EMPTY");
        System.out.println("BwosPool: 4000 tasks through 4 workers");
    }
}
