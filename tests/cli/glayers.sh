#!/usr/bin/env bash
# `wythoff glayers` (docs/glayers.md): the multi-layer scan (wy_layer_scan_all)
# against the table engine on every position of a 500 x 500 window, the
# stored layers read back, the reader against the table and against an exact
# Python floor(n phi), the statistics against a direct computation from the
# table, bad input, the memory refusal.  Under the sanitizers
# (WY_TEST_SAN=1) a 200 x 200 window.
cd "$(dirname "$0")/../.."
. tests/cli/lib.sh
N=500
[ "${WY_TEST_SAN:-0}" = 1 ] && N=200
G=64
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

"$W" table wythoff --size $N --format csv >"$T/table.csv" || fail "table wythoff --size $N"
noprov "$T/table.csv"

# the scan with every layer stored, then each layer read back in full
if "$W" glayers wythoff --size $N --value $G --store "$T/L" --format csv --quiet >"$T/sum.csv"; then
  pass "glayers wythoff --size $N --value $G --store DIR"
else
  fail "glayers wythoff --size $N --value $G --store DIR: exit $?"
fi
noprov "$T/sum.csv"
for g in $(seq 0 $G); do
  c=$(awk -F, -v g=$g 'NR > 1 && $1 == g { print $3 }' "$T/sum.csv")
  "$W" glayers --read "$T/L" --value $g --index 0 --terms "$c" --format csv >"$T/r$g.csv" || fail "read value $g"
  noprov "$T/r$g.csv"
done

# every g-position of the window (x <= y) against the table: the stored
# layers hold exactly the table's cells of value g on the diagonals n <
# count, each once, and count is the first diagonal whose g-position lies
# outside the window; the statistics are those of the table's cells
python3 - "$T" $N $G <<'EOF' && pass "all g <= $G of a $N x $N window: stored layers = table engine (positions, counts, offsets, extremes)" || fail "stored layers differ from the table engine (above)"
import sys, csv, math
T, N, G = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rows = [list(map(int, l.split(",")[1:])) for l in open(T + "/table.csv").read().split("\n")[1:] if l]
def a(n):  # floor(n phi) = (n + isqrt(5 n^2)) // 2
    return (n + math.isqrt(5 * n * n)) // 2
summ = {int(r["g"]): r for r in csv.DictReader(open(T + "/sum.csv"))}
bad = 0
for g in range(G + 1):
    diag = {}
    for x in range(N):
        for y in range(x, N):
            if rows[x][y] == g:
                if y - x in diag:
                    print("value", g, "twice on diagonal", y - x); bad += 1
                diag[y - x] = x
    count = 0
    while count in diag: count += 1
    got = [tuple(map(int, l.split(","))) for l in open(T + "/r%d.csv" % g).read().split("\n")[1:] if l]
    want = [(n, diag[n], diag[n] + n, diag[n] - a(n)) for n in range(count)]
    s = summ[g]
    if got != want or int(s["count"]) != count:
        print("value", g, ": stored", len(got), "positions, table", count, [p for p in zip(got, want) if p[0] != p[1]][:3]); bad += 1
        continue
    beyond = sum(1 for n in diag if n > count)
    cells = sum(r.count(g) for r in rows)
    if int(s["positions"]) != cells:
        print("value", g, "positions", s["positions"], "table", cells); bad += 1
    d = [w[3] for w in want]
    lo, hi = min(d), max(d)
    tail = d[count // 2:]
    exp = (beyond, lo, hi, max(n for n in range(count) if d[n] == lo), max(n for n in range(count) if d[n] == hi),
           min(tail), max(tail))
    have = (int(s["beyond"]), int(s["offset_min"]), int(s["offset_max"]), int(s["n_min_last"]), int(s["n_max_last"]),
            int(s["tail_min"]), int(s["tail_max"]))
    if exp != have:
        print("value", g, "statistics", have, "expected", exp); bad += 1
sys.exit(1 if bad else 0)
EOF

# the summary without --store (offsets kept in memory) is the same, and so is
# the summary read back from the files
"$W" glayers wythoff --size $N --value $G --format csv --quiet >"$T/mem.csv"
"$W" glayers --read "$T/L" --format csv >"$T/back.csv"
noprov "$T/mem.csv" "$T/back.csv"
if cmp -s "$T/sum.csv" "$T/mem.csv" && cmp -s "$T/sum.csv" "$T/back.csv"; then
  pass "the summary is the same kept in memory, stored, and read back"
else
  fail "the summaries differ (in memory, stored, read back)"
fi
# json and text carry the same numbers
"$W" glayers wythoff --size $N --value 3 --format json --quiet | noprov_s | python3 -c '
import sys, json
j = json.load(sys.stdin)
assert j["size"] == '$N' and len(j["layers"]) == 4 and j["layers"][0]["offset_min"] == 0
for l in j["layers"]: assert sum(l["histogram"].values()) == l["count"]
' && pass "--format json: a layer per value, histograms summing to the counts" || fail "--format json"

# the layer scan of one value far out equals the reader (a 2 10^5 window:
# wythoff value 5 from ppos, the layer engine, against the stored layer)
M=200000
[ "${WY_TEST_SAN:-0}" = 1 ] && M=30000
"$W" glayers wythoff --size $M --value 5 --store "$T/M" --quiet >/dev/null || fail "glayers --size $M"
c=$("$W" glayers --read "$T/M" --value 5 --format csv | noprov_s | awk -F, 'NR == 7 { print $3 }')
"$W" glayers --read "$T/M" --value 5 --index 0 --terms "$c" --format csv | noprov_s | awk -F, 'NR > 1 { print $2 "," $3 }' >"$T/m5"
"$W" ppos wythoff --size $M --value 5 --format csv --engine layer | noprov_s | awk -F, 'NR > 1 && $1 <= $2' |
  python3 -c '
import sys
pos = sorted((int(y) - int(x), int(x), int(y)) for x, y in (l.split(",") for l in sys.stdin.read().split()))
c = int(sys.argv[1]); want = [p for p in pos if p[0] < c]
got = [tuple(map(int, l.split(","))) for l in open(sys.argv[2]).read().split()]
sys.exit(0 if [(x, y) for _, x, y in want] == got and all(w[0] == i for i, w in enumerate(want)) else 1)
' "$c" "$T/m5" && pass "value 5 in a $M window: the reader = ppos --engine layer on every diagonal n < $c" \
  || fail "value 5 in a $M window: the reader differs from ppos"
# random access: the n-th position alone equals the same from a run
line=$("$W" glayers --read "$T/M" --value 5 --index $((c - 7)) --format csv | noprov_s | tail -n 1)
[ "$line" = "$("$W" glayers --read "$T/M" --value 5 --index 0 --terms "$c" --format csv | noprov_s | sed -n "$((c - 5))p")" ] &&
  pass "--index: random access equals the sequential read ($line)" || fail "--index random access: '$line'"

# bad input
expect 2 "covers the ruleset wythoff only" -- glayers wythoff+pass --size 100
expect 2 "covers the ruleset wythoff only" -- glayers nim --size 100
expect 2 "--value 80 out of range" -- glayers wythoff --size 100 --value 80
expect 2 "out of range" -- glayers wythoff --size 1
expect 2 "--index needs --value" -- glayers --read "$T/M" --index 3
expect 2 "give --read DIR" -- glayers wythoff --index 3
expect 2 "holds n = 0.." -- glayers --read "$T/M" --value 5 --index 100000000
expect 2 "cannot read" -- glayers --read "$T/none" --value 1 --index 0
expect 2 "holds no stored layer" -- glayers --read "$T"
printf 'WYGLAYR1garbage' >"$T/M/layer-9.wygl"
expect 2 "not a stored layer" -- glayers --read "$T/M" --value 9 --index 0
head -c 100 "$T/M/layer-5.wygl" >"$T/M/layer-6.wygl"
expect 2 "truncated" -- glayers --read "$T/M" --value 6 --index 0
expect 2 "exists and is not a directory" -- glayers wythoff --size 100 --store "$T/table.csv"
expect 2 "takes no ruleset" -- glayers wythoff --read "$T/M"
expect 2 "--terms 0 out of range" -- glayers --read "$T/M" --value 5 --index 0 --terms 0
# memory: refused before any work, with the estimate
expect 3 "needs about" -- glayers wythoff --size 1e9 --value 64 --mem-limit 100M
expect 3 "--store DIR" -- glayers wythoff --size 1e9 --value 64 --mem-limit 8G
[ ! -e "$T/none2" ] && "$W" glayers wythoff --size 1e9 --value 64 --store "$T/none2" --mem-limit 10M 2>/dev/null
[ $? -eq 3 ] && [ ! -e "$T/none2" ] && pass "a refused run creates no directory" || fail "a refused run created files"
finish
