#!/usr/bin/env bash
# make install / make uninstall into temporary prefixes, and programs built
# against the installed files with pkg-config alone:
#  - the files: the tool, static and shared libraries (SONAME libX.so.MAJOR,
#    the links), headers, pkg-config files, man pages, bash completion, docs;
#  - README.md's library example (its ```c block, extracted here), built with
#    `pkg-config --cflags --libs wythoff` and run against the installed .so;
#  - docs/examples/exact.c (the exact engine on a 100-digit Wythoff pair,
#    the pair computed here independently with Python's math.isqrt);
#  - docs/examples/layers.c with both layers, shared and fully static
#    (`pkg-config --static`), giving the same picture;
#  - the installed tool: --version, --help naming the man pages (not docs/),
#    `man` finding every page, the completion script loading;
#  - DESTDIR staging, and make uninstall leaving no file behind.
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
  LD_LIBRARY_PATH=$P/lib "$tmp/layers" 000.thm1 >"$tmp/l.png" 2>"$tmp/l.err"; rc=$?
  [ $rc -eq 0 ] && grep -q "^PASS 000.thm1" "$tmp/l.err" && [ "$(head -c 8 "$tmp/l.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] &&
    pass "docs/examples/layers.c (check + plot, shared): PASS 000.thm1 and a PNG" ||
    fail "docs/examples/layers.c: exit $rc, $(cat "$tmp/l.err")"
  "$P/bin/wythoff" plot wythoff+pass --size 64 --output "$tmp/tool.png" 2>/dev/null
  cmp -s "$tmp/l.png" "$tmp/tool.png" && pass "layers.c's picture equals 'wythoff plot wythoff+pass --size 64'" ||
    fail "layers.c's picture differs from the tool's"
  if cc -static -std=c11 docs/examples/layers.c $(pkg-config --static --cflags --libs wythoff-check wythoff-plot) \
       -o "$tmp/layers-static" 2>"$tmp/cc.log"; then
    "$tmp/layers-static" 000.thm1 2>/dev/null | cmp -s - "$tmp/l.png" &&
      pass "docs/examples/layers.c linked statically with pkg-config --static: the same picture" ||
      fail "the static layers.c draws another picture"
  else
    # A static libc or libpng may be missing on some systems: say so.
    echo "skip: install.sh: a fully static link failed ($(grep -m1 -i 'cannot find\|error' "$tmp/cc.log"))"
  fi
else fail "docs/examples/layers.c does not build with pkg-config: $(head -5 "$tmp/cc.log")"; fi

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

# --- DESTDIR ---------------------------------------------------------------
S=$tmp/stage
if make -s install BUILD="$B" PREFIX=/opt/wythoff DESTDIR="$S" >"$tmp/log" 2>&1 && [ -x "$S/opt/wythoff/bin/wythoff" ] &&
   grep -qx "prefix=/opt/wythoff" "$S/opt/wythoff/lib/pkgconfig/wythoff.pc"; then
  pass "make install DESTDIR=STAGE PREFIX=/opt/wythoff: staged, pkg-config files name /opt/wythoff"
else fail "make install DESTDIR: $(tail -3 "$tmp/log")"; fi
n=$(find "$S" \( -type f -o -type l \) | wc -l)
[ "$n" -eq "$uninst" ] && pass "DESTDIR install holds the same $n files" || fail "DESTDIR install holds $n files, PREFIX install $uninst"
make -s uninstall BUILD="$B" PREFIX=/opt/wythoff DESTDIR="$S" >"$tmp/log" 2>&1
left=$(find "$S" \( -type f -o -type l \) | head -5)
[ -z "$left" ] && pass "make uninstall DESTDIR=...: no file left" || fail "make uninstall DESTDIR left: $left"

# --- uninstall ---------------------------------------------------------------
make -s uninstall BUILD="$B" PREFIX="$P" >"$tmp/log" 2>&1 || fail "make uninstall: $(tail -3 "$tmp/log")"
left=$(find "$P" \( -type f -o -type l \) | head -5)
[ -z "$left" ] && pass "make uninstall: removes all $uninst files and links" || fail "make uninstall left: $left"
finish
