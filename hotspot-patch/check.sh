#!/usr/bin/env bash
# Checks the BWoS build produced by build.sh:
#  1. HotSpot gtests BWoSTaskQueue.* (sequential semantics, stress, and the
#     owner push/pop microbenchmark GenericTaskQueue vs BWoSTaskQueue);
#  2. heap verification: GcStress on jdk-bwos with VerifyBeforeGC/AfterGC,
#     ParallelGCThreads 2 and 8, forced young/mixed/full GCs and marking, for
#     each of its workloads (mixed, wide, deep, arrays); its checksum must equal
#     the one printed on the reference JDK.
#     Every kind of collection GcStress forces must have happened, or the check
#     fails: a kind that did not run was not verified.
# Not part of "all", a measurement rather than a check:
#  ab [PAIRS] [THREADS] [WORKLOAD]: ab.sh on jdk-stock and jdk-bwos: GcStress's
#     WORKLOAD (default mixed) without verification on jdk-stock and
#     jdk-bwos, PAIRS interleaved pairs (default 20; stock runs first in odd
#     pairs, BWoS in even ones), ParallelGCThreads THREADS (default 2), the
#     same fixed heap for both; then renaissance-runner's GcAb: per metric
#     (wall time, young pauses, Object Copy per copied MiB, Termination per
#     pause, concurrent and full-GC marking per MiB) the medians and the
#     geometric mean of the paired ratios BWoS/stock with a bootstrap 95%
#     interval over pairs, written to $CACHE/check/ab-<THREADS>/ab.md and
#     ab.csv (ab-<WORKLOAD>-<THREADS> for a workload other than mixed), the
#     per-run sums to runs.csv there (GcAb --recompute DIR recomputes the
#     table from it), the BWoS queues' counters per pause to counters.md
#     there (BwosCounters DIR), the logs compressed to *.log.gz.
# Usage: check.sh [gtest|verify|all|ab [PAIRS] [THREADS] [WORKLOAD]]
#   GCSTRESS_ITERATIONS (default 90) sets GcStress's length in every stage;
#   GCSTRESS_VERIFY_SHORT (default 60) the length of the verification runs of
#   the workloads other than mixed (the concurrent cycles of iterations 24, 34,
#   44 and 54 give each four chances of the mixed collections it must verify);
#   GCSTRESS_WORKLOADS (default "mixed wide deep arrays") the workloads
#   verified.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
VERSION="$(tr -d '[:space:]' < "$HERE/openjdk.version")"
CACHE="${TASKPOOLS_CACHE:-$HOME/.cache/taskpools}"
SRCROOT="$CACHE/openjdk-src/$VERSION"
BDIR="$CACHE/build/$VERSION/bwos"
JOBS="${JOBS:-2}"
ITERATIONS="${GCSTRESS_ITERATIONS:-90}"
VERIFY_SHORT="${GCSTRESS_VERIFY_SHORT:-60}"
WORKLOADS="${GCSTRESS_WORKLOADS:-mixed wide deep arrays}"
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
# GcStress's JVM options, for the verification runs and the A/B runs alike: a
# fixed heap (-Xms = -Xmx), so that G1's sizing cannot decide the pause count.
HEAP=512m
COMMON=(-Xbootclasspath/a:"$CLS/wb.jar" -XX:+UnlockDiagnosticVMOptions -XX:+WhiteBoxAPI
        -XX:+UseG1GC -Xms$HEAP -Xmx$HEAP -XX:G1HeapWastePercent=1 -cp "$CLS")
# The verification runs only: every old region with any garbage is a mixed-
# collection candidate and no garbage is tolerated, so that every concurrent
# cycle is followed by Prepare Mixed and Mixed pauses to verify (as the jtreg
# tests of gc/g1/mixedgc do). Without them, G1 found too little reclaimable
# space after some cycles: wide at 8 GC threads made no mixed collection in
# 1 of 8 runs of 60 iterations (and failed CI, 2026-12-07); with them, 8 of 8
# made one after each of its 6 cycles. The A/B runs keep COMMON alone.
VERIFY_MIXED=(-XX:+UnlockExperimentalVMOptions -XX:G1MixedGCLiveThresholdPercent=100 -XX:G1HeapWastePercent=0)

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
  local w
  for w in $WORKLOADS; do
    verify_workload "$w"
  done
}

verify_workload() {
  local w="$1" n="$ITERATIONS"
  [ "$w" = mixed ] || n="$VERIFY_SHORT"
  log "GcStress $w, $n iterations: reference run on $REF_JDK (no verification)"
  local ref
  ref="$("$REF_JDK/bin/java" "${COMMON[@]}" GcStress "$n" "$w" | grep '^checksum')"
  echo "reference: $ref"

  local t
  for t in 2 8; do
    log "GcStress $w on jdk-bwos, ParallelGCThreads=$t, VerifyBeforeGC/VerifyAfterGC"
    local lf="$OUT/verify-$w-pgt$t.log" rc=0
    local t0=$SECONDS
    "$CACHE/jdk-bwos/bin/java" "${COMMON[@]}" "${VERIFY_MIXED[@]}" -XX:ParallelGCThreads="$t" -XX:ConcGCThreads="$(( t > 2 ? 4 : 1 ))" \
      -XX:-UseDynamicNumberOfGCThreads -XX:+VerifyBeforeGC -XX:+VerifyAfterGC -XX:+VerifyDuringGC \
      -Xlog:gc,gc+init,gc+verify=info:file="$lf" GcStress "$n" "$w" > "$lf.out" 2>&1 || rc=$?
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
    local kind
    for kind in 'Pause Young (Normal)' 'Pause Young (Concurrent Start)' 'Pause Young (Prepare Mixed)' \
                'Pause Young (Mixed)' 'Pause Full' 'Concurrent Mark Cycle [0-9]'; do
      if ! grep -q "$kind" "$lf"; then
        echo "FAILED: no '$kind' in $lf: GcStress did not force that collection, so it was not verified"; FAIL=1
      fi
    done
  done
}

# The GcAb analysis (renaissance-runner), packaged from this checkout's source
# (incremental: seconds when nothing changed), so that a stale jar is never used.
RUNNER_JAR="$HERE/../renaissance-runner/target/renaissance-runner.jar"
ensure_runner() {
  log "packaging renaissance-runner (GcAb)"
  (cd "$HERE/.." && ./mvnw -B -q -pl renaissance-runner package -DskipTests) || exit 1
}

run_ab() {
  local pairs="${1:-20}" threads="${2:-2}" workload="${3:-mixed}" dir="$OUT/ab-${2:-2}"
  [ "$workload" = mixed ] || dir="$OUT/ab-$workload-$threads"
  ensure_runner
  compile_gcstress
  GCSTRESS_ITERATIONS="$ITERATIONS" GCSTRESS_HEAP="$HEAP" bash "$HERE/ab.sh" "$CACHE/jdk-stock" "$CACHE/jdk-bwos" \
    "$CLS" "$RUNNER_JAR" "$dir" "$pairs" "$threads" "$workload" || FAIL=1
}

case "$STAGE" in
  gtest)  run_gtest ;;
  verify) run_verify ;;
  all)    run_gtest; run_verify ;;
  ab)     run_ab "${2:-20}" "${3:-2}" "${4:-mixed}" ;;
  *) echo "usage: $0 [gtest|verify|all|ab [PAIRS] [THREADS] [WORKLOAD]]" >&2; exit 2 ;;
esac
if [ "$FAIL" = 0 ]; then log "check: all passed"; else log "check: FAILURES"; exit 1; fi
