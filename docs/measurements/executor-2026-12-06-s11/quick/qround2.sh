#!/usr/bin/env bash
# qround2.sh N ENDPOINT CONN: N interleaved rounds: ForkJoinPool, the executor as built, the change
for r in $(seq $1); do
  ./quick.sh fjp2 head8.jar forkjoinpool 2 $2 $3
  ./quick.sh head head8.jar bwos 2 $2 $3
  ./quick.sh fix2 fix2.jar bwos 2 $2 $3
done
