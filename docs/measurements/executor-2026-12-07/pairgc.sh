#!/usr/bin/env bash
# pair.sh LABEL JAR EXECUTOR ENDPOINT CONN [JVM]: fresh server, 8 s warm-up, 10 s measured:
# rps, p99, server CPU us/req, tasks/req, server voluntary switches per 1000 req
set -euo pipefail
label=$1 jar=$2 ex=$3 ep=$4 c=$5 J=${6:-/usr/lib/jvm/temurin-25-jdk-amd64}/bin
log=$(mktemp)
$J/java -Xlog:gc:file=/tmp/gc-$$.log -Xms1g -Xmx1g -XX:+AlwaysPreTouch ${JOPTS:-} -cp $jar${EXTRA_CP:+:$EXTRA_CP} ${MAIN:-io.github.taskpools.service.ServerMain} --server jetty --executor $ex --parallelism 2 --selectors 1 > $log 2>&1 < <(sleep 40) &
for i in $(seq 100); do line=$(grep READY $log || true); [[ -n "$line" ]] && break; sleep 0.2; done
port=$(sed 's/.*port=\([0-9]*\).*/\1/' <<<"$line"); pid=$(sed 's/.*pid=\([0-9]*\).*/\1/' <<<"$line"); ctl=$(sed 's/.*control=\([0-9]*\).*/\1/' <<<"$line")
wrk -t 2 -c $c -d 8s -s /work/prof/lua/$ep.lua http://127.0.0.1:$port/json > /dev/null
st() { curl -s http://127.0.0.1:$ctl/stats | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["requests"], d["tasks"])'; }
vol() { cat /proc/$pid/task/*/status | awk '/^voluntary/{s+=$2} END{print s}'; }
read r0 k0 < <(st); t0=$(awk '{print $14+$15}' /proc/$pid/stat); v0=$(vol)
out=$(wrk -t 2 -c $c -d 10s --latency -s /work/prof/lua/$ep.lua http://127.0.0.1:$port/json)
read r1 k1 < <(st); t1=$(awk '{print $14+$15}' /proc/$pid/stat); v1=$(vol)
rps=$(grep Requests/sec <<<"$out" | awk '{print $2}'); p99=$(grep ' 99%' <<<"$out" | awk '{print $2}')
python3 -c "r=$r1-$r0; print('%-8s %-12s %-11s %4d rps=%8.0f p99=%-8s cpu_us/req=%6.2f tasks/req=%.3f vol/1kreq=%.1f' % ('$label','$ex','$ep',$c,$rps,'$p99',($t1-$t0)*10000/r,($k1-$k0)/r,($v1-$v0)*1000/r))"
kill $pid; wait 2>/dev/null || true; rm -f $log; python3 -c "import re; t=[float(x) for x in re.findall(r\"(\\d+\\.\\d+)ms\",open(\"/tmp/gc-$$.log\").read())]; print(\"   gc pauses %d total %.0f ms\"%(len(t),sum(t)))"; rm -f /tmp/gc-$$.log
