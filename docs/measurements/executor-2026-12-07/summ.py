import re,sys,statistics as st,math,random
from collections import defaultdict
rows=defaultdict(list)
for line in open(sys.argv[1]):
    m=re.match(r'(\S+)\s+\S+\s+(\S+)\s+(\d+) rps=\s*(\d+) p99=(\S+)\s+cpu_us/req=\s*([\d.]+) tasks/req=([\d.]+) vol/1kreq=([\d.]+)',line)
    if not m: continue
    lab,ep,c,rps,p99,cpu,t,v=m.groups()
    p=float(p99[:-2])*(1 if p99.endswith('ms') else 1000 if p99.endswith('s') and not p99.endswith('ms') else 0.001)
    rows[(ep,int(c),lab)].append((float(rps),p,float(cpu),float(t),float(v)))
base=sys.argv[2] if len(sys.argv)>2 else 'fjp'
labs=sorted({k[2] for k in rows})
cells=sorted({(k[0],k[1]) for k in rows})
for cell in cells:
    for l in labs:
        r=rows.get(cell+(l,),[])
        if not r: continue
        med=[st.median(x[i] for x in r) for i in range(5)]
        print('%-12s %5d %-6s n=%d rps %7.0f p99 %7.1f cpu %6.2f tasks %.3f vol %.0f'%(cell[0],cell[1],l,len(r),*med))
# pooled log-ratio of rps and cpu vs base: all rows, per cell medians ratio, then geomean over cells with bootstrap over rows
print('pooled vs',base)
for l in labs:
    if l==base: continue
    for idx,name in ((0,'rps'),(2,'cpu')):
        def stat(sample):
            lr=[]
            for cell in cells:
                a=sample[cell+(l,)]; b=sample[cell+(base,)]
                lr.append(math.log(st.median(x[idx] for x in a)/st.median(x[idx] for x in b)))
            return math.exp(sum(lr)/len(lr))
        pt=stat(rows)
        bs=[]
        for _ in range(2000):
            s={k:[random.choice(v) for _ in v] for k,v in rows.items()}
            bs.append(stat(s))
        bs.sort()
        print('%-6s %s geomean ratio %.3f [%.3f, %.3f]'%(l,name,pt,bs[50],bs[1949]))
