#!/usr/bin/env bash
for r in $(seq $1); do
  ./quick.sh fjp2 head8.jar forkjoinpool 2 $2 $3
  ./quick.sh fix dbg3.jar bwos 2 $2 $3
  JOPTS=-Ddbg.nomon=true ./quick.sh nomon dbg3.jar bwos 2 $2 $3
done
