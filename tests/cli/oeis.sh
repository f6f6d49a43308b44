#!/usr/bin/env bash
# data/oeis/ (docs/oeis.md): the b-files of rows 3-6 of Wythoff's table
# (A004484-A004487) and of their inverse permutations, and the formulas of
# data/oeis/formulas.csv:
#  - each b-file is what its Regenerate line writes today;
#  - row X of the b-files = row X of `table wythoff --format csv` (the same
#    engine, another path: the whole window, its own writer), and each
#    inverse file is the inverse of that row (values 0..9999, each column
#    once, the table's value there the index);
#  - the certificate data/oeis/wythoff-rows-0-6.cert passes the independent
#    checker wythoff-certcheck, and formulas.csv's preperiod, period and
#    saltus are the certificate's;
#  - formulas.csv's thresholds are exact on the b-files' 10,000 terms: the
#    first n from which a(n) = a(n - p) + s (and the linear recurrence
#    a(n) = a(n-1) + a(n-p) - a(n-p-1)) hold for every n of the file, and the
#    same for the inverse with period p and saltus p; the proved starts
#    (preperiod + p, and 1 + the largest value of the preperiod, plus p, for
#    the inverse) are at or above them, so the rest of each file's range
#    holds for every n;
#  - docs/oeis.md's table says what formulas.csv says, and each proposed
#    entry's data lines (%S, %T, %U) are what scripts/oeis-data prints for
#    the command of its %o line;
#  - A004481 (antidiagonals) and A317205 (the triangle) = the cells of
#    `table wythoff --size 141` in those orders; A047708 (the diagonal) its
#    diagonal, and A048850 the inverse of A047708 wherever both files reach
#    (the term m of A048850 with m < 10000), with m <= 2g;
#  - the b-files of the other games' proposed entries: the tables of
#    nim+pass, wythoff+mod=2 and wythoff+mod=3 by antidiagonals = the cells
#    of `table RULES --size 141`, and what the entries' comments state on
#    them (the zeros are the P-positions named, the bounds of nim+pass, the
#    3-modular formula, the first terms shared with A004481 and A004489);
#    the P-positions of wythoff+terminal=2 = the entries' formulas, g from
#    both of paper 001's definitions.
# Under the sanitizers the regeneration of the row-inv and diagonal files
# is left out (the same code as the rows' and the antidiagonals'; tables of
# 10^4 x 10^4 and more); b048850.txt is regenerated with WY_TEST_BIG=1 only.
cd "$(dirname "$0")/../.." || exit 2
. tests/cli/lib.sh
tmp=$(mktemp -d "${TMPDIR:-/tmp}/wy-oeis.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
C=${W%/wythoff}/wythoff-certcheck

n=0
for f in data/oeis/*.txt data/oeis/*.b; do
  [ -e "$f" ] || continue
  n=$((n + 1))
  cmd=$(sed -n 's/^# Regenerate: wythoff //p' "$f")
  case "${WY_TEST_SAN:-0} $cmd" in "1 bfile row-inv"* | "1 bfile diagonal"*) continue ;; esac
  # diagonal-inv of 10,000 terms reads a 20001 x 20001 table (9 s, 1 GB):
  # with WY_TEST_BIG=1; below, it is checked against the diagonal's file
  case "${WY_TEST_BIG:-0} $cmd" in "0 bfile diagonal-inv"*) continue ;; esac
  # shellcheck disable=SC2086
  "$W" $cmd --quiet | cmp -s - "$f" && pass "$f = wythoff $cmd" || fail "$f differs from 'wythoff $cmd'"
done
[ "$n" -eq 21 ] && pass "data/oeis: 21 b-files" || fail "data/oeis: $n b-files, expected 21"

# the command's contract for row and row-inv
expect 2 "needs --row" -- bfile row wythoff
expect 2 "--row goes with row" -- bfile period wythoff --row 3
expect 2 "--row" -- bfile row wythoff --row 4096
expect 2 "max=N" -- bfile row-inv wythoff+max=3 --row 1
expect 2 "2^26" -- bfile row wythoff --row 1 --offset 67108860 --terms 5
# other rulesets and side states: row 2 of wythoff+pass (the pass left) and
# of nim+heap=1 (G = x xor y xor 1), against the table and the closed form
"$W" table wythoff+pass --rows 3 --cols 50 --format csv | grep -v '^#' | sed -n 4p | cut -d, -f2- | tr , '\n' >"$tmp/t2"
"$W" bfile row wythoff+pass --row 2 --terms 50 | grep -v '^#' | cut -d' ' -f2 | cmp -s - "$tmp/t2" &&
  pass "bfile row wythoff+pass --row 2 = the table's row 2" || fail "bfile row wythoff+pass --row 2 differs from the table"
"$W" bfile row-inv nim+heap=1 --row 2 --terms 40 | grep -v '^#' |
  awk '{ if ($2 != xor3($1)) bad = 1 } END { exit bad }
       function xor3(n,   r, b, i, a, c) { r = 0; b = 1; for (i = 0; i < 8; i++) { a = int(n / b) % 2; c = (i == 0) + (i == 1);
         if ((a + c) % 2) r += b; b *= 2 } return r }' &&
  pass "bfile row-inv nim+heap=1 --row 2: a(n) = n xor 3" || fail "bfile row-inv nim+heap=1 --row 2 is not n xor 3"

"$W" table wythoff --rows 7 --cols 10200 --format csv >"$tmp/t.csv" || fail "table wythoff --rows 7 --cols 10200"
"$C" data/oeis/wythoff-rows-0-6.cert >"$tmp/cc.out" 2>&1 && pass "data/oeis/wythoff-rows-0-6.cert: $(cat "$tmp/cc.out")" ||
  fail "wythoff-certcheck data/oeis/wythoff-rows-0-6.cert: $(cat "$tmp/cc.out")"

"$W" table wythoff --size 141 --format csv >"$tmp/s.csv" || fail "table wythoff --size 141"
python3 - "$tmp/t.csv" "$tmp/s.csv" <<'PY'
import csv, re, sys
def terms(path):
    return [int(l.split()[1]) for l in open(path) if l.strip() and not l.startswith("#")]
table = [r for r in csv.reader(l for l in open(sys.argv[1]) if not l.startswith("#"))][1:]
sq = [[int(v) for v in r[1:]] for r in csv.reader(l for l in open(sys.argv[2]) if not l.startswith("#"))][1:]
# A004481 by antidiagonals, A317205 the triangle y <= x by rows: the table's
# cells in that order (141 antidiagonals and rows: 10011 terms)
ad = [sq[x][d - x] for d in range(141) for x in range(d + 1)]
tr = [sq[x][y] for x in range(141) for y in range(x + 1)]
print(("PASS" if terms("data/oeis/b004481.txt") == ad else "FAIL") + " A004481 = table wythoff --size 141 read by antidiagonals")
print(("PASS" if terms("data/oeis/b317205.txt") == tr else "FAIL") + " A317205 = table wythoff --size 141, the triangle y <= x read by rows")
# A048850 the inverse of A047708 (G(n, n)) wherever both files reach
dg, di = terms("data/oeis/b047708.txt"), terms("data/oeis/b048850.txt")
ok = dg[:141] == [sq[n][n] for n in range(141)] and len(dg) == len(di) == 10000
ok = ok and all(dg[m] == g for g, m in enumerate(di) if m < len(dg)) and all(di[v] == n for n, v in enumerate(dg) if v < len(di))
ok = ok and sum(1 for m in di if m < len(dg)) >= 5000 and all(m <= 2 * g for g, m in enumerate(di))
print(("PASS" if ok else "FAIL") + " A047708 = the table's diagonal (141 terms); A048850 its inverse where both files reach, m <= 2g")
cert = {}
for l in open("data/oeis/wythoff-rows-0-6.cert"):
    f = l.split()
    if f and f[0] == "row":
        cert[int(f[2])] = tuple(int(v) for v in f[3:6])
def least(a, p, s, rec):
    """the least n0 such that the relation holds for every n0 <= n < len(a)"""
    n0 = len(a)
    while n0 - 1 >= p + rec and (a[n0 - 1] - a[n0 - 1 - p] == s if not rec else
                                 a[n0 - 1] - a[n0 - 2] == a[n0 - 1 - p] - a[n0 - 2 - p]):
        n0 -= 1
    return n0
rows = list(csv.DictReader(open("data/oeis/formulas.csv")))
doc = open("docs/oeis.md").read()
for r in rows:
    x, A = int(r["row"]), r["oeis"]
    a = terms("data/oeis/b%s.txt" % A[1:].zfill(6))
    inv_a = {3: "A064206", 4: "A064207", 5: "A064208", 6: "A064211"}[x]
    inv = terms("data/oeis/b%s.txt" % inv_a[1:])
    pub = [l.strip().split(",") for l in open("data/oeis/oeis-inverse-terms.csv") if l.startswith("A")]
    pub = [int(v) for f in pub if f[0] == inv_a for v in f[1:]]
    ok = len(pub) >= 58 and inv[:len(pub)] == pub
    print(("PASS" if ok else "FAIL") + " %s (the inverse of %s): the b-file's first %d terms are the OEIS's" % (inv_a, A, len(pub)))
    row = [int(v) for v in table[x][1:]]
    ok = row[:10000] == a
    print(("PASS" if ok else "FAIL") + " %s = row %d of table wythoff --rows 7 --cols 10200" % (A, x))
    ok = len(a) == len(inv) == 10000 and len(set(inv)) == 10000 and all(row[inv[v]] == v for v in range(10000))
    print(("PASS" if ok else "FAIL") + " row %d: the inverse file is the inverse of %s (values 0..9999, each column once)" % (x, A))
    pre, p, s = cert[x]
    want = (pre, p, s)
    got = (int(r["preperiod"]), int(r["period"]), int(r["saltus"]))
    print(("PASS" if got == want else "FAIL") + " %s: preperiod, period, saltus %s = the certificate's %s" % (A, got, want))
    v0 = 1 + max(a[:pre]) if pre else 0
    found = (least(a, p, s, 0), least(a, p, s, 1), least(inv, p, p, 0), least(inv, p, p, 1))
    given = tuple(int(r[k]) for k in ("periodic_from", "recurrence_from", "inverse_periodic_from", "inverse_recurrence_from"))
    proved = (pre + p, pre + p + 1, v0 + p, v0 + p + 1)
    ok = found == given and all(g <= q for g, q in zip(given, proved))
    print(("PASS" if ok else "FAIL") + " %s: thresholds %s exact on 10,000 terms (found %s), proved from %s on" % (A, given, found, proved))
    line = "| %d | %s | a(n) = a(n-%d) + %d for n >= %d | a(n) = a(n-1) + a(n-%d) - a(n-%d) for n >= %d | a(n) = a(n-%d) + %d for n >= %d |" % (
        x, A, p, s, given[0], p, p + 1, given[1], p, p, given[2])
    print(("PASS" if line in doc else "FAIL") + " docs/oeis.md states %s's formulas as formulas.csv: %s" % (A, line))
PY

# the proposed entries' data lines = the first terms their command writes
python3 - <<'PY'
import re, subprocess
doc = open("docs/oeis.md").read()
blocks = [b for b in re.findall(r"^```\n(%N .*?)^```", doc, re.S | re.M)]
print(("PASS" if len(blocks) >= 9 else "FAIL") + " docs/oeis.md: %d proposed entries" % len(blocks))
for b in blocks:
    cmd = re.search(r"^%o \(wythoff\) (.*)$", b, re.M).group(1)
    have = [l for l in b.split("\n") if l[:3] in ("%S ", "%T ", "%U ")]
    want = subprocess.run(["scripts/oeis-data", cmd], capture_output=True, text=True).stdout.split("\n")[:-1]
    print(("PASS" if have == want and len(have) == 3 else "FAIL") + " proposed entry of '%s': data lines = scripts/oeis-data" % cmd)
PY

# the other games' b-files (docs/oeis.md, "The other games of the papers")
for r in nim+pass wythoff+mod=2 wythoff+mod=3; do
  "$W" table "$r" --size 141 --format csv >"$tmp/$r.csv" || fail "table $r --size 141"
done
python3 - "$tmp" <<'PY'
import csv, sys
from math import isqrt
tmp = sys.argv[1]
def terms(path):
    return [int(l.split()[1]) for l in open(path) if l.strip() and not l.startswith("#")]
def square(rules):
    rows = [r for r in csv.reader(l for l in open("%s/%s.csv" % (tmp, rules)) if not l.startswith("#"))][1:]
    return [[int(v) for v in r[1:]] for r in rows]
def say(ok, what):
    print(("PASS " if ok else "FAIL ") + what)
def same_prefix(a, b):
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return n
def tersum(a, b):
    r, p = 0, 1
    while a or b:
        r += (a % 3 + b % 3) % 3 * p
        a, b, p = a // 3, b // 3, p * 3
    return r
S = 141
cells = [(x, d - x) for d in range(S) for x in range(d + 1)]
tab = {}
for rules, name in (("nim+pass", "nim-pass"), ("wythoff+mod=2", "wythoff-mod2"), ("wythoff+mod=3", "wythoff-mod3")):
    sq = square(rules)
    t = terms("data/oeis/%s-antidiagonals.b" % name)
    tab[rules] = (sq, t)
    say(len(sq) == S and t == [sq[x][y] for x, y in cells],
        "data/oeis/%s-antidiagonals.b = table %s --size 141 read by antidiagonals (%d terms)" % (name, rules, len(t)))
sq = tab["nim+pass"][0]
zeros = sorted((x, y) for x in range(S) for y in range(S) if sq[x][y] == 0)
want = sorted([(0, 0)] + [p for k in range(S) for p in ((2 * k + 1, 2 * k + 2), (2 * k + 2, 2 * k + 1)) if max(p) < S])
say(zeros == want, "nim+pass: T(x, y) = 0 exactly at (0, 0) and {2k+1, 2k+2} (x, y < 141)")
say(all(abs(x - y) - 1 <= sq[x][y] <= x + y + 1 for x in range(S) for y in range(S)),
    "nim+pass: |x - y| - 1 <= T(x, y) <= x + y + 1 (x, y < 141)")
for m in (2, 3):
    sq = tab["wythoff+mod=%d" % m][0]
    zeros = sorted((x, y) for x in range(S) for y in range(S) if sq[x][y] == 0)
    say(zeros == [(0, 0), (1, 2), (2, 1)], "wythoff+mod=%d: T(x, y) = 0 exactly at (0, 0), (1, 2), (2, 1) (x, y < 141)" % m)
sq = tab["wythoff+mod=3"][0]
say(all(sq[x][y] == 3 * (x // 3 + y // 3) + (x % 3 + y % 3) % 3 for x in range(S) for y in range(S)),
    "wythoff+mod=3: T(3i + r, 3j + s) = 3(i + j) + ((r + s) mod 3) (x, y < 141)")
w = terms("data/oeis/b004481.txt")
m2, m3 = tab["wythoff+mod=2"][1], tab["wythoff+mod=3"][1]
ts = [tersum(x, y) for x, y in cells]
got = (same_prefix(m2, w), same_prefix(m3, w), same_prefix(m3, ts), m2[39], m3[48], ts[48])
say(got == (39, 31, 48, 7, 9, 0),
    "first terms shared: 2-modular and A004481 39, 3-modular and A004481 31, 3-modular and the tersums (A004489) 48; a(39) = 7, a(48) = 9, tersum 0 (found %s)" % (got,))
# wythoff+terminal=2: a(n) = A000201(n-2) + g(n-2) - 1, b(n) = A001950(n-2) + g(n-2)
a = terms("data/oeis/wythoff-terminal2-ppos-a.b")
b = terms("data/oeis/wythoff-terminal2-ppos-b.b")
N = len(a)
lower = lambda k: (k + isqrt(5 * k * k)) // 2
h = [0] * N
for k in range(1, N):
    h[k] = k - h[h[k - 1]]
g1, g2 = [1, 0], [1, 0]
upper_plus_1 = {lower(m) + m + 1: m for m in range(1, N)}
for k in range(2, N):
    g1.append(1 - g1[h[k - 1]] if h[k - 2] < h[k - 1] else 1)
    m = upper_plus_1.get(lower(k))
    g2.append(1 - g2[m] if m is not None else 1)
say(g1 == g2, "paper 001's two definitions of g agree for k < %d" % N)
ok = N == len(b) == 10000 and list(zip(a[:4], b[:4])) == [(0, 0), (0, 1), (0, 2), (1, 1)]
ok = ok and all(a[n] == lower(n - 2) + g2[n - 2] - 1 and b[n] == lower(n - 2) + n - 2 + g2[n - 2] and b[n] - a[n] == n - 1 for n in range(4, N))
say(ok, "wythoff+terminal=2: the terminal positions, then a(n) = A000201(n-2) + g(n-2) - 1, b(n) = A001950(n-2) + g(n-2), n = 4..9999")
# Wythoff's value-1 positions and the P-positions of Wythoff with a pass
# against a naive computation (mex over the row, column and diagonal; the
# pass: P iff no option is P, the pass to the same position without the pass
# being one option where another move exists), x, y < S; and paper 000's
# Corollary 2 (the two lists agree from n = 5 on) over the 10,000 terms
S = 460
grundy = [[0] * S for _ in range(S)]
rowm, colm, diam = [0] * S, [0] * S, {}
for x in range(S):
    for y in range(S):
        m = rowm[x] | colm[y] | diam.get(y - x, 0)
        g = (~m & (m + 1)).bit_length() - 1
        grundy[x][y] = g
        rowm[x] |= 1 << g; colm[y] |= 1 << g; diam[y - x] = diam.get(y - x, 0) | 1 << g
ppass = [[False] * S for _ in range(S)]
rowp, colp, diap = [False] * S, [False] * S, {}
for x in range(S):
    for y in range(S):
        p = not (rowp[x] or colp[y] or diap.get(y - x, False)) and ((x, y) == (0, 0) or grundy[x][y] != 0)
        ppass[x][y] = p
        if p:
            rowp[x] = colp[y] = diap[y - x] = True
A = 150  # every position below with a < A has b < S
v1 = [(x, y) for x in range(A) for y in range(x, S) if grundy[x][y] == 1]
pp = [(x, y) for x in range(A) for y in range(x, S) if ppass[x][y]]
va, vb = terms("data/oeis/wythoff-value1-a.b"), terms("data/oeis/wythoff-value1-b.b")
pa, pb = terms("data/oeis/wythoff-pass-ppos-a.b"), terms("data/oeis/wythoff-pass-ppos-b.b")
fv = [(a, b) for a, b in zip(va, vb) if a < A]
fp = [(a, b) for a, b in zip(pa, pb) if a < A]
say(len(va) == len(vb) == len(pa) == len(pb) == 10000 and fv == v1 and fp == pp and max(b for _, b in v1 + pp) < S - 60,
    "wythoff-value1-*.b and wythoff-pass-ppos-*.b: 10,000 terms; those with a(n) < %d = a naive mex and outcome "
    "recursion (%d and %d positions)" % (A, len(v1), len(pp)))
say(list(zip(va, vb))[5:] == list(zip(pa, pb))[5:] and list(zip(va, vb))[:5] != list(zip(pa, pb))[:5],
    "paper 000's Corollary 2: the P-positions with a pass are the value-1 positions from n = 5 on (n = 5..9999), not before")
say(len(set(b - a for a, b in zip(va, vb))) == 10000,
    "Wythoff's value 1: b(n) - a(n) distinct over the 10,000 terms (one position on each diagonal)")
PY
finish
