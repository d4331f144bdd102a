#!/usr/bin/env bash
# pstat.sh LABEL JAR EXECUTOR ENDPOINT CONN: fresh server (T25), 8 s warm-up, 10 s measured: per request user/sys CPU us, switches, migrations; per thread CPU
set -euo pipefail
label=$1 jar=$2 ex=$3 ep=$4 c=$5 J=/usr/lib/jvm/temurin-25-jdk-amd64/bin
log=$(mktemp)
$J/java -Xms1g -Xmx1g -XX:+AlwaysPreTouch ${JOPTS:-} -cp $jar io.github.taskpools.service.ServerMain --server jetty --executor $ex --parallelism 2 --selectors 1 > $log 2>&1 < <(sleep 40) &
for i in $(seq 100); do line=$(grep READY $log || true); [[ -n "$line" ]] && break; sleep 0.2; done
port=$(sed 's/.*port=\([0-9]*\).*/\1/' <<<"$line"); pid=$(sed 's/.*pid=\([0-9]*\).*/\1/' <<<"$line"); ctl=$(sed 's/.*control=\([0-9]*\).*/\1/' <<<"$line")
wrk -t 2 -c $c -d 8s -s /work/prof/lua/$ep.lua http://127.0.0.1:$port/json > /dev/null
st() { curl -s http://127.0.0.1:$ctl/stats | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["requests"], d["tasks"])'; }
thr() { for t in /proc/$pid/task/*; do n=$(cat $t/comm); s=($(cut -d' ' -f14,15 $t/stat)); v=$(awk '/^voluntary/{print $2}' $t/status); nv=$(awk '/^nonvoluntary/{print $2}' $t/status); echo "$n|${s[0]}|${s[1]}|$v|$nv"; done; }
read r0 k0 < <(st); thr > /tmp/thr0.$$
perf stat -e context-switches,cpu-migrations -p $pid -o /tmp/perf.$$ -- sleep 10 &
pp=$!
out=$(wrk -t 2 -c $c -d 10s --latency -s /work/prof/lua/$ep.lua http://127.0.0.1:$port/json)
wait $pp || true
read r1 k1 < <(st); thr > /tmp/thr1.$$
rps=$(grep Requests/sec <<<"$out" | awk '{print $2}')
python3 - "$label" "$ex" "$ep" "$c" "$rps" "$((r1-r0))" "$((k1-k0))" /tmp/thr0.$$ /tmp/thr1.$$ /tmp/perf.$$ <<'PY'
import sys, re, collections
lab,ex,ep,c,rps,r,k,f0,f1,pf=sys.argv[1:]; r=int(r); k=int(k)
def rd(f):
    d=collections.defaultdict(lambda:[0,0,0,0])
    for l in open(f):
        n,u,s,v,nv=l.strip().split('|'); g=re.sub(r'\d+','#',n)
        for i,x in enumerate((u,s,v,nv)): d[g][i]+=int(x)
    return d
a=rd(f0); b=rd(f1)
txt=open(pf).read()
cs=int(re.search(r'([\d,]+)\s+context-switches',txt).group(1).replace(',',''))
mg=int(re.search(r'([\d,]+)\s+cpu-migrations',txt).group(1).replace(',',''))
tu=sum(b[g][0]-a[g][0] for g in b); ts=sum(b[g][1]-a[g][1] for g in b)
print('%-6s %-12s %s %4s rps=%s user=%.2f sys=%.2f us/req cs=%.3f mig=%.3f per req tasks/req=%.3f'%(lab,ex,ep,c,rps,tu*1e4/r,ts*1e4/r,cs/r,mg/r,k/r))
for g in sorted(b, key=lambda g: -(b[g][0]+b[g][1]-a[g][0]-a[g][1])):
    d=[b[g][i]-a[g][i] for i in range(4)]
    if d[0]+d[1]>0 or d[2]+d[3]>0: print('    %-28s user=%.2f sys=%.2f us/req vol=%.3f invol=%.3f per req'%(g,d[0]*1e4/r,d[1]*1e4/r,d[2]/r,d[3]/r))
PY
kill $pid; wait 2>/dev/null || true; rm -f $log /tmp/thr0.$$ /tmp/thr1.$$ /tmp/perf.$$
