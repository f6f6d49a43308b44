#!/usr/bin/env bash
# make install / make uninstall into temporary prefixes, and programs built
# against the installed files with pkg-config alone:
#  - the files: the tool, static and shared libraries (SONAME libX.so.MAJOR,
#    the links), headers, pkg-config files, man pages, bash completion, docs;
#  - README.md's library example (its ```c block, extracted here), built with
#    `pkg-config --cflags --libs wythoff` and run against the installed .so;
#  - docs/examples/exact.c (the exact engine on a 100-digit Wythoff pair,
#    the pair computed here independently with Python's math.isqrt);
#  - docs/examples/layers.c with both layers, writing the picture to the file
#    it is given (nothing on standard output without one);
#  - every `cc` line of README.md's ```sh blocks as written: shared, fully
#    static (-static) and the archive by path, the static ones needing no
#    libwythoff*.so (readelf -d);
#  - the installed tool: --version, --help naming the man pages (not docs/),
#    `man` finding every page, the completion script loading;
#  - man pages only for the programs installed (wythoff-mpi.1 with wythoff-mpi);
#  - DESTDIR staging, and make uninstall leaving no file and no directory it
#    made behind (the prefix empty; a directory holding another file kept).
# The sanitizer build is not installed (its libraries need the sanitizer
# runtime); that mode prints a skip line.
. "$(dirname "$0")/lib.sh"
B=${WY_BUILD:-build}
if [ "${WY_TEST_SAN:-0}" = 1 ]; then
  echo "skip: install.sh: the sanitizer build is not installed (the normal run tests make install)"
  exit 0
fi
for t in pkg-config cc make; do
  command -v $t >/dev/null || { fail "install: $t not found (scripts/install-deps installs it)"; finish; exit; }
done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/wy-install.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
V=$(sed -n 's/^#define WY_VERSION "\(.*\)"/\1/p' include/wythoff.h)
M=${V%%.*}
P=$tmp/prefix

# --- install into PREFIX -----------------------------------------------------
if make -s install BUILD="$B" PREFIX="$P" >"$tmp/log" 2>&1; then pass "make install PREFIX=..."; else
  fail "make install PREFIX=...: $(tail -5 "$tmp/log")"; finish; exit; fi
want=(bin/wythoff bin/wythoff-certcheck include/wythoff.h include/wythoff_layer.h include/wythoff_exact.h include/wythoff_compare.h
      include/wythoff_check.h include/wythoff_plot.h share/bash-completion/completions/wythoff
      share/man/man1/wythoff.1 share/man/man3/libwythoff.3 share/doc/wythoff/LICENSE share/doc/wythoff/README.md
      share/doc/wythoff/docs/exact.md)
for l in wythoff wythoff-check wythoff-plot; do
  want+=(lib/lib$l.a lib/lib$l.so.$V lib/pkgconfig/$l.pc)
done
miss=""; for f in "${want[@]}"; do [ -f "$P/$f" ] || miss="$miss $f"; done
[ -z "$miss" ] && pass "installed ${#want[@]} expected files" || fail "not installed:$miss"
bad=""
for l in wythoff wythoff-check wythoff-plot; do
  [ "$(readlink "$P/lib/lib$l.so")" = "lib$l.so.$M" ] && [ "$(readlink "$P/lib/lib$l.so.$M")" = "lib$l.so.$V" ] || bad="$bad lib$l.so-links"
  so=$(readelf -d "$P/lib/lib$l.so.$V" 2>/dev/null | sed -n 's/.*Library soname: \[\(.*\)\]/\1/p')
  [ "$so" = "lib$l.so.$M" ] || bad="$bad lib$l-soname($so)"
done
[ -z "$bad" ] && pass "shared libraries: SONAME libX.so.$M, links libX.so -> libX.so.$M -> libX.so.$V" || fail "shared libraries:$bad"
# No path of the build tree or of this prefix's staging in the installed binaries
if grep -qF "$PWD" "$P/bin/wythoff" "$P/lib/"*.so.$V 2>/dev/null; then fail "installed binaries name the checkout $PWD"; else
  pass "installed binaries hold no path of the checkout"; fi

# --- pkg-config --------------------------------------------------------------
export PKG_CONFIG_PATH=$P/lib/pkgconfig
for l in wythoff wythoff-check wythoff-plot; do
  v=$(pkg-config --modversion $l 2>&1)
  [ "$v" = "$V" ] && pass "pkg-config --modversion $l = $V" || fail "pkg-config --modversion $l: '$v', expected $V"
done
pkg-config --print-requires-private wythoff-plot | grep -q libpng && pass "wythoff-plot.pc: libpng a private requirement" ||
  fail "wythoff-plot.pc lacks Requires.private: libpng"
pkg-config --libs wythoff | grep -q -- "-lpng" && fail "pkg-config --libs wythoff names libpng" || pass "pkg-config --libs wythoff: no libpng"
pkg-config --static --libs wythoff | grep -q -- "-pthread" && pass "pkg-config --static --libs wythoff: threads" ||
  fail "pkg-config --static --libs wythoff lacks -pthread"

# --- README's library example, with pkg-config alone -----------------------
awk '/^## The library/ { s = 1 } s && /^```c$/ { c = 1; next } c && /^```$/ { exit } c' README.md >"$tmp/readme.c"
want_out=$(awk '/^## The library/ { s = 1 } s && /^```console$/ { c = 1; next } c && /^```$/ { exit } c && !/^\$/' README.md)
if [ ! -s "$tmp/readme.c" ]; then fail "README.md: no \`\`\`c block under '## The library'"; else
  # shellcheck disable=SC2046
  if cc -std=c11 -Wall -Wextra -Werror "$tmp/readme.c" $(pkg-config --cflags --libs wythoff) -o "$tmp/readme" 2>"$tmp/cc.log"; then
    out=$(LD_LIBRARY_PATH=$P/lib "$tmp/readme" 2>&1)
    [ -n "$want_out" ] && [ "$out" = "$want_out" ] && pass "README's library example, built with pkg-config --cflags --libs wythoff, prints '$out'" ||
      fail "README's library example printed '$out', README shows '$want_out'"
    LD_LIBRARY_PATH=$P/lib ldd "$tmp/readme" | grep -q "$P/lib/libwythoff.so.$M" &&
      pass "README's example runs on the installed libwythoff.so.$M" || fail "README's example does not load $P/lib/libwythoff.so.$M"
  else fail "README's library example does not build with pkg-config: $(head -5 "$tmp/cc.log")"; fi
fi

# --- the exact engine on a 100-digit position --------------------------------
# The Wythoff pair of n = 10^99 + 7 by integer square roots (independent of
# the library): a = floor(n phi) = (n + isqrt(5 n^2)) div 2, b = a + n.
read -r a b <<<"$(python3 -c 'from math import isqrt; n = 10**99 + 7; a = (n + isqrt(5 * n * n)) // 2; print(a, a + n)')"
if cc -std=c11 -Wall -Wextra -Werror docs/examples/exact.c $(pkg-config --cflags --libs wythoff) -o "$tmp/exact" 2>"$tmp/cc.log"; then
  out=$(LD_LIBRARY_PATH=$P/lib "$tmp/exact" wythoff "$a" "$b" 2>&1); rc=$?
  [ $rc -eq 0 ] && grep -qx "outcome P" <<<"$out" && grep -qx "value 0" <<<"$out" &&
    pass "docs/examples/exact.c: the ${#a}-digit Wythoff pair of n = 10^99 + 7 is a P-position" ||
    fail "docs/examples/exact.c wythoff $a $b: exit $rc, '$out'"
  b1=$(python3 -c "print($b + 1)")
  out=$(LD_LIBRARY_PATH=$P/lib "$tmp/exact" wythoff "$a" "$b1" 2>&1); rc=$?
  [ $rc -eq 0 ] && grep -qx "outcome N" <<<"$out" && pass "docs/examples/exact.c: one more stone makes it an N-position" ||
    fail "docs/examples/exact.c wythoff $a $b1: exit $rc, '$out'"
  grep -qx "library $V" <<<"$out" && pass "wy_version() = $V" || fail "wy_version(): '$out'"
  out=$(LD_LIBRARY_PATH=$P/lib "$tmp/exact" wythoff+pass "$a" "$b" 2>&1); rc=$?
  tool=$("$P/bin/wythoff" value wythoff+pass "$a" "$b" --format json 2>&1)
  o=$(sed -n 's/^outcome //p' <<<"$out")
  grep -q "\"outcome\":\"$o\"" <<<"$tool" && pass "docs/examples/exact.c and the installed tool agree on wythoff+pass at the pair ($o)" ||
    fail "exact.c says '$out', the tool '$tool'"
else fail "docs/examples/exact.c does not build with pkg-config: $(head -5 "$tmp/cc.log")"; fi

# --- both layers, shared and static ----------------------------------------
if cc -std=c11 -Wall -Wextra -Werror docs/examples/layers.c $(pkg-config --cflags --libs wythoff-check wythoff-plot) \
     -o "$tmp/layers" 2>"$tmp/cc.log"; then
  out=$(LD_LIBRARY_PATH=$P/lib "$tmp/layers" "$tmp/l.png" 000.thm1 2>&1); rc=$?
  [ $rc -eq 0 ] && grep -q "^PASS 000.thm1" <<<"$out" && [ "$(head -c 8 "$tmp/l.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] &&
    pass "docs/examples/layers.c FILE.png 000.thm1 (check + plot, shared): PASS 000.thm1 and a PNG in FILE.png" ||
    fail "docs/examples/layers.c: exit $rc, $out"
  "$P/bin/wythoff" plot wythoff+pass --size 64 --output "$tmp/tool.png" 2>/dev/null
  png_noprov "$tmp/tool.png" # the library example writes no provenance
  cmp -s "$tmp/l.png" "$tmp/tool.png" && pass "layers.c's picture equals 'wythoff plot wythoff+pass --size 64' (without its provenance chunk)" ||
    fail "layers.c's picture differs from the tool's"
  # without a file it writes nothing to standard output (no PNG bytes on a terminal)
  out=$(LD_LIBRARY_PATH=$P/lib "$tmp/layers" 2>"$tmp/l.err"); rc=$?
  [ $rc -eq 2 ] && [ -z "$out" ] && grep -q "^usage: .* FILE.png" "$tmp/l.err" &&
    pass "docs/examples/layers.c without a file: usage, exit 2, nothing on standard output" ||
    fail "docs/examples/layers.c without a file: exit $rc, $(head -c 80 <<<"$out" | od -An -c | head -2)"
else fail "docs/examples/layers.c does not build with pkg-config: $(head -5 "$tmp/cc.log")"; fi

# --- README's build lines, each as written: shared, -static, the archive ----
# Every `cc` line of README.md's ```sh blocks that builds exact.c or
# layers.c, run in a directory of its own; a static one must need no
# libwythoff*.so (readelf -d) and run without LD_LIBRARY_PATH.
awk '/^```sh$/ { b = 1; next } b && /^```$/ { b = 0 } b && /^cc .*(exact|layers)\.c/' README.md >"$tmp/cclines"
grep -q -- '-static' "$tmp/cclines" && grep -q 'libwythoff\.a' "$tmp/cclines" &&
  pass "README.md shows a static link: -static and the archive by path" || fail "README.md shows no static link line"
k=0
while IFS= read -r line; do
  k=$((k + 1)); d=$tmp/cc$k
  mkdir -p "$d" && cp docs/examples/exact.c docs/examples/layers.c "$d"
  bin=$d/${line##*-o }
  if ! (cd "$d" && bash -c "$line") >"$tmp/cc.log" 2>&1; then
    # a fully static link needs every archive (libc.a, libgmp.a, libpng.a, libz.a)
    if [[ $line == *-static* ]] && grep -qi "cannot find -l" "$tmp/cc.log"; then
      echo "skip: install.sh: '$line': $(grep -m1 -i 'cannot find' "$tmp/cc.log")"; continue; fi
    fail "README's '$line' does not build: $(head -3 "$tmp/cc.log")"; continue
  fi
  needed=$(readelf -d "$bin" 2>/dev/null | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ')
  case $line in
    *-static*|*libwythoff.a*) env=(env -u LD_LIBRARY_PATH)
      grep -q "libwythoff" <<<"$needed" && fail "README's '$line' still needs: $needed" ||
        pass "README's '$line': needs no libwythoff*.so (NEEDED: ${needed:-none})" ;;
    *) env=(env LD_LIBRARY_PATH="$P/lib")
      grep -q "libwythoff" <<<"$needed" && pass "README's '$line': needs the installed ${needed%% *}" ||
        fail "README's '$line' needs no libwythoff*.so: $needed" ;;
  esac
  case ${bin##*/} in
    exact) out=$("${env[@]}" "$bin" wythoff 3 5 2>&1)  # (3, 5): the second Wythoff pair, floor(2 phi) = 3
      grep -qx "outcome P" <<<"$out" && pass "README's '$line': (3, 5) is a P-position" || fail "README's '$line': '$out'" ;;
    layers) out=$("${env[@]}" "$bin" "$d/h.png" 000.thm1 2>&1)
      grep -q "^PASS 000.thm1" <<<"$out" && cmp -s "$d/h.png" "$tmp/tool.png" && pass "README's '$line': PASS and the same picture" ||
        fail "README's '$line': '$out'" ;;
  esac
done <"$tmp/cclines"
[ "$k" -ge 5 ] && pass "README.md: $k build lines run" || fail "README.md: only $k build lines found"

# --- the installed tool ------------------------------------------------------
v=$("$P/bin/wythoff" --version)
[ "$v" = "wythoff $V" ] && pass "installed wythoff --version: $v" || fail "installed wythoff --version: '$v'"
# the installed checker re-verifies a certificate of the installed tool
if "$P/bin/wythoff" period wythoff --rows 8 --certificate "$tmp/w8.cert" >/dev/null 2>&1 &&
   out=$("$P/bin/wythoff-certcheck" "$tmp/w8.cert" 2>&1) && grep -q '^verified' <<<"$out"; then
  pass "installed wythoff-certcheck verifies a certificate of 'wythoff period wythoff --rows 8'"
else fail "installed wythoff-certcheck: ${out:-no certificate}"; fi
h=$("$P/bin/wythoff" --help; for c in table value ppos moves period compare check plot graph; do "$P/bin/wythoff" $c --help; done)
grep -q "docs/" <<<"$h" && fail "installed --help points to docs/: $(grep -m1 'docs/' <<<"$h")" || pass "installed --help does not point to docs/"
grep -q "man wythoff" <<<"$h" && pass "installed --help names the man pages" || fail "installed --help does not name the man pages"
if command -v man >/dev/null; then
  miss="" man="$P/share/man"
  for f in "$man/man1/"*.1 "$man/man3/"*.3; do
    [ -f "$f" ] || continue
    n=${f##*/}; n=${n%.*}
    MANPATH=$man man -w "$n" >/dev/null 2>&1 || miss="$miss $n"
  done
  [ -z "$miss" ] && pass "man -w finds every installed page ($(ls "$man/man1" "$man/man3" | grep -c '\.[13]$'))" ||
    fail "man does not find:$miss"
  grep -l "@VERSION@" "$man/man"*/* >/dev/null 2>&1 && fail "installed man pages still hold @VERSION@" ||
    pass "installed man pages carry version $V"
else
  echo "skip: install.sh: man is not installed (the pages' rendering is tested by man.sh)"
fi
out=$(bash -c '. "$1"; complete -p wythoff' _ "$P/share/bash-completion/completions/wythoff" 2>&1)
grep -q "^complete .* wythoff$" <<<"$out" && pass "installed bash completion loads: $out" || fail "installed bash completion: '$out'"
uninst=$(find "$P" \( -type f -o -type l \) | wc -l)

# --- a program's man page only with the program -----------------------------
# wythoff-mpi(1) is installed with bin/wythoff-mpi (make mpi), not without
# it: each case through a build directory of links to $B's files, one with a
# stand-in wythoff-mpi and one without (install only copies it).
mpi_case() {  # mpi_case yes|no
  local fb=$tmp/farm-$1 pp=$tmp/mpi-$1 f
  mkdir -p "$fb"
  for f in "$B"/* "$B"/.[!.]*; do [ -e "$f" ] || continue; [ "${f##*/}" = wythoff-mpi ] || ln -s "$PWD/$f" "$fb/"; done
  [ "$1" = yes ] && printf '#!/bin/sh\n' >"$fb/wythoff-mpi" && chmod 755 "$fb/wythoff-mpi"
  make -s install BUILD="$fb" PREFIX="$pp" >"$tmp/log" 2>&1 || { fail "make install (wythoff-mpi $1): $(tail -3 "$tmp/log")"; return; }
  if [ "$1" = yes ]; then
    [ -x "$pp/bin/wythoff-mpi" ] && [ -f "$pp/share/man/man1/wythoff-mpi.1" ] &&
      pass "with wythoff-mpi built: bin/wythoff-mpi and wythoff-mpi.1 installed" || fail "wythoff-mpi built: program or page missing"
  else
    [ ! -e "$pp/bin/wythoff-mpi" ] && [ ! -e "$pp/share/man/man1/wythoff-mpi.1" ] && [ -f "$pp/share/man/man1/wythoff.1" ] &&
      pass "without wythoff-mpi: neither it nor wythoff-mpi.1 installed" || fail "wythoff-mpi not built, yet: $(ls "$pp/bin" "$pp/share/man/man1" | grep mpi)"
  fi
  for f in "$pp"/share/man/man1/*.1; do
    f=${f##*/}; f=${f%.1}
    case $f in wythoff-certcheck|wythoff-mpi) [ -x "$pp/bin/$f" ] || fail "installed page $f.1 without bin/$f" ;; esac
  done
  make -s uninstall BUILD="$fb" PREFIX="$pp" >/dev/null 2>&1
  rm -rf "$fb" "$pp"
}
mpi_case no
mpi_case yes

# --- DESTDIR ---------------------------------------------------------------
# a directory of the prefix that held another file before stays, with it
S=$tmp/stage
mkdir -p "$S/opt/wythoff/share/doc" && : >"$S/opt/wythoff/share/doc/other"
if make -s install BUILD="$B" PREFIX=/opt/wythoff DESTDIR="$S" >"$tmp/log" 2>&1 && [ -x "$S/opt/wythoff/bin/wythoff" ] &&
   grep -qx "prefix=/opt/wythoff" "$S/opt/wythoff/lib/pkgconfig/wythoff.pc"; then
  pass "make install DESTDIR=STAGE PREFIX=/opt/wythoff: staged, pkg-config files name /opt/wythoff"
else fail "make install DESTDIR: $(tail -3 "$tmp/log")"; fi
n=$(find "$S" \( -type f -o -type l \) | wc -l)
[ "$n" -eq $((uninst + 1)) ] && pass "DESTDIR install holds the same $uninst files" || fail "DESTDIR install holds $((n - 1)) files, PREFIX install $uninst"
make -s uninstall BUILD="$B" PREFIX=/opt/wythoff DESTDIR="$S" >"$tmp/log" 2>&1
left=$(cd "$S/opt/wythoff" && find . -mindepth 1 | sort | tr '\n' ' ')
[ "$left" = "./share ./share/doc ./share/doc/other " ] &&
  pass "make uninstall DESTDIR=...: nothing left but the other file and its directories" || fail "make uninstall DESTDIR left: $left"

# --- uninstall ---------------------------------------------------------------
# every file, then every directory install made: the prefix is empty
make -s uninstall BUILD="$B" PREFIX="$P" >"$tmp/log" 2>&1 || fail "make uninstall: $(tail -3 "$tmp/log")"
left=$(find "$P" -mindepth 1 | head -5 | tr '\n' ' ')
[ -z "$left" ] && [ -d "$P" ] && pass "make uninstall: removes all $uninst files and links and the directories it made, not the prefix" ||
  fail "make uninstall left: ${left:-the prefix removed}"
finish
