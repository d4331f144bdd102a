#!/usr/bin/env bash
# Checks the BWoS build produced by build.sh:
#  1. HotSpot gtests BWoSTaskQueue.* (sequential semantics, stress, and the
#     owner push/pop microbenchmark GenericTaskQueue vs BWoSTaskQueue);
#  2. heap verification: GcStress on jdk-bwos with VerifyBeforeGC/AfterGC,
#     ParallelGCThreads 2 and 8, forced young/mixed/full GCs and marking;
#     its checksum must equal the one printed on jdk-stock.
# Usage: check.sh [gtest|verify|all]
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

run_verify() {
  log "compiling WhiteBox (from the pinned source's test/lib) and GcStress"
  local cls="$OUT/classes"
  rm -rf "$cls"; mkdir -p "$cls/wb"
  "$CACHE/jdk-bwos/bin/javac" -nowarn -d "$cls/wb" -sourcepath "$SRCROOT/jdk/test/lib" \
    "$SRCROOT/jdk/test/lib/jdk/test/whitebox/WhiteBox.java" 2>&1 | grep -v '^Note:' || true
  (cd "$cls/wb" && "$CACHE/jdk-bwos/bin/jar" cf ../wb.jar .)
  "$CACHE/jdk-bwos/bin/javac" -cp "$cls/wb.jar" -d "$cls" "$HERE/GcStress.java"
  local common=(-Xbootclasspath/a:"$cls/wb.jar" -XX:+UnlockDiagnosticVMOptions -XX:+WhiteBoxAPI
                -XX:+UseG1GC -Xms512m -Xmx512m -XX:G1HeapWastePercent=1 -cp "$cls")

  log "reference run on $REF_JDK (no verification)"
  local ref
  ref="$("$REF_JDK/bin/java" "${common[@]}" GcStress "$ITERATIONS" | grep '^checksum')"
  echo "reference: $ref"

  local t
  for t in 2 8; do
    log "jdk-bwos, ParallelGCThreads=$t, VerifyBeforeGC/VerifyAfterGC"
    local lf="$OUT/verify-pgt$t.log" rc=0
    local t0=$SECONDS
    "$CACHE/jdk-bwos/bin/java" "${common[@]}" -XX:ParallelGCThreads="$t" -XX:ConcGCThreads="$(( t > 2 ? 4 : 1 ))" \
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

case "$STAGE" in
  gtest)  run_gtest ;;
  verify) run_verify ;;
  all)    run_gtest; run_verify ;;
  *) echo "usage: $0 [gtest|verify|all]" >&2; exit 2 ;;
esac
if [ "$FAIL" = 0 ]; then log "check: all passed"; else log "check: FAILURES"; exit 1; fi
