#!/bin/bash
# interleaved service A/B/C of jars: out rounds jarA jarB [ServiceBench options]; A and B run bwos, B also forkjoinpool
out=$1; shift; rounds=$1; shift; A=$1; shift; B=$1; shift
mkdir -p $out
for r in $(seq $rounds); do
  java -cp $A io.github.taskpools.service.ServiceBench --rounds 1 --servers jetty --executors bwos "$@" --out $out/a-r$r > $out/a-r$r.log 2>&1
  java -cp $B io.github.taskpools.service.ServiceBench --rounds 1 --servers jetty --executors bwos,forkjoinpool "$@" --out $out/b-r$r > $out/b-r$r.log 2>&1
done
