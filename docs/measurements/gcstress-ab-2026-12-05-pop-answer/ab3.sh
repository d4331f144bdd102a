#!/usr/bin/env bash
# Three-way interleaved GcStress A/B: ab.sh's JVM flags and logging for three JVMs A, B, C
# (A = stock G1, B = main's BWoS patch, C = the candidate in this directory's runs), TRIPLES
# triples, the order within triple i being the ((i - 1) mod 6)-th of the six permutations,
# so that the three share each stretch of the machine's load; each triple's checksums must
# agree. Then GcAb on each pairing (A-vs-C, B-vs-C, A-vs-B, in subdirectories whose
# order-<i> names which of the two ran earlier in triple i) and BwosCounters on B and C.
# Usage: ab3.sh A=JDK B=JDK C=JDK CLASSES RUNNER_JAR OUTDIR [TRIPLES] [THREADS] [WORKLOAD]
set -euo pipefail
declare -A JDK; NAMES=()
for k in 1 2 3; do NAMES+=("${1%%=*}"); JDK["${1%%=*}"]="${1#*=}"; shift; done
CLS="$1"; RUNNER_JAR="$2"; DIR="$3"
N="${4:-20}"; THREADS="${5:-8}"; WORKLOAD="${6:-wide}"
ITERATIONS="${GCSTRESS_ITERATIONS:-90}"; HEAP="${GCSTRESS_HEAP:-512m}"
A="${NAMES[0]}"; B="${NAMES[1]}"; C="${NAMES[2]}"
FLAGS=(-Xbootclasspath/a:"$CLS/wb.jar" -XX:+UnlockDiagnosticVMOptions -XX:+WhiteBoxAPI
       -XX:+UseG1GC -Xms"$HEAP" -Xmx"$HEAP" -XX:G1HeapWastePercent=1 -cp "$CLS"
       -XX:ParallelGCThreads="$THREADS" -XX:-UseDynamicNumberOfGCThreads)
PERMS=("$A $B $C" "$B $C $A" "$C $A $B" "$C $B $A" "$A $C $B" "$B $A $C")
rm -rf "$DIR"; mkdir -p "$DIR"
printf '=== [%s] GcStress %s 3-way (%s %s %s): %s triples, ParallelGCThreads=%s\n' \
  "$(date +%H:%M:%S)" "$WORKLOAD" "$A" "$B" "$C" "$N" "$THREADS"
fail=0
for i in $(seq 1 "$N"); do
  order="${PERMS[$(( (i - 1) % 6 ))]}"
  echo "$order" > "$DIR/order3-$i"
  for j in $order; do
    t0=$(date +%s%N)
    "${JDK[$j]}/bin/java" "${FLAGS[@]}" -Xlog:gc*,gc+phases=debug,gc+cpu,gc+task+stats=debug:file="$DIR/$j-$i.log" \
      GcStress "$ITERATIONS" "$WORKLOAD" > "$DIR/$j-$i.out" 2>&1 || { echo "FAILED: $j, triple $i"; fail=1; }
    t1=$(date +%s%N)
    echo "$(( (t1 - t0) / 1000000 ))" > "$DIR/$j-$i.wall"
  done
  c="$(for j in $order; do grep '^checksum' "$DIR/$j-$i.out"; done | sort -u | wc -l)"
  [ "$c" = 1 ] || { echo "FAILED: checksums of triple $i differ"; fail=1; }
done
"$(dirname "$0")/post3.sh" "$A" "$B" "$C" "${JDK[$A]}" "$RUNNER_JAR" "$DIR" "$N" || fail=1
exit "$fail"
