"""abtable.py DIR: an interleaved service A/B (DIR/a-N.runs.csv, DIR/b-N.runs.csv, N = 1..3) per
cell and executor: req/s, p99 (ms) and CPU per request (µs) per round, and their medians."""
import csv,sys,statistics as st
from collections import defaultdict
out=sys.argv[1]
d=defaultdict(list)
for x in 'ab':
    for r in (1,2,3):
        for row in csv.DictReader(open(f'{out}/{x}-{r}.runs.csv')):
            d[(row['endpoint'],int(row['connections']),row['executor'],x)].append(row)
for k in sorted(set(k[:2] for k in d)):
    for ex in ('bwos','forkjoinpool'):
        for x in 'ab':
            rs=d[(k[0],k[1],ex,x)]
            if not rs: continue
            f=lambda n,s=1: ' '.join(f"{float(r[n])/s:6.0f}" for r in rs)
            print(f"{k[0]} {k[1]:4d} {ex:12s} {x}", 'req/s',f('requestsPerSecond'),' p99',f('p99Us',1000),' cpu',f('cpuMicrosPerRequest'), ' med', f"{st.median(float(r['requestsPerSecond']) for r in rs):.0f} {st.median(float(r['p99Us']) for r in rs)/1000:.0f} {st.median(float(r['cpuMicrosPerRequest']) for r in rs):.1f}")
