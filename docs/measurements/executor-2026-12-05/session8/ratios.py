#!/usr/bin/env python3
"""ratios.py runs.csv A B: per endpoint and connection count, medians of A / B (req/s, p99, CPU/req), bar check."""
import csv, sys, statistics as st
from collections import defaultdict
path, a, b = sys.argv[1], sys.argv[2], sys.argv[3]
d = defaultdict(lambda: defaultdict(list))
for r in csv.DictReader(open(path)):
    if r['failed'] == 'true':
        continue
    k = (r['endpoint'], int(r['connections']))
    d[k][r['executor']].append(r)
def med(rows, f):
    return st.median(float(x[f]) for x in rows)
met = 0; cells = 0
for k in sorted(d, key=lambda k: (k[0], k[1])):
    if a not in d[k] or b not in d[k]:
        continue
    A, B = d[k][a], d[k][b]
    t = med(A, 'requestsPerSecond') / med(B, 'requestsPerSecond')
    p = med(A, 'p99Us') / med(B, 'p99Us')
    c = med(A, 'cpuMicrosPerRequest') / med(B, 'cpuMicrosPerRequest')
    ok = t >= 1.0 and p <= 1.1 and c <= 1.0
    cells += 1; met += ok
    sp = '/'.join(f"{med(A, f):.3f}" for f in ('stealsPerRequest', 'parksPerRequest', 'wakesPerRequest'))
    p99a = ' '.join(f"{float(x['p99Us'])/1000:.0f}" for x in A); p99b = ' '.join(f"{float(x['p99Us'])/1000:.0f}" for x in B)
    print(f"{k[0]:12s} {k[1]:5d}  {t:.2f}x, {p:.2f}x, {c:.2f}x {'(met)' if ok else ''}  s/p/w {sp}  p99 ms [{p99a}] vs [{p99b}]")
print(f"{met}/{cells} cells meet the bar")
