#!/usr/bin/env python3
"""merge.py BASE RERUN OUT: one run directory from a run and a rerun of some of its benchmarks with the same
JVMs and settings but their own heaps: OUT/invocations.jsonl holds BASE's invocations of the benchmarks RERUN
did not run and every invocation of RERUN (its sequence numbers moved past BASE's, so that each pair keeps its
order); OUT/run.json is BASE's with RERUN's heaps for those benchmarks and both commands. Then
`./renaissance --report-only --out OUT` computes the report of the whole."""
import json, sys, pathlib
base, rerun, out = (pathlib.Path(p) for p in sys.argv[1:4])
out.mkdir(parents=True, exist_ok=True)
b_info = json.loads((base / 'run.json').read_text())
r_info = json.loads((rerun / 'run.json').read_text())
assert [j['flags'] for j in r_info['jvms']] == [j['flags'] for j in b_info['jvms']], 'same JVMs and flags'
assert (r_info['warmup'], r_info['repetitions'], r_info['invocations']) == \
       (b_info['warmup'], b_info['repetitions'], b_info['invocations']), 'same repetitions and invocations'
again = set(r_info['benchmarks'])
rows = [json.loads(l) for l in (base / 'invocations.jsonl').read_text().splitlines() if l.strip()]
kept = [r for r in rows if r['benchmark'] not in again]
offset = max((r['sequence'] for r in rows), default=0)
for l in (rerun / 'invocations.jsonl').read_text().splitlines():
    if l.strip():
        r = json.loads(l)
        r['sequence'] += offset
        r['runDir'] = 'rerun/' + r['runDir']
        kept.append(r)
order = {b: i for i, b in enumerate(b_info['benchmarks'])}
kept.sort(key=lambda r: (order[r['benchmark']], r['sequence']))
(out / 'invocations.jsonl').write_text(''.join(json.dumps(r, separators=(',', ':')) + '\n' for r in kept))
b_info['heaps'].update({k: v for k, v in r_info['heaps'].items() if k in again})
b_info['command'] = b_info['command'] + ' ; rerun of ' + ','.join(r_info['benchmarks']) + ': ' + r_info['command']
(out / 'run.json').write_text(json.dumps(b_info, indent=2) + '\n')
print(f'{len(kept)} invocations, {len(again)} benchmarks from the rerun')
