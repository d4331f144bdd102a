#!/usr/bin/env bash
# Builds two HotSpot libjvm.so from the same pinned Debian openjdk-17 source
# and configure flags (stock, and with g1-bwos.patch applied) and installs each
# into a copy of the Debian JDK 17 of exactly the same version:
#   $CACHE/jdk-stock, $CACHE/jdk-bwos
# Usage: build.sh [prep|stock|bwos|all]   (default: all; idempotent)
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
VERSION="$(tr -d '[:space:]' < "$HERE/openjdk.version")"   # the one pinned version
UPSTREAM="${VERSION%%-*}"                                   # 17.0.19+10
CACHE="${TASKPOOLS_CACHE:-$HOME/.cache/taskpools}"
SRCROOT="$CACHE/openjdk-src/$VERSION"
JOBS="${JOBS:-2}"
NICE=(nice -n 10)
STAGE="${1:-all}"

log() { printf '\n=== [%s] %s\n' "$(date +%H:%M:%S)" "$*"; }
SUDO=(); [ "$(id -u)" -eq 0 ] || SUDO=(sudo)

mkdir -p "$CACHE"

# ---------------------------------------------------------------------------
# 1. deb-src entry derived from the existing apt configuration (main archive
#    only, no security suite); the host comes from the machine, not this repo.
# ---------------------------------------------------------------------------
ensure_deb_src() {
  local out=/etc/apt/sources.list.d/taskpools-deb-src.sources
  local tmp; tmp="$(mktemp)"
  local f
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -e "$f" ] || continue
    [ "$f" = "$out" ] && continue
    # deb822: copy every stanza with Types containing "deb" whose suites are
    # not -security, as Types: deb-src.
    awk '
      function flush() {
        if (types ~ /(^|[ \t])deb([ \t]|$)/ && suites != "" && suites !~ /-security/ && uris ~ /debian\/?$/) {
          print "Types: deb-src"; print "URIs: " uris; print "Suites: " suites
          print "Components: " comps; if (signed != "") print "Signed-By: " signed; print ""
        }
        types = uris = suites = comps = signed = ""
      }
      /^[ \t]*$/ { flush(); next }
      /^#/ { next }
      /^Types:/      { sub(/^Types:[ \t]*/, "");      types = $0;  next }
      /^URIs:/       { sub(/^URIs:[ \t]*/, "");       uris = $0;   next }
      /^Suites:/     { sub(/^Suites:[ \t]*/, "");     suites = $0; next }
      /^Components:/ { sub(/^Components:[ \t]*/, ""); comps = $0;  next }
      /^Signed-By:/  { sub(/^Signed-By:[ \t]*/, "");  signed = $0; next }
      END { flush() }' "$f" >> "$tmp"
  done
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [ -e "$f" ] || continue
    # one-line format: "deb [opts] URI suite comps..." -> deb-src
    awk '$1 == "deb" && $0 !~ /-security/ { $1 = "deb-src"; print }' "$f" >> "$tmp.list"
  done
  if [ -s "$tmp.list" ]; then
    # keep one-line entries in a .list file
    if ! cmp -s "$tmp.list" /etc/apt/sources.list.d/taskpools-deb-src.list 2>/dev/null; then
      "${SUDO[@]}" cp "$tmp.list" /etc/apt/sources.list.d/taskpools-deb-src.list
      NEED_UPDATE=1
    fi
  fi
  if [ -s "$tmp" ] && ! cmp -s "$tmp" "$out" 2>/dev/null; then
    "${SUDO[@]}" cp "$tmp" "$out"
    NEED_UPDATE=1
  fi
  [ -s "$tmp" ] || [ -s "$tmp.list" ] || { echo "no Debian main archive found in apt sources" >&2; exit 1; }
  rm -f "$tmp" "$tmp.list"
  log "deb-src entry: $(ls /etc/apt/sources.list.d/taskpools-deb-src.* | tr '\n' ' ')"
}

NEED_UPDATE=0
prep() {
  ensure_deb_src
  if [ "$NEED_UPDATE" = 1 ] || ! apt-cache showsrc openjdk-17 2>/dev/null | grep -qxF "Version: $VERSION"; then
    log "apt-get update"
    "${SUDO[@]}" apt-get update
  fi
  if [ ! -e "$CACHE/.build-deps-$VERSION" ]; then
    log "installing build dependencies of openjdk-17=$VERSION"
    "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get build-dep -y --no-install-recommends "openjdk-17=$VERSION"
    "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends jtreg7 patch
    touch "$CACHE/.build-deps-$VERSION"
  fi
  if [ ! -e "$SRCROOT/.fetched" ]; then
    log "apt-get source openjdk-17=$VERSION -> $SRCROOT"
    rm -rf "$SRCROOT"; mkdir -p "$SRCROOT"
    (cd "$SRCROOT" && apt-get source --download-only "openjdk-17=$VERSION")
    touch "$SRCROOT/.fetched"
  fi
  if [ ! -e "$SRCROOT/.unpacked" ]; then
    # dpkg-source applies Debian's quilt patches (the same tree the Debian
    # binaries were built from) and unpacks orig-googletest into googletest/.
    log "unpacking the Debian source package (dpkg-source -x)"
    rm -rf "$SRCROOT/jdk"
    (cd "$SRCROOT" && dpkg-source -x openjdk-17_*.dsc jdk | tail -n 2)
    [ -f "$SRCROOT/jdk/googletest/CMakeLists.txt" ] || { echo "googletest not unpacked" >&2; exit 1; }
    touch "$SRCROOT/.unpacked"
  fi
  if [ ! -e "$CACHE/debian-jdk-$VERSION/.done" ]; then
    log "fetching the Debian JDK binaries openjdk-17-{jre,jdk}-headless=$VERSION (not installed system-wide)"
    local d="$CACHE/debian-jdk-$VERSION"
    rm -rf "$d"; mkdir -p "$d/debs" "$d/root"
    (cd "$d/debs" && apt-get download "openjdk-17-jre-headless=$VERSION" "openjdk-17-jdk-headless=$VERSION")
    for deb in "$d"/debs/*.deb; do dpkg-deb -x "$deb" "$d/root"; done
    touch "$d/.done"
  fi
}

# ---------------------------------------------------------------------------
# 2. Source trees: $SRCROOT/jdk is pristine (stock); $SRCROOT/jdk-bwos is a
#    hard-linked copy with g1-bwos.patch applied (patched files are unlinked
#    first, so the pristine tree is never modified).
# ---------------------------------------------------------------------------
PATCH="$HERE/g1-bwos.patch"
patched_files() { grep -E '^\+\+\+ ' "$1" | awk '{print $2}' | cut -d/ -f2-; }
tree_of() { if [ "$1" = stock ]; then echo "$SRCROOT/jdk"; else echo "$SRCROOT/jdk-bwos"; fi; }
prepare_bwos_tree() {
  local stamp want
  want="$(sha256sum "$PATCH" | cut -d' ' -f1)"
  stamp="$SRCROOT/jdk-bwos/.patch-sha256"
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then return; fi
  log "creating patched tree jdk-bwos (patch $want)"
  local old="$SRCROOT/jdk-bwos.old"
  rm -rf "$old"
  [ -d "$SRCROOT/jdk-bwos" ] && mv "$SRCROOT/jdk-bwos" "$old"
  cp -al "$SRCROOT/jdk" "$SRCROOT/jdk-bwos"
  local f
  for f in $(patched_files "$PATCH"); do
    if [ -e "$SRCROOT/jdk-bwos/$f" ]; then
      cp -p "$SRCROOT/jdk-bwos/$f" "$SRCROOT/jdk-bwos/$f.unlink" && mv "$SRCROOT/jdk-bwos/$f.unlink" "$SRCROOT/jdk-bwos/$f"
    fi
  done
  (cd "$SRCROOT/jdk-bwos" && patch -p1 --forward --no-backup-if-mismatch < "$PATCH")
  # A file whose content differs from the previously built tree (or that is
  # new) gets a new mtime, so make recompiles everything that uses it; an
  # unchanged file keeps its old mtime, so nothing is rebuilt needlessly.
  # Files only the previous patch touched are back to pristine content.
  { patched_files "$PATCH"
    if [ -f "$old/.applied.patch" ]; then patched_files "$old/.applied.patch"; fi
  } | sort -u | while read -r f; do
    local new="$SRCROOT/jdk-bwos/$f"
    [ -e "$new" ] || continue
    if [ -e "$old/$f" ] && cmp -s "$old/$f" "$new"; then
      # unchanged: keep the mtime make saw last time (own copies only)
      if [ "$(stat -c %h "$new")" = 1 ]; then touch -r "$old/$f" "$new"; fi
    else
      # never touch through a hard link into the pristine tree
      if [ "$(stat -c %h "$new")" != 1 ]; then cp -p "$new" "$new.unlink" && mv "$new.unlink" "$new"; fi
      touch "$new"
    fi
  done
  cp "$PATCH" "$SRCROOT/jdk-bwos/.applied.patch"
  rm -rf "$old"
  echo "$want" > "$stamp"
}

# ---------------------------------------------------------------------------
# 3. Configure (identical flags apart from the version-opt naming the build)
#    and `make hotspot`. Build dirs live outside the source trees.
# ---------------------------------------------------------------------------
BOOT_JDK="${BOOT_JDK:-/usr/lib/jvm/java-17-openjdk-amd64}"

build_variant() {   # $1 = stock|bwos
  local name="$1" src bdir
  src="$(tree_of "$name")"
  bdir="$CACHE/build/$VERSION/$name"
  local flags=(--with-boot-jdk="$BOOT_JDK" --with-jvm-variants=server --with-debug-level=release
               --with-native-debug-symbols=none --with-gtest="$SRCROOT/jdk/googletest"
               --with-version-build="${UPSTREAM#*+}" --with-version-pre= --with-version-opt="taskpools-$name"
               --with-vendor-version-string="taskpools-$name" --disable-warnings-as-errors --with-pcsclite=system
               --with-jobs="$JOBS")
  local fstamp="$bdir/.configure-flags"
  if [ ! -f "$bdir/spec.gmk" ] || [ "$(cat "$fstamp" 2>/dev/null)" != "${flags[*]}" ]; then
    log "configure $name"
    mkdir -p "$bdir"
    (cd "$bdir" && "${NICE[@]}" bash "$src/configure" "${flags[@]}" > configure.log 2>&1) || { tail -40 "$bdir/configure.log"; exit 1; }
    tail -25 "$bdir/configure.log" | grep -E 'Configuration summary|Debug level|JVM variants|Version string|Boot JDK' || true
    echo "${flags[*]}" > "$fstamp"
  fi
  log "make hotspot ($name, JOBS=$JOBS)"
  local t0=$SECONDS
  "${NICE[@]}" make -C "$bdir" JOBS="$JOBS" hotspot
  log "make hotspot ($name) took $((SECONDS - t0)) s"
  # The BWoS libjvm must contain the queue, the stock one must not.
  local lib="$bdir/support/modules_libs/java.base/server/libjvm.so" n
  [ -f "$lib" ] || { echo "no $lib" >&2; exit 1; }
  n="$(grep -c 'LIFO BWoS' "$lib" || true)"
  if { [ "$name" = bwos ] && [ "$n" = 0 ]; } || { [ "$name" = stock ] && [ "$n" != 0 ]; }; then
    echo "libjvm.so of $name has the wrong task queue" >&2; exit 1
  fi
}

# ---------------------------------------------------------------------------
# 4. jdk-<name> = copy of the Debian JDK of exactly $VERSION with the built
#    libjvm.so in lib/server/ and a freshly dumped CDS archive.
# ---------------------------------------------------------------------------
install_variant() {   # $1 = stock|bwos
  local name="$1" bdir="$CACHE/build/$VERSION/$1" dst="$CACHE/jdk-$1"
  local lib="$bdir/support/modules_libs/java.base/server/libjvm.so"
  local debian="$CACHE/debian-jdk-$VERSION/root/usr/lib/jvm/java-17-openjdk-amd64"
  # The stamp names the libjvm and the archives dumped for it.
  local stamp; stamp="$(sha256sum < "$lib") cds:coops,nocoops"
  if [ -f "$dst/.libjvm-sha256" ] && [ "$(cat "$dst/.libjvm-sha256")" = "$stamp" ]; then
    log "jdk-$name is up to date"; return
  fi
  log "assembling $dst"
  rm -rf "$dst"
  # -L: Debian's tree symlinks conf/ and cacerts into /etc; materialise them
  # from the extracted packages so the copy is self-contained.
  local root="$CACHE/debian-jdk-$VERSION/root"
  mkdir -p "$dst"
  (cd "$debian" && tar -cf - .) | (cd "$dst" && tar -xf -)
  local l target
  while IFS= read -r l; do
    target="$(readlink "$l")"
    case "$target" in
      /*) if [ -e "$root$target" ]; then rm -f "$l"; cp -a "$root$target" "$l";
          elif [ -e "$target" ]; then rm -f "$l"; cp -aL "$target" "$l"; fi ;;
    esac
  done < <(find "$dst" -type l)
  cp "$lib" "$dst/lib/server/libjvm.so"
  # Both archives the Debian JDK ships: classes.jsa, and classes_nocoops.jsa
  # for heaps without compressed oops.
  rm -f "$dst"/lib/server/*.jsa
  "$dst/bin/java" -Xshare:dump > "$dst/cds-dump.log" 2>&1 || { tail "$dst/cds-dump.log"; exit 1; }
  "$dst/bin/java" -XX:-UseCompressedOops -Xshare:dump >> "$dst/cds-dump.log" 2>&1 || { tail "$dst/cds-dump.log"; exit 1; }
  echo "$stamp" > "$dst/.libjvm-sha256"
  "$dst/bin/java" -version
}

case "$STAGE" in
  prep)  prep ;;
  stock) prep; build_variant stock; install_variant stock ;;
  bwos)  prep; prepare_bwos_tree; build_variant bwos; install_variant bwos ;;
  all)   prep; build_variant stock; install_variant stock
         prepare_bwos_tree; build_variant bwos; install_variant bwos ;;
  *) echo "usage: $0 [prep|stock|bwos|all]" >&2; exit 2 ;;
esac
log "done"
