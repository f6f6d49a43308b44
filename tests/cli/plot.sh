#!/usr/bin/env bash
# plot.sh - `wythoff plot`: the pictures decoded and checked position by
# position against references that do not come from the library
# (tests/cli/imgcheck.py: its own PNG decoder, xml.etree for SVG, values from
# tests/papers/pyref.py, the closed form of Wythoff's P-positions, nim's XOR;
# colours parsed from src/plot/palette.c); errors and exit codes; atomic output;
# determinism.
# Under the sanitizers (WY_TEST_SAN=1) the determinism check of a streamed
# dot plot uses a 1000 window instead of 3000 (still blocks of positions).
# Prints "PASS name" / "FAIL name: why".
set -u
cd "$(dirname "$0")/../.." || exit 2
. tests/cli/lib.sh
IC=tests/cli/imgcheck.py
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

# ck NAME IMGCHECK-ARGS...: queue a check of imgcheck; run_checks runs the
# queued ones in one Python process (the palette and the reference values
# computed once) and prints one PASS/FAIL line for each, from its verdict.
: >"$tmp/ck.names"
: >"$tmp/ck.args"
ck() {
  local name=$1
  shift
  printf '%s\n' "$name" >>"$tmp/ck.names"
  (IFS=$'\t'; printf '%s\n' "$*") >>"$tmp/ck.args"
}
run_checks() {
  python3 "$IC" batch <"$tmp/ck.args" >"$tmp/ck.out" 2>"$tmp/ck.err"
  local rc=$? name st msg
  exec 3<"$tmp/ck.names" 4<"$tmp/ck.out"
  while IFS= read -r name <&3; do
    if IFS=$'\t' read -r st msg <&4; then
      if [ "$st" = 0 ]; then pass "$name: $msg"; else fail "$name: $msg"; fi
    else
      fail "$name: imgcheck.py batch gave no verdict (exit $rc: $(tail -n 3 "$tmp/ck.err" | tr '\n' ' '))"
    fi
  done
  exec 3<&- 4<&-
  : >"$tmp/ck.names"
  : >"$tmp/ck.args"
}

# pic KIND FILE CHECK-ARGS... -- PLOT-ARGS...: draw with
# `wythoff plot PLOT-ARGS --output $tmp/FILE --quiet`, then check the picture
# with `imgcheck.py KIND $tmp/FILE CHECK-ARGS...`.
pic() {
  local kind=$1 file=$tmp/$2 err rc
  shift 2
  local c=()
  while [ "$1" != -- ]; do c+=("$1"); shift; done
  shift
  local name="plot $* [${file##*/}]"
  err=$("$W" plot "$@" --output "$file" --quiet 2>&1); rc=$?
  if [ "$rc" -ne 0 ]; then
    fail "$name: exit $rc: $err"
    return
  fi
  ck "$name" "$kind" "$file" "${c[@]}"
}

ck "imgcheck self-test" selftest

# ---------------------------------------------------------------- heatmaps
for ext in png svg; do
  pic heat h1.$ext wythoff --rows 24 --cols 24 -- wythoff --size 24
  pic heat h2.$ext wythoff+pass --rows 24 --cols 24 -- wythoff+pass --size 24
  pic heat h3.$ext wythoff+pass --rows 20 --cols 20 --pass 0 -- wythoff+pass --size 20 --pass 0
  pic heat h4.$ext nim+pass --rows 24 --cols 24 -- nim+pass --size 24
  pic heat h5.$ext wythoff+heap=1 --rows 20 --cols 20 --heap 0 -- wythoff+heap=1 --size 20 --heap 0
  pic heat h6.$ext wythoff+heap=2 --rows 16 --cols 16 -- wythoff+heap=2 --size 16
  pic heat h7.$ext wythoff --rows 10 --cols 17 -- wythoff --rows 10 --cols 17
  pic heat h8.$ext wythoff --rows 17 --cols 10 -- wythoff --rows 17 --cols 10
  pic heat h9.$ext wythoff --rows 24 --cols 24 -- wythoff --size 24 --cell 3
  pic heat h10.$ext wythoff+terminal=2+misere --rows 20 --cols 20 -- wythoff+terminal=2+misere --size 20
  pic heat h11.$ext wythoff+max=3+pass=2 --rows 15 --cols 18 -- wythoff+max=3+pass=2 --rows 15 --cols 18
  pic heat h12.$ext wythoff+mod=2 --rows 14 --cols 14 -- wythoff+mod=2 --size 14
  pic heat h13.$ext wythoff --rows 1 --cols 1 -- wythoff --size 1
  pic heat h14.$ext nim --rows 1 --cols 40 -- nim --rows 1 --cols 40
  pic heat h15.$ext wythoff --rows 300 --cols 300 -- wythoff --size 300
  pic heat h19.$ext wythoff+pass --rows 24 --cols 20 -- wythoff+pass --rows 24 --cols 20 --cell 64
done
pic heat h16.png wythoff --rows 300 --cols 300 -- wythoff --size 300 --cell 1
pic heat h17.png nim --rows 1000 --cols 1000 -- nim --size 1000
pic heat h18.png wythoff --rows 900 --cols 700 -- wythoff --rows 900 --cols 700
pic heat h20.png wythoff --rows 400 --cols 390 -- wythoff --rows 400 --cols 390 --cell 8
pic heat h20.svg wythoff --rows 400 --cols 390 -- wythoff --rows 400 --cols 390 --cell 8
# SVG: one rect per cell up to 16384 cells, then tiles of embedded PNGs
pic heat s1.svg wythoff --rows 128 --cols 128 -- wythoff --size 128 --cell 2
pic heat s2.svg wythoff --rows 129 --cols 128 -- wythoff --rows 129 --cols 128 --cell 2
pic heat s3.svg wythoff --rows 200 --cols 200 -- wythoff --size 200
pic heat s4.svg nim --rows 1041 --cols 2100 -- nim --rows 1041 --cols 2100
pic heat s5.svg wythoff+pass --rows 150 --cols 40 -- wythoff+pass --rows 150 --cols 40 --cell 5

# ---------------------------------------------------------------- dot plots
for ext in png svg; do
  for v in 0 1 2; do
    pic ppos d1-$v.$ext wythoff --rows 40 --cols 40 --value $v -- wythoff --style ppos --size 40 --value $v
    pic ppos d2-$v.$ext wythoff wythoff+pass --rows 40 --cols 40 --value $v -- \
      wythoff wythoff+pass --style ppos --size 40 --value $v
    pic ppos d3-$v.$ext wythoff wythoff+pass nim --rows 40 --cols 40 --value $v -- \
      wythoff wythoff+pass nim --style ppos --size 40 --value $v
  done
  # games the layer engine does not cover (max, mod: a streamed table), a non-square window
  pic ppos d4.$ext wythoff wythoff+max=3 nim+pass --rows 30 --cols 45 -- \
    wythoff wythoff+max=3 nim+pass --style ppos --rows 30 --cols 45
  pic ppos d5.$ext wythoff+mod=2 wythoff+pass --rows 45 --cols 30 --value 1 --pass 0 -- \
    wythoff+mod=2 wythoff+pass --style ppos --rows 45 --cols 30 --value 1 --pass 0
  pic ppos d6.$ext wythoff+heap=2 nim --rows 25 --cols 25 --heap 1 -- \
    wythoff+heap=2 nim --style ppos --size 25 --heap 1
  # small cells (square dots), value 0 from the closed form and value 2 from the recursion
  pic ppos d7.$ext wythoff nim --rows 300 --cols 300 -- wythoff nim --style ppos --size 300
  pic ppos d8.$ext wythoff nim --rows 300 --cols 300 --value 2 -- wythoff nim --style ppos --size 300 --value 2
  pic ppos d9.$ext wythoff --rows 60 --cols 60 -- wythoff --style ppos --size 60 --cell 1
  pic ppos d10.$ext wythoff wythoff+pass --rows 50 --cols 50 --value 1 -- wythoff wythoff+pass --style ppos --size 50 --value 1 --cell 3
  # blocks of positions per pixel (windows larger than 800)
  pic ppos b1.$ext wythoff --rows 5000 --cols 5000 -- wythoff --style ppos --size 5000
  pic ppos b2.$ext wythoff nim --rows 5000 --cols 3001 -- wythoff nim --style ppos --rows 5000 --cols 3001
  pic ppos b3.$ext wythoff nim --rows 1000 --cols 1000 --value 7 -- wythoff nim --style ppos --size 1000 --value 7
  pic ppos b4.$ext wythoff --rows 801 --cols 100 -- wythoff --style ppos --rows 801 --cols 100
  # misere play, passes and heaps through the layer engine, cells given for a big window
  pic ppos m1.$ext wythoff+misere nim+misere wythoff+terminal=2+misere --rows 30 --cols 30 -- \
    wythoff+misere nim+misere wythoff+terminal=2+misere --style ppos --size 30
  pic ppos m2.$ext wythoff+misere nim+misere wythoff+terminal=2+misere --rows 30 --cols 30 --value 1 -- \
    wythoff+misere nim+misere wythoff+terminal=2+misere --style ppos --size 30 --value 1
  pic ppos m3.$ext nim+heap=2 wythoff+pass=2 --rows 30 --cols 30 --value 3 -- \
    nim+heap=2 wythoff+pass=2 --style ppos --size 30 --value 3
  pic ppos b5.$ext wythoff --rows 2000 --cols 2000 -- wythoff --style ppos --size 2000 --cell 1
  # a value no position has: no dot
  pic ppos e1.$ext wythoff+max=3 wythoff --rows 20 --cols 20 --value 5000000000 -- \
    wythoff+max=3 wythoff --style ppos --size 20 --value 5000000000
done

# ---------------------------------------------------------------- tables
for ext in png svg; do
  pic table t1.$ext wythoff+pass --rows 9 --cols 9 -- wythoff+pass --style table --size 9
  pic table t2.$ext wythoff --rows 64 --cols 64 -- wythoff --style table --size 64
  pic table t3.$ext wythoff+heap=2 --rows 5 --cols 12 --heap 1 -- wythoff+heap=2 --style table --rows 5 --cols 12 --heap 1
  pic table t4.$ext wythoff+terminal=2+misere --rows 12 --cols 7 -- wythoff+terminal=2+misere --style table --rows 12 --cols 7
  pic table t5.$ext nim+pass --rows 10 --cols 10 -- nim+pass --style table --size 10 --cell 100
done
run_checks

# the picture grows with the window
g5=$("$W" plot wythoff --style table --size 5 --output "$tmp/g5.png" --quiet && python3 "$IC" geom "$tmp/g5.png")
g20=$("$W" plot wythoff --style table --size 20 --output "$tmp/g20.png" --quiet && python3 "$IC" geom "$tmp/g20.png")
w5=$(sed -n 's/.* width=\([0-9]*\) height=\([0-9]*\) .*/\1 \2/p' <<<"$g5")
w20=$(sed -n 's/.* width=\([0-9]*\) height=\([0-9]*\) .*/\1 \2/p' <<<"$g20")
if [ -n "$w5" ] && [ -n "$w20" ] && [ "${w5% *}" -lt "${w20% *}" ] && [ "${w5#* }" -lt "${w20#* }" ]; then
  pass "table pictures grow with the window: 5x5 is $w5, 20x20 is $w20"
else
  fail "table pictures do not grow with the window: 5x5 '$w5', 20x20 '$w20'"
fi

# ---------------------------------------------------------------- titles
title='a<b & "c" > d'
if "$W" plot wythoff --size 6 --title "$title" --output "$tmp/ti.svg" --quiet &&
  "$W" plot wythoff --size 6 --title "$title" --output "$tmp/ti.png" --quiet &&
  python3 - "$tmp" "$title" <<'PY'
import sys, xml.etree.ElementTree as ET
sys.path.insert(0, 'tests/cli')
import imgcheck
d, t = sys.argv[1], sys.argv[2]
root = ET.parse(d + '/ti.svg').getroot()
got = root.find('{http://www.w3.org/2000/svg}title').text
assert got == t, 'svg <title> %r' % got
assert any(e.text == t for e in root.iter('{http://www.w3.org/2000/svg}text')), 'no <text> holds the title'
p = imgcheck.read_png(open(d + '/ti.png', 'rb').read())
assert p.text.get('Title') == t, 'PNG Title %r' % p.text.get('Title')
PY
then pass "--title with XML specials: SVG parses, <title> and PNG tEXt Title hold it"; else fail "--title '$title'"; fi

# titles that are not ASCII: the SVG must stay well-formed XML (UTF-8), whatever the bytes
for t in 'café ∞ — ok' $'caf\xe9 (Latin-1)' $'bad \xff\xfe bytes' $'ctrl \x01\x1f chars' '' \
  $'U+FFFE \xef\xbf\xbe' $'U+FFFF \xef\xbf\xbf' $'surrogate \xed\xa0\x80'; do
  shown=$(printf '%q' "$t")
  err=$("$W" plot wythoff --size 6 --title "$t" --output "$tmp/tu.svg" --quiet 2>&1); rc=$?
  if [ "$rc" -eq 2 ] && grep -q '^wythoff: ' <<<"$err"; then
    pass "--title $shown refused: $err"
  elif [ "$rc" -ne 0 ]; then
    fail "--title $shown: exit $rc: $err"
  elif out=$(python3 - "$tmp/tu.svg" "$t" 2>&1 <<'PY'
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
title = root.find('{http://www.w3.org/2000/svg}title').text or ''
want = sys.argv[2]
if want.isprintable() and title != want:
    sys.exit('<title> %r, expected %r' % (title, want))
PY
  ); then
    pass "--title $shown: the SVG is well-formed${out:+ ($out)}"
  else
    fail "--title $shown: exit 0 but the SVG is not well-formed XML: $(tail -1 <<<"$out")"
  fi
done

# ---------------------------------------------------------------- errors
o=$tmp/e.png
expect 2 "--output" -- plot wythoff --size 8
expect 2 "format" -- plot wythoff --size 8 --output "$tmp/e.txt"
expect 2 "foo" -- plot wythoff --size 8 --output "$o" --style foo
expect 2 "64" -- plot wythoff --style table --size 65 --output "$o"
expect 2 "64" -- plot wythoff --style table --rows 3 --cols 65 --output "$o"
expect 2 "16384" -- plot wythoff --size 16385 --output "$o"
expect 2 "16384" -- plot wythoff --rows 16385 --cols 2 --output "$o"
expect 2 "ppos" -- plot wythoff wythoff+pass --size 8 --output "$o"
expect 2 "ppos" -- plot wythoff wythoff+pass --style table --size 8 --output "$o"
expect 2 "3" -- plot wythoff wythoff nim nim --style ppos --size 8 --output "$o"
expect 2 "--value" -- plot wythoff --value 1 --size 8 --output "$o"
expect 2 "--value" -- plot wythoff --style table --value 1 --size 8 --output "$o"
expect 2 "--cell" -- plot wythoff --cell 0 --size 8 --output "$o"
expect 2 "--cell" -- plot wythoff --cell 200 --size 8 --output "$o"
expect 2 "65" -- plot wythoff --cell 65 --size 8 --output "$o"
expect 2 "small" -- plot wythoff --style table --cell 10 --size 8 --output "$o"
expect 2 "pass" -- plot wythoff --pass 1 --size 8 --output "$o"
expect 2 "pass" -- plot wythoff+pass --pass 2 --size 8 --output "$o"
expect 2 "heap" -- plot wythoff --heap 1 --size 8 --output "$o"
expect 2 "foo" -- plot wythoff+foo --size 8 --output "$o"
expect 2 "" -- plot wythoff --size 0 --output "$o"
expect 2 "" -- plot --size 8 --output "$o"
expect 3 "MiB" -- plot wythoff --size 2000 --mem-limit 1M --output "$o"
expect 2 "nonexistent/x.png" -- plot wythoff --size 8 --output "$tmp/nonexistent/x.png"
expect 2 "pixels" -- plot wythoff --style ppos --size 3000 --cell 20 --output "$o"
if ls "$tmp"/e.* "$tmp"/.wythoff-* >/dev/null 2>&1; then
  fail "refused plots left files: $(ls -A "$tmp" | grep -E '^e\.|^\.wythoff-')"
else
  pass "refused plots left no file"
fi

# atomic output: a failing write or an interruption leaves the old file and no
# temporary file (.wythoff-* beside it)
echo old >"$tmp/keep.png"
err=$( (ulimit -f 4; trap '' XFSZ; exec "$W" plot wythoff --size 200 --output "$tmp/keep.png" --quiet) 2>&1); rc=$?
if [ "$rc" -eq 2 ] && grep -q "write error" <<<"$err" && [ "$(cat "$tmp/keep.png")" = old ] &&
  ! ls "$tmp"/.wythoff-* >/dev/null 2>&1; then
  pass "write error (file size limit): exit 2, '$err', old file kept, no partial file"
else
  fail "write error (file size limit): exit $rc, '$err', file now $(head -c 8 "$tmp/keep.png" | od -c | head -1), $(ls -A "$tmp" | grep 'keep\|^\.wythoff-')"
fi
# SIGINT after 0.7 s (a KILL 30 s later, should it not stop)
timeout --preserve-status -k 30 -s INT 0.7 \
  "$W" plot wythoff+max=3 --style ppos --size 100000 --output "$tmp/keep.png" --quiet 2>"$tmp/int.err"
rc=$?
if [ "$rc" -eq 130 ] && [ "$(cat "$tmp/keep.png")" = old ] && ! ls "$tmp"/.wythoff-* >/dev/null 2>&1; then
  pass "interrupted plot: exit 130, old file kept, no partial file"
else
  fail "interrupted plot: exit $rc ($(cat "$tmp/int.err")), $(ls -A "$tmp" | grep 'keep\|^\.wythoff-' | tr '\n' ' ')"
fi

# --output - writes to standard output
if "$W" plot wythoff+pass --size 11 --output - --format svg --quiet >"$tmp/out.svg" 2>"$tmp/out.err" && [ ! -s "$tmp/out.err" ] &&
  python3 "$IC" heat "$tmp/out.svg" wythoff+pass --rows 11 --cols 11 >"$tmp/out.ck" 2>&1; then
  pass "--output - --format svg: the SVG on standard output is right: $(cat "$tmp/out.ck")"
else
  fail "--output - --format svg: $(cat "$tmp/out.err" "$tmp/out.ck" 2>/dev/null)"
fi
if "$W" plot wythoff --size 11 --output - --format png --quiet | cat >"$tmp/out.png" &&
  python3 "$IC" heat "$tmp/out.png" wythoff --rows 11 --cols 11 >"$tmp/out.ck" 2>&1; then
  pass "--output - --format png into a pipe: $(cat "$tmp/out.ck")"
else
  fail "--output - --format png into a pipe: $(cat "$tmp/out.ck" 2>/dev/null)"
fi
# the format from --format overrides the name; .PNG in capitals is PNG
if "$W" plot wythoff --size 7 --output "$tmp/f.dat" --format svg --quiet && head -c 5 "$tmp/f.dat" | grep -q '<?xml' &&
  "$W" plot wythoff --size 7 --output "$tmp/F.PNG" --quiet && [ "$(head -c 4 "$tmp/F.PNG" | tail -c 3)" = PNG ]; then
  pass "--format svg with a .dat name writes SVG; F.PNG is a PNG"
else
  fail "--format/extension: f.dat or F.PNG has the wrong format"
fi

# ---------------------------------------------------------------- determinism
same() {
  local name=$1 a=$2 b=$3
  if cmp -s "$a" "$b"; then pass "$name: byte-identical"; else fail "$name: files differ"; fi
}
big=3000
[ "${WY_TEST_SAN:-0}" = 1 ] && big=1000
for args in "wythoff+pass --size 50 --output X.png" "wythoff wythoff+pass nim --style ppos --size 60 --output X.svg" \
  "wythoff --size 300 --output X.svg" "wythoff --style table --size 12 --output X.png" \
  "wythoff wythoff+max=2 --style ppos --size $big --output X.png"; do
  ext=${args##*.}
  set -- ${args% --output *}
  "$W" plot "$@" --output "$tmp/r1.$ext" --quiet --threads 2
  "$W" plot "$@" --output "$tmp/r2.$ext" --quiet --threads 2
  "$W" plot "$@" --output "$tmp/r3.$ext" --quiet --threads 1
  same "plot $* twice" "$tmp/r1.$ext" "$tmp/r2.$ext"
  # the commands differ in --threads: the same bytes but the provenance
  # (the PNG's tEXt "Comment", the SVG's <metadata>)
  for f in r1 r3; do
    python3 - "$tmp/$f.$ext" "$tmp/$f.np" <<'PY'
import re, struct, sys
d = open(sys.argv[1], "rb").read()
if d[:8] == b"\x89PNG\r\n\x1a\n":
    out, i = [d[:8]], 8
    while i < len(d):
        n = struct.unpack(">I", d[i:i + 4])[0]
        c = d[i:i + 12 + n]
        if not (c[4:8] == b"tEXt" and c[8:16] == b"Comment\0"):
            out.append(c)
        i += 12 + n
    d = b"".join(out)
else:
    d = re.sub(rb'\n<metadata id="wythoff-source">[^<]*</metadata>', b"", d)
open(sys.argv[2], "wb").write(d)
PY
  done
  same "plot $* --threads 1 and 2 (but the provenance)" "$tmp/r1.np" "$tmp/r3.np"
done

finish
