#!/usr/bin/env bash
cd "$(dirname "$0")"
for r in 1 2 3; do
  for ec in json-medium:16 json-large:64; do ep=${ec%:*}; c=${ec#*:}
    if [ $((r % 2)) = 1 ]; then
      ./pair.sh fjp base.jar forkjoinpool $ep $c; MAIN=Tick EXTRA_CP=tick ./pair.sh fjp+tick base.jar forkjoinpool $ep $c
    else
      MAIN=Tick EXTRA_CP=tick ./pair.sh fjp+tick base.jar forkjoinpool $ep $c; ./pair.sh fjp base.jar forkjoinpool $ep $c
    fi
  done
done
echo DONE
