#!/usr/bin/env bash
common="--rounds 1 --servers jetty --endpoints json-small --connections 64 --duration 6 --warmup 3"
for r in 1 2 3 4; do
  java -cp /work/prof/exp-spares.jar io.github.taskpools.service.ServiceBench $common --executors bwos,forkjoinpool --out h-$r > h-$r.log 2>&1
  java -cp /work/prof/exp-spares.jar io.github.taskpools.service.ServiceBench $common --executors bwos --out n-$r --server-jvm-options="-Xms1g -Xmx1g -XX:+AlwaysPreTouch -Dexp.maxSpares=0" > n-$r.log 2>&1
  echo round $r
done
