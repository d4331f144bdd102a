#!/usr/bin/env bash
# twojvm.sh JAR EXEC_A EXEC_B ENDPOINT CONN ALTERNATIONS [JVM]: two servers started together, wrk
# alternated between them (10 s each, after 8 s of warm-up each): is a server's rate a property of
# the JVM (stays apart) or of the time (moves together)?
jar=$1 ea=$2 eb=$3 ep=$4 c=$5 n=$6 J=${7:-/usr/lib/jvm/temurin-25-jdk-amd64}/bin
start() { local log=$(mktemp); $J/java -Xms1g -Xmx1g -XX:+AlwaysPreTouch -cp $jar io.github.taskpools.service.ServerMain --server jetty --executor $1 --parallelism 2 --selectors 1 > $log 2>&1 < <(sleep 100000) &
  for i in $(seq 100); do line=$(grep READY $log || true); [[ -n "$line" ]] && break; sleep 0.2; done; echo "$line"; }
la=$(start $ea); lb=$(start $eb)
pa=$(sed 's/.*port=\([0-9]*\).*/\1/' <<<"$la"); pb=$(sed 's/.*port=\([0-9]*\).*/\1/' <<<"$lb")
ida=$(sed 's/.*pid=\([0-9]*\).*/\1/' <<<"$la"); idb=$(sed 's/.*pid=\([0-9]*\).*/\1/' <<<"$lb")
for p in $pa $pb; do wrk -t 2 -c $c -d 8s -s /work/prof/lua/$ep.lua http://127.0.0.1:$p/json > /dev/null; done
for i in $(seq $n); do
  for x in "A $ea $pa $ida" "B $eb $pb $idb"; do read -r lab ex p id <<<"$x"
    t0=$(awk '{print $14+$15}' /proc/$id/stat)
    out=$(wrk -t 2 -c $c -d 10s --latency -s /work/prof/lua/$ep.lua http://127.0.0.1:$p/json)
    t1=$(awk '{print $14+$15}' /proc/$id/stat)
    rps=$(grep Requests/sec <<<"$out" | awk '{print $2}'); reqs=$(grep "requests in" <<<"$out" | awk '{print $1}')
    echo "$(date +%T) $i $lab $ex rps=$rps cpu_us/req=$(python3 -c "print(round(($t1-$t0)*10000/$reqs,1))")"
  done
done
kill $ida $idb; wait 2>/dev/null
