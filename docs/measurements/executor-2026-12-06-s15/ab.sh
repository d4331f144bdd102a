#!/usr/bin/env bash
# ab.sh ROUNDS "ep:conn ..." [cfg...]: interleaved configurations ("label jar executor [jvm-opts]"), T25
cd "$(dirname "$0")"
rounds=$1 list=$2; shift 2
cfgs=("$@")
n=${#cfgs[@]}
for r in $(seq $rounds); do
  for ec in $list; do ep=${ec%:*}; c=${ec#*:}
    for k in $(seq 0 $((n-1))); do i=$(( (k + r) % n )); read -r lab jar ex opts <<<"${cfgs[$i]}"; JOPTS="$opts" ./pair.sh $lab $jar $ex $ep $c || echo "FAILED $lab $ep $c"; done
  done
done
echo DONE
