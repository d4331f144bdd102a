#!/usr/bin/env bash
# interleaved rounds: BwosExecutor, ForkJoinPool (LIFO, the default) and ForkJoinPool in async mode (FIFO)
cd /work/main
./service-bench/run --no-build --rounds 3 --servers jetty --endpoints json-small,json-medium --connections 64,256 \
  --executors bwos,forkjoinpool,forkjoinpool-fifo --duration 10 --warmup 5 --out /work/prof/fifo/out
