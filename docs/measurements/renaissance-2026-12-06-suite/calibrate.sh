#!/usr/bin/env bash
# The heap calibration of the whole-suite run: each benchmark once on jdk-stock with G1's own sizing, 3
# repetitions, its GC log kept; then heaps.py turns the logs into renaissance-runner/heaps-0.16.1.txt.
# Usage: calibrate.sh OUT_DIR [BENCHMARK...]   (default: every benchmark the suite lists)
set -euo pipefail
cache=${TASKPOOLS_CACHE:-$HOME/.cache/taskpools}
java=${CALIBRATE_JAVA:-$cache/jdk-stock/bin/java}  # the JVM whose G1 sizing is measured
jar="$cache/renaissance-gpl-0.16.1.jar"
out=${1:?OUT_DIR}; shift
mkdir -p "$out"
benches=("$@")
[ ${#benches[@]} -gt 0 ] || mapfile -t benches < <("$java" -jar "$jar" --raw-list)
for b in "${benches[@]}"; do
  mkdir -p "$out/$b"
  start=$(date +%s.%N)
  if (cd "$out/$b" && "$java" -XX:+UseG1GC -XX:+DisableExplicitGC -Xlog:gc:file=gc.log \
        -jar "$jar" -r 3 "$b" > console.txt 2>&1); then rc=0; else rc=$?; fi
  printf '%s %s %.1f\n' "$b" "$rc" "$(echo "$(date +%s.%N) - $start" | bc)" | tee -a "$out/times.txt"
done
