"""Tables of docs/measurements/gcstress-ab-2026-12-05-pop-answer from a row's pauses.tsv.gz (one
line per evacuation pause of every run: jvm, triple, GC id, Termination and Termination Attempts as
the workers' averages from -Xlog:gc+phases=debug, and the BWoS counters of the pause from
gc+task+stats=debug).

  python3 pauses.py counters ROW/pauses.tsv.gz JVM...   per JVM: means and medians per pause
  python3 pauses.py medians ROW/pauses.tsv.gz BASE CAND  per triple, the ratio CAND/BASE of each
      run's median Termination per pause (robust to a pause that a SIGSTOP hit): geometric mean over
      the triples with a percentile bootstrap 95% interval (10 000 resamples of triples, seed 1)
"""
import csv, gzip, math, random, statistics, sys

def rows(path):
    with gzip.open(path, 'rt') as f:
        return [r for r in csv.DictReader(f, delimiter='\t') if r['termination_avg_ms']]

def counters(path, jvms):
    rs = rows(path)
    print('| JVM | pauses | Termination (ms): mean, median | attempts per worker: mean, median | pauses with > 20 attempts per worker | grants | grants by pops | grant requests | termination requests |')
    print('|---|--:|--:|--:|--:|--:|--:|--:|--:|')
    for j in jvms:
        p = [r for r in rs if r['jvm'] == j]
        if not p:
            continue
        t = [float(r['termination_avg_ms']) for r in p]
        a = [float(r['attempts_avg']) for r in p]
        def mean(k):
            v = [float(r[k]) for r in p if r[k] != '']
            return '%.2f' % (sum(v) / len(p)) if v else '-'
        print('| %s | %d | %.3f, %.3f | %.2f, %.2f | %d | %s | %s | %s | %s |' % (
            j, len(p), sum(t) / len(t), statistics.median(t), sum(a) / len(a), statistics.median(a),
            sum(1 for x in a if x > 20), mean('grants'), mean('pop_grants'), mean('grant_requests'),
            mean('termination_requests')))

def medians(path, base, cand):
    runs = {}
    for r in rows(path):
        runs.setdefault((r['jvm'], int(r['triple'])), []).append(float(r['termination_avg_ms']))
    triples = sorted({t for (j, t) in runs if j == base} & {t for (j, t) in runs if j == cand})
    logs = [math.log(statistics.median(runs[(cand, t)]) / statistics.median(runs[(base, t)])) for t in triples]
    rng = random.Random(1)
    boot = sorted(sum(rng.choice(logs) for _ in logs) / len(logs) for _ in range(10000))
    lo, hi = math.exp(boot[249]), math.exp(boot[9749])
    mark = ' ▼' if hi < 1 else (' ▲' if lo > 1 else '')
    print('%s / %s, median Termination per pause, %d triples: %.3f [%.3f, %.3f]%s' % (
        cand, base, len(triples), math.exp(sum(logs) / len(logs)), lo, hi, mark))

if __name__ == '__main__':
    if sys.argv[1] == 'counters':
        counters(sys.argv[2], sys.argv[3:])
    else:
        medians(sys.argv[2], sys.argv[3], sys.argv[4])
