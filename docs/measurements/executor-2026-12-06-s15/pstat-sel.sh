#!/usr/bin/env bash
# pstat-sel.sh LABEL JAR EXECUTOR ENDPOINT CONN: fresh server (T25), 8 s warm-up, 10 s measured; system calls of the selector thread counted in the kernel (perf stat on syscall tracepoints) per request
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
perf stat -x, -e syscalls:sys_enter_epoll_wait,syscalls:sys_enter_epoll_pwait,syscalls:sys_enter_epoll_ctl,syscalls:sys_enter_futex,syscalls:sys_enter_read,syscalls:sys_enter_write -t $tid -o /tmp/ptrace.$$ -- sleep 10 > /dev/null 2>&1 &
pp=$!
out=$(wrk -t 2 -c $c -d 10s --latency -s /work/prof/lua/$ep.lua http://127.0.0.1:$port/json)
wait $pp || true
read r1 k1 s1 < <(st)
r=$((r1-r0))
echo "$label $ex $ep $c $(grep Requests/sec <<<"$out") tasks/req=$(python3 -c "print(round(($k1-$k0)/$r,3))") selects/req=$(python3 -c "print(round(($s1-$s0)/$r,3))")"
awk -F, -v r=$r '/syscalls/{printf "    %-40s per req=%.4f\n", $3, $1/r}' /tmp/ptrace.$$
kill $pid; wait 2>/dev/null || true; rm -f $log /tmp/ptrace.$$
