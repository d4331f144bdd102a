import csv,math,sys
from collections import defaultdict
T={1:12.7062,2:4.3027,3:3.1824,4:2.7764,5:2.5706,6:2.4469,7:2.3646}
def iv(l):
    n=len(l); m=sum(l)/n
    se=math.sqrt(sum((x-m)**2 for x in l)/(n-1)/n); t=T[n-1]
    return tuple(math.exp(v) for v in (m,m-t*se,m+t*se))
def fmt(r):
    mark=' ▲' if r[1]>1 else ' ▼' if r[2]<1 else ''
    return '%.3f [%.3f, %.3f]%s'%(r+(mark,))
runs=list(csv.DictReader(open(sys.argv[1]))); A,B=sys.argv[2],sys.argv[3]
d={(r['endpoint'],int(r['connections']),r['executor'],int(r['round'])):r for r in runs if r['failed']!='true'}
eps=[];[eps.append(r['endpoint']) for r in runs if r['endpoint'] not in eps]
conns=sorted({int(r['connections']) for r in runs})
print('| endpoint | conn | req/s | p99 | CPU µs/req | tasks/req |'); print('|---|---:|---|---|---|---|')
for e in eps:
    for c in conns:
        row=[]
        for f in ('requestsPerSecond','p99Us','cpuMicrosPerRequest','tasksPerRequest'):
            l=[math.log(float(d[(e,c,A,rd)][f])/float(d[(e,c,B,rd)][f])) for rd in range(1,10) if (e,c,A,rd) in d and (e,c,B,rd) in d]
            row.append(fmt(iv(l)))
        print('| %s | %d | %s |'%(e,c,' | '.join(row)))
