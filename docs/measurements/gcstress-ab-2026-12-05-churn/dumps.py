"""Prints each BWOSDIAG dump of a diagnostic GcStress log (the header, the blocks around the
thieves' block, and the last N events of the victim queue's ring in ring order).
  python3 dumps.py LOG [N]"""
import lzma, re, sys
path = sys.argv[1]; n = int(sys.argv[2]) if len(sys.argv) > 2 else 12
op = lzma.open if path.endswith('.xz') else open
dumps = []
with op(path, 'rt') as f:
    for line in f:
        if 'BWOSDIAG' not in line:
            continue
        body = line.split('BWOSDIAG', 1)[1].strip()
        gc = re.search(r'GC\((\d+)\)', line)
        if body.startswith('fail#'):
            dumps.append({'gc': gc.group(1) if gc else '?', 'head': body, 'blocks': [], 'ev': []})
        elif ' ev#' in body and dumps:
            dumps[-1]['ev'].append((int(re.search(r'ev#(\d+)', body).group(1)), body))
        elif body.startswith('q=') and dumps:
            dumps[-1]['blocks'].append(body)
        elif 'failed steals' in body:
            print('GC(%s) %s' % (gc.group(1) if gc else '?', body))
for d in dumps:
    print('--- GC(%s) %s' % (d['gc'], d['head']))
    for b in d['blocks']:
        print('    ' + b)
    for _, e in sorted(d['ev'])[-n:]:
        print('    ' + re.sub(r' thr=0x0*', ' thr=', e))
