#!/usr/bin/env bash
# strace-sel.sh LABEL JAR EXECUTOR ENDPOINT CONN: fresh server (T25), 8 s warm-up, 10 s measured with perf trace -s on the selector thread
set -euo pipefail
label=$1 jar=$2 ex=$3 ep=$4 c=$5 J=/usr/lib/jvm/temurin-25-jdk-amd64/bin
log=$(mktemp)
$J/java -Xms1g -Xmx1g -XX:+AlwaysPreTouch -cp $jar io.github.taskpools.service.ServerMain --server jetty --executor $ex --parallelism 2 --selectors 1 > $log 2>&1 < <(sleep 40) &
for i in $(seq 100); do line=$(grep READY $log || true); [[ -n "$line" ]] && break; sleep 0.2; done
port=$(sed 's/.*port=\([0-9]*\).*/\1/' <<<"$line"); pid=$(sed 's/.*pid=\([0-9]*\).*/\1/' <<<"$line"); ctl=$(sed 's/.*control=\([0-9]*\).*/\1/' <<<"$line")
wrk -t 2 -c $c -d 8s -s /work/prof/lua/$ep.lua http://127.0.0.1:$port/json > /dev/null
tid=$(for t in /proc/$pid/task/*; do [[ $(cat $t/comm) == jetty-selector* ]] && basename $t; done | head -1; true)
st() { curl -s http://127.0.0.1:$ctl/stats | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["requests"], d["tasks"], d.get("selects") or 0)'; }
read r0 k0 s0 < <(st)
perf trace -s -t $tid -o /tmp/ptrace.$$ -- sleep 10 > /dev/null 2>&1 &
pp=$!
out=$(wrk -t 2 -c $c -d 10s --latency -s /work/prof/lua/$ep.lua http://127.0.0.1:$port/json)
wait $pp || true
read r1 k1 s1 < <(st)
r=$((r1-r0))
echo "$label $ex $ep $c $(grep Requests/sec <<<"$out") tasks/req=$(python3 -c "print(round(($k1-$k0)/$r,3))") selects/req=$(python3 -c "print(round(($s1-$s0)/$r,3))")"
awk -v r=$r '/^ *[a-z_0-9]+ +[0-9]+ +[0-9]+ /{printf "    %-14s calls/req=%.4f total_ms=%s\n", $1, $2/r, $2*$4/1000}' /tmp/ptrace.$$ | head -8
kill $pid; wait 2>/dev/null || true; rm -f $log /tmp/ptrace.$$
