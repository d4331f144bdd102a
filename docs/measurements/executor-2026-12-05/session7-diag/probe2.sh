#!/bin/bash
# probe.sh EX EP CONNS SECS: server + wrk, /stats every second
ex=$1 ep=$2 c=$3 secs=$4
d=/tmp/probe-$$; mkdir -p $d; cd $d; mkfifo fifo
J=${J:-/usr/lib/jvm/java-17-openjdk-amd64/bin/java}
$J -Xms1g -Xmx1g -XX:+AlwaysPreTouch $JOPTS -cp ${JAR:-/work/main/service-bench/target/service-bench.jar} io.github.taskpools.service.ServerMain \
  --server jetty --executor $ex --parallelism 2 --selectors 1 < fifo > server.log 2>&1 &
jpid=$!
exec 3>fifo
for i in $(seq 100); do grep -q READY server.log && break; sleep 0.2; done
port=$(sed -n 's/.*READY port=\([0-9]*\).*/\1/p' server.log); cport=$(sed -n 's/.*control=\([0-9]*\).*/\1/p' server.log)
wrk --latency -t 2 -c $c -d $secs -s /work/prof/gen/lua/$ep.lua http://127.0.0.1:$port/json > wrk.txt &
wpid=$!
for i in $(seq $secs); do sleep 1; echo "$i $(curl -s http://127.0.0.1:$cport/stats)"; done
wait $wpid; grep -A5 "Latency Distribution" wrk.txt; grep Requests/sec wrk.txt
exec 3>&-; wait $jpid; rm -rf $d
