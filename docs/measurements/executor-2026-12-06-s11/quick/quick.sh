#!/usr/bin/env bash
# quick.sh LABEL JAR EXECUTOR PAR ENDPOINT CONN: fresh server, 8 s wrk discarded, 12 s measured; prints one line
set -euo pipefail
label=$1 jar=$2 ex=$3 par=$4 ep=$5 c=$6
J=/usr/lib/jvm/java-17-openjdk-amd64/bin
log=$(mktemp)
$J/java ${JOPTS:-} -Xms1g -Xmx1g -XX:+AlwaysPreTouch -cp $jar io.github.taskpools.service.ServerMain --server jetty --executor $ex --parallelism $par --selectors 1 > $log 2>&1 < <(sleep 40) &
for i in $(seq 100); do line=$(grep READY $log || true); [[ -n "$line" ]] && break; sleep 0.2; done
port=$(sed 's/.*port=\([0-9]*\).*/\1/' <<<"$line"); pid=$(sed 's/.*pid=\([0-9]*\).*/\1/' <<<"$line")
wrk -t 2 -c $c -d 8s -s /work/prof/lua/$ep.lua http://127.0.0.1:$port/json > /dev/null
t0=$(awk '{print $14+$15}' /proc/$pid/stat)
out=$(wrk -t 2 -c $c -d 12s --latency -s /work/prof/lua/$ep.lua http://127.0.0.1:$port/json)
t1=$(awk '{print $14+$15}' /proc/$pid/stat)
rps=$(grep Requests/sec <<<"$out" | awk '{print $2}'); p99=$(grep ' 99%' <<<"$out" | awk '{print $2}')
reqs=$(grep 'requests in' <<<"$out" | awk '{print $1}'); non=$(grep -c Non-2xx <<<"$out" || true)
thr=$(for t in /proc/$pid/task/*; do cat $t/comm; done | grep -c -E '^(bwos-[0-9]+-worker|forkjoinpool-[0-9])' || true)
echo "$label $ep $c rps=$rps p99=$p99 us_cpu_per_req=$(( (t1-t0)*10000*1000/reqs/1000 )) workers=$thr non2xx=$non dbg=$(grep -c '^DBG' $log || true)"
kill $pid; wait 2>/dev/null || true; cp $log /work/prof/last-$label.log; rm -f $log
