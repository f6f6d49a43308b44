#!/usr/bin/env bash
# heap3.sh - `wythoff heap3`: the atlas of a ruleset plus a third Nim heap.
#  - the P-positions (a, b, c) against a naive reference (tests/cli/heap3_ref.py:
#    every state decided from all its options, from the rules alone), by both
#    of the atlas's engines (sweep, and a layer scan per slice);
#  - the counts per slice against `wythoff ppos RULES+heap=C --heap C --count`
#    (the layer or table engine on one slice) and against the reference;
#  - the finding f(a, b) = G2(a, b) against the reference's two-heap values;
#  - --slice, the formats (the JSON's sums), the picture (decoded by
#    tests/cli/imgcheck.py, every cell's colour), bad input (exit 2) and
#    memory refusal (exit 3).
# WY_TEST_SAN=1 (the sanitizer run): smaller windows.
# Prints "PASS name" / "FAIL name: why".
set -u
cd "$(dirname "$0")/../.." || exit 2
. tests/cli/lib.sh
REF=tests/cli/heap3_ref.py
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
if [ "${WY_TEST_SAN:-0}" = 1 ]; then N=14 NS=8; else N=24 NS=12; fi

# the P-positions: the reference against both engines
for spec in "nim+pass $N" "wythoff+pass $N" "nim+pass=2 $NS" "nim+pass+misere $NS" "wythoff+pass+terminal=2 $NS" \
            "wythoff+pass+misere $NS" "nim+pass+terminal=3+misere $NS" "wythoff $NS"; do
  set -- $spec
  r=$1 n=$2
  python3 "$REF" list "$r" "$n" >"$tmp/ref.csv" || { fail "heap3_ref.py list $r $n failed"; continue; }
  for e in sweep layer; do
    if ! "$W" heap3 "$r" --size "$n" --list --format csv --engine "$e" >"$tmp/got.csv" 2>"$tmp/err"; then
      fail "heap3 $r --size $n --engine $e: exit $? ($(head -c 300 "$tmp/err"))"
    elif noprov "$tmp/got.csv" && cmp -s "$tmp/ref.csv" "$tmp/got.csv"; then
      pass "heap3 $r --size $n --list --engine $e: the $(($(wc -l <"$tmp/ref.csv") - 1)) P-positions of the naive reference"
    else
      fail "heap3 $r --size $n --list --engine $e differs from the naive reference: $(diff "$tmp/ref.csv" "$tmp/got.csv" | head -n 4 | tr '\n' ' ')"
    fi
  done
  # the counts per slice: the same positions counted
  "$W" heap3 "$r" --size "$n" --format csv >"$tmp/counts.csv" 2>/dev/null; noprov "$tmp/counts.csv"
  awk -F, -v n="$n" 'NR > 1 { k[$3]++ } END { print "c,count"; for (c = 0; c < n; c++) print c "," (k[c] + 0) }' \
    "$tmp/ref.csv" >"$tmp/refcounts.csv"
  if cmp -s "$tmp/counts.csv" "$tmp/refcounts.csv"; then
    pass "heap3 $r --size $n --format csv: the counts per slice of the reference"
  else
    fail "heap3 $r --size $n: counts per slice differ from the reference: $(diff "$tmp/refcounts.csv" "$tmp/counts.csv" | head -n 4 | tr '\n' ' ')"
  fi
done

# the counts per slice against ppos on each slice (another engine path), a larger window
if [ "${WY_TEST_SAN:-0}" = 1 ]; then M=40; else M=96; fi
for r in nim+pass wythoff+pass; do
  "$W" heap3 "$r" --size "$M" --format csv >"$tmp/counts.csv"; noprov "$tmp/counts.csv"
  bad=0
  for c in 0 1 2 3 7 $((M / 2)) $((M - 1)); do
    if [ "$c" = 0 ]; then want=$("$W" ppos "$r" --size "$M" --count); else want=$("$W" ppos "$r+heap=$c" --heap "$c" --size "$M" --count); fi
    got=$(awk -F, -v c="$c" '$1 == c { print $2 }' "$tmp/counts.csv")
    one=$("$W" heap3 "$r" --size "$M" --slice "$c")
    if [ "$got" != "$want" ] || [ "$one" != "$want" ]; then
      fail "heap3 $r --size $M: slice $c has $got (--slice: $one), ppos $r+heap=$c --heap $c --count says $want"
      bad=1
    fi
  done
  [ "$bad" = 0 ] && pass "heap3 $r --size $M: slices 0-3, 7, $((M / 2)), $((M - 1)) count as ppos RULES+heap=C --heap C --count"
  # --slice C --list: the slice's P-positions, as ppos lists them
  c=5
  "$W" heap3 "$r" --size "$M" --slice "$c" --list --format csv | noprov_s | awk -F, 'NR > 1 { print $1 "," $2 }' >"$tmp/s.csv"
  "$W" ppos "$r+heap=$c" --heap "$c" --size "$M" --format csv | noprov_s | tail -n +2 >"$tmp/p.csv"
  if [ -s "$tmp/p.csv" ] && cmp -s "$tmp/s.csv" "$tmp/p.csv"; then
    pass "heap3 $r --slice $c --list: the $(wc -l <"$tmp/p.csv") P-positions of ppos $r+heap=$c --heap $c"
  else
    fail "heap3 $r --slice $c --list differs from ppos: $(diff "$tmp/p.csv" "$tmp/s.csv" | head -n 4 | tr '\n' ' ')"
  fi
done

# the finding F1: f(a, b) = G2(a, b) where G2 < N, none elsewhere, against the reference's two-heap values
for r in nim+pass wythoff+pass wythoff+pass+terminal=2; do
  n=$NS
  python3 "$REF" g2 "$r" "$n" | awk -F, -v n="$n" 'NR > 1 && $3 < n { print $1 "," $2 "," $3 }' >"$tmp/g2.csv"
  "$W" heap3 "$r" --size "$n" --list --format csv | noprov_s | tail -n +2 >"$tmp/f.csv"
  if [ -s "$tmp/f.csv" ] && cmp -s "$tmp/g2.csv" "$tmp/f.csv"; then
    pass "heap3 $r --size $n: (a, b, c) is P exactly when c = G2(a, b) of the reference's two-heap values"
  else
    fail "heap3 $r --size $n: the P-positions are not (a, b, G2(a, b)): $(diff "$tmp/g2.csv" "$tmp/f.csv" | head -n 4 | tr '\n' ' ')"
  fi
done

# JSON: the sums, and the findings the library reports
"$W" heap3 nim+pass --size 64 --format json >"$tmp/h.json"; noprov "$tmp/h.json"
"$W" heap3 nim+pass --size 64 --list --format csv | noprov_s | tail -n +2 | wc -l >"$tmp/listed"
if python3 - "$tmp/h.json" "$(cat "$tmp/listed")" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
n, listed = d["size"], int(sys.argv[2])
assert d["rules"] == "nim+pass" and d["pass"] == 1 and n == 64, d
assert len(d["slices"]) == n and sum(d["slices"]) == d["total"] == listed, (sum(d["slices"]), d["total"], listed)
assert d["total"] + d["none"] == n * n, (d["total"], d["none"])
f = d["findings"]
assert f["g2_bad"] == 0 and f["g0_equal"] == 0 and f["sym_bad"] == 0 and f["swap_bad"] == 0, f
assert f["lo_bad"] == 0 and f["hi_bad"] == 0 and f["defined"] == d["total"], f
EOF
then pass "heap3 --format json: slices sum to the total ($(cat "$tmp/listed") listed), findings F1, F2, F4, F5, F6 hold"
else fail "heap3 --format json: $(head -c 300 "$tmp/h.json")"; fi
# the text report says F4 fails for wythoff+pass and names the smallest counterexample the reference finds
python3 "$REF" list wythoff+pass 12 | tail -n +2 >"$tmp/w.csv"
want=$(python3 - "$tmp/w.csv" <<'EOF'
import sys
P = {}
for line in open(sys.argv[1]):
    a, b, c = map(int, line.split(","))
    P[(a, b)] = c
bad = [(a, b, c) for (a, b), c in P.items() if P.get((a, c)) != b]
a, b, c = min(bad, key=lambda t: (sum(t), t))
print("(%d, %d, %d)" % (a, b, c))
EOF
)
got=$("$W" heap3 wythoff+pass --size 12 | sed -n 's/.*F4 fails:.*smallest \(([0-9, ]*)\).*/\1/p')
if [ -n "$want" ] && [ "$got" = "$want" ]; then
  pass "heap3 wythoff+pass: F4 (symmetry in a, b, c) fails, smallest counterexample $got as in the reference"
else
  fail "heap3 wythoff+pass: F4's smallest counterexample '$got', the reference's '$want'"
fi

# the picture: every cell's colour (black: no c) against the list
if "$W" heap3 wythoff+pass --size 40 --plot "$tmp/p.png" --format csv --output "$tmp/c.csv" 2>"$tmp/err"; then
  "$W" heap3 wythoff+pass --size 40 --list --format csv >"$tmp/l.csv"; noprov "$tmp/l.csv"
  if python3 - "$tmp/p.png" "$tmp/l.csv" <<'EOF'
import sys
sys.path.insert(0, "tests/cli")
import imgcheck as ic
pic, pal = ic.load(sys.argv[1]), ic.load_palette()
g = pic.geom
n = 40
assert g["style"] == "array" and g["cells-x"] == n and g["cells-y"] == n, g
f = {}
for line in open(sys.argv[2]).read().split()[1:]:
    a, b, c = map(int, line.split(","))
    f[(a, b)] = c
for a in range(n):
    for b in range(n):
        px = g["left"] + a * g["cell"] + g["cell"] // 2
        py = g["top"] + (n - 1 - b) * g["cell"] + g["cell"] // 2
        want = pal["seq"][ic.heat_index(f[(a, b)], n - 1)] if (a, b) in f else (0, 0, 0)
        got = ic.pixel(pic, px, py)
        assert got == want, ((a, b), f.get((a, b)), got, want)
EOF
  then pass "heap3 --plot: every cell of the 40 x 40 picture coloured by its c, black where none"
  else fail "heap3 --plot: the picture does not show the atlas"; fi
  [ -s "$tmp/c.csv" ] && pass "heap3 --plot with --output: the counts written too" || fail "heap3 --plot --output: no counts"
else
  fail "heap3 --plot: exit $? ($(head -c 300 "$tmp/err"))"
fi

# bad input and limits
expect 2 "heap=2" -- heap3 nim+pass+heap=2
expect 2 "max=3" -- heap3 nim+pass+max=3
expect 2 "mod=2" -- heap3 wythoff+pass+mod=2
expect 2 "unknown option" -- heap3 nim+pas
expect 2 "missing ruleset" -- heap3
expect 2 "too many arguments" -- heap3 nim+pass wythoff+pass
expect 2 "--size" -- heap3 nim+pass --size 0
expect 2 "--size" -- heap3 nim+pass --size ten
expect 2 "--slice" -- heap3 nim+pass --size 8 --slice 8
expect 2 "engine" -- heap3 nim+pass --engine table
expect 2 "FILE.png" -- heap3 nim+pass --plot atlas.svg
expect 2 "--pass" -- heap3 nim+pass --pass 0
expect 2 "--heap" -- heap3 nim+pass --heap 1
expect 2 "format" -- heap3 nim+pass --format latex
expect 3 "needs about" -- heap3 nim+pass --size 1024 --mem-limit 1M
expect 3 "needs about" -- heap3 wythoff+pass --size 4096 --engine layer --mem-limit 2M
expect 2 "--size 1e6 out of range (1 to 65536" -- heap3 nim+pass --size 1e6
finish
