#!/usr/bin/env bash
# The A/B of G1 with BWoS against stock G1, per unit of work: GcStress's
# WORKLOAD without verification on both JVMs, PAIRS interleaved pairs (stock
# runs first in odd pairs, BWoS in even ones, so that drift within a pair does
# not always land on one side), ParallelGCThreads THREADS, the same fixed heap
# for both (-Xms = -Xmx = GCSTRESS_HEAP, default 512m, so that G1's sizing
# cannot decide the pause count); then renaissance-runner's GcAb: per metric
# (wall time, young pauses, Object Copy per copied MiB, Termination per pause,
# concurrent and full-GC marking per MiB) each JVM's median and the geometric
# mean of the paired ratios BWoS/stock with a studentized bootstrap 95%
# interval over pairs, marked when it excludes 1, printed and written to
# OUTDIR/ab.md and ab.csv beside the logs, with the per-run sums the table is
# computed from in OUTDIR/runs.csv (GcAb --recompute OUTDIR recomputes the
# table from that file alone); the logs are then compressed (*.log.gz, which
# GcAb reads too). gc+task+stats=debug adds the BWoS queues' counters (one
# "BWoS <phase>:" line per pause, full GC and marking cycle; stock has no such
# tag set and prints one warning about it to its .out),
# whose means per event renaissance-runner's BwosCounters writes to
# OUTDIR/counters.md.
# Fails when a run fails, when the two JVMs' checksums of a
# pair differ, or when a run lacks a kind of collection a metric needs.
#
# check.sh ab runs it on build.sh's JVMs; the bundle of pack.sh runs it on its
# own (run.sh there).
#
# Usage: ab.sh STOCK_JDK BWOS_JDK CLASSES RUNNER_JAR OUTDIR [PAIRS] [THREADS] [WORKLOAD]
#   CLASSES: a directory holding GcStress.class and wb.jar (WhiteBox, compiled
#   from the pinned source's test/lib); RUNNER_JAR: renaissance-runner's jar.
#   PAIRS default 20, THREADS 2, WORKLOAD mixed (or wide, deep, arrays: see
#   GcStress.java); GCSTRESS_ITERATIONS (default 90) sets GcStress's length.
set -euo pipefail

[ $# -ge 5 ] || { sed -n '26,30p' "$0" >&2; exit 2; }
STOCK="$1"; BWOS="$2"; CLS="$3"; RUNNER_JAR="$4"; DIR="$5"
PAIRS="${6:-20}"; THREADS="${7:-2}"; WORKLOAD="${8:-mixed}"
ITERATIONS="${GCSTRESS_ITERATIONS:-90}"
HEAP="${GCSTRESS_HEAP:-512m}"
for f in "$STOCK/bin/java" "$BWOS/bin/java" "$CLS/GcStress.class" "$CLS/wb.jar" "$RUNNER_JAR"; do
  [ -e "$f" ] || { echo "ab.sh: missing $f" >&2; exit 1; }
done
FLAGS=(-Xbootclasspath/a:"$CLS/wb.jar" -XX:+UnlockDiagnosticVMOptions -XX:+WhiteBoxAPI
       -XX:+UseG1GC -Xms"$HEAP" -Xmx"$HEAP" -XX:G1HeapWastePercent=1 -cp "$CLS"
       -XX:ParallelGCThreads="$THREADS" -XX:-UseDynamicNumberOfGCThreads)

rm -rf "$DIR"; mkdir -p "$DIR"
printf '\n=== [%s] GcStress %s A/B: %s interleaved pairs, ParallelGCThreads=%s, heap -Xms%s -Xmx%s, no verification\n' \
  "$(date +%H:%M:%S)" "$WORKLOAD" "$PAIRS" "$THREADS" "$HEAP" "$HEAP"
fail=0
for i in $(seq 1 "$PAIRS"); do
  if [ $((i % 2)) = 1 ]; then order="stock bwos"; else order="bwos stock"; fi
  echo "${order%% *}" > "$DIR/order-$i"
  for j in $order; do
    if [ "$j" = stock ]; then java="$STOCK/bin/java"; else java="$BWOS/bin/java"; fi
    t0=$(date +%s%N)
    "$java" "${FLAGS[@]}" -Xlog:gc*,gc+phases=debug,gc+cpu,gc+task+stats=debug:file="$DIR/$j-$i.log" \
      GcStress "$ITERATIONS" "$WORKLOAD" > "$DIR/$j-$i.out" 2>&1 \
      || { echo "FAILED: $j, pair $i (see $DIR/$j-$i.out)"; fail=1; }
    t1=$(date +%s%N)
    echo "$(( (t1 - t0) / 1000000 ))" > "$DIR/$j-$i.wall"
  done
  if [ "$(grep '^checksum' "$DIR/stock-$i.out")" != "$(grep '^checksum' "$DIR/bwos-$i.out")" ]; then
    echo "FAILED: checksums of pair $i differ (see $DIR)"; fail=1
  fi
done
"$STOCK/bin/java" -cp "$RUNNER_JAR" io.github.taskpools.renaissance.GcAb "$DIR" || fail=1
"$STOCK/bin/java" -cp "$RUNNER_JAR" io.github.taskpools.renaissance.BwosCounters "$DIR" || fail=1
gzip -9 "$DIR"/*.log || fail=1
exit "$fail"
