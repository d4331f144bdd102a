package io.github.taskpools.examples;

import io.github.taskpools.executor.BwosExecutor;
import io.github.taskpools.executor.BwosRecursiveTask;
import java.util.concurrent.Future;

/** BwosExecutor as an ExecutorService and as a fork/join pool. */
public final class ExecutorExample {
    public static void main(String[] args) throws Exception {
        try (BwosExecutor pool = BwosExecutor.builder()
                .parallelism(4)                                   // default: availableProcessors()
                .uncaughtExceptionHandler((t, e) -> System.err.println("task failed: " + e))
                .build()) {
            pool.execute(() -> System.out.println("hello from " + Thread.currentThread().getName()));
            Future<String> reply = pool.submit(() -> "reply");    // cancel(true) interrupts it
            long fib = pool.invoke(new Fib(30));                  // fork/join, as on ForkJoinPool
            System.out.println(reply.get() + ", fib(30) = " + fib);
        }                                                         // close(): shutdown, then wait
    }

    /** Was: {@code extends RecursiveTask<Long>}. */
    static final class Fib extends BwosRecursiveTask<Long> {
        private final int n;

        Fib(int n) {
            this.n = n;
        }

        @Override
        protected Long compute() {
            if (n < 20) {
                return seqFib(n);
            }
            Fib f1 = new Fib(n - 1);
            f1.fork();                                   // a plain store into this worker's block
            return new Fib(n - 2).compute() + f1.join(); // pops it back, or helps its thief
        }

        private static long seqFib(int n) {
            return n < 2 ? n : seqFib(n - 1) + seqFib(n - 2);
        }
    }
}
