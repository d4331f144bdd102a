#!/usr/bin/env bash
set -u
J=/work/prof/exp-spares.jar
common="--rounds 1 --servers jetty --endpoints json-small,json-medium --connections 16,64,256 --duration 6 --warmup 3"
for r in 1 2 3; do
  java -cp $J io.github.taskpools.service.ServiceBench $common --executors bwos,forkjoinpool --out d-$r > d-$r.log 2>&1
  java -cp $J io.github.taskpools.service.ServiceBench $common --executors bwos --out n-$r --server-jvm-options="-Xms1g -Xmx1g -XX:+AlwaysPreTouch -Dexp.maxSpares=0" > n-$r.log 2>&1
  echo round $r done
done
