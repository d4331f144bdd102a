import gzip,re,collections,sys
for r in sys.argv[1:]:
  summ={l.split(':')[0].split()[0]:l for l in open(f'{r}/summary.txt')}
  for ex in ('bwos','forkjoinpool'):
    req=int(re.search(r'requests (\d+)',summ[ex]).group(1))
    th=collections.Counter(); fr=collections.Counter(); tot=0
    for line in gzip.open(f"{r}/{ex}.collapsed.gz", "rt"):
        stack,n=line.rsplit(' ',1); n=int(n); tot+=n
        frames=stack.split(';')
        name=re.sub(r'\d+','N',frames[0]); th[name]+=n
        for key in ('Worker.runTask','ForkJoinTask.doExec','Worker.next','Worker.search','Worker.scan','Worker.park','ForkJoinPool.scan','ForkJoinPool.awaitWork','LockSupport.park','LockSupport.unpark','BlockedWorkerMonitor','SubmissionQueue','IdleStack','onSpinWait','ManagedSelector','Endpoints.handle','ObjectMapper','sched_yield','finish_task_switch'):
            if any(key in f for f in frames): fr[key]+=n
    print(r,ex,'samples per 1000 requests %.0f'%(tot/req*1000))
    for k,v in th.most_common(7): print('   %-40s %.0f'%(k[:40],v/req*1000))
    for k,v in sorted(fr.items()): print('     %-30s %.1f'%(k,v/req*1000))
