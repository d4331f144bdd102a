#!/usr/bin/env bash
# thr.sh LABEL JAR EXECUTOR ENDPOINT CONN [JAVA_HOME]: fresh server, 8 s discarded, 12 s measured; req/s, p99,
# requests per task (from /stats), machine idle share; per thread class CPU µs and switches per request.
# MAIN=Tick EXTRA_CP=DIR: start the server through ../scratch/Tick.java compiled into DIR.
set -euo pipefail
label=$1 jar=$2 ex=$3 ep=$4 c=$5 J=${6:-/usr/lib/jvm/java-17-openjdk-amd64}/bin
log=$(mktemp)
$J/java ${JOPTS:-} -Xms1g -Xmx1g -XX:+AlwaysPreTouch -cp $jar${EXTRA_CP:+:$EXTRA_CP} ${MAIN:-io.github.taskpools.service.ServerMain} --server jetty --executor $ex --parallelism 2 --selectors 1 > $log 2>&1 < <(sleep 45) &
for i in $(seq 100); do line=$(grep READY $log || true); [[ -n "$line" ]] && break; sleep 0.2; done
port=$(sed 's/.*port=\([0-9]*\).*/\1/' <<<"$line"); pid=$(sed 's/.*pid=\([0-9]*\).*/\1/' <<<"$line")
wrk -t 2 -c $c -d 8s -s /work/prof/lua/$ep.lua http://127.0.0.1:$port/json > /dev/null
snap() { for t in /proc/$pid/task/*; do n=$(cat $t/comm | tr ' ' '_'); s=($(sed 's/.*) //' $t/stat)); v=$(awk '/^voluntary/{print $2}' $t/status); nv=$(awk '/^nonvoluntary/{print $2}' $t/status); echo "$(basename $t) $n $((s[11]+s[12])) $v $nv"; done; }
ctl=$(sed 's/.*control=\([0-9]*\).*/\1/' <<<"$line"); st0=$(curl -s http://127.0.0.1:$ctl/stats); snap > /tmp/thr-a.$$; read -r _ u0 n0 s0 i0 _ < <(grep '^cpu ' /proc/stat)
out=$(wrk -t 2 -c $c -d 12s --latency -s /work/prof/lua/$ep.lua http://127.0.0.1:$port/json)
read -r _ u1 n1 s1 i1 _ < <(grep '^cpu ' /proc/stat)
snap > /tmp/thr-b.$$
st1=$(curl -s http://127.0.0.1:$ctl/stats)
reqs=$(grep 'requests in' <<<"$out" | awk '{print $1}'); rps=$(grep Requests/sec <<<"$out" | awk '{print $2}'); p99=$(grep ' 99%' <<<"$out" | awk '{print $2}')
tk=$(python3 -c "import json,sys; a=json.loads(sys.argv[1]); b=json.loads(sys.argv[2]); print('%.3f' % ((b['requests']-a['requests'])/max(1,b['tasks']-a['tasks'])))" "$st0" "$st1")
echo "== $label $ex $ep $c rps=$rps p99=$p99 req/task=$tk idle%=$(( (i1-i0)*100/((u1-u0)+(n1-n0)+(s1-s0)+(i1-i0)) ))"
join <(sort /tmp/thr-a.$$) <(sort /tmp/thr-b.$$) | awk -v r=$reqs '{cls=$2; gsub(/[0-9]+$/,"",cls); gsub(/-[0-9]+-/,"-N-",cls); cpu[cls]+=$7-$3; v[cls]+=$8-$4; nv[cls]+=$9-$5} END {for (k in cpu) if (cpu[k]+v[k]>0) printf "  %-28s cpu_us/req=%6.2f vol/1kreq=%7.1f invol/1kreq=%7.1f\n", k, cpu[k]*10000/r, v[k]*1000/r, nv[k]*1000/r}' | sort -t= -k2 -rn
kill $pid; wait 2>/dev/null || true; rm -f $log /tmp/thr-*.$$
