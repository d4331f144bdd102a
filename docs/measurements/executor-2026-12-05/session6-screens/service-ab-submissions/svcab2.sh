#!/bin/bash
# interleaved: A = svc-new.jar (40a44b8, bwos), B = svc-new2.jar (submissions too; bwos, forkjoinpool)
out=$1; shift; rounds=$1; shift
J=${JVM:-java}
for r in $(seq $rounds); do
  $J -cp /work/prof/svc-new.jar io.github.taskpools.service.ServiceBench --rounds 1 --servers jetty --executors bwos "$@" --out $out/a-r$r > $out/a-r$r.log 2>&1
  $J -cp /work/prof/svc-new2.jar io.github.taskpools.service.ServiceBench --rounds 1 --servers jetty --executors bwos,forkjoinpool "$@" --out $out/b-r$r > $out/b-r$r.log 2>&1
done
