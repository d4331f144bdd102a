#!/usr/bin/env bash
# GcStress runs on a diagnostic JVM (ab.sh's flags and logging, plus gc+task=info for the BWOSDIAG
# lines), cycling through the workloads, until MAX runs or until WANT runs logged a churn dump.
# Usage: hunt.sh JDK CLASSES OUTDIR MAX WANT [WORKLOAD...]
set -uo pipefail
JDK="$1"; CLS="$2"; DIR="$3"; MAX="$4"; WANT="$5"; shift 5
WL=("${@:-wide mixed deep}")
mkdir -p "$DIR"
FLAGS=(-Xbootclasspath/a:"$CLS/wb.jar" -XX:+UnlockDiagnosticVMOptions -XX:+WhiteBoxAPI
       -XX:+UseG1GC -Xms512m -Xmx512m -XX:G1HeapWastePercent=1 -cp "$CLS"
       -XX:ParallelGCThreads=8 -XX:-UseDynamicNumberOfGCThreads)
got=0
for i in $(seq 1 "$MAX"); do
  w="${WL[$(( (i - 1) % ${#WL[@]} ))]}"
  f="$DIR/$w-$i.log"
  timeout 600 "$JDK/bin/java" "${FLAGS[@]}" -Xlog:gc*,gc+phases=debug,gc+task=info,gc+task+stats=debug:file="$f" \
    GcStress 90 "$w" > "$DIR/$w-$i.out" 2>&1 || echo "run $i ($w) failed rc=$?"
  n=$(grep -c 'BWOSDIAG fail#300 ' "$f")
  echo "[$(date +%H:%M:%S)] run $i $w: pauses with >=30 failed steals with stealable>0: $(grep -c 'failed steals with stealable' "$f") (max $(grep -o 'stealable > 0: [0-9]*' "$f" | awk '{print $NF}' | sort -n | tail -1)), fail#300 dumps: $n"
  if [ "$n" -gt 0 ]; then got=$((got + 1)); else xz -T1 -6 "$f"; fi
  [ "$got" -ge "$WANT" ] && break
done
echo "done: $got runs with churn dumps"
