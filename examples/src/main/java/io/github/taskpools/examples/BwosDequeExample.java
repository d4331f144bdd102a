package io.github.taskpools.examples;

import io.github.taskpools.bwos.FifoBwosDeque;
import io.github.taskpools.bwos.LifoBwosDeque;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;

/** The README's and docs/usage.md's BWoS examples: LIFO and FIFO, owner and thieves. */
public final class BwosDequeExample {
    private BwosDequeExample() {
    }

    public static void main(String[] args) throws Exception {
        AtomicInteger ran = new AtomicInteger();
        Runnable job = ran::incrementAndGet;

        LifoBwosDeque<Runnable> tasks = new LifoBwosDeque<>(8, 1024); // 8 blocks of 1024; the caller owns it
        for (int i = 0; i < 3000; i++) {
            if (!tasks.push(job)) {
                job.run();                  // refused: the task stays with the caller, nothing is dropped
            }
        }
        Runnable mine = tasks.pop();        // owner: newest first
        mine.run();
        // A thief is another thread; it owns the deque it steals into.
        Thread thief = new Thread(() -> {
            LifoBwosDeque<Runnable> myDeque = new LifoBwosDeque<>(8, 1024);
            Runnable stolen = tasks.steal(); // any thread: oldest first, from the thieves' block
            if (stolen != null) {
                stolen.run();
            }
            int moved = tasks.stealInto(myDeque, 256); // up to a block's worth into its own deque
            for (int i = 0; i < moved; i++) {
                myDeque.pop().run();
            }
        });
        thief.start();
        thief.join();
        for (Runnable t; (t = tasks.pop()) != null; ) {
            t.run();
        }
        Check.that(ran.get() == 3000, "LIFO BWoS: every task ran once, " + ran.get());

        ran.set(0);
        FifoBwosDeque<Runnable> q = new FifoBwosDeque<>(8, 1024, /* randomizedStealing */ true);
        for (int i = 0; i < 3000; i++) {
            if (!q.push(job)) {
                job.run();
            }
        }
        Runnable oldest = q.pop();                       // owner: oldest first
        oldest.run();
        Thread thief2 = new Thread(() -> {
            Runnable t = q.steal();                      // thieves steal from the middle blocks
            if (t != null) {
                t.run();
            }
            Runnable s = q.stealSampled(ThreadLocalRandom.current()); // sample one block, steal there if it has work
            if (s != null) {
                s.run();
            }
        });
        thief2.start();
        thief2.join();
        for (Runnable t; (t = q.pop()) != null; ) {
            t.run();
        }
        Check.that(ran.get() == 3000, "FIFO BWoS: every task ran once, " + ran.get());
        System.out.println("BWoS deques: 3000 + 3000 tasks, each run once");
    }
}
