#!/usr/bin/env bash
# qround.sh N ENDPOINT CONN: N interleaved rounds of the four configurations
for r in $(seq $1); do
  ./quick.sh fjp2 dbg.jar forkjoinpool 2 $2 $3
  ./quick.sh fjp3 dbg.jar forkjoinpool 3 $2 $3
  ./quick.sh bwos dbg.jar bwos 2 $2 $3
  JOPTS=-Ddbg.fix=true ./quick.sh bwosfix dbg.jar bwos 2 $2 $3
done
