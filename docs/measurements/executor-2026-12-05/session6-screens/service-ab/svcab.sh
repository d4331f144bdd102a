#!/bin/bash
# interleaved service A/B: base jar (bwos) vs new jar (bwos, forkjoinpool)
out=$1; shift; rounds=$1; shift
for r in $(seq $rounds); do
  java -cp /work/prof/svc-base.jar io.github.taskpools.service.ServiceBench --rounds 1 --servers jetty --executors bwos "$@" --out $out/base-r$r > $out/base-r$r.log 2>&1
  java -cp /work/prof/svc-new.jar io.github.taskpools.service.ServiceBench --rounds 1 --servers jetty --executors bwos,forkjoinpool "$@" --out $out/new-r$r > $out/new-r$r.log 2>&1
done
