#!/usr/bin/env python3
"""disjoint.py runs.csv A B: per cell, medians of A / B and whether the rounds' ranges of A and B
are disjoint (every round of one above every round of the other), for req/s, p99 and CPU per request."""
import csv, sys, statistics as st
from collections import defaultdict
path, a, b = sys.argv[1:4]
d = defaultdict(list)
for r in csv.DictReader(open(path)):
    if r['failed'] != 'true':
        d[(r['endpoint'], int(r['connections']), r['executor'])].append(r)
for ep, c in sorted({(k[0], k[1]) for k in d}):
    A, B = d.get((ep, c, a)), d.get((ep, c, b))
    if not A or not B:
        continue
    out = []
    for f, name in (('requestsPerSecond', 'req/s'), ('p99Us', 'p99'), ('cpuMicrosPerRequest', 'CPU')):
        x = [float(r[f]) for r in A]; y = [float(r[f]) for r in B]
        ratio = st.median(x) / st.median(y)
        mark = ' (A above)' if min(x) > max(y) else ' (A below)' if max(x) < min(y) else ''
        out.append(f"{name} {ratio:.2f}x{mark}")
    print(f"{ep:11s} {c:5d}  " + ', '.join(out))
