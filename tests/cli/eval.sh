#!/usr/bin/env bash
# eval.sh - the evaluator from the command line (docs/exact.md, "The
# evaluator"): the questions of issue 14, each answer checked against an
# independent command:
#  - `value wythoff+pass 1000000 1618035` (the proved value-1 automaton) is P, and
#    `ppos --size 2e6` (the layer engine's window listing, another path)
#    lists it; (1000000, 1618034) is N and absent;
#  - near Wythoff's pairs at 10^6, `value wythoff+pass` is P exactly at
#    Wythoff's value-1 positions (paper 000, Corollary 2), listed by
#    `ppos wythoff --value 1 --from` (another layer configuration): the
#    five rows that hold them (two under the sanitizers, seven with
#    WY_TEST_BIG=1);
#  - `moves wythoff+pass 100000 170000` lists a winning move to
#    (100000, 161805), which `value` calls P, and every move it lists
#    reaches a P-position;
#  - the misère closed forms: `value wythoff+misere 1000000 1618034` is P
#    (a Wythoff pair, n >= 2), `value nim+misere 10^20 10^20` is P (x xor y
#    = 0), (10^20, 10^20 + 1) is N with value 1;
#  - `value wythoff 1e3 5` = `value wythoff 1000 5`;
#  - `ppos --from X` for rulesets without a closed-form sequence
#    (wythoff+pass, wythoff+max=3, nim+pass+heap=1) = `ppos --size`'s
#    positions with x >= X, in order;
#  - exit 6 (undecided) and exit 3 (a method applies, over the limit);
#  - the cache: `value wythoff 47 10^30` writes $XDG_CACHE_HOME/wythoff/
#    wythoff.rows48.strip, a second run gives the same answer read from it
#    (its method says so), and
#    two runs at once on an empty cache answer alike and leave one whole
#    file, WYTHOFF_CACHE=off writes nothing (normal build only: the proof takes
#    seconds under the sanitizers).
# Prints "PASS name" / "FAIL name: why"; exit 0 iff all passed.
set -u
cd "$(dirname "$0")/../.." || exit 2
. tests/cli/lib.sh
san=${WY_TEST_SAN:-0}
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
export XDG_CACHE_HOME="$tmp/cache"
unset WYTHOFF_CACHE

# value by the layer engine, against the window listing
out=$("$W" value wythoff+pass 1000000 1618035 --format json 2>&1); rc=$?
list=$("$W" ppos wythoff+pass --size 2e6 --format csv --quiet 2>&1)
if [ "$rc" -eq 0 ] && grep -q '"outcome":"P"' <<<"$out" && grep -q '"method":"paper 000 Corollary 2 (P iff Wythoff value 1 when x >= 9 or y >= 9), proved' <<<"$out" &&
   grep -qx '1000000,1618035' <<<"$list"; then
  pass "value wythoff+pass 1000000 1618035: P by the proved value-1 automaton, listed by ppos --size 2e6 (the table and layer engines)"
else
  fail "value wythoff+pass 1000000 1618035: exit $rc, '$out'"
fi
out=$("$W" value wythoff+pass 1000000 1618034 --format json 2>&1); rc=$?
if [ "$rc" -eq 0 ] && grep -q '"outcome":"N"' <<<"$out" && ! grep -qx '1000000,1618034' <<<"$list"; then
  pass "value wythoff+pass 1000000 1618034: N, not listed"
else
  fail "value wythoff+pass 1000000 1618034: exit $rc, '$out'"
fi

# paper 000, Corollary 2: for x >= 9 or y >= 9, wythoff+pass with the pass
# is P exactly where Wythoff's value is 1; near the pairs of n ~ 10^6 the
# value-1 positions come from another layer scan (`ppos wythoff --value 1
# --from`: Wythoff's layers 0 and 1, not wythoff+pass's two pass layers).
# The offsets 0, 1, 2 from x phi hold every value-1 position of these rows
# (5 among 21; each position is a layer scan of 10^6 rows, about a second).
# By default the five rows that hold them (15 positions), under the
# sanitizers two of them (6 positions, seconds each there), with
# WY_TEST_BIG=1 all seven rows.
ones=$("$W" ppos wythoff --value 1 --from 999990 --terms 40 --format csv 2>&1 | noprov_s | tail -n +2 | cut -d, -f2,3)
ok=1; nP=0
rows="999991 999995 1000000 1000001 1000004"
[ "$san" = 1 ] && rows="999991 1000000"
[ "${WY_TEST_BIG:-0}" = 1 ] && rows="999990 999991 999993 999995 1000000 1000001 1000004"
nrows=$(wc -w <<<"$rows")
for x in $rows; do
  for dy in 0 1 2; do
    y=$((x * 1618034 / 1000000 + dy))
    v=$("$W" value wythoff+pass "$x" "$y" --format json 2>&1)
    if grep -qx "$x,$y" <<<"$ones"; then want=P; nP=$((nP + 1)); else want=N; fi
    grep -q "\"outcome\":\"$want\"" <<<"$v" || { ok=0; echo "  ($x, $y): $v, want $want"; }
  done
done
if [ "$ok" = 1 ] && [ "$nP" -gt 0 ]; then
  pass "value wythoff+pass near the pairs at 10^6 = Wythoff's value-1 positions (Corollary 2; $nP P-positions among $((3 * nrows)))"
else
  fail "value wythoff+pass near the pairs at 10^6 differs from Wythoff's value-1 positions ($nP P-positions)"
fi

# moves: the winning move, and every listed move reaches a P-position
out=$("$W" moves wythoff+pass 100000 170000 --format json 2>&1); rc=$?
targets=$(python3 -c '
import json, sys
d = json.loads(sys.stdin.read())
for m in d["moves"]:
    print(m["to"][0], m["to"][1], m.get("pass", 1))' <<<"$out" 2>&1)
ok=1
[ "$rc" -eq 0 ] || ok=0
grep -qx '100000 161805 1' <<<"$targets" || ok=0
while read -r tx ty tp; do
  [ -n "$tx" ] || continue
  v=$("$W" value wythoff+pass "$tx" "$ty" --pass "$tp" --format json 2>&1)
  grep -q '"outcome":"P"' <<<"$v" || { ok=0; echo "  move to ($tx, $ty; pass $tp): $v"; }
done <<<"$targets"
if [ "$ok" = 1 ]; then
  pass "moves wythoff+pass 100000 170000: to (100000, 161805), every listed move reaches a P-position"
else
  fail "moves wythoff+pass 100000 170000: exit $rc, '$out' / '$targets'"
fi

# misère closed forms
check_value() { # RULES X Y OUTCOME [VALUE]
  local out rc
  out=$("$W" value "$1" "$2" "$3" --format json 2>&1); rc=$?
  if [ "$rc" -eq 0 ] && grep -q "\"outcome\":\"$4\"" <<<"$out" && { [ -z "${5:-}" ] || grep -q "\"value\":$5," <<<"$out"; }; then
    pass "value $1 $2 $3: $4${5:+ value $5}"
  else
    fail "value $1 $2 $3: exit $rc, '$out' (want $4${5:+ value $5})"
  fi
}
check_value wythoff+misere 1000000 1618034 P 0
check_value nim+misere 10^20 10^20 P 0
check_value nim+misere 10^20 100000000000000000001 N 1
check_value wythoff+misere 1 0 P 0
check_value wythoff+misere 0 0 N 1

# one number grammar for positions
a=$("$W" value wythoff 1e3 5 2>&1); b=$("$W" value wythoff 1000 5 2>&1)
[ -n "$a" ] && [ "$a" = "$b" ] && pass "value wythoff 1e3 5 = value wythoff 1000 5" || fail "value 1e3: '$a' vs '$b'"

# ppos --from against the window
for spec in "wythoff+pass|0|200" "wythoff+pass|37|200" "wythoff+max=3|5|120" "nim+pass+heap=1|0|150" \
            "wythoff+terminal=3+misere|4|150"; do
  IFS='|' read -r rules X N <<<"$spec"
  from=$("$W" ppos "$rules" --from "$X" --terms 12 --format csv 2>&1); rc=$?
  got=$(tail -n +2 <<<"$from" | cut -d, -f2,3 | awk -F, -v n="$N" '$2 < n')
  want=$("$W" ppos "$rules" --size "$N" --format csv --quiet 2>/dev/null | noprov_s | tail -n +2 |
         awk -F, -v x="$X" '$1 >= x && $1 <= $2' | sort -t, -k1,1n -k2,2n | head -n "$(grep -c . <<<"$got")")
  if [ "$rc" -eq 0 ] && [ -n "$got" ] && [ "$got" = "$want" ]; then
    pass "ppos $rules --from $X = ppos --size $N from x = $X"
  else
    fail "ppos $rules --from $X: exit $rc; got '$(tr '\n' ' ' <<<"$got")', window '$(tr '\n' ' ' <<<"$want")'"
  fi
done

# refusals: 6 undecided, 3 over the limit
expect 6 "beyond the engine's 2^40" -- value wythoff+pass+misere 1000000000000000000000 1618033988749894848206
expect 3 "more than the limit of 1 MiB" -- value wythoff+heap=2 100000000 161803398 --mem-limit 1M

# the cache of rows proved on demand
if [ "$san" = 1 ]; then
  echo "skip: eval.sh: the cache of rows proved on demand (the proof takes seconds under the sanitizers)"
else
  a=$("$W" value wythoff 47 10^30 2>&1); rc=$?
  f="$XDG_CACHE_HOME/wythoff/wythoff.rows48.strip"
  b=$("$W" value wythoff 47 10^30 2>&1)
  # the second run reads the strip from the cache, and its method says so
  if [ "$rc" -eq 0 ] && [ -s "$f" ] && grep -qE "^G\(47, 1000000000000000000000000000000\) = [0-9]+  N-position" <<<"$a" &&
     [ "${a/%engine)/engine, read from its cache)}" = "$b" ] && [ "$a" != "$b" ]; then
    pass "value wythoff 47 10^30: proved on demand, cached in \$XDG_CACHE_HOME/wythoff, the same answer again (read from the cache)"
  else
    fail "value wythoff 47 10^30: exit $rc, '$a' / '$b', cache file $(ls -la "$f" 2>&1)"
  fi
  # two runs at once on an empty cache: both answer alike, one whole file
  # remains (each writes a temporary file and renames it into place)
  d2="$tmp/conc"
  WYTHOFF_CACHE="$d2" "$W" value wythoff 47 10^30 >"$tmp/c1" 2>&1 & p1=$!
  WYTHOFF_CACHE="$d2" "$W" value wythoff 47 10^30 >"$tmp/c2" 2>&1 & p2=$!
  wait "$p1"; r1=$?; wait "$p2"; r2=$?
  n=$(ls -A "$d2" 2>/dev/null | grep -c .)
  # (each run proves, or reads what the other one wrote: the same answer)
  if [ "$r1" = 0 ] && [ "$r2" = 0 ] && [ "$(cat "$tmp/c1")" = "$a" -o "$(cat "$tmp/c1")" = "$b" ] &&
     [ "$(cat "$tmp/c2")" = "$a" -o "$(cat "$tmp/c2")" = "$b" ] && [ "$n" = 1 ] &&
     cmp -s "$d2/wythoff.rows48.strip" "$f"; then
    pass "two concurrent runs on one cache: the same answer, one file, equal to the first run's"
  else
    fail "concurrent runs: exit $r1/$r2, files: $(ls -A "$d2" 2>&1 | tr '\n' ' ')"
  fi
  c=$(WYTHOFF_CACHE=off XDG_CACHE_HOME="$tmp/none" "$W" value wythoff 47 10^30 2>&1)
  if [ "$c" = "$a" ] && [ ! -e "$tmp/none" ]; then
    pass "WYTHOFF_CACHE=off: the same answer, nothing written"
  else
    fail "WYTHOFF_CACHE=off: '$c', $(ls -R "$tmp/none" 2>&1)"
  fi
fi
finish
