import sys, collections, re
def load(f, thread_pat):
    incl = collections.Counter(); self_ = collections.Counter(); tot = 0
    for line in open(f):
        stack, n = line.rstrip().rsplit(' ', 1); n = int(n)
        fr = stack.split(';')
        if not re.search(thread_pat, fr[0]): continue
        tot += n
        for m in set(fr[1:]): incl[m] += n
        self_[fr[-1]] += n
    return incl, self_, tot
a, b = sys.argv[1], sys.argv[2]; ra, rb = float(sys.argv[3]), float(sys.argv[4]); pat = sys.argv[5]
ia, sa, ta = load(a, pat); ib, sb, tb = load(b, pat)
print("total per req", ta/ra, tb/rb)
for name, A, B in (("inclusive", ia, ib), ("self", sa, sb)):
    print("--", name)
    keys = set(A) | set(B)
    d = sorted(keys, key=lambda k: -(A[k]/ra - B[k]/rb))
    for k in d[:25]: print(f"{A[k]/ra*1000:8.1f} {B[k]/rb*1000:8.1f} {(A[k]/ra-B[k]/rb)*1000:+8.1f} {k[:110]}")
    print("  ...")
    for k in d[-8:]: print(f"{A[k]/ra*1000:8.1f} {B[k]/rb*1000:8.1f} {(A[k]/ra-B[k]/rb)*1000:+8.1f} {k[:110]}")
