#!/usr/bin/env bash
# dbgrun.sh JAR EXECUTOR ENDPOINT CONN "JOPTS": one server, 8 s + 10 s, prints wrk's figures and the MON lines
jar=$1 ex=$2 ep=$3 c=$4 opts=$5
J=/usr/lib/jvm/temurin-25-jdk-amd64/bin; log=$(mktemp); $J/java -Xms1g -Xmx1g -XX:+AlwaysPreTouch $opts -cp $jar io.github.taskpools.service.ServerMain --server jetty --executor $ex --parallelism 2 --selectors 1 > $log 2>&1 < <(sleep 40) &
for i in $(seq 100); do line=$(grep READY $log || true); [[ -n "$line" ]] && break; sleep 0.2; done
port=$(sed 's/.*port=\([0-9]*\).*/\1/' <<<"$line"); pid=$(sed 's/.*pid=\([0-9]*\).*/\1/' <<<"$line")
wrk -t 2 -c $c -d 8s -s /work/prof/lua/$ep.lua http://127.0.0.1:$port/json > /dev/null
wrk -t 2 -c $c -d 10s --latency -s /work/prof/lua/$ep.lua http://127.0.0.1:$port/json | grep -E "99%|Requests/sec"
ls /proc/$pid/task | wc -l
kill $pid; wait; grep MON $log | tail -${TAILN:-6}; rm -f $log
