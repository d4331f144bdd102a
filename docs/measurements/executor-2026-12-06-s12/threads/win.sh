#!/usr/bin/env bash
# win.sh JAR EXECUTOR ENDPOINT CONN WINDOWS [JVM]: fresh server, 8 s discarded, then WINDOWS x 8 s windows; rps each
set -euo pipefail
jar=$1 ex=$2 ep=$3 c=$4 n=$5 J=${6:-/usr/lib/jvm/java-17-openjdk-amd64}/bin
log=$(mktemp)
$J/java ${JOPTS:-} -Xms1g -Xmx1g -XX:+AlwaysPreTouch -cp $jar io.github.taskpools.service.ServerMain --server jetty --executor $ex --parallelism 2 --selectors 1 > $log 2>&1 < <(sleep $((20+8*n))) &
for i in $(seq 100); do line=$(grep READY $log || true); [[ -n "$line" ]] && break; sleep 0.2; done
port=$(sed 's/.*port=\([0-9]*\).*/\1/' <<<"$line"); pid=$(sed 's/.*pid=\([0-9]*\).*/\1/' <<<"$line")
wrk -t 2 -c $c -d 8s -s /work/prof/lua/$ep.lua http://127.0.0.1:$port/json > /dev/null
r=""; for w in $(seq $n); do t0=$(awk '{print $14+$15}' /proc/$pid/stat); out=$(wrk -t 2 -c $c -d 8s -s /work/prof/lua/$ep.lua http://127.0.0.1:$port/json); t1=$(awk '{print $14+$15}' /proc/$pid/stat); reqs=$(grep 'requests in' <<<"$out" | awk '{print $1}'); r="$r $(grep Requests/sec <<<"$out" | awk '{printf "%.1fk", $2/1000}')/$(( (t1-t0)*10000/reqs ))us"; done
echo "$ex $ep $c:$r"
kill $pid; wait 2>/dev/null || true; rm -f $log
