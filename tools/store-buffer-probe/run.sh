#!/usr/bin/env bash
# Store-buffer probe (Morrison and Afek, ASPLOS'14, section 7.2, Fig. 6): builds probe.c with the
# machine's C compiler and runs it on one CPU.
#
#   tools/store-buffer-probe/run.sh [-v] [x ...]
#
# x: numbers of stores the worker makes between two takes (default 1: the deques of
# io.github.taskpools.fencefree make one themselves); -v prints the time for every S.
# Prints the store-buffer capacity, S (capacity + 1, section 7.3), the system property that passes
# S to the library, and delta = ceil(S / (x + 1)) for each x. x86-64 only.
set -euo pipefail
cd "$(dirname "$0")"
arch=$(uname -m)
if [ "$arch" != x86_64 ]; then
  echo "store-buffer probe: $arch is not x86-64; the fence-free deques do not run here" >&2
  exit 1
fi
MAX_STORES=${MAX_STORES:-160}
out=${TMPDIR:-/tmp}/taskpools-store-buffer-probe
mkdir -p "$out"
{
  for n in $(seq 1 "$MAX_STORES"); do echo "DEFINE_PROBE($n)"; done
  echo "static void (*const PROBES[])(char *, long) = {"
  for n in $(seq 1 "$MAX_STORES"); do echo "    probe_$n,"; done
  echo "};"
} > "$out/probes.h"
${CC:-cc} -O2 -std=c11 -DMAX_STORES="$MAX_STORES" -I"$out" -o "$out/probe" probe.c
echo "cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
if command -v taskset > /dev/null; then
  exec taskset -c "${PROBE_CPU:-0}" "$out/probe" "$@"
fi
exec "$out/probe" "$@"
