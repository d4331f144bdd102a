#!/usr/bin/env bash
# rate.sh EXECUTOR ENDPOINT CONN SECONDS : requests per second, each second, from /stats
# JAR: the service jar (default service-bench/target/service-bench.jar); LUA_DIR: a ServiceBench run's lua/.
# The ninth session's copy posted to / (404 replies); this one posts to the endpoint, /json.
ex=$1 ep=$2 c=$3 s=$4
J=/usr/lib/jvm/java-17-openjdk-amd64/bin/java
out=$(mktemp)
$J $XOPT -Xms1g -Xmx1g -XX:+AlwaysPreTouch -cp ${JAR:-service-bench/target/service-bench.jar} io.github.taskpools.service.ServerMain --server jetty --executor $ex --parallelism 2 --selectors 1 > $out 2>&1 < <(sleep $((s+30))) &
for i in $(seq 100); do line=$(grep READY $out); [[ -n "$line" ]] && break; sleep 0.2; done
port=$(sed 's/.*port=\([0-9]*\).*/\1/' <<<"$line"); ctl=$(sed 's/.*control=\([0-9]*\).*/\1/' <<<"$line"); pid=$(sed 's/.*pid=\([0-9]*\).*/\1/' <<<"$line")
timeout $((s+10)) wrk -t 2 -c $c -d ${s}s -s ${LUA_DIR:?the lua/ directory of a ServiceBench run}/$ep.lua http://127.0.0.1:$port/json > $out.wrk &
wpid=$!
prev=0; rates=""
for ((i=0;i<s;i++)); do sleep 1; n=$(curl -s http://127.0.0.1:$ctl/stats | sed 's/.*"requests":\([0-9]*\).*"threads":\([0-9]*\).*/\1 \2/'); set -- $n; rates="$rates $(( ($1-prev)/1000 ))/$2"; prev=$1; done
wait $wpid
bad=$(grep "Non-2xx" $out.wrk || true)
echo "$ex $ep $c:$rates${bad:+ FAILED: $bad}"
kill $pid; sleep 1; rm -f $out $out.wrk
