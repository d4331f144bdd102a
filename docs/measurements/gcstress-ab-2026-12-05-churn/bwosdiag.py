"""The BWOSDIAG lines of a diagnostic GcStress log (plain or .xz), shared by classify.py and
dumps.py: yields (GC id or None, the text after BWOSDIAG) for each."""
import lzma, re


def diag_lines(path):
    op = lzma.open if path.endswith('.xz') else open
    with op(path, 'rt') as f:
        for line in f:
            if 'BWOSDIAG' not in line:
                continue
            gc = re.search(r'GC\((\d+)\)', line)
            yield (gc.group(1) if gc else None), line.split('BWOSDIAG', 1)[1].strip()
