#!/usr/bin/env bash
# Interleaved service A/B: svcab.sh OUT ROUNDS JAR_A JAR_B [service-bench options]
set -euo pipefail
out=$1 rounds=$2 a=$3 b=$4; shift 4
mkdir -p "$out"
for ((r = 1; r <= rounds; r++)); do
  for x in a b; do
    jar=${!x}
    java -cp "$jar" io.github.taskpools.service.ServiceBench --rounds 1 --out "$out/$x-$r" "$@" > "$out/$x-$r.log" 2>&1
    echo "round $r $x done"
  done
done
