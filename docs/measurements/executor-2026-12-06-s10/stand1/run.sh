#!/usr/bin/env bash
common="--rounds 1 --servers jetty --endpoints json-small,json-medium,json-large --connections 64,256 --executors bwos,forkjoinpool --duration 10 --warmup 5"
for r in 1 2 3; do
  java -cp /work/prof/ride.jar io.github.taskpools.service.ServiceBench $common --out r-$r > r-$r.log 2>&1
  java -cp /work/prof/stand.jar io.github.taskpools.service.ServiceBench $common --out s-$r > s-$r.log 2>&1
  echo round $r
done
