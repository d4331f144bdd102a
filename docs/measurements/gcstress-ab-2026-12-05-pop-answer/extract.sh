#!/usr/bin/env bash
# Per evacuation pause, from the compressed logs of a 3-way directory: jvm, triple, GC id,
# Termination (ms, workers' average), Termination Attempts (workers' average), and the BWoS
# evacuation counters (grants, grant requests, termination requests, grants by pops; empty for stock;
# grants by pops empty for main, whose log line has no such field).
d="$1"
printf 'jvm\ttriple\tgc\ttermination_avg_ms\tattempts_avg\tgrants\tgrant_requests\ttermination_requests\tpop_grants\n'
for f in "$d"/*-[0-9]*.log.gz; do
  b="$(basename "$f" .log.gz)"; jvm="${b%-*}"; i="${b##*-}"
  zcat "$f" | awk -v jvm="$jvm" -v i="$i" '
    function gcid(s) { match(s, /GC\([0-9]+\)/); return substr(s, RSTART + 3, RLENGTH - 4) }
    function avg(s) { match(s, /Avg: *[0-9.]+/); x = substr(s, RSTART, RLENGTH); sub(/Avg: */, "", x); return x }
    /\] GC\([0-9]+\) +Termination \(ms\):/ { g = gcid($0); term[g] = avg($0); order[++n] = g }
    /\] GC\([0-9]+\) +Termination Attempts:/ { att[gcid($0)] = avg($0) }
    /BWoS evacuation:/ { g = gcid($0)
      match($0, /grants [0-9]+/); gr[g] = substr($0, RSTART + 7, RLENGTH - 7)
      match($0, /grant requests [0-9]+/); rq[g] = substr($0, RSTART + 15, RLENGTH - 15)
      match($0, /termination [0-9]+/); tr[g] = substr($0, RSTART + 12, RLENGTH - 12)
      if (match($0, /grants by pops [0-9]+/)) pg[g] = substr($0, RSTART + 15, RLENGTH - 15) }
    END { for (k = 1; k <= n; k++) { g = order[k]
      printf "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", jvm, i, g, term[g], att[g], gr[g], rq[g], tr[g], pg[g] } }'
done
