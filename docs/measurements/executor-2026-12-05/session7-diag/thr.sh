#!/bin/bash
# thr.sh EX EP CONNS SECS: server + wrk; per-thread CPU (utime+stime ticks) over the last half
ex=$1 ep=$2 c=$3 secs=$4
d=/tmp/thr-$$; mkdir -p $d; cd $d; mkfifo fifo
J=${J:-/usr/lib/jvm/java-17-openjdk-amd64/bin/java}
$J -Xms1g -Xmx1g -XX:+AlwaysPreTouch $JOPTS -cp ${JAR:-/work/main/service-bench/target/service-bench.jar} io.github.taskpools.service.ServerMain \
  --server jetty --executor $ex --parallelism 2 --selectors 1 < fifo > server.log 2>&1 &
jpid=$!
exec 3>fifo
for i in $(seq 100); do grep -q READY server.log && break; sleep 0.2; done
port=$(sed -n 's/.*READY port=\([0-9]*\).*/\1/p' server.log); cport=$(sed -n 's/.*control=\([0-9]*\).*/\1/p' server.log)
wrk --latency -t 2 -c $c -d $secs -s /work/prof/gen/lua/$ep.lua http://127.0.0.1:$port/json > wrk.txt &
wpid=$!
snap() { for t in /proc/$jpid/task/*; do n=$(cat $t/comm); s=$(awk '{print $14+$15, $(NF-13)}' $t/stat 2>/dev/null); echo "$n $s"; done | sort; }
sleep $((secs/2)); snap > a; curl -s http://127.0.0.1:$cport/stats > /dev/null; sleep $((secs/2 - 1)); snap > b; curl -s http://127.0.0.1:$cport/stats | python3 -c "import sys,json; j=json.load(sys.stdin); print('threads',j['threads'],'wait',j['wait']); print('reqs',j['reqsPerTask'][-60:])"
join a b | awk '{d=$4-$2; if (d>5) print $1, d}'
wait $wpid; grep -A4 "Latency Distribution" wrk.txt | tail -1; grep Requests/sec wrk.txt
exec 3>&-; wait $jpid; rm -rf $d
