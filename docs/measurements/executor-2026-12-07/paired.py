#!/usr/bin/env python3
"""paired.py RUNS.csv A B: the service benchmark's PairedRatios by hand, for A over B (executor names) in a
runs.csv: the pooled ratio of req/s, p99, CPU per request and tasks per request (the report does not divide the
last), then a markdown table per cell. Per cell: the geometric mean of the runs paired by round and Student's t
95% interval of the mean log ratio; pooled: the cells' means, t over rounds, each round's logs centred on their
cell's mean. Failed runs are left out; t quantiles from a table."""
import csv, math, sys
from collections import defaultdict

T = {1: 12.7062, 2: 4.3027, 3: 3.1824, 4: 2.7764, 5: 2.5706, 6: 2.4469, 7: 2.3646, 8: 2.3060, 9: 2.2622}
FIGURES = ('requestsPerSecond', 'p99Us', 'cpuMicrosPerRequest', 'tasksPerRequest')


def interval(logs):
    n = len(logs)
    m = sum(logs) / n
    if n < 2:
        return math.exp(m), float('nan'), float('nan')
    half = T[n - 1] * math.sqrt(sum((x - m) ** 2 for x in logs) / (n - 1) / n)
    return math.exp(m), math.exp(m - half), math.exp(m + half)


def fmt(r):
    return '%.3f [%.3f, %.3f]%s' % (r + (' ▲' if r[1] > 1 else ' ▼' if r[2] < 1 else '',))


runs, a, b = list(csv.DictReader(open(sys.argv[1]))), sys.argv[2], sys.argv[3]
d = {(r['endpoint'], int(r['connections']), r['executor'], int(r['round'])): r for r in runs if r['failed'] != 'true'}
endpoints = list(dict.fromkeys(r['endpoint'] for r in runs))
cells = [(e, c) for e in endpoints for c in sorted({int(r['connections']) for r in runs})]
logs = {}  # (figure, cell) -> {round: log ratio}
for f in FIGURES:
    for cell in cells:
        logs[f, cell] = {rd: math.log(float(d[cell + (a, rd)][f]) / float(d[cell + (b, rd)][f]))
                         for (e, c, ex, rd) in d if (e, c) == cell and ex == a and cell + (b, rd) in d
                         and d[cell + (a, rd)][f] and d[cell + (b, rd)][f]}
for f in FIGURES:
    by_cell = [v for (g, _), v in logs.items() if g == f and v]
    means = [sum(v.values()) / len(v) for v in by_cell]
    rounds = defaultdict(list)
    for v, m in zip(by_cell, means):
        for rd, x in v.items():
            rounds[rd].append(x - m)
    print(f, 'pooled', fmt(interval([sum(means) / len(means) + sum(x) / len(x) for x in rounds.values()])))
print('\n| endpoint | conn | req/s | p99 | CPU µs/req | tasks/req |\n|---|---:|---|---|---|---|')
for cell in cells:
    print('| %s | %d | %s |' % (cell + (' | '.join(fmt(interval(list(logs[f, cell].values()))) for f in FIGURES),)))
