import csv,math,sys
from collections import defaultdict
T={1:12.7062,2:4.3027,3:3.1824,4:2.7764,5:2.5706,6:2.4469,7:2.3646,8:2.3060,9:2.2622,11:2.2010,17:2.1098}
def iv(l):
    n=len(l); m=sum(l)/n
    if n<2: return (math.exp(m),float('nan'),float('nan'))
    se=math.sqrt(sum((x-m)**2 for x in l)/(n-1)/n); t=T[n-1]
    return tuple(math.exp(v) for v in (m,m-t*se,m+t*se))
runs=list(csv.DictReader(open(sys.argv[1])))
A,B=sys.argv[2],sys.argv[3]
d={}
for r in runs:
    if r['failed']=='true': continue
    d[(r['endpoint'],int(r['connections']),r['executor'],int(r['round']))]=r
cells=sorted({(k[0],k[1]) for k in d})
for f in ('requestsPerSecond','p99Us','cpuMicrosPerRequest','tasksPerRequest'):
    byround=defaultdict(list); out=[]
    for c in cells:
        l=[]
        for rd in range(1,20):
            a=d.get(c+(A,rd)); b=d.get(c+(B,rd))
            if a and b and a[f] and b[f]:
                x=math.log(float(a[f])/float(b[f])); l.append(x); byround[rd].append(x)
        r=iv(l); mark=' ^' if r[1]>1 else ' v' if r[2]<1 else ''
        out.append('%s@%d %.3f[%.2f,%.2f]%s'%(c[0][5:],c[1],*r,mark))
    p=iv([sum(v)/len(v) for v in byround.values()])
    print(f,'pooled %.3f [%.3f, %.3f]'%p)
    print('   ',' '.join(out))
