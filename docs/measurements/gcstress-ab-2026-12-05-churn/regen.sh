#!/usr/bin/env bash
# Regenerates g1-bwos.patch from a pristine tree and a patched tree, for the files the old patch names,
# in its format (--- a/F / +++ b/F, /dev/null for new files).  Usage: regen.sh PRISTINE PATCHED OLD_PATCH > NEW_PATCH
set -euo pipefail
P="$1"; T="$2"
for f in $(grep -E '^\+\+\+ ' "$3" | awk '{print $2}' | cut -d/ -f2-); do
  if [ -e "$P/$f" ]; then diff -u --label "a/$f" --label "b/$f" "$P/$f" "$T/$f" || true
  else diff -u --label /dev/null --label "b/$f" /dev/null "$T/$f" || true; fi
done
