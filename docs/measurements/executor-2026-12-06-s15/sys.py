import sys, collections, re
for f in sys.argv[1:]:
    c=collections.Counter(); tot=0
    for line in open(f):
        stack, n = line.rstrip().rsplit(' ',1); n=int(n); tot+=n
        fr=stack.split(';')
        sc=[x for x in fr if re.match(r'__(x64|do)_sys_\w+', x)]
        key = sc[0] if sc else ('kernel-other' if fr[-1].endswith('_[k]') else 'user')
        c[re.sub(r'_\[k\]$','',key)]+=n
    print('==',f,tot)
    for k,v in c.most_common(14): print('  %-40s %6d %5.1f%%'%(k,v,100*v/tot))
