import sys, re, collections
# agg.py FILE...: samples per thread group, and worker samples by the frame class that owns the leaf-most "interesting" frame
def group(t):
    t=t.strip('[]')
    if re.search(r'worker|bwos', t, re.I) and 'monitor' not in t.lower(): return 'worker'
    if 'selector' in t.lower() or 'qtp' in t.lower() or 'jetty' in t.lower(): return 'jetty-other:'+re.sub(r'\d+','#',t)
    if 'Compiler' in t: return 'jit'
    if re.search(r'G1|GC|Conc', t): return 'gc'
    return 'other:'+re.sub(r'\d+','#',t)
for f in sys.argv[1:]:
    g=collections.Counter(); w=collections.Counter(); tot=0
    for line in open(f):
        stack, n = line.rstrip().rsplit(' ',1); n=int(n); fr=stack.split(';'); tot+=n
        gg=group(fr[0]); g[gg]+=n
        if gg=='worker':
            cat='other'
            s=';'.join(fr)
            if 'taskpools/executor' in s or 'taskpools.executor' in s:
                # executor frames at leaf side (not just the run loop at the root)
                leafish=[x for x in fr[1:] if 'taskpools' in x or 'ForkJoin' in x]
            if any(k in s for k in ('jackson',)): cat='jackson'
            elif 'eclipse' in s: cat='jetty'
            # leaf-most java frame
            jf=[x for x in fr[1:] if '/' in x or '.' in x]
            leaf=fr[-1]
            if 'eclipse' not in s and 'jackson' not in s:
                if 'taskpools' in s: cat='executor(not in task)'
                elif 'ForkJoin' in s: cat='fjp(not in task)'
            if '_[k]' in leaf: cat+='+kernel'
            w[cat]+=n
    print('==',f,'total',tot)
    for k,v in g.most_common(): print('  %-40s %6d %5.1f%%'%(k,v,100*v/tot))
    wt=sum(w.values())
    for k,v in w.most_common(): print('    worker %-34s %6d %5.1f%% of total'%(k,v,100*v/tot))
