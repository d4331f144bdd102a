#!/usr/bin/env bash
# Interleaved JMH A/B: jab.sh OUT ROUNDS JAR_A JAR_B -- jmh args...
set -euo pipefail
out=$1 rounds=$2 a=$3 b=$4; shift 5
mkdir -p "$out"
for ((r = 1; r <= rounds; r++)); do
  for x in a b; do
    jar=${!x}
    java -jar "$jar" "$@" -rf json -rff "$out/$x-$r.json" > "$out/$x-$r.log" 2>&1
    echo "round $r $x done"
  done
done
python3 - "$out" "$rounds" <<'PY'
import json,sys,statistics as st
out,rounds=sys.argv[1],int(sys.argv[2])
rows={}
for x in 'ab':
  for r in range(1,rounds+1):
    for b in json.load(open(f"{out}/{x}-{r}.json")):
      key=(b['benchmark'].split('.')[-1],tuple(sorted(b['params'].items())))
      raw=[v for fork in b['primaryMetric']['rawData'] for v in fork]
      sec={k:v['score'] for k,v in b.get('secondaryMetrics',{}).items()}
      rows.setdefault(key,{}).setdefault(x,[]).append((st.median(raw),sec))
for key,d in rows.items():
  print(key)
  for x in 'ab':
    if x in d:
      print(' ',x,' '.join(f"{m:.2f}" for m,_ in d[x]),' median',f"{st.median(m for m,_ in d[x]):.2f}", {k:round(v,3) for k,v in d[x][-1][1].items() if 'park' in k or 'steal' in k})
PY
