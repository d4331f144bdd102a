#!/usr/bin/env bash
# Interleaved runs of two diagnostic JVMs (A and B, alternating which goes first), GcStress at 8 GC
# threads with ab.sh's flags plus gc+task=info (the BWOSDIAG lines), cycling through the workloads;
# logs compressed.  Usage: hunt2.sh A=JDK B=JDK CLASSES OUTDIR ROUNDS [WORKLOAD...]
set -uo pipefail
NA="${1%%=*}"; JA="${1#*=}"; NB="${2%%=*}"; JB="${2#*=}"; CLS="$3"; DIR="$4"; N="$5"; shift 5
WL=("${@:-wide mixed deep}")
mkdir -p "$DIR"
FLAGS=(-Xbootclasspath/a:"$CLS/wb.jar" -XX:+UnlockDiagnosticVMOptions -XX:+WhiteBoxAPI
       -XX:+UseG1GC -Xms512m -Xmx512m -XX:G1HeapWastePercent=1 -cp "$CLS"
       -XX:ParallelGCThreads=8 -XX:-UseDynamicNumberOfGCThreads)
for i in $(seq 1 "$N"); do
  w="${WL[$(( (i - 1) % ${#WL[@]} ))]}"
  if [ $((i % 2)) = 1 ]; then order="$NA $NB"; else order="$NB $NA"; fi
  for n in $order; do
    if [ "$n" = "$NA" ]; then j="$JA"; else j="$JB"; fi
    f="$DIR/$n-$w-$i.log"
    timeout 600 "$j/bin/java" "${FLAGS[@]}" -Xlog:gc*,gc+phases=debug,gc+task=info,gc+task+stats=debug:file="$f" \
      GcStress 90 "$w" > "$DIR/$n-$w-$i.out" 2>&1 || echo "run $n $i ($w) failed rc=$?"
    xz -T1 -6 "$f"
  done
  echo "[$(date +%H:%M:%S)] round $i ($w, $order) done"
done
