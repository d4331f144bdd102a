#!/usr/bin/env bash
# prof.sh JAR EXECUTOR ENDPOINT CONN OUT [JVM]: fresh server, 8 s warm-up, perf record 10 s under wrk
set -euo pipefail
jar=$1 ex=$2 ep=$3 c=$4 out=$5 J=${6:-/usr/lib/jvm/java-17-openjdk-amd64}/bin
log=$(mktemp)
$J/java -XX:+UnlockDiagnosticVMOptions -XX:+DumpPerfMapAtExit -XX:+PreserveFramePointer -Xms1g -Xmx1g -XX:+AlwaysPreTouch -cp $jar io.github.taskpools.service.ServerMain --server jetty --executor $ex --parallelism 2 --selectors 1 > $log 2>&1 < <(sleep 40) &
for i in $(seq 100); do line=$(grep READY $log || true); [[ -n "$line" ]] && break; sleep 0.2; done
port=$(sed 's/.*port=\([0-9]*\).*/\1/' <<<"$line"); pid=$(sed 's/.*pid=\([0-9]*\).*/\1/' <<<"$line")
wrk -t 2 -c $c -d 8s -s ${LUA:-/work/prof/lua}/$ep.lua http://127.0.0.1:$port/json > /dev/null
wrk -t 2 -c $c -d 12s -s ${LUA:-/work/prof/lua}/$ep.lua http://127.0.0.1:$port/json > $out.wrk &
sleep 1
perf record -F 1999 -g -p $pid -o $out.data -- sleep 10 2> /dev/null
wait %2 || true
kill $pid; sleep 2; cp /tmp/perf-$pid.map $out.map 2>/dev/null || echo "no map"
echo "$ex pid=$pid $(grep Requests/sec $out.wrk)"
echo $pid > $out.pid
