package io.github.taskpools.examples;

import io.github.taskpools.api.StealResult;
import io.github.taskpools.api.WorkStealingDeque;
import io.github.taskpools.chaselev.ChaseLevDeque;
import io.github.taskpools.fencefree.FfClDeque;
import io.github.taskpools.fencefree.FfTheDeque;
import io.github.taskpools.fencefree.TheDeque;
import io.github.taskpools.fencefree.ThepDeque;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/** docs/usage.md's Chase-Lev and fence-free deques: the same owner/thief use for each. */
public final class DequesExample {
    private DequesExample() {
    }

    public static void main(String[] args) throws Exception {
        ChaseLevDeque<Runnable> cl = new ChaseLevDeque<>(8192);        // power of two, bounded
        TheDeque<Runnable> the = new TheDeque<>(8192);          // Cilk's THE: fence in take, lock for thieves
        List<WorkStealingDeque<Runnable>> deques = new java.util.ArrayList<>(List.of(cl, the));
        if ("amd64".equals(System.getProperty("os.arch")) || "x86_64".equals(System.getProperty("os.arch"))) {
            FfClDeque<Runnable> ffcl = new FfClDeque<>(8192);       // Chase-Lev without the worker's fence
            FfTheDeque<Runnable> ffthe = new FfTheDeque<>(8192, 33); // δ = 33
            ThepDeque<Runnable> thep = new ThepDeque<>(8192);       // no aborts: thieves wait for the echo
            StealResult<Runnable> r = ffcl.trySteal();              // STOLEN, EMPTY or ABORT (steal() gives null for both)
            Check.that(r.status() == StealResult.Status.EMPTY, "an empty FF-CL deque answers EMPTY");
            deques.addAll(List.of(ffcl, ffthe, thep));
        }
        for (WorkStealingDeque<Runnable> d : deques) {
            AtomicInteger ran = new AtomicInteger();
            for (int i = 0; i < 1000; i++) {
                Check.that(d.push(ran::incrementAndGet), d.getClass().getSimpleName() + " has room");
            }
            Thread thief = new Thread(() -> {
                for (int i = 0; i < 300; i++) {
                    Runnable t = d.steal();              // any thread: the oldest task, or null
                    if (t != null) {
                        t.run();
                    }
                }
            });
            thief.start();
            for (Runnable t; (t = d.pop()) != null; ) {  // owner: the newest task
                t.run();
            }
            thief.join();
            for (Runnable t; (t = d.pop()) != null; ) {
                t.run();
            }
            Check.that(ran.get() == 1000, d.getClass().getSimpleName() + ": every task ran once, " + ran.get());
        }
        System.out.println("deques: " + deques.size() + " kinds, 1000 tasks each, each run once");
    }
}
