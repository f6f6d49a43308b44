#!/usr/bin/env bash
# `wythoff period`: the committed row periods are what the engine proves
# today, and the command's contract (formats, bad input).
# Under the sanitizers (WY_TEST_SAN=1) rows 0..15 of the file instead of
# 0..45 (a row's minimal period and preperiod do not depend on how many rows
# are proved together; the 46-row proof takes seconds under ASan).
cd "$(dirname "$0")/../.."
. tests/cli/lib.sh
R=46
[ "${WY_TEST_SAN:-0}" = 1 ] && R=16

# data/wythoff-row-periods.csv (README, docs/exact.md) = a fresh proof
if diff <("$W" period wythoff --rows $R --format csv | noprov_s) <(head -n $((R + 1)) data/wythoff-row-periods.csv) >/dev/null &&
   [ "$(wc -l <data/wythoff-row-periods.csv)" -eq 47 ]; then
  pass "data/wythoff-row-periods.csv (46 rows) equals 'period wythoff --rows $R --format csv' (rows 0..$((R - 1)))"
else
  fail "data/wythoff-row-periods.csv differs from a fresh 'period wythoff --rows $R' (or has not 46 rows)"
fi

# the periods hold on a long window computed by the table engine (independent
# of the strip): G(x, y + p) = G(x, y) + p for pre <= y < 60000 - p
"$W" table wythoff --rows $R --cols 60000 --format csv | noprov_s | python3 -c '
import sys
rows = [list(map(int, l.split(",")[1:])) for l in sys.stdin.read().split("\n")[1:] if l]
bad = 0
for line in open("data/wythoff-row-periods.csv").read().split("\n")[1:len(rows) + 1]:
    if not line: continue
    x, pre, p = map(int, line.split(","))
    r = rows[x]
    if any(r[y + p] - r[y] != p for y in range(pre, len(r) - p)): bad += 1
    # smallest: no smaller preperiod for this period, no smaller period
    if pre > 0 and r[pre - 1 + p] - r[pre - 1] == p: bad += 1
    if any(all(r[y + q] - r[y] == q for y in range(pre, len(r) - q)) for q in range(1, p) if p % q == 0): bad += 1
sys.exit(1 if bad else 0)
' && pass "row periods of data/wythoff-row-periods.csv hold (and are smallest) on a $R x 60000 table" \
  || fail "row periods of data/wythoff-row-periods.csv do not hold on a $R x 60000 table"

# bounded rules: no shift
out=$("$W" period wythoff+max=3 --rows 4 --format json)
grep -q '"additive":false' <<<"$out" && grep -q '"shift":0' <<<"$out" \
  && pass "period wythoff+max=3: periodic without shift" || fail "period wythoff+max=3: $out"
noprov_s < <("$W" period nim --rows 3 --format csv) | head -1 | grep -qx 'x,preperiod,period' \
  && pass "period csv header" || fail "period csv header"

expect 2 "--rows"     -- period wythoff --rows 0
expect 2 "heap=H"     -- period wythoff+heap=1
expect 2 "mod=M only without max=N" -- period wythoff+mod=3+max=2
expect 3 "the joint period is a multiple of M" -- period wythoff+mod=4294967295 --rows 4096
# mod=M: 3-modular Wythoff, G(3i + r, 3j + s) = 3(i + j) + ((r + s) mod 3)
# (paper 004, Section 5.1): row x has G(x, y + 1) = G(x, y) + 1 when 3 | x,
# else period 3 (saltus 3), preperiod 0 in every row
want=$(for x in 0 1 2 3 4 5 6; do echo "$x,0,$([ $((x % 3)) -eq 0 ] && echo 1 || echo 3)"; done)
[ "$(noprov_s < <("$W" period wythoff+mod=3 --rows 7 --format csv) | sed 1d)" = "$want" ] &&
  pass "period wythoff+mod=3 --rows 7: paper 004's formula's periods (1 when 3 | x, else 3; preperiod 0)" ||
  fail "period wythoff+mod=3 --rows 7 differs from paper 004's formula"
expect 2 "--max-cols" -- period wythoff --max-cols 10
expect 3 "no period"  -- period nim+pass --rows 40 --max-cols 5000
# The detection sees a period once the window holds one period of every row
# after its preperiod, with 64 columns to spare, and the proof's two states
# (rows 0-45: joint period 1536, row 45's preperiod 15844, state width 46,
# so columns up to 15844 + 45 + 1536; the row's tail needs 15844 + 2 * 1536
# + 64 = 18980 columns).  The earlier rule asked for 3 periods and a
# preperiod below half the window: 32768 columns.
if diff <("$W" period wythoff --rows 46 --max-cols 19000 --format csv | noprov_s) data/wythoff-row-periods.csv >/dev/null; then
  pass "period wythoff --rows 46 --max-cols 19000: found and equal to data/wythoff-row-periods.csv"
else
  fail "period wythoff --rows 46 --max-cols 19000 does not give data/wythoff-row-periods.csv"
fi
expect 3 "searched: for each row a period q" -- period wythoff --rows 46 --max-cols 18900
finish
