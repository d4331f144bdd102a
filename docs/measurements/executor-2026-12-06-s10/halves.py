#!/usr/bin/env python3
"""halves.py DIR TAG...: for each half TAG (runs in DIR/TAG-<round>/runs.csv), BwosExecutor / ForkJoinPool
of the same half: medians over rounds of req/s, p99 and CPU per request, and the ratios of the medians.
A half without ForkJoinPool runs (a variant run alone) is compared with the ForkJoinPool of the first TAG."""
import csv, glob, statistics as st, sys
from collections import defaultdict
d = defaultdict(list)
root, tags = sys.argv[1], sys.argv[2:]
for tag in tags:
    for f in sorted(glob.glob(f'{root}/{tag}-*/runs.csv')):
        for r in csv.DictReader(open(f)):
            d[(tag, r['endpoint'], int(r['connections']), r['executor'])].append(r)
cells = sorted({(k[1], k[2]) for k in d})
def med(rows, field):
    return st.median(float(r[field]) for r in rows)
for ep, c in cells:
    for tag in tags:
        b = d.get((tag, ep, c, 'bwos'))
        f = d.get((tag, ep, c, 'forkjoinpool')) or d.get((tags[0], ep, c, 'forkjoinpool'))
        if not b or not f:
            continue
        t = med(b, 'requestsPerSecond') / med(f, 'requestsPerSecond')
        p = med(b, 'p99Us') / med(f, 'p99Us')
        u = med(b, 'cpuMicrosPerRequest') / med(f, 'cpuMicrosPerRequest')
        print(f"{ep:11s} {c:5d} {tag:3s} {t:.2f}x {p:.2f}x {u:.2f}x   bwos {med(b,'requestsPerSecond'):7.0f} req/s "
              f"p99 {med(b,'p99Us')/1000:5.0f} ms {med(b,'cpuMicrosPerRequest'):6.1f} us | FJP {med(f,'requestsPerSecond'):7.0f} "
              f"{med(f,'p99Us')/1000:5.0f} ms {med(f,'cpuMicrosPerRequest'):6.1f} us  (n={len(b)}/{len(f)})")
