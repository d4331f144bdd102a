"""Per diagnostic GcStress log (plain or .xz): evacuation pauses, those with > 20 termination
attempts per worker (the churn pauses of pauses.py), and the phases (evacuation or full-GC marking)
with >= 300 failed steals while some queue's stealable_size() was > 0 (BWOSDIAG lines).
  python3 summary.py LOG..."""
import lzma, re, sys
tot = [0, 0, 0, 0]
for f in sys.argv[1:]:
    op = lzma.open if f.endswith('.xz') else open
    txt = op(f, 'rt').read()
    att = [float(x) for x in re.findall(r'Termination Attempts: +Min: \d+, Avg: +([\d.]+)', txt)]
    fails = [int(x) for x in re.findall(r'failed steals with stealable > 0: (\d+)', txt)]
    r = [len(att), sum(1 for a in att if a > 20), sum(1 for x in fails if x >= 300), max(fails) if fails else 0]
    tot = [tot[0] + r[0], tot[1] + r[1], tot[2] + r[2], max(tot[3], r[3])]
    print('%-16s evacuation pauses %3d, > 20 attempts per worker %d; phases with >= 300 failed steals while stealable > 0: %d (most %d)' % ((f.split('/')[-1],) + tuple(r)))
print('%-16s evacuation pauses %3d, > 20 attempts per worker %d; phases with >= 300 failed steals while stealable > 0: %d (most %d)' % (('total',) + tuple(tot)))
