#!/usr/bin/env bash
common="--rounds 1 --servers jetty --endpoints json-small,json-large --connections 64 --executors bwos,forkjoinpool --duration 6 --warmup 3"
for r in 1 2 3 4; do
  java -cp /work/prof/head8.jar io.github.taskpools.service.ServiceBench $common --out h-$r > h-$r.log 2>&1
  java -cp /work/prof/exp-backoff.jar io.github.taskpools.service.ServiceBench $common --out s-$r > s-$r.log 2>&1
  java -cp /work/prof/exp-backoff.jar io.github.taskpools.service.ServiceBench $common --out e-$r --server-jvm-options="-Xms1g -Xmx1g -XX:+AlwaysPreTouch -Dexp.maxInterval=8" > e-$r.log 2>&1
  echo round $r
done
