#!/usr/bin/env bash
# Writes the A/B bundle: everything the A/B of check.sh needs, to run it on a
# bigger Linux x86-64 machine without building OpenJDK, without Maven and
# without network:
#   runtime/          one runtime image of the pinned OpenJDK (jlink of
#                     build.sh's jdk-stock: java.base and java.management,
#                     what GcStress, WhiteBox and GcAb use), without libjvm.so
#   jvm/stock, jvm/bwos  the two libjvm.so build.sh built from that source,
#                     stock G1 and G1 with LIFO BWoS
#   classes/          GcStress and WhiteBox (from the source's test/lib)
#   lib/              renaissance-runner's jar (GcAb, the bootstrap intervals)
#   ab.sh, run.sh     the A/B (the same script check.sh ab runs) and its
#                     launcher, which on first run assembles jdk-stock and
#                     jdk-bwos from the runtime image and makes their CDS archives
#   README.md         how to run it
# The archive must stay within 60 MiB; the script fails otherwise.
# Usage: pack.sh [OUT]   (default $CACHE/taskpools-g1-bwos-<version>.tar.xz)
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
VERSION="$(tr -d '[:space:]' < "$HERE/openjdk.version")"
CACHE="${TASKPOOLS_CACHE:-$HOME/.cache/taskpools}"
SRCROOT="$CACHE/openjdk-src/$VERSION"
OUTFILE="${1:-$CACHE/taskpools-g1-bwos-$VERSION.tar.xz}"
LIMIT_MIB=60
NAME="taskpools-g1-bwos-$VERSION"
log() { printf '\n=== [%s] %s\n' "$(date +%H:%M:%S)" "$*"; }
need() { [ -e "$1" ] || { echo "missing $1: run hotspot-patch/build.sh all first" >&2; exit 1; }; }
need "$CACHE/jdk-stock/jmods/java.base.jmod"; need "$CACHE/jdk-bwos/lib/server/libjvm.so"
need "$SRCROOT/jdk/test/lib/jdk/test/whitebox/WhiteBox.java"

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
ROOT="$WORK/$NAME"
mkdir -p "$ROOT/jvm/stock" "$ROOT/jvm/bwos" "$ROOT/classes/wb" "$ROOT/lib"
JDK="$CACHE/jdk-stock"

log "runtime image (jlink of $JDK: java.base, java.management)"
"$JDK/bin/jlink" --module-path "$JDK/jmods" --add-modules java.base,java.management \
  --strip-debug --no-header-files --no-man-pages --output "$ROOT/runtime"
rm -f "$ROOT/runtime/lib/server/libjvm.so" "$ROOT/runtime/lib/server/"*.jsa
for j in stock bwos; do
  cp "$CACHE/jdk-$j/lib/server/libjvm.so" "$ROOT/jvm/$j/libjvm.so"
done

log "GcStress and WhiteBox"
"$JDK/bin/javac" -nowarn --release 17 -d "$ROOT/classes/wb" -sourcepath "$SRCROOT/jdk/test/lib" \
  "$SRCROOT/jdk/test/lib/jdk/test/whitebox/WhiteBox.java" 2>&1 | grep -v '^Note:' || true
(cd "$ROOT/classes/wb" && "$JDK/bin/jar" cf ../wb.jar .)
rm -rf "$ROOT/classes/wb"
"$JDK/bin/javac" --release 17 -cp "$ROOT/classes/wb.jar" -d "$ROOT/classes" "$HERE/GcStress.java"

log "renaissance-runner (GcAb)"
(cd "$HERE/.." && ./mvnw -B -q -pl renaissance-runner package -DskipTests)
cp "$HERE/../renaissance-runner/target/renaissance-runner.jar" "$ROOT/lib/"

cp "$HERE/ab.sh" "$ROOT/ab.sh"
cat > "$ROOT/run.sh" <<'EOF'
#!/usr/bin/env bash
# The A/B of this bundle: ./run.sh [PAIRS] [THREADS] [WORKLOAD] (defaults 20, 2,
# mixed), results in results/ab-<WORKLOAD>-<THREADS>/ab.md. The first run
# assembles jdk-stock and jdk-bwos here from runtime/ and jvm/ and makes each
# one's CDS archive (java -Xshare:dump), which takes a few seconds.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
for j in stock bwos; do
  d="$HERE/jdk-$j"
  if [ ! -x "$d/bin/java" ]; then
    rm -rf "$d.tmp"
    cp -a "$HERE/runtime" "$d.tmp"
    cp "$HERE/jvm/$j/libjvm.so" "$d.tmp/lib/server/libjvm.so"
    "$d.tmp/bin/java" -Xshare:dump > "$d.tmp/cds-dump.log" 2>&1 || { cat "$d.tmp/cds-dump.log"; exit 1; }
    mv "$d.tmp" "$d"
    echo "run.sh: assembled $d: $("$d/bin/java" -version 2>&1 | tail -1)"
  fi
done
exec bash "$HERE/ab.sh" "$HERE/jdk-stock" "$HERE/jdk-bwos" "$HERE/classes" "$HERE/lib/renaissance-runner.jar" \
  "$HERE/results/ab-${3:-mixed}-${2:-2}" "$@"
EOF
chmod +x "$ROOT/run.sh" "$ROOT/ab.sh"
cat > "$ROOT/README.md" <<EOF
# G1 with LIFO BWoS against stock G1: the A/B bundle

OpenJDK $VERSION (Debian's source package) with two HotSpot builds: \`jvm/stock\`
(unchanged G1) and \`jvm/bwos\` (G1's task queues replaced by LIFO BWoS, the patch
\`g1-bwos.patch\` of taskpools' hotspot-patch). Needs Linux on x86-64 and nothing
else: no JDK, no Maven, no network.

\`\`\`bash
./run.sh 20 8 wide      # 20 interleaved pairs, ParallelGCThreads=8, GcStress's wide workload
\`\`\`

Arguments: PAIRS (default 20), THREADS (ParallelGCThreads, default 2), WORKLOAD
(mixed, wide, deep or arrays; default mixed). Environment: GCSTRESS_ITERATIONS
(default 90), GCSTRESS_HEAP (the fixed heap of both JVMs, default 512m). The
first run assembles \`jdk-stock\` and \`jdk-bwos\` here and makes their CDS archives.
Results: \`results/ab-<WORKLOAD>-<THREADS>/ab.md\` (per metric each JVM's median
and the geometric mean of the paired ratios BWoS/stock with a bootstrap 95%
interval over pairs, marked when it excludes 1) and \`ab.csv\`, beside the
per-run sums \`runs.csv\` they are computed from and the compressed GC logs. What the metrics and workloads are:
hotspot-patch/README.md of taskpools, section "The A/B".
EOF

log "archive"
mkdir -p "$(dirname "$OUTFILE")"
tar -C "$WORK" -cf - "$NAME" | xz -6 -T0 > "$OUTFILE"
size=$(stat -c %s "$OUTFILE")
echo "pack.sh: $OUTFILE: $((size / 1048576)) MiB ($size bytes)"
if [ "$size" -gt $((LIMIT_MIB * 1048576)) ]; then
  echo "pack.sh: larger than $LIMIT_MIB MiB" >&2; exit 1
fi
