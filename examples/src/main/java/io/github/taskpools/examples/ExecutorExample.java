package io.github.taskpools.examples;

import io.github.taskpools.executor.BwosExecutor;
import io.github.taskpools.executor.BwosRecursiveTask;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/** The README's BwosExecutor example: an ExecutorService and a fork/join pool. */
public final class ExecutorExample {
    private ExecutorExample() {
    }

    public static void main(String[] args) throws Exception {
        AtomicInteger handled = new AtomicInteger();
        AtomicInteger failures = new AtomicInteger();
        long fib;
        Future<String> f;
        try (BwosExecutor pool = BwosExecutor.builder()
                .parallelism(4)                                    // default: availableProcessors()
                .uncaughtExceptionHandler((t, e) -> failures.incrementAndGet())
                .build()) {
            pool.execute(handled::incrementAndGet);                 // Runnable: exceptions go to the handler
            pool.execute(() -> {
                throw new IllegalStateException("a failing task");
            });
            f = pool.submit(() -> "reply");                          // cancel(true) interrupts it
            fib = pool.invoke(new Fib(30));                          // fork/join, as on ForkJoinPool
        }                                                            // close(): shutdown, then wait
        Check.that(fib == 832_040, "fib(30) = " + fib);
        Check.that("reply".equals(f.get(1, TimeUnit.SECONDS)), "the submitted callable's result");
        Check.that(handled.get() == 1, "the executed runnable ran once");
        Check.that(failures.get() == 1, "the failing task reached the handler");
        System.out.println("fib(30) = " + fib);
    }

    /** Was: {@code RecursiveTask<Long>}. */
    static final class Fib extends BwosRecursiveTask<Long> {
        final int n;

        Fib(int n) {
            this.n = n;
        }

        @Override
        protected Long compute() {
            if (n < 20) {
                return seqFib(n);
            }
            Fib f1 = new Fib(n - 1);
            f1.fork();                                              // a plain store into this worker's block
            return new Fib(n - 2).compute() + f1.join();            // pops it back, or helps its thief
        }

        static long seqFib(int n) {
            return n < 2 ? n : seqFib(n - 1) + seqFib(n - 2);
        }
    }
}
