import sys,re,statistics as st
from collections import defaultdict
d=defaultdict(list)
for line in open(sys.argv[1]):
    m=re.match(r'(\S+)\s+\S+\s+(\S+)\s+(\d+) rps=\s*(\d+) p99=([\d.]+)(ms|s)\s+cpu_us/req=\s*([\d.]+) tasks/req=([\d.]+)',line)
    if not m: continue
    lab,ep,c,rps,p99,u,cpu,t=m.groups(); p=float(p99)*(1000 if u=='s' else 1)
    d[(ep,int(c))].append((lab,float(rps),p,float(cpu),float(t)))
for k in sorted(d):
    labs=sorted(set(x[0] for x in d[k]))
    for l in labs:
        rs=[x for x in d[k] if x[0]==l]
        print(f"{k[0]:11s} {k[1]:5d} {l:6s} rps med {st.median(x[1] for x in rs):7.0f} [{' '.join('%.0f'%x[1] for x in rs)}]  p99 med {st.median(x[2] for x in rs):6.0f} [{' '.join('%.0f'%x[2] for x in rs)}]  cpu {st.median(x[3] for x in rs):6.1f}  tasks {st.median(x[4] for x in rs):.3f}")
