#!/usr/bin/env bash
# Runs a named subset of G1 jtreg tests from the pinned source with Debian's
# jtreg (package jtreg7) on jdk-stock and jdk-bwos, once with defaults and once
# with more GC threads than cores so that several queues steal from each other.
# In the second mode the flags go to the test JVMs (-vmoptions) and, through
# JAVA_TOOL_OPTIONS, to the JVMs the tests start themselves: 15 of these tests
# start their G1 JVMs with ProcessTools.createLimitedTestJavaProcessBuilder,
# which passes no jtreg options on. The tests in OWN_THREADS set GC thread
# counts of their own (ParallelGCThreads=1, or combinations whose ergonomics
# they check), which ConcGCThreads=4 from the environment would contradict:
# they get -vmoptions only.
# Exits 1 if any test failed, or if a mode that ran on both JDKs passed
# different sets of tests on them.
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

OWN_THREADS=(
  gc/g1/TestMarkStackSizes.java
  gc/g1/TestMixedGCLiveThreshold.java
  gc/g1/TestVerifyGCType.java
)
THREAD_FLAGS="-XX:ParallelGCThreads=8 -XX:ConcGCThreads=4 -XX:-UseDynamicNumberOfGCThreads"
STATUS=0

jt() {   # $1 = jdk dir, $2 = work dir, $3... = jtreg options, then --, then tests
  local jdk="$1" wd="$2"; shift 2
  local opts=()
  while [ "$1" != -- ]; do opts+=("$1"); shift; done
  shift
  (cd "$TESTROOT" && nice -n 10 "$JTREG" -jdk:"$jdk" -dir:"$TESTROOT" -w:"$wd/work" -r:"$wd/report" \
     -conc:1 -timeoutFactor:4 -agentvm -verbose:summary "${opts[@]}" "$@")
}

run() {   # $1 = jdk name, $2 = mode
  local jdk="$CACHE/jdk-$1" mode="$2" wd="$OUT/$1-$2"
  rm -rf "$wd"; mkdir -p "$wd"
  printf '\n=== [%s] jtreg on jdk-%s (%s), %d tests\n' "$(date +%H:%M:%S)" "$1" "$mode" "${#TESTS[@]}"
  local t0=$SECONDS rc=0
  if [ "$mode" = threads ]; then
    local t others=()
    for t in "${TESTS[@]}"; do
      [[ " ${OWN_THREADS[*]} " == *" $t "* ]] || others+=("$t")
    done
    { jt "$jdk" "$wd/env" -vmoptions:"$THREAD_FLAGS" -e:JAVA_TOOL_OPTIONS="$THREAD_FLAGS" -- "${others[@]}" || rc=$?
      jt "$jdk" "$wd/own" -vmoptions:"$THREAD_FLAGS" -- "${OWN_THREADS[@]}" || rc=$((rc > 0 ? rc : $?))
    } > "$wd/jtreg.log" 2>&1
  else
    jt "$jdk" "$wd" -- "${TESTS[@]}" > "$wd/jtreg.log" 2>&1 || rc=$?
  fi
  grep -E '^(FAILED|Error):' "$wd/jtreg.log" || true
  echo "jdk-$1 $mode: passed $(grep -c '^Passed' "$wd/jtreg.log"), failed $(grep -c '^FAILED' "$wd/jtreg.log") ($((SECONDS - t0)) s, jtreg rc=$rc)"
  [ "$rc" = 0 ] || STATUS=1
}

for j in stock bwos; do
  [ "$JDKS" = both ] || [ "$JDKS" = "$j" ] || continue
  for m in default threads; do
    [ "$MODES" = both ] || [ "$MODES" = "$m" ] || continue
    run "$j" "$m"
  done
done

# The same tests must pass on both JDKs.
passed() { grep '^Passed' "$OUT/$1-$2/jtreg.log" | awk '{print $2}' | sort; }
if [ "$JDKS" = both ]; then
  for m in default threads; do
    [ "$MODES" = both ] || [ "$MODES" = "$m" ] || continue
    if ! diff <(passed stock "$m") <(passed bwos "$m") > /dev/null; then
      echo "$m: jdk-stock and jdk-bwos passed different tests:"
      diff <(passed stock "$m") <(passed bwos "$m") || true
      STATUS=1
    fi
  done
fi
exit "$STATUS"
