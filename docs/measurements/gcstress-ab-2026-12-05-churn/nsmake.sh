#!/usr/bin/env bash
# Runs a command with my private copies bind-mounted over the cache's bwos build dir and source tree
# (private mount namespace: nobody else sees them).  Usage: nsmake.sh SRC BUILD CMD...
set -euo pipefail
V=17.0.19+10-1~deb12u2; C=$HOME/.cache/taskpools
SRC="$1"; BLD="$2"; shift 2
exec unshare --mount --propagation private bash -c '
  mount --bind "$1" "$3/openjdk-src/$5/jdk-bwos" && mount --bind "$2" "$3/build/$5/bwos" && shift 5 && exec "$@"' \
  _ "$SRC" "$BLD" "$C" x "$V" "$@"
