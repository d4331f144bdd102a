import sys, collections, re
for f in sys.argv[1:]:
    c=collections.Counter(); tot=0
    for line in open(f):
        stack,n=line.rstrip().rsplit(' ',1); n=int(n); fr=stack.split(';')
        if 'selector' not in fr[0]: continue
        tot+=n
        s=';'.join(fr)
        if 'execute' in s and ('taskpools' in s or 'ForkJoinPool' in s):
            # which executor frames, below execute
            if 'unpark' in s or 'futex' in s: k='execute: unpark'
            elif 'taskpools' in s: k='execute: bwos other'
            else: k='execute: fjp other'
        elif 'epoll_wait' in s or 'EPoll.wait' in s: k='epoll_wait'
        elif 'epoll_ctl' in s or 'EPoll.ctl' in s: k='epoll_ctl'
        else: k='other'
        c[k]+=n
    print('==',f,'selector samples',tot)
    for k,v in c.most_common(): print('   %-24s %5d %5.1f%%'%(k,v,100*v/tot))
