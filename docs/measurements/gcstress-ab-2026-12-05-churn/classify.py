"""Classifies each BWOSDIAG dump of diagnostic GcStress logs: the thieves' block sb, the top block,
the S of each block strictly between them, and the victim owner's last ring event (and whether its
slot still held an older event, i.e. the owner was inside that event's diag call when the dump read it).
  python3 classify.py LOG...  (plain or .xz)"""
import re, sys
from bwosdiag import diag_lines
for path in sys.argv[1:]:
    dumps = []
    for gc, body in diag_lines(path):
        if body.startswith('fail#'):
            h = dict(re.findall(r'(\w+)=(\S+)', body))
            dumps.append({'gc': gc, 'h': h, 'fail': body.split()[0], 'blocks': {}, 'ev': []})
        elif ' ev#' in body and dumps:
            dumps[-1]['ev'].append((int(re.search(r'ev#(\d+)', body).group(1)),
                                    int(re.search(r'seq=(\d+)', body).group(1)), body))
        elif body.startswith('q=') and dumps:
            m = re.search(r'p=(\d+) .*S=\((\d+),(\d+)\)', body)
            dumps[-1]['blocks'][int(m.group(1))] = (int(m.group(2)), int(m.group(3)))
    for d in dumps:
        sb, top = int(d['h']['sb']), int(d['h']['top'])
        between = ['%d:(%d,%d)' % ((p,) + d['blocks'][p]) for p in range(sb + 1, top) if p in d['blocks']]
        ev = sorted(d['ev'])
        own = [e for e in ev if ' SB ' not in e[2]]
        last = own[-1] if own else None
        stale = ''
        if ev:
            # a slot whose seq is below its predecessor's still holds the event of 128 indices earlier
            for (i0, s0, _), (i1, s1, b1) in zip(ev, ev[1:]):
                if s1 < s0:
                    stale = ' (slot ev#%d not yet written: owner inside diag of that event; old content %s)' % (i1, re.search(r' (GA|TO|GR|SK|HS|SE|NB0|TOX) [^\[]*', b1).group(0).strip())
        print('%s GC(%s) %s queue=%s sb=%d top=%d F=%s B=%s push_limit=%s between=%s%s' % (
            path.split('/')[-1], d['gc'], d['fail'], d['h']['queue'], sb, top, d['h']['F'], d['h']['B'],
            d['h']['push_limit'], ' '.join(between), stale))
