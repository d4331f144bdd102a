#!/usr/bin/env bash
# dbgrun.sh JAR EXECUTOR ENDPOINT CONN SECS OUT: server + wrk, server stderr to OUT
set -euo pipefail
jar=$1 ex=$2 ep=$3 c=$4 secs=$5 out=$6
J=/usr/lib/jvm/java-17-openjdk-amd64/bin
$J/java ${JOPTS:-} -Xms1g -Xmx1g -XX:+AlwaysPreTouch -cp $jar io.github.taskpools.service.ServerMain --server jetty --executor $ex --parallelism 2 --selectors 1 > $out 2>&1 < <(sleep $((secs+20))) &
for i in $(seq 100); do line=$(grep READY $out || true); [[ -n "$line" ]] && break; sleep 0.2; done
port=$(sed 's/.*port=\([0-9]*\).*/\1/' <<<"$line"); pid=$(sed 's/.*pid=\([0-9]*\).*/\1/' <<<"$line")
wrk -t 2 -c $c -d ${secs}s --latency -s /work/prof/lua/$ep.lua http://127.0.0.1:$port/json | grep -E 'Requests/sec|99%|Non-2xx'
ls /proc/$pid/task | wc -l
for t in /proc/$pid/task/*; do echo "$(cat $t/comm) $(awk '{print $14+$15}' $t/stat)"; done | grep -i -E 'bwos|worker|pool' | sort | head
kill $pid; wait 2>/dev/null || true
