#!/usr/bin/env bash
# Checks the BWoS build produced by build.sh:
#  1. HotSpot gtests BWoSTaskQueue.* (sequential semantics, stress, and the
#     owner push/pop microbenchmark GenericTaskQueue vs BWoSTaskQueue);
#  2. heap verification: GcStress on jdk-bwos with VerifyBeforeGC/AfterGC,
#     ParallelGCThreads 2 and 8, forced young/mixed/full GCs and marking;
#     its checksum must equal the one printed on jdk-stock.
# Not part of "all", a measurement rather than a check:
#  ab [PAIRS] [THREADS]: GcStress without verification on jdk-stock and
#     jdk-bwos alternated, PAIRS pairs (default 10), ParallelGCThreads THREADS
#     (default 2); prints per kind (wall time, young and full pauses, full-GC
#     marking, concurrent marking) the medians and the paired ratios BWoS/stock.
# Usage: check.sh [gtest|verify|all|ab [PAIRS] [THREADS]]
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
VERSION="$(tr -d '[:space:]' < "$HERE/openjdk.version")"
CACHE="${TASKPOOLS_CACHE:-$HOME/.cache/taskpools}"
SRCROOT="$CACHE/openjdk-src/$VERSION"
BDIR="$CACHE/build/$VERSION/bwos"
JOBS="${JOBS:-2}"
ITERATIONS="${GCSTRESS_ITERATIONS:-90}"
OUT="$CACHE/check"
STAGE="${1:-all}"
log() { printf '\n=== [%s] %s\n' "$(date +%H:%M:%S)" "$*"; }

need() { [ -e "$1" ] || { echo "missing $1: run hotspot-patch/build.sh first" >&2; exit 1; }; }
need "$CACHE/jdk-bwos"; need "$BDIR"
# Reference JDK for GcStress's checksum (GC-independent): jdk-stock when it was
# built, else the boot JDK 17 (CI builds only jdk-bwos).
if [ -z "${REF_JDK:-}" ]; then
  if [ -x "$CACHE/jdk-stock/bin/java" ]; then REF_JDK="$CACHE/jdk-stock"; else REF_JDK="${BOOT_JDK:-/usr/lib/jvm/java-17-openjdk-amd64}"; fi
fi
[ "$STAGE" = gtest ] || need "$REF_JDK"
[ "$STAGE" != ab ] || need "$CACHE/jdk-stock"
mkdir -p "$OUT"
FAIL=0

run_gtest() {
  log "make test-image-hotspot-gtest (bwos)"
  nice -n 10 make -C "$BDIR" JOBS="$JOBS" test-image-hotspot-gtest > "$OUT/gtest-build.log" 2>&1 \
    || { tail -30 "$OUT/gtest-build.log"; exit 1; }
  local launcher="$BDIR/images/test/hotspot/gtest/server/gtestLauncher"
  log "gtest BWoSTaskQueue.* on jdk-bwos"
  # The tests take seconds; a queue whose round control waits for a finished-
  # steal count that never comes hangs instead of failing, hence the limit.
  if timeout 600 "$launcher" -jdk:"$CACHE/jdk-bwos" --gtest_filter='BWoSTaskQueue*' 2>&1 | tee "$OUT/gtest.log"; then
    :
  else
    FAIL=1
  fi
  grep -E '^\[  (PASSED|FAILED)|tests? ran|owner push/pop|  reference, burst' "$OUT/gtest.log" || true
}

CLS="$OUT/classes"
# GcStress's JVM options, for the verification runs and the A/B runs alike.
COMMON=(-Xbootclasspath/a:"$CLS/wb.jar" -XX:+UnlockDiagnosticVMOptions -XX:+WhiteBoxAPI
        -XX:+UseG1GC -Xms512m -Xmx512m -XX:G1HeapWastePercent=1 -cp "$CLS")

compile_gcstress() {
  log "compiling WhiteBox (from the pinned source's test/lib) and GcStress"
  rm -rf "$CLS"; mkdir -p "$CLS/wb"
  "$CACHE/jdk-bwos/bin/javac" -nowarn -d "$CLS/wb" -sourcepath "$SRCROOT/jdk/test/lib" \
    "$SRCROOT/jdk/test/lib/jdk/test/whitebox/WhiteBox.java" 2>&1 | grep -v '^Note:' || true
  (cd "$CLS/wb" && "$CACHE/jdk-bwos/bin/jar" cf ../wb.jar .)
  "$CACHE/jdk-bwos/bin/javac" -cp "$CLS/wb.jar" -d "$CLS" "$HERE/GcStress.java"
}

run_verify() {
  compile_gcstress

  log "reference run on $REF_JDK (no verification)"
  local ref
  ref="$("$REF_JDK/bin/java" "${COMMON[@]}" GcStress "$ITERATIONS" | grep '^checksum')"
  echo "reference: $ref"

  local t
  for t in 2 8; do
    log "jdk-bwos, ParallelGCThreads=$t, VerifyBeforeGC/VerifyAfterGC"
    local lf="$OUT/verify-pgt$t.log" rc=0
    local t0=$SECONDS
    "$CACHE/jdk-bwos/bin/java" "${COMMON[@]}" -XX:ParallelGCThreads="$t" -XX:ConcGCThreads="$(( t > 2 ? 4 : 1 ))" \
      -XX:-UseDynamicNumberOfGCThreads -XX:+VerifyBeforeGC -XX:+VerifyAfterGC -XX:+VerifyDuringGC \
      -Xlog:gc,gc+init,gc+verify=info:file="$lf" GcStress "$ITERATIONS" > "$lf.out" 2>&1 || rc=$?
    local got; got="$(grep '^checksum' "$lf.out" || echo 'no checksum')"
    printf '%-36s %s\n' "exit code" "$rc" \
      "checksum (bwos / reference)" "$got / ${ref#checksum }" \
      "queue" "$(grep -o 'Task Queues: .*' "$lf" | head -1)" \
      "Pause Young (Normal)" "$(grep -c 'Pause Young (Normal)' "$lf" || true)" \
      "Pause Young (Concurrent Start)" "$(grep -c 'Pause Young (Concurrent Start)' "$lf" || true)" \
      "Pause Young (Prepare Mixed)" "$(grep -c 'Pause Young (Prepare Mixed)' "$lf" || true)" \
      "Pause Young (Mixed)" "$(grep -c 'Pause Young (Mixed)' "$lf" || true)" \
      "Pause Full" "$(grep -c 'Pause Full' "$lf" || true)" \
      "Concurrent Mark Cycles" "$(grep -c 'Concurrent Mark Cycle [0-9]' "$lf" || true)" \
      "Verifying (Before|After|During) GC" "$(grep -cE 'Verifying (Before|After|During) GC' "$lf" || true)" \
      "verification errors" "$(grep -ciE '\[error\]|verification failed|fatal' "$lf" "$lf.out" | awk -F: '{s+=$NF} END {print s+0}')" \
      "elapsed" "$((SECONDS - t0)) s"
    if [ "$rc" != 0 ] || [ "$got" != "$ref" ] || grep -qiE '\[error\]|verification failed|fatal' "$lf" "$lf.out"; then
      echo "FAILED (see $lf, $lf.out)"; FAIL=1
    fi
  done
}

# Sums over one run's log, in ms: young pauses, full pauses, full-GC marking
# (phase 1 of each full GC) and concurrent marking (Concurrent Mark From Roots).
sum_phases() {
  awk '
    function ms(s) { sub(/ms$/, "", s); return s + 0 }
    /Pause Young/ && /ms$/ { y += ms($NF) }
    /Pause Full/ && /ms$/ { f += ms($NF) }
    /Phase 1: Mark live objects/ && /ms$/ { fm += ms($NF) }
    /Concurrent Mark From Roots/ && /ms$/ { cm += ms($NF) }
    END { printf "%.1f %.1f %.1f %.1f\n", y, f, fm, cm }' "$1"
}

# Median, hinges (medians of the lower and upper halves) and range of numbers on stdin.
stats() {
  sort -g | awk '{ v[NR] = $1 }
    function med(a, b) { return ((b - a) % 2 == 0) ? v[a + (b - a) / 2] : (v[a + int((b - a) / 2)] + v[a + int((b - a) / 2) + 1]) / 2 }
    END { h = int(NR / 2); if (h == 0) { h = 1 }
          printf "%.2f (%.2f-%.2f; %.2f-%.2f)", med(1, NR), med(1, h), med(NR - h + 1, NR), v[1], v[NR] }'
}

run_ab() {
  local pairs="${1:-10}" threads="${2:-2}" dir="$OUT/ab"
  compile_gcstress
  rm -rf "$dir"; mkdir -p "$dir"
  log "GcStress A/B: $pairs pairs, stock then BWoS, ParallelGCThreads=$threads, no verification"
  local i j t0 t1
  for i in $(seq 1 "$pairs"); do
    for j in stock bwos; do
      t0=$(date +%s%N)
      "$CACHE/jdk-$j/bin/java" "${COMMON[@]}" -XX:ParallelGCThreads="$threads" \
        -Xlog:gc,gc+phases=info,gc+marking=info:file="$dir/$j-$i.log" GcStress "$ITERATIONS" > "$dir/$j-$i.out" 2>&1
      t1=$(date +%s%N)
      echo "$(( (t1 - t0) / 1000000 )) $(sum_phases "$dir/$j-$i.log")" > "$dir/$j-$i.sums"
    done
    if [ "$(grep '^checksum' "$dir/stock-$i.out")" != "$(grep '^checksum' "$dir/bwos-$i.out")" ]; then
      echo "FAILED: checksums of pair $i differ (see $dir)"; FAIL=1
    fi
  done
  printf '%-20s %12s %12s   %s\n' "" "stock median" "BWoS median" "paired ratio BWoS/stock: median (hinges; min-max)"
  # field_of JVM K: field K of each pair's sums for that JVM, one per line, in pair order.
  field_of() { local i; for i in $(seq 1 "$pairs"); do cut -d' ' -f"$2" "$dir/$1-$i.sums"; done; }
  median() { stats | awk '{ printf "%.0f", $1 }'; }
  local names=(wall young-pauses full-pauses full-GC-marking concurrent-marking) k
  for k in 1 2 3 4 5; do
    printf '%-20s %9s ms %9s ms   %s\n' "${names[k - 1]}" "$(field_of stock "$k" | median)" \
      "$(field_of bwos "$k" | median)" \
      "$(paste -d' ' <(field_of bwos "$k") <(field_of stock "$k") | awk '$2 > 0 { print $1 / $2 }' | stats)"
  done
}

case "$STAGE" in
  gtest)  run_gtest ;;
  verify) run_verify ;;
  all)    run_gtest; run_verify ;;
  ab)     run_ab "${2:-10}" "${3:-2}" ;;
  *) echo "usage: $0 [gtest|verify|all|ab [PAIRS] [THREADS]]" >&2; exit 2 ;;
esac
if [ "$FAIL" = 0 ]; then log "check: all passed"; else log "check: FAILURES"; exit 1; fi
