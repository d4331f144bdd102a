import sys, collections
f = sys.argv[1]
by_thread = collections.Counter(); total = 0
leaf = collections.Counter(); incl = collections.Counter()
keys = sys.argv[2:] 
for line in open(f):
    stack, n = line.rstrip().rsplit(' ', 1); n = int(n)
    frames = stack.split(';')
    t = frames[0]
    import re
    t = re.sub(r'[-#]?\d+', 'N', t)
    by_thread[t] += n; total += n
    leaf[frames[-1]] += n
    seen = set()
    for fr in frames[1:]:
        for k in keys:
            if k in fr and k not in seen:
                seen.add(k); incl[k] += n
print("total", total)
for t, n in by_thread.most_common(15): print(f"{n/total*100:6.1f}% {t}")
print("-- leaf")
for t, n in leaf.most_common(30): print(f"{n/total*100:6.1f}% {t}")
print("-- inclusive")
for k in keys: print(f"{incl[k]/total*100:6.1f}% {k}")
