#!/usr/bin/env python3
"""Heap per benchmark from calibrate.sh's logs, as a multiple of its live data (the practice of sizing heaps
as multiples of the minimum heap): live = the largest heap after a Remark or Full pause (what marking found
live), or, for a benchmark that never marked, the largest heap after any pause (an upper bound); heap = 3 x
live, rounded up to 128 MiB, at least 256 MiB, so that every benchmark collects regularly with room for its
live data; at least 512 MiB for the Apache Spark benchmarks, whose driver refuses a heap below 450 MiB
(Spark's INVALID_DRIVER_MEMORY: 1.5 x its 300 MiB reserve). Prints the heaps file; a benchmark that failed
or never collected is listed as a comment.
Usage: heaps.py CALIBRATION_DIR"""
import re, sys, pathlib
out = pathlib.Path(sys.argv[1])
pause = re.compile(r'(Pause \w+).*?\d+[KMG]->(\d+)([KMG])\((\d+)([KMG])\)')
unit = {'K': 1 / 1024, 'M': 1, 'G': 1024}
# Renaissance 0.16.1's apache-spark group.
SPARK = {'als', 'chi-square', 'dec-tree', 'gauss-mix', 'log-regression', 'movie-lens', 'naive-bayes', 'page-rank'}
print('# Renaissance 0.16.1: fixed heap per benchmark for the whole-suite run (./renaissance --heaps).')
print('# 3 x live data (the largest heap after a Remark or Full pause, else after any pause) in one')
print('# 3-repetition run with G1\'s own sizing, rounded up to 128 MiB, at least 256 MiB (512 MiB for Spark,')
print('# whose driver refuses less than 450 MiB)')
print('# (docs/measurements/renaissance-2026-12-06-suite: calibrate.sh, heaps.py).')
for line in (out / 'times.txt').read_text().splitlines():
    b, rc, secs = line.split()
    log = out / b / 'gc.log'
    ps = [(m.group(1), float(m.group(2)) * unit[m.group(3)]) for m in pause.finditer(log.read_text())] if log.exists() else []
    if rc != '0' or not ps:
        print(f'# {b}: ' + ('failed (exit %s)' % rc if rc != '0' else 'no pause'))
        continue
    marked = [a for k, a in ps if k in ('Pause Remark', 'Pause Full')]
    live = max(marked) if marked else max(a for _, a in ps)
    mb = max(512 if b in SPARK else 256, -(-3 * live // 128) * 128)
    how = 'after marking' if marked else 'after a pause, no marking'
    print(f'{b}={int(mb)}m  # live {live:.0f} MiB ({how}), {len(ps)} pauses')
