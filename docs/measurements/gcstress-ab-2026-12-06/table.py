#!/usr/bin/env python3
"""table.py BATCH...: the 8-row table of `check.sh ab 20 T W` from each row's ab.csv (BATCH/W-T/ab.csv):
ratio BWoS/stock [studentized bootstrap 95% interval], marked ▲ when the interval lies wholly above 1
(BWoS higher, worse) and ▼ wholly below; rows a batch did not run are left out. Then, where the rows have
counters.md, the evacuation line of each (the BWoS queues' counters per evacuation pause).
`GcAb --recompute BATCH/W-T` recomputes each ab.csv from runs.csv."""
import csv, os, sys
ROWS = [f'{w}-{t}' for w in ('mixed', 'wide', 'deep', 'arrays') for t in (2, 8)]
SHORT = {'wall time': 'wall', 'young pauses, total': 'young pauses', 'Object Copy per copied MiB': 'Object Copy/MiB',
         'Termination per evacuation pause': 'Termination/pause',
         'concurrent marking per MiB at cycle start': 'conc. marking/MiB', 'full-GC marking per MiB live': 'full-GC marking/MiB'}
for batch in sys.argv[1:]:
    print(f'\n{batch}\n')
    print('| row | ' + ' | '.join(SHORT.values()) + ' |')
    print('|---|' + '---|' * len(SHORT))
    for row in ROWS:
        if not os.path.exists(f'{batch}/{row}/ab.csv'):
            continue
        cells = {}
        for r in csv.DictReader(open(f'{batch}/{row}/ab.csv')):
            mark = ' ▲' if r['side'] == 'above' else ' ▼' if r['side'] == 'below' else ''
            cells[r['metric']] = f"{float(r['ratio']):.3f} [{float(r['low']):.3f}, {float(r['high']):.3f}]{mark}"
        print(f'| {row} | ' + ' | '.join(cells.get(m, '-') for m in SHORT) + ' |')
    counted = [row for row in ROWS if os.path.exists(f'{batch}/{row}/counters.md')]
    if counted:
        print('\n| row | evacuation: ' + ' | '.join(['pauses', 'skipped blocks (total)', 'full pushes (total)', 'grants',
                                                     'grant requests', 'termination requests', 'grant waits']) + ' |')
        print('|---|' + '--:|' * 7)
        for row in counted:
            for line in open(f'{batch}/{row}/counters.md'):
                if line.startswith('| evacuation |'):
                    f = [c.strip() for c in line.strip().strip('|').split('|')]
                    print(f'| {row} | ' + ' | '.join(f[2:9]) + ' |')
