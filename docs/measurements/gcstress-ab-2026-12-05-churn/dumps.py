"""Prints each BWOSDIAG dump of a diagnostic GcStress log (the header, the blocks around the
thieves' block, and the last N events of the victim queue's ring in ring order).
  python3 dumps.py LOG [N]"""
import re, sys
from bwosdiag import diag_lines
path = sys.argv[1]; n = int(sys.argv[2]) if len(sys.argv) > 2 else 12
dumps = []
for gc, body in diag_lines(path):
    if body.startswith('fail#'):
        dumps.append({'gc': gc or '?', 'head': body, 'blocks': [], 'ev': []})
    elif ' ev#' in body and dumps:
        dumps[-1]['ev'].append((int(re.search(r'ev#(\d+)', body).group(1)), body))
    elif body.startswith('q=') and dumps:
        dumps[-1]['blocks'].append(body)
    elif 'failed steals' in body:
        print('GC(%s) %s' % (gc or '?', body))
for d in dumps:
    print('--- GC(%s) %s' % (d['gc'], d['head']))
    for b in d['blocks']:
        print('    ' + b)
    for _, e in sorted(d['ev'])[-n:]:
        print('    ' + re.sub(r' thr=0x0*', ' thr=', e))
