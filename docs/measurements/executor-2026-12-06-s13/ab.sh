#!/usr/bin/env bash
# ab.sh ROUNDS "ep:conn ..." [cfg...]: interleaved configurations ("label jar executor"), T25
cd "$(dirname "$0")"
rounds=$1 list=$2; shift 2
if [ $# -gt 0 ]; then cfgs=("$@"); else cfgs=("base base.jar bwos" "run running.jar bwos" "fjp base.jar forkjoinpool"); fi
n=${#cfgs[@]}
for r in $(seq $rounds); do
  for ec in $list; do ep=${ec%:*}; c=${ec#*:}
    for k in $(seq 0 $((n-1))); do i=$(( (k + r) % n )); read -r lab jar ex <<<"${cfgs[$i]}"; ./pair.sh $lab $jar $ex $ep $c || echo "FAILED $lab $ep $c"; done
  done
done
echo DONE
