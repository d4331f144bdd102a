#!/usr/bin/env bash
common="--rounds 1 --servers jetty --endpoints json-small,json-medium,json-large --connections 64,256 --executors bwos,forkjoinpool --duration 10 --warmup 5"
while pgrep -f "stand1|stand.jar" >/dev/null; do sleep 5; done
for r in 1 2 3; do
  java -cp /work/prof/calm.jar io.github.taskpools.service.ServiceBench $common --out c-$r > c-$r.log 2>&1
  echo round $r
done
