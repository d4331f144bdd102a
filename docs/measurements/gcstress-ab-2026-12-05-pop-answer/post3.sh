#!/usr/bin/env bash
# The analysis half of ab3.sh, for a directory whose runs are complete: post3.sh A B C STOCK_JDK RUNNER_JAR DIR TRIPLES
set -euo pipefail
A="$1"; B="$2"; C="$3"; JAVA="$4/bin/java"; RUNNER_JAR="$5"; DIR="$6"; N="$7"
fail=0
for i in $(seq 1 "$N"); do
  c="$(for j in $A $B $C; do grep '^checksum' "$DIR/$j-$i.out"; done | sort -u | wc -l)"
  [ "$c" = 1 ] || { echo "FAILED: checksums of triple $i differ"; fail=1; }
done
ls "$DIR"/*.log > /dev/null 2>&1 && gzip -9 "$DIR"/*.log
for p in "$A $C" "$B $C" "$A $B"; do
  set -- $p; a="$1"; b="$2"; d="$DIR/$a-vs-$b"; rm -rf "$d"; mkdir -p "$d"
  for i in $(seq 1 "$N"); do
    for j in "$a" "$b"; do ln -s "../$j-$i.log.gz" "$d/$j-$i.log.gz"; cp "$DIR/$j-$i.wall" "$d/"; done
    for j in $(cat "$DIR/order3-$i"); do if [ "$j" = "$a" ] || [ "$j" = "$b" ]; then echo "$j" > "$d/order-$i"; break; fi; done
  done
  "$JAVA" -cp "$RUNNER_JAR" io.github.taskpools.renaissance.GcAb --baseline "$a" --candidate "$b" "$d" > /dev/null || fail=1
done
for j in "$B" "$C"; do "$JAVA" -cp "$RUNNER_JAR" io.github.taskpools.renaissance.BwosCounters --prefix "$j" "$DIR" > /dev/null || fail=1; done
exit "$fail"
