#!/usr/bin/env bash
# Runs a command in a private mount namespace in which the cache's bwos source tree, bwos build dir,
# jdk-bwos and check dir are my copies (nobody else sees them).  Usage: nsrun.sh SRC BUILD JDK CHECKDIR CMD...
set -euo pipefail
V=17.0.19+10-1~deb12u2; C=$HOME/.cache/taskpools
exec unshare --mount --propagation private bash -c '
  C="$5"; V="$6"
  mount --bind "$1" "$C/openjdk-src/$V/jdk-bwos" && mount --bind "$2" "$C/build/$V/bwos" &&
  mount --bind "$3" "$C/jdk-bwos" && mount --bind "$4" "$C/check" && shift 6 && exec "$@"' \
  _ "$1" "$2" "$3" "$4" "$C" "$V" "${@:5}"
