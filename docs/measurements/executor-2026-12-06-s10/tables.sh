#!/usr/bin/env bash
# Prints every table of README.md from the stored runs.csv: halves.py over the rounds that ran alone.
# Left out: stand1/s-3 and calm1/c-1 ran at the same time (a script's wait for the other to end
# failed), stand1/r-3 beside a one-minute Maven build in its first minute.
set -euo pipefail
cd "$(dirname "$0")"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for d in stand1/r-1 stand1/r-2 stand1/s-1 stand1/s-2 calm1/c-2 calm1/c-3; do ln -s "$PWD/$d" "$tmp/$(basename $d)"; done
echo "== ride1: h = as built (8755df9), r = riding looks"
python3 ../executor-2026-12-06/halves.py ride1 h r
echo "== stand1 + calm1: r = riding looks, s = riding looks + stand-down, c = s after 500 calm looks"
python3 ../executor-2026-12-06/halves.py "$tmp" r s c
