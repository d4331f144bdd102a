#!/usr/bin/env bash
# Runs a named subset of G1 jtreg tests from the pinned source with Debian's
# jtreg (package jtreg7) on jdk-stock and jdk-bwos, once with defaults and once
# with more GC threads than cores so that several queues steal from each other.
# Usage: jtreg.sh [stock|bwos|both] [default|threads|both]
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
VERSION="$(tr -d '[:space:]' < "$HERE/openjdk.version")"
CACHE="${TASKPOOLS_CACHE:-$HOME/.cache/taskpools}"
TESTROOT="$CACHE/openjdk-src/$VERSION/jdk/test/hotspot/jtreg"
OUT="$CACHE/jtreg"
JDKS="${1:-both}"
MODES="${2:-both}"
JTREG="${JTREG:-jtreg}"
command -v "$JTREG" >/dev/null || { echo "jtreg not found: apt-get install jtreg7" >&2; exit 1; }

TESTS=(
  gc/g1/TestConcurrentSystemGC.java
  gc/g1/TestEagerReclaimHumongousRegions.java
  gc/g1/TestHumongousAllocNearlyFullRegion.java
  gc/g1/TestEagerReclaimHumongousRegionsWithRefs.java
  gc/g1/TestGreyReclaimedHumongousObjects.java
  gc/g1/TestHumongousAllocConcurrentStart.java
  gc/g1/TestHumongousConcurrentStartUndo.java
  gc/g1/TestMarkStackSizes.java
  gc/g1/TestMixedGCLiveThreshold.java
  gc/g1/TestNoEagerReclaimOfHumongousRegions.java
  gc/g1/TestSkipRebuildRemsetPhase.java
  gc/g1/TestVerifyGCType.java
  gc/g1/TestGCLogMessages.java
  gc/g1/TestRegionLivenessPrint.java
  gc/g1/TestG1SkipCompaction.java
  gc/g1/TestEdenSurvivorLessThanMax.java
  gc/g1/TestShrinkDefragmentedHeap.java
  gc/g1/TestPLABOutput.java
  gc/g1/mixedgc/TestLogging.java
  gc/g1/mixedgc/TestOldGenCollectionUsage.java
  gc/stress/gcold/TestGCOldWithG1.java
  gc/stress/systemgc/TestSystemGCWithG1.java
  gc/stress/gcbasher/TestGCBasherWithG1.java
  gc/TestSystemGC.java
  gc/TestFullGCCount.java
  gc/TestVerifySilently.java
)

run() {   # $1 = jdk name, $2 = mode
  local jdk="$CACHE/jdk-$1" mode="$2" wd="$OUT/$1-$2"
  local vmopts=()
  if [ "$mode" = threads ]; then
    vmopts=(-vmoptions:"-XX:ParallelGCThreads=8 -XX:ConcGCThreads=4 -XX:-UseDynamicNumberOfGCThreads")
  fi
  rm -rf "$wd"; mkdir -p "$wd"
  printf '\n=== [%s] jtreg on jdk-%s (%s), %d tests\n' "$(date +%H:%M:%S)" "$1" "$mode" "${#TESTS[@]}"
  local t0=$SECONDS rc=0
  (cd "$TESTROOT" && nice -n 10 "$JTREG" -jdk:"$jdk" -dir:"$TESTROOT" -w:"$wd/work" -r:"$wd/report" \
     -conc:1 -timeoutFactor:4 -agentvm -verbose:summary "${vmopts[@]}" \
     "${TESTS[@]}") > "$wd/jtreg.log" 2>&1 || rc=$?
  grep -E '^(Passed|FAILED|Error|Test results):' "$wd/jtreg.log" | grep -v '^Passed' || true
  echo "jdk-$1 $mode: $(grep '^Test results' "$wd/jtreg.log" || echo 'no results') ($((SECONDS - t0)) s, jtreg rc=$rc)"
}

for j in stock bwos; do
  [ "$JDKS" = both ] || [ "$JDKS" = "$j" ] || continue
  for m in default threads; do
    [ "$MODES" = both ] || [ "$MODES" = "$m" ] || continue
    run "$j" "$m"
  done
done
