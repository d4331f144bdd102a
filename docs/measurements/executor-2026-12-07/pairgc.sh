#!/usr/bin/env bash
# pairgc.sh LABEL JAR EXECUTOR ENDPOINT CONN [JVM]: the fourteenth session's pair.sh (one fresh server,
# 8 s discarded, 10 s measured) with the server's G1 pauses logged, then their count and sum.
set -euo pipefail
gc=$(mktemp)
JOPTS="${JOPTS:-} -Xlog:gc:file=$gc" "$(dirname "$0")/../executor-2026-12-06-s14/pair.sh" "$@"
python3 -c "import re,sys; t=[float(x) for x in re.findall(r'(\d+\.\d+)ms', open(sys.argv[1]).read())]; print('   gc pauses %d total %.0f ms' % (len(t), sum(t)))" "$gc"
rm -f "$gc"
